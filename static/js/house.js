/* The new-game form's score table: each row's sum follows what is typed, and the table
   is laid out again (htmx) when a rule that picks it, or the number of players, changes.
   Without this script the sums show as the page was served and "Update the table" asks
   the server. */
(function () {
  "use strict";

  /** @param {HTMLInputElement} input */
  function number(input) {
    var text = input.value.trim() === "" ? input.placeholder : input.value;
    var value = parseInt(text, 10);
    return isNaN(value) ? 0 : value;
  }

  /** @param {Element} row */
  function resum(row) {
    var out = row.querySelector("output[data-sum]");
    if (!out) return;
    var total = 0;
    /** @type {NodeListOf<HTMLInputElement>} */ (row.querySelectorAll("input[data-weight]")).forEach(function (input) {
      total += number(input) * parseInt(/** @type {string} */ (input.dataset.weight), 10);
    });
    out.textContent = (total > 0 ? "+" : "") + total;
    out.classList.toggle("zero", total === 0);
  }

  // The count of changed rules, on each group and on the game, follows the choices: a rule
  // is changed when a box holds something other than its default (data-default).
  /** @param {HTMLInputElement | HTMLSelectElement} control */
  function differs(control) {
    var value = control.value.trim();
    if (value === "") return false;
    return control.dataset.default === undefined || value !== control.dataset.default;
  }

  /**
   * @param {HTMLElement | null} badge
   * @param {number} count
   */
  function show(badge, count) {
    if (!badge) return;
    badge.hidden = count === 0;
    var template = count === 1 ? badge.dataset.one : badge.dataset.other;
    badge.textContent = /** @type {string} */ (template).replace(/[12]/, String(count));
  }

  /** @param {Element} game */
  function recount(game) {
    var total = 0;
    game.querySelectorAll("details.concern").forEach(function (concern) {
      var changed = 0;
      concern.querySelectorAll("[data-rule]").forEach(function (rule) {
        /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */
        var controls = rule.querySelectorAll("select, input");
        var on = Array.prototype.some.call(controls, differs);
        rule.classList.toggle("changed", on);
        if (on) changed += 1;
      });
      show(concern.querySelector("summary [data-changed]"), changed);
      total += changed;
    });
    /** @type {NodeListOf<HTMLInputElement>} */
    var inputs = game.querySelectorAll(".score-table input");
    var own = Array.prototype.some.call(inputs, function (i) {
      return /** @type {HTMLInputElement} */ (i).value.trim() !== "";
    });
    show(game.querySelector(":scope > summary [data-changed]"), total + (own ? 1 : 0));
  }

  document.addEventListener("input", function (event) {
    var target = /** @type {Element} */ (event.target);
    var row = target.closest("[data-score-grid] tr");
    if (row) resum(row);
    var game = target.closest("details.options");
    if (game) recount(game);
  });

  // A rule, the game or the players changed while a table is open: lay it out again.
  document.addEventListener("change", function (event) {
    var target = /** @type {Element} */ (event.target);
    var form = target.closest("#session-form");
    if (!form || target.closest("[data-score-grid], .score-table")) return;
    /** @type {HTMLInputElement | null} */
    var game = form.querySelector("input[name=variant]:checked");
    if (!game) return;
    var open = document.querySelector("#score-table-" + game.value + "[data-open]");
    /** @type {HTMLElement | null} */
    var refresh = open && open.querySelector("[data-refresh-table]");
    if (refresh && window.htmx) refresh.click();
  });
})();
