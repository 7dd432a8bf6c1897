// ESLint for the browser scripts (static/js/), their unit tests (tests/js/) and this file:
// eslint's recommended rules and a few more that catch bugs, none about layout.
import js from "@eslint/js";
import globals from "globals";

// Rules that find mistakes rather than taste.
const bugs = {
  "array-callback-return": "error",
  eqeqeq: ["error", "always"],
  "no-constructor-return": "error",
  "no-implied-eval": "error",
  "no-new-func": "error",
  "no-promise-executor-return": "error",
  "no-self-compare": "error",
  "no-template-curly-in-string": "error",
  "no-unmodified-loop-condition": "error",
  "no-unreachable-loop": "error",
  "no-use-before-define": ["error", { functions: false, classes: true, variables: true }],
  radix: "error",
  // The pages run under a Content-Security-Policy without inline scripts, and put text,
  // never markup, into the page.
  "no-restricted-syntax": [
    "error",
    {
      selector: "AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]",
      message: "Build elements and set textContent: no markup from strings.",
    },
    {
      selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
      message: "Build elements and set textContent: no markup from strings.",
    },
    {
      selector: "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]",
      message: "Build elements and set textContent: no markup from strings.",
    },
  ],
};

// The browsers' scripts stay within ES2019 (no ?. or ??): the phones at a card table are
// not always new, and a syntax error would take the whole outbox with it.
export default [
  { ignores: [".venv/", "node_modules/", "staticfiles/", "htmlcov/"] },
  js.configs.recommended,
  { rules: bugs },
  {
    // The outbox's ES modules (offline.js imports them).
    files: ["static/js/offline.js", "static/js/outbox/**/*.js"],
    languageOptions: { ecmaVersion: 2019, sourceType: "module", globals: globals.browser },
  },
  {
    // The other pages' scripts: classic scripts, each in its own function scope.
    files: ["static/js/**/*.js"],
    ignores: ["static/js/offline.js", "static/js/outbox/**", "static/js/sw.js"],
    languageOptions: { ecmaVersion: 2019, sourceType: "script", globals: globals.browser },
    rules: { "no-implicit-globals": "error" },
  },
  {
    // The service worker: a classic script in a worker's scope; scoring/views/pwa.py
    // puts `const CONFIG = {...}` in front of it.
    files: ["static/js/sw.js"],
    languageOptions: {
      ecmaVersion: 2019,
      sourceType: "script",
      globals: globals.serviceworker, // and CONFIG: see its /* global */ comment
    },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.node },
  },
];
