// Keeps the phone's screen on while the table screen of a live session is open (the
// Screen Wake Lock API): a phone lying on the card table between hands stays readable.
// The switch is remembered on this phone (on unless it was turned off here); where the
// browser has no wake lock, the switch stays hidden and nothing happens.
(function () {
  "use strict";
  var KEY = "napoleon:keep-awake";
  var button = document.getElementById("keep-awake");
  if (!button || !("wakeLock" in navigator) || !navigator.wakeLock) return;
  var wakeLock = navigator.wakeLock;
  var toggle = button;
  /** @type {WakeLockSentinel | null} */
  var held = null;
  var asking = false;

  function wanted() {
    try {
      return localStorage.getItem(KEY) !== "off";
    } catch {
      return true; // storage refused (a private window): on, for this visit
    }
  }

  /** @param {boolean} on */
  function remember(on) {
    try {
      localStorage.setItem(KEY, on ? "on" : "off");
    } catch {
      // not kept past this page: the switch still works while it is open
    }
  }

  // The lock is let go whenever the page is hidden: it is asked for again when it shows.
  function take() {
    if (!wanted() || held || asking || document.visibilityState !== "visible") return;
    asking = true;
    wakeLock.request("screen").then(function (sentinel) {
      asking = false;
      held = sentinel;
      sentinel.addEventListener("release", function () { held = null; });
      if (!wanted()) drop(); // turned off while it was being asked for
    }, function () {
      asking = false; // refused (battery saver, a hidden page): the screen sleeps as usual
    });
  }

  function drop() {
    if (held) held.release().catch(function () { /* already let go */ });
    held = null;
  }

  function show() { toggle.setAttribute("aria-pressed", wanted() ? "true" : "false"); }

  toggle.addEventListener("click", function () {
    remember(!wanted());
    show();
    if (wanted()) take();
    else drop();
  });
  document.addEventListener("visibilitychange", take);
  toggle.hidden = false;
  show();
  take();
})();
