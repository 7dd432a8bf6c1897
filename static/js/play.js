// "Record the play" sends its taps to the server one at a time. Each answer is the panel
// drawn afresh, with the record so far in its hidden field, and the next tap has to be
// posted with that record: two taps in flight at once would both be drawn from the same
// record, and the second answer would swap into a panel already gone, so a tap would be
// lost without a word. A tap made while the last is on its way waits, and is made on the
// new panel once that is in. The taps are sent from here rather than by htmx's own
// listeners, which a panel just swapped in gets only once htmx has settled it: a tap in
// that moment would have gone out as the hand form's Save. Without htmx each tap is a
// plain submit, answered with the whole table screen.
(function () {
  "use strict";
  /** @type {string[]} */
  var waiting = [];
  var busy = false;

  /**
   * The panel's tap button the event came from, if it did.
   * @param {Event} event
   * @returns {HTMLButtonElement | null}
   */
  function tapOf(event) {
    var target = /** @type {Element | null} */ (event.target);
    return target && target.closest ? target.closest('#play button[name="tap"]') : null;
  }

  /** @param {HTMLButtonElement} button */
  function send(button) {
    var htmx = window.htmx;
    var panel = button.closest("#play");
    var path = button.getAttribute("hx-post");
    if (!htmx || !panel || !path) return;
    busy = true;
    // The source is the button: htmx posts its form's fields and the button's own value.
    htmx.ajax("POST", path, { source: button, target: panel, swap: "outerHTML" }).then(
      function () { busy = false; next(); },
      // Not answered: the panel says so (below), and the taps after it, meant for a record
      // that did not come about, are not made.
      function () { busy = false; waiting = []; }
    );
  }

  // A tap whose button is gone from the new panel (a card tapped twice, say) has nothing
  // left to do; the next one is made.
  function next() {
    while (waiting.length) {
      var value = /** @type {string} */ (waiting.shift());
      /** @type {HTMLButtonElement | null} */
      var button = document.querySelector('#play button[name="tap"][value="' + CSS.escape(value) + '"]');
      if (button) return send(button);
    }
  }

  // Capturing: the tap is taken before the form would be submitted or htmx would see it.
  document.addEventListener("click", function (event) {
    var button = tapOf(event);
    if (!button || !window.htmx) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (busy) waiting.push(button.value);
    else send(button);
  }, true);

  // A tap that did not reach the server, or was refused, changes nothing: the panel says so.
  /** @param {Event} event */
  function tapLost(event) {
    var detail = /** @type {CustomEvent<{elt?: Element}>} */ (event).detail;
    var box = detail && detail.elt && detail.elt.closest("#play");
    /** @type {HTMLElement | null} */
    var line = box ? box.querySelector(".play-offline") : null;
    if (!box || !line) return;
    waiting = [];
    line.textContent = /** @type {HTMLElement} */ (box).dataset.offline || "";
    line.hidden = false;
  }
  document.addEventListener("htmx:sendError", tapLost);
  document.addEventListener("htmx:responseError", tapLost);
})();
