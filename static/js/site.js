// Small behaviours for every page; each works without this file too.
(function () {
  "use strict";
  // The language menu changes as soon as a language is picked (the button stays for no-JS use).
  document.addEventListener("change", function (event) {
    if (event.target.matches("select[data-autosubmit]")) event.target.form.submit();
  });
})();
