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

  // Each card tile is a button: it says whose the card is ("♠A: Ann"), and is pressed when the
  // card belongs to the player chosen above, so that pressing it again takes the card back.
  function paintTiles() {
    var section = document.querySelector(".grid-section");
    var tiles = document.querySelectorAll(".tile[data-card]");
    var unplaced = 0;
    tiles.forEach(function (tile) {
      var select = tile.querySelector("select");
      var button = tile.querySelector(".tile-tap");
      var name = select.value ? ownerName(select.value) : "";
      tile.classList.toggle("placed", !!select.value);
      if (button) {
        button.querySelector("small").textContent = name || "—";
        button.setAttribute("aria-pressed", owner !== null && select.value === owner ? "true" : "false");
        if (section && section.dataset.tileLabel) {
          button.setAttribute("aria-label", section.dataset.tileLabel
            .replace("%(card)s", button.querySelector("span").textContent)
            .replace("%(owner)s", name || section.dataset.unplacedLabel));
        }
      }
      if (!select.value) unplaced += 1;
    });
    var counter = document.querySelector(".unplaced");
    if (counter) counter.textContent = counter.dataset.template.replace("%(count)s", unplaced);
    rove(list(".tile-tap"));
    rove(list(".owner"));
  }

  // The players and the card tiles are one Tab stop each (the last one visited); arrow keys
  // move inside them, up and down to the same rank in the next suit.
  function list(selector) { return Array.prototype.slice.call(document.querySelectorAll(selector)); }

  function rove(items, current) {
    current = current || items.filter(function (i) { return i.hasAttribute("data-current"); })[0] || items[0];
    items.forEach(function (item) {
      item.tabIndex = item === current ? 0 : -1;
      item.toggleAttribute("data-current", item === current);
    });
  }

  document.addEventListener("focusin", function (event) {
    var el = event.target;
    if (el.classList.contains("tile-tap")) rove(list(".tile-tap"), el);
    else if (el.classList.contains("owner")) rove(list(".owner"), el);
  });

  function arrowTarget(el, key) {
    var step = key === "ArrowLeft" || key === "ArrowUp" ? -1 : 1;
    if (el.classList.contains("owner")) {
      var owners = list(".owner");
      return owners[owners.indexOf(el) + step] || null;
    }
    if (!el.classList.contains("tile-tap")) return null;
    var rows = Array.prototype.map.call(document.querySelectorAll(".tiles"), function (row) {
      return Array.prototype.slice.call(row.querySelectorAll(".tile-tap"));
    });
    var all = [].concat.apply([], rows);
    if (key === "ArrowLeft" || key === "ArrowRight") return all[all.indexOf(el) + step] || null;
    for (var r = 0; r < rows.length; r++) {
      var column = rows[r].indexOf(el);
      if (column < 0) continue;
      var row = rows[r + step];
      return row && row.length ? row[Math.min(column, row.length - 1)] : null;
    }
    return null;
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].indexOf(event.key) < 0) return;
    var next = arrowTarget(event.target, event.key);
    if (next) {
      event.preventDefault();
      next.focus();
    }
  });

  // One tap that throws away a hand being entered, or ends the evening, asks first.
  // Pass-out asks only when something was entered: a real pass-out stays one tap.
  function entered(f) {
    return !!f.querySelector('input[name="declarer"]:checked, input[name="nap_bid"]:checked, [data-touched]');
  }

  document.addEventListener("click", function (event) {
    var ask = event.target.closest("[data-confirm], [data-confirm-entered]");
    if (ask) {
      var message = ask.dataset.confirm || (entered(ask.form) ? ask.dataset.confirmEntered : null);
      if (message && !window.confirm(message)) event.preventDefault();
      return;
    }
    var ownerButton = event.target.closest(".owner");
    if (ownerButton) {
      owner = ownerButton.dataset.owner;
      document.querySelectorAll(".owner").forEach(function (b) {
        b.classList.toggle("active", b === ownerButton);
        b.setAttribute("aria-pressed", b === ownerButton ? "true" : "false");
      });
      paintTiles();
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

  // Thai and Nap: start the trick steppers at a bare make, as the points start at the
  // target. The napoleon's side gets just enough (napoleon ahead of the friend, so no
  // betrayal), the others share the rest; any stepper the player touches stops this.
  function checked(f, name) {
    var input = f.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : null;
  }

  function tricksNeeded(f, box, total) {
    if (box.dataset.needs) {
      var bid = checked(f, "nap_bid");
      var pair = box.dataset.needs.split(",").filter(function (p) { return p.split(":")[0] === bid; })[0];
      return pair ? parseInt(pair.split(":")[1], 10) : null;
    }
    var handicap = checked(f, "level");
    return handicap === null ? null : Math.floor((total + parseInt(handicap, 10)) / 2) + 1;
  }

  function fillTricks(f) {
    var box = f.querySelector("#tricks");
    var declarer = checked(f, "declarer");
    if (!box || declarer === null) return;
    var inputs = list('#tricks input[name^="tricks_"]');
    var entered = inputs.some(function (i) { return i.dataset.touched || (+i.value && !box.dataset.filled); });
    var total = parseInt(box.dataset.total, 10);
    var need = tricksNeeded(f, box, total);
    if (entered || need === null || need > total) return;
    var partner = checked(f, "partner");
    var friend = partner !== null && partner !== "alone" && partner !== declarer ? partner : null;
    var others = inputs.filter(function (i) { return [declarer, friend].indexOf(i.name.slice(7)) < 0; });
    var rest = total - need;
    inputs.forEach(function (i) {
      var seat = i.name.slice(7);
      if (seat === declarer) i.value = friend === null ? need : Math.ceil(need / 2);
      else if (seat === friend) i.value = Math.floor(need / 2);
      else {
        var k = others.indexOf(i);
        i.value = Math.floor(rest / others.length) + (k < rest % others.length ? 1 : 0);
      }
    });
    box.dataset.filled = "1";
  }

  document.addEventListener("change", function (event) {
    var f = form();
    if (!f || !f.contains(event.target)) return;
    if (event.target.name.indexOf("tricks_") === 0) event.target.dataset.touched = "1";
    else if (["declarer", "partner", "level", "nap_bid"].indexOf(event.target.name) >= 0) fillTricks(f);
  });

  document.addEventListener("DOMContentLoaded", paintTiles);
  document.addEventListener("htmx:afterSwap", function (event) {
    var swapped = event.detail && event.detail.target;
    var record = document.getElementById("record");
    // The hand form came back (a refused Save): its focused control went with the old one.
    // Take the keyboard to the first message, or else to the heading, not the top of the page.
    if (swapped && swapped.id === "record" && record && !record.contains(document.activeElement)) {
      owner = null;
      var target = record.querySelector(".errorlist") || record.querySelector("h2");
      if (target) {
        target.setAttribute("tabindex", "-1");
        target.focus();
      }
    }
    paintTiles();
  });
  document.addEventListener("reset", function () { // offline.js: "Next hand"
    list("#hand-form [data-touched]").forEach(function (i) { delete i.dataset.touched; });
    list("#tricks[data-filled]").forEach(function (box) { delete box.dataset.filled; });
    setTimeout(paintTiles, 0);
  });
})();
