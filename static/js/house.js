/* The new-game form's score table: each row's sum follows what is typed, and the table
   is laid out again (htmx) when a rule that picks it, or the number of players, changes.
   Without this script the sums show as the page was served and "Update the table" asks
   the server. */
(function () {
  "use strict";

  function number(input) {
    var text = input.value.trim() === "" ? input.placeholder : input.value;
    var value = parseInt(text, 10);
    return isNaN(value) ? 0 : value;
  }

  function resum(row) {
    var out = row.querySelector("output[data-sum]");
    if (!out) return;
    var total = 0;
    row.querySelectorAll("input[data-weight]").forEach(function (input) {
      total += number(input) * parseInt(input.dataset.weight, 10);
    });
    out.textContent = (total > 0 ? "+" : "") + total;
    out.classList.toggle("zero", total === 0);
  }

  document.addEventListener("input", function (event) {
    var row = event.target.closest("[data-score-grid] tr");
    if (row) resum(row);
  });

  // A rule, the game or the players changed while a table is open: lay it out again.
  document.addEventListener("change", function (event) {
    var form = event.target.closest("#session-form");
    if (!form || event.target.closest("[data-score-grid], .score-table")) return;
    var game = form.querySelector("input[name=variant]:checked");
    if (!game) return;
    var open = document.querySelector("#score-table-" + game.value + "[data-open]");
    var refresh = open && open.querySelector("[data-refresh-table]");
    if (refresh && window.htmx) refresh.click();
  });
})();
