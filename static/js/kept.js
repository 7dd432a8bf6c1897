// The copies of pages kept for offline use (the service worker, /sw.js), on every page:
// - registers the worker, and has it keep a page opened before it took over;
// - a kept copy is shown only to the sign-in it was kept for: the napoleon_offline
//   cookie (scoring/pwa.py) must still name its user, or every kept page is dropped
//   and the offline page comes instead (app.css hides a kept copy until this says so);
// - after a Save swapped in place (htmx), hands the page as it now stands to the worker;
// - when a new version of the app is waiting, says so and offers to reload into it;
// - on a kept copy or the offline page, asks the server whether it answers again, then
//   reloads into the live page (offline.js does the same once it has sent the outbox).
(function () {
  "use strict";
  var root = document.documentElement;
  var box = document.getElementById("connection");
  if (!box) return;
  var text = box.dataset;
  var me = text.user || "-";
  var offlinePage = root.hasAttribute("data-offline-page");
  var cachedAt = root.dataset.cachedAt ? parseInt(root.dataset.cachedAt, 10) : null;
  var worker = function () { return navigator.serviceWorker && navigator.serviceWorker.controller; };

  // ---- a kept copy whose sign-in is gone -------------------------------------------------
  function keptForMe() {
    var mark = document.cookie.split("; ").filter(function (c) { return c.indexOf("napoleon_offline=") === 0; })[0];
    return me !== "-" && mark === "napoleon_offline=" + me;
  }
  if (cachedAt !== null && !keptForMe()) {
    // Drop every kept page, then ask again: the worker answers with the offline page.
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (n) { return n.indexOf("napoleon-pages-") === 0; })
        .map(function (n) { return caches.delete(n); }));
    }).then(function () { location.reload(); }, function () { location.replace(String(text.offlineUrl)); });
    return;
  }
  root.classList.add("kept-ok");

  // ---- the outbox, where there is something for it to do ----------------------------------
  // The table screen loads offline.js itself; another page only for a kept copy or the
  // offline page, with no connection, or with hands waiting to be sent (from any page).
  var outboxLoaded = false;
  function loadOutbox() {
    if (outboxLoaded || !text.outbox) return;
    outboxLoaded = true;
    var script = document.createElement("script");
    script.type = "module";
    script.src = String(text.outbox);
    document.head.appendChild(script);
  }
  // Anyone's hands: one signed out is asked to sign in again to send them.
  function queued() {
    try {
      return !!localStorage.getItem("napoleon:outbox");
    } catch {
      return false;
    }
  }
  if (cachedAt !== null || offlinePage || !navigator.onLine || queued()) loadOutbox();
  window.addEventListener("offline", loadOutbox);
  window.addEventListener("storage", function (event) {
    if (event.key === "napoleon:outbox" && queued()) loadOutbox();
  });

  // ---- keeping this page -----------------------------------------------------------------
  function keepThisPage() {
    var active = worker();
    // With the static files it loaded before the worker was there to keep them.
    var assets = performance.getEntriesByType("resource").map(function (entry) { return entry.name; });
    if (active && cachedAt === null && !offlinePage) active.postMessage({ type: "keep", url: location.href, assets: assets });
  }
  if ("serviceWorker" in navigator && text.sw) {
    // The first visit (this page came before the worker), or a new worker: once it
    // takes over, it keeps this page too.
    navigator.serviceWorker.addEventListener("controllerchange", keepThisPage);
    // Once the page is loaded and the phone idle: the worker's install downloads what it
    // keeps, which must not compete with the page a first visit is waiting for.
    whenIdle(function () {
      navigator.serviceWorker.register(String(text.sw), { scope: "/" }).then(watchForUpdates, function () {});
    });
  }

  /** @param {() => void} work */
  function whenIdle(work) {
    var later = function () {
      if ("requestIdleCallback" in window) window.requestIdleCallback(work, { timeout: 2000 });
      else setTimeout(work, 200);
    };
    if (document.readyState === "complete") later();
    else window.addEventListener("load", later, { once: true });
  }

  // ---- a new version of the app ------------------------------------------------------------
  // A new worker installs and waits (sw.js): say so, and reload into it when asked. The
  // first worker of all takes over by itself: no prompt then (there was no controller).
  var hadController = !!worker();
  var reloading = false;
  /** @param {ServiceWorkerRegistration | null} registration */
  function offerUpdate(registration) {
    var bar = document.getElementById("update");
    if (!bar || cachedAt !== null) return;
    bar.hidden = false;
    /** @type {HTMLButtonElement} */ (bar.querySelector("button")).onclick = function () {
      reloading = true;
      if (registration && registration.waiting) registration.waiting.postMessage({ type: "skip-waiting" });
      else location.reload();
    };
  }
  /** @param {ServiceWorkerRegistration} registration */
  function watchForUpdates(registration) {
    if (registration.waiting && hadController) offerUpdate(registration);
    registration.addEventListener("updatefound", function () {
      var next = registration.installing;
      if (!next) return;
      next.addEventListener("statechange", function () {
        if (/** @type {ServiceWorker} */ (next).state === "installed" && worker()) offerUpdate(registration);
      });
    });
    // A phone left on the table seldom loads a page: look again whenever it comes back
    // to the screen, and each hour.
    function look() { registration.update().catch(function () {}); }
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") look();
    });
    setInterval(look, 3600 * 1000);
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (reloading) location.reload();
      else if (hadController) offerUpdate(null); // another tab took the new version
      hadController = true;
    });
  }

  // A Save answered in place leaves the kept copy behind: once that answer (the one that
  // says "hand-saved", not a preview's settling meanwhile) has settled, every target of it
  // swapped, the page goes to the worker as it stands (another request would cost a page).
  document.addEventListener("htmx:afterSettle", function (event) {
    var detail = /** @type {CustomEvent<{xhr?: XMLHttpRequest}>} */ (event).detail;
    var xhr = detail && detail.xhr;
    if (!xhr || (xhr.getResponseHeader("HX-Trigger") || "").indexOf("hand-saved") < 0) return;
    if (!worker() || cachedAt !== null || offlinePage) return;
    setTimeout(keepAsItStands, 0);
  });
  function keepAsItStands() {
    var page = /** @type {HTMLElement} */ (root.cloneNode(true));
    page.removeAttribute("class"); // set by the scripts; they set it again
    page.querySelectorAll("#connection").forEach(function (b) { b.textContent = ""; /** @type {HTMLElement} */ (b).hidden = true; });
    page.querySelectorAll("#update").forEach(function (b) { /** @type {HTMLElement} */ (b).hidden = true; });
    var html = "<!doctype html>\n" + page.outerHTML;
    var active = worker();
    if (active) active.postMessage({ type: "keep-this", url: location.href.split("#")[0], html: html });
  }

  // ---- back to the live page ---------------------------------------------------------------
  // A HEAD goes past the worker to the server; any answer but a server error means the
  // live page is back. With hands waiting in the outbox, offline.js sends them first.
  function waiting() {
    try {
      return JSON.parse(localStorage.getItem("napoleon:outbox") || "[]").some(/** @param {{user: string}} e */ function (e) { return e.user === me; });
    } catch {
      return false;
    }
  }
  /** @type {number | undefined} */
  var timer;
  var delay = 3000;
  function probe() {
    clearTimeout(timer);
    if ((cachedAt === null && !offlinePage) || !navigator.onLine || waiting()) return;
    fetch(location.href, { method: "HEAD", cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status < 500) location.reload();
        else throw new Error(String(response.status));
      })
      .catch(function () {
        timer = setTimeout(probe, delay);
        delay = Math.min(delay * 2, 30000);
      });
  }
  window.addEventListener("online", function () {
    delay = 3000;
    probe();
  });
  document.addEventListener("DOMContentLoaded", function () {
    if (navigator.onLine) timer = setTimeout(probe, delay); // the server was down
  });
})();
