// The service worker. It is served as /sw.js by scoring/views/pwa.py, which puts
// `const CONFIG = {...}` in front of this file: the app shell to keep, the offline
// page, the static URL prefix and the cache version.
//
// - A new version (another CONFIG.version) installs beside the old one and waits: the
//   page offers to reload into it (kept.js), and tells it to take over when tapped.
// - Static files: from the cache first (the shell is kept at install).
// - Pages: from the network first; when that fails, the copy of that page kept the
//   last time it was opened (marked with data-cached-at, so the page can say it is
//   offline), else the offline page.
// - Kept pages belong to one signed-in user (the X-Offline-User header, scoring/pwa.py):
//   a page for someone else or for nobody, and signing in or out, drop them all. Before
//   a kept page is shown, the napoleon_offline cookie must still name that user: with
//   the cookies cleared, nothing kept is shown (where the browser lets a worker read
//   cookies; offline.js checks again in the page).
// - Never kept: anything but a GET, htmx and API requests, /accounts/, /admin/.
/* global CONFIG */
"use strict";

// `self`, as the service worker it is: the type checker knows only a worker's scope
// (CONFIG's type is in types/sw.d.ts).
var scope = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

var PREFIX = "napoleon-";
var STATIC = PREFIX + "static-" + CONFIG.version;
var PAGES = PREFIX + "pages-" + CONFIG.version;
var OWNER = "/__offline-owner__"; // an entry of PAGES: whose pages these are
var MAX_PAGES = 40;
// The headers a kept page keeps (no length or encoding: the body is rewritten).
var KEEP_HEADERS = [
  "Content-Type", "Content-Language", "Content-Security-Policy", "Referrer-Policy",
  "X-Content-Type-Options", "X-Frame-Options", "Cross-Origin-Opener-Policy", CONFIG.userHeader,
];
var GATEWAY_ERRORS = [502, 503, 504];

scope.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC).then(function (cache) {
      // Without cookies: the offline page is the same for everyone.
      var offline = new Request(CONFIG.offline, { credentials: "omit" });
      return Promise.all([cache.addAll(CONFIG.shell), cache.add(offline)]);
    }).then(function () {
      // The first worker takes over at once. A new version waits until the page says
      // so (the reader tapped Reload, kept.js) or every page of the old one is closed:
      // a page never runs on one version's scripts with another's worker behind it.
      if (!scope.registration.active) return scope.skipWaiting();
      return undefined;
    })
  );
});

scope.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.map(function (name) {
        if (name.indexOf(PREFIX) === 0 && name !== STATIC && name !== PAGES) return caches.delete(name);
        return null;
      }));
    }).then(function () { return scope.clients.claim(); })
  );
});

/** @param {URL} url */
function neverKept(url) {
  return CONFIG.neverCache.some(function (prefix) { return url.pathname.indexOf(prefix) === 0; });
}

function forgetPages() {
  return caches.delete(PAGES);
}

/**
 * @param {string} url
 * @returns {Promise<Response | undefined>}
 */
async function keptPage(url) {
  var cache = await caches.open(PAGES);
  if (!(await stillSignedIn(cache))) {
    await forgetPages();
    return undefined;
  }
  return cache.match(url, { ignoreVary: true });
}

/** @param {Cache} cache */
async function stillSignedIn(cache) {
  if (!scope.cookieStore) return true; // the page checks for itself (offline.js)
  var owner = await cache.match(OWNER);
  var mark = await scope.cookieStore.get("napoleon_offline").catch(function () { return null; });
  return !!(owner && mark && mark.value === (await owner.text()));
}

/** @param {Cache} cache */
async function trim(cache) {
  var keys = (await cache.keys()).filter(function (request) {
    return new URL(request.url).pathname !== OWNER;
  });
  // Oldest first: put() moves a page to the end.
  for (var i = 0; i < keys.length - MAX_PAGES; i += 1) await cache.delete(keys[i]);
}

// Keep a copy of a page for offline use, if it is one of this user's pages.
/**
 * @param {string} url
 * @param {Response} response
 * @returns {Promise<boolean | void>} (forgetPages answers whether there was a copy)
 */
async function remember(url, response) {
  var owner = response.headers.get(CONFIG.userHeader);
  if (owner === null) return; // not one of this site's pages (a proxy's error page, say)
  if (owner === "-") return forgetPages(); // nobody is signed in: keep nobody's pages
  var type = response.headers.get("Content-Type") || "";
  var control = response.headers.get("Cache-Control") || "";
  if (!response.ok || response.type !== "basic" || response.redirected) return;
  if (type.indexOf("text/html") !== 0 || /no-store/.test(control) || neverKept(new URL(url))) return;
  var cache = await caches.open(PAGES);
  var current = await cache.match(OWNER);
  if (!current || (await current.text()) !== owner) {
    await forgetPages();
    cache = await caches.open(PAGES);
    await cache.put(OWNER, new Response(owner));
  }
  var html = (await response.text()).replace(/<html\b/i, '<html data-cached-at="' + Date.now() + '"');
  var headers = new Headers();
  KEEP_HEADERS.forEach(function (name) {
    var value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  });
  await cache.put(url, new Response(html, { status: 200, headers: headers }));
  await trim(cache);
}

/** @param {FetchEvent} event */
async function pageFromNetwork(event) {
  var request = event.request;
  try {
    var response = await fetch(request);
    event.waitUntil(remember(request.url, response.clone()).catch(function () {}));
    if (GATEWAY_ERRORS.indexOf(response.status) >= 0) {
      // The server is down behind its proxy: as good as offline.
      return (await keptPage(request.url)) || response;
    }
    return response;
  } catch {
    return (await keptPage(request.url)) || (await caches.match(CONFIG.offline)) || Response.error();
  }
}

/** @param {Request} request */
async function staticFromCache(request) {
  var cache = await caches.open(STATIC);
  var hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  var response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

scope.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== scope.location.origin) return;
  if (request.method !== "GET") {
    // Signing in or out: whoever comes next sees none of the kept pages.
    if (CONFIG.authPaths.indexOf(url.pathname) >= 0) event.waitUntil(forgetPages());
    return; // POSTs go to the network untouched, never to a cache
  }
  if (url.pathname.indexOf(CONFIG.static) === 0) {
    event.respondWith(staticFromCache(request));
  } else if (request.mode === "navigate") {
    event.respondWith(pageFromNetwork(event));
  }
  // Anything else (htmx fragments, the API, the manifest) goes to the network untouched.
});

// A page changed in place (a Save swapped in by htmx) sends itself as it now stands:
// it replaces its kept copy, keeping that copy's headers (and so its owner).
/**
 * @param {string} url
 * @param {string} html
 */
async function keepAsSent(url, html) {
  var cache = await caches.open(PAGES);
  var kept = await cache.match(url, { ignoreVary: true });
  if (!kept) return;
  var stamped = html.replace(/<html\b/i, '<html data-cached-at="' + Date.now() + '"');
  await cache.put(url, new Response(stamped, { status: 200, headers: kept.headers }));
}

// The static files a page loaded before this worker took over (the table screen's
// scripts, say: the install keeps only what every page needs), kept for offline use.
// Mostly from the browser's own cache: the page has just loaded them.
/** @param {unknown[]} assets */
async function keepAssets(assets) {
  var cache = await caches.open(STATIC);
  for (var asset of assets) {
    if (typeof asset !== "string") continue;
    var url = new URL(asset, scope.location.href);
    if (url.origin !== scope.location.origin || url.pathname.indexOf(CONFIG.static) !== 0) continue;
    if (!(await cache.match(url.href, { ignoreVary: true }))) await cache.add(url.href);
  }
}

// A page opened before this worker took over asks for itself to be kept; a page whose
// reader chose to reload into the new version lets this one take over.
scope.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "skip-waiting") {
    scope.skipWaiting();
    return;
  }
  if (data.type === "keep-this" && typeof data.url === "string" && typeof data.html === "string") {
    var sent = new URL(data.url, scope.location.href);
    if (sent.origin === scope.location.origin && !neverKept(sent)) {
      event.waitUntil(keepAsSent(sent.href, data.html).catch(function () {}));
    }
    return;
  }
  if (data.type !== "keep" || typeof data.url !== "string") return;
  var url = new URL(data.url, scope.location.href);
  if (url.origin !== scope.location.origin || neverKept(url)) return;
  url.hash = "";
  event.waitUntil(
    fetch(url.href, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) { return remember(url.href, response); })
      .then(function () { return keepAssets(Array.isArray(data.assets) ? data.assets : []); })
      .catch(function () {})
  );
});
