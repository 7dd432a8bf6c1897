// Progressive help for the hand form; without it the form still works (selects, number inputs).
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var owner = null;

  function form() { return document.getElementById("hand-form"); }
  function changed(el) { el.dispatchEvent(new Event("change", { bubbles: true })); }

  function ownerName(value) {
    var button = document.querySelector('.owner[data-owner="' + value + '"]');
    return button ? button.textContent : "";
  }

  function paintTiles() {
    var tiles = document.querySelectorAll(".tile[data-card]");
    var unplaced = 0;
    tiles.forEach(function (tile) {
      var select = tile.querySelector("select");
      tile.classList.toggle("placed", !!select.value);
      tile.querySelector("small").textContent = select.value ? ownerName(select.value) : "—";
      if (!select.value) unplaced += 1;
    });
    var counter = document.querySelector(".unplaced");
    if (counter) counter.textContent = counter.dataset.template.replace("%(count)s", unplaced);
  }

  document.addEventListener("click", function (event) {
    var ownerButton = event.target.closest(".owner");
    if (ownerButton) {
      owner = ownerButton.dataset.owner;
      document.querySelectorAll(".owner").forEach(function (b) {
        b.classList.toggle("active", b === ownerButton);
        b.setAttribute("aria-pressed", b === ownerButton ? "true" : "false");
      });
      return;
    }
    var tile = event.target.closest(".tile[data-card]");
    if (tile) {
      event.preventDefault();
      var select = tile.querySelector("select");
      select.value = owner && select.value !== owner ? owner : "";
      paintTiles();
      changed(select);
      return;
    }
    var add = event.target.closest("[data-add-player]");
    if (add) {
      var box = document.querySelector("textarea[name=players]");
      var names = box.value.split("\n").map(function (n) { return n.trim(); }).filter(Boolean);
      if (names.indexOf(add.dataset.addPlayer) < 0) names.push(add.dataset.addPlayer);
      box.value = names.join("\n");
      return;
    }
    var step = event.target.closest("[data-step]");
    if (step) {
      var input = step.parentElement.querySelector("input");
      var value = (parseInt(input.value, 10) || 0) + parseInt(step.dataset.step, 10);
      var min = input.min === "" ? -Infinity : +input.min;
      var max = input.max === "" ? Infinity : +input.max;
      input.value = Math.max(min, Math.min(max, value));
      input.dataset.touched = "1";
      changed(input);
    }
  });

  // Start the points at the contract's target: a contract made exactly needs no taps.
  document.addEventListener("change", function (event) {
    var f = form();
    if (!f || !f.contains(event.target)) return;
    if (event.target.name === "points") event.target.dataset.touched = "1";
    if (event.target.name !== "level") return;
    var points = f.querySelector('input[name="points"]');
    if (points && !points.dataset.touched) {
      points.value = parseInt(event.target.value, 10) + parseInt(f.dataset.targetOffset || "0", 10);
    }
  });

  document.addEventListener("DOMContentLoaded", paintTiles);
  document.addEventListener("htmx:afterSwap", paintTiles);
})();
