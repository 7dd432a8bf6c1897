// The dispute tools between taps. htmx asks the server for the page (the form's hx-get: on a
// chip, a card, a call, a link) and puts its #ref-main in place; without JavaScript the same
// GET form submits itself. What is left here is what htmx does not do: the +/− steppers,
// the copy button, keeping open panels open, the focus, and reading the new verdict out.
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.add("js");

  // "ref-loading" on <html> from a change until its page is in: styles and tests wait on it.
  /** @param {boolean} on */
  function loading(on) { root.classList.toggle("ref-loading", on); }

  // A stepper's button sets its number and lets htmx send it (after its delay).
  document.addEventListener("click", function (event) {
    var target = /** @type {Element} */ (event.target);
    /** @type {HTMLElement | null} */
    var copyButton = target.closest("[data-copy]");
    if (copyButton) { copy(copyButton); return; }
    /** @type {HTMLElement | null} */
    var step = target.closest("#referee-form [data-step]");
    if (!step) return;
    var input = /** @type {HTMLInputElement} */ (/** @type {HTMLElement} */ (step.parentElement).querySelector("input"));
    var value = (parseInt(input.value, 10) || 0) + parseInt(/** @type {string} */ (step.dataset.step), 10);
    var min = input.min === "" ? -Infinity : +input.min;
    var max = input.max === "" ? Infinity : +input.max;
    input.value = String(Math.max(min, Math.min(max, value)));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // Capturing: a number field's own htmx trigger stops the event before it bubbles.
  document.addEventListener("change", function (event) {
    if (/** @type {Element} */ (event.target).closest("#referee-form")) loading(true);
  }, true);

  /** @param {HTMLElement} button */
  function copy(button) {
    var input = /** @type {HTMLInputElement} */ (document.getElementById(String(button.dataset.copy)));
    var done = function () {
      button.dataset.label = button.dataset.label || button.textContent;
      button.textContent = "✓";
      setTimeout(function () { button.textContent = /** @type {string} */ (button.dataset.label); }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done);
    } else {
      input.select();
      document.execCommand("copy");
      done();
    }
  }

  // Where the keyboard was, for when htmx cannot put it back (a chip inside a folded panel;
  // an undo link that goes away leaves the focus on its section's heading).
  /**
   * @typedef {{selector: string, step?: string, heading?: boolean}} FocusKey
   * @param {HTMLElement | null} active
   * @returns {FocusKey | null}
   */
  function focusKey(active) {
    if (!active || active === document.body || !window.CSS || !CSS.escape) return null;
    // By id, once the panels are open again (htmx's own try finds it in a closed panel).
    if (active.id) return { selector: "#" + CSS.escape(active.id) };
    if (active.dataset.step) {
      var input = /** @type {HTMLElement} */ (active.parentElement).querySelector("input[id]");
      if (input) return { selector: "#" + CSS.escape(input.id), step: active.dataset.step };
    }
    var section = active.closest("section[id]");
    if (section) return { selector: "#" + CSS.escape(section.id) + " h2", heading: true };
    return null;
  }

  /** @param {FocusKey | null} key */
  function restoreFocus(key) {
    if (!key || (document.activeElement && document.activeElement !== document.body)) return;
    /** @type {HTMLElement | null} */
    var found = document.querySelector(key.selector);
    if (found && key.step) found = /** @type {HTMLElement} */ (found.parentElement).querySelector('[data-step="' + key.step + '"]');
    if (!found) return;
    if (key.heading) found.setAttribute("tabindex", "-1");
    found.focus({ preventScroll: true });
    var box = found.getBoundingClientRect();
    if (box.bottom < 0 || box.top > window.innerHeight) found.scrollIntoView({ block: "nearest" });
  }

  // The page is replaced, its live regions with it, and a new region says nothing: one region
  // outside #ref-main reads out each new verdict (or what is wrong) instead.
  /** @param {HTMLElement} main */
  function spoken(main) {
    var errors = main.querySelectorAll(".ref-error");
    var parts = errors.length ? errors : main.querySelectorAll("[data-ruling] .verdict, [data-ruling] .reason, #ref-why");
    return Array.prototype.map.call(parts, function (p) { return p.textContent; }).join(" ")
      .replace(/\s+/g, " ").trim();
  }

  /** @param {HTMLElement} main */
  function announce(main) {
    var box = document.getElementById("ref-announce");
    var text = spoken(main);
    if (box && text !== box.dataset.said) {
      box.dataset.said = text;
      box.textContent = text;
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var main = document.getElementById("ref-main");
    if (!main) return;
    var box = document.createElement("div");
    box.id = "ref-announce";
    box.className = "sr-only";
    box.setAttribute("aria-live", "polite");
    box.dataset.said = spoken(main);  // on the page already: read with it
    document.body.appendChild(box);
  });

  // Around each swap: the open panels stay open, the focus stays put, a new ruling is shown.
  /** @type {{open: string[], focus: FocusKey | null, ruling: boolean} | null} */
  var before = null;
  document.addEventListener("htmx:beforeRequest", function () { loading(true); });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var main = document.getElementById("ref-main");
    if (!main || /** @type {CustomEvent<{target: Element}>} */ (event).detail.target !== main) return;
    /** @type {string[]} */
    var open = [];
    main.querySelectorAll("details[id]").forEach(function (d) { if (/** @type {HTMLDetailsElement} */ (d).open) open.push(d.id); });
    var active = /** @type {HTMLElement | null} */ (document.activeElement);
    before = { open: open, focus: focusKey(active), ruling: !!main.querySelector("[data-ruling]") };
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!before) return;
    before.open.forEach(function (id) {
      var d = /** @type {HTMLDetailsElement | null} */ (document.getElementById(id));
      if (d) d.open = true;
    });
    restoreFocus(before.focus);
  });
  document.addEventListener("htmx:afterSettle", function () {
    var main = document.getElementById("ref-main");
    if (!main || !before) return;
    announce(main);
    var ruling = main.querySelector("[data-ruling], #ref-why");
    if (ruling && !before.ruling) {
      (ruling.closest("section") || ruling).scrollIntoView({ block: "nearest", behavior: "smooth" });
    }
    before = null;
  });
  document.addEventListener("htmx:afterSettle", function () { loading(false); });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!(/** @type {CustomEvent<{successful: boolean}>} */ (event).detail.successful)) loading(false);  // nothing will be swapped in
  });

  // Cards tapped while a page is on its way wait their turn: each is tapped again, in order,
  // on the page that comes back (the form replaces a request in flight, which would lose
  // the card of the request it replaced and every card tapped in between).
  /** @type {string[]} */
  var waiting = [];
  var busy = false;
  var replaying = false;
  document.addEventListener("click", function (event) {
    var card = /** @type {HTMLButtonElement | null} */ (/** @type {Element} */ (event.target).closest("#picker button[data-card]"));
    if (!card || replaying || (!busy && !waiting.length)) return;
    event.preventDefault();
    event.stopPropagation();
    waiting.push(/** @type {string} */ (card.dataset.card));
  }, true);
  document.addEventListener("htmx:beforeRequest", function () { busy = true; });
  document.addEventListener("htmx:afterSettle", function () {
    busy = false;
    if (!waiting.length) return;
    loading(true);  // still on the way: the taps that wait are part of it
    // After htmx has finished with this page: the next tap starts a request of its own.
    setTimeout(tapNext, 0);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (/** @type {CustomEvent<{successful: boolean}>} */ (event).detail.successful) return;
    busy = false;  // replaced by a newer request, or failed: the taps that wait still count
    if (waiting.length) setTimeout(tapNext, 0);
  });

  function tapNext() {
    if (busy) return;  // a request started meanwhile: its page taps the next
    var code = waiting.shift();
    if (code === undefined) { loading(false); return; }
    var button = /** @type {HTMLButtonElement | null} */ (document.querySelector('#picker button[data-card="' + CSS.escape(code) + '"]'));
    if (!button) { tapNext(); return; }  // no such card on the new page: the next one
    replaying = true;
    button.click();
    replaying = false;
  }
})();
