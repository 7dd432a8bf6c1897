// The share page (templates/scoring/share.html) asks for the scores every few seconds,
// and a club night's TV page opened by its link (templates/events/tv.html) for the night.
// Once its link has been replaced by a new one, the answer is a 404 carrying a note: the
// scores stay as they last were, the note takes the place of "it refreshes itself" (on
// the TV, of an empty note under the title), and the page stops asking (the element that
// asked is replaced by a copy that does not ask).
(function () {
  "use strict";
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = /** @type {CustomEvent<{xhr: XMLHttpRequest, shouldSwap: boolean}>} */ (event).detail;
    var live = /** @type {HTMLElement} */ (event.target);
    if ((live.id !== "live" && live.id !== "night-tv") || detail.xhr.status !== 404) return;
    detail.shouldSwap = false;
    var answer = new DOMParser().parseFromString(detail.xhr.responseText, "text/html");
    var message = answer.querySelector("[data-live-note]");
    var still = /** @type {HTMLElement} */ (live.cloneNode(true));
    still.removeAttribute("hx-get");
    still.removeAttribute("hx-trigger");
    still.removeAttribute("hx-swap");
    var note = still.querySelector("[data-live-note]");
    if (note && message) note.replaceWith(document.importNode(message, true));
    live.replaceWith(still);
  });
})();
