// Progressive help for the hand form; without it the form still works (chips, selects,
// number inputs). Every number it uses comes from the server (data-needed on a contract
// chip: the result that just makes it); it knows no rule of any game.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var discardBrush = false; // the grid's "discarded" button: taps mark discards
  var quiet = false; // a change this script makes is not the player's

  function form() { return /** @type {HTMLFormElement | null} */ (document.getElementById("hand-form")); }
  /**
   * The elements that match, as an array; typed as the inputs most of them are.
   * @param {string} selector
   * @param {ParentNode} [root]
   * @returns {HTMLInputElement[]}
   */
  function list(selector, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(selector));
  }
  /** @param {Element} el */
  function changed(el) {
    quiet = true;
    el.dispatchEvent(new Event("change", { bubbles: true }));
    quiet = false;
  }
  /**
   * @param {HTMLFormElement} f
   * @param {string} name
   * @returns {HTMLInputElement | null}
   */
  function checked(f, name) { return f.querySelector('input[name="' + name + '"]:checked'); }

  // ---- the result starts at what the contract needs -------------------------------------
  // One row of the totals around it shows, one more above it than below (three under and
  // four over on a phone): any of them is one tap. "other…" shows every total.
  /** @param {HTMLFormElement} f */
  function contractChip(f) { return checked(f, "level") || checked(f, "nap_bid"); }

  /**
   * How many chips one row of the box holds (its grid's columns, as laid out).
   * @param {HTMLElement} box
   */
  function perRow(box) {
    var totals = box.querySelector(".totals") || box;
    var columns = getComputedStyle(totals).gridTemplateColumns.split(" ").filter(function (c) { return /px$/.test(c); });
    return columns.length || 8;
  }

  /**
   * The lowest and highest totals of the row around ``needed``, within those there are.
   * @param {number[]} values
   * @param {number} needed
   * @param {number} size
   */
  function around(values, needed, size) {
    var low = needed - Math.floor((size - 1) / 2);
    var high = low + size - 1;
    var most = values[values.length - 1];
    if (high > most) {
      low -= high - most;
      high = most;
    }
    if (low < values[0]) {
      high += values[0] - low;
      low = values[0];
    }
    return [low, high];
  }

  /** @param {HTMLFormElement} f */
  function showNear(f) {
    /** @type {HTMLElement | null} */
    var box = f.querySelector(".chips.result");
    var chip = contractChip(f);
    if (!box) return;
    var needed = chip ? parseInt(/** @type {string} */ (chip.dataset.needed), 10) : null;
    var labels = list(".chip:not(.mode)", box);
    var values = labels.map(function (label) {
      return parseInt(/** @type {HTMLInputElement} */ (label.querySelector("input")).value, 10);
    });
    var row = needed === null ? null : around(values, needed, perRow(box));
    labels.forEach(function (label, i) {
      label.classList.toggle("near", row !== null && values[i] >= row[0] && values[i] <= row[1]);
    });
    /** @type {HTMLElement | null} */
    var more = box.querySelector(".more");
    if (more) more.hidden = row !== null && row[0] <= values[0] && row[1] >= values[values.length - 1];
    return needed;
  }

  // ---- the play recorded (templates/scoring/play.html) ---------------------------------------
  /** @param {HTMLFormElement} f */
  function playText(f) {
    /** @type {HTMLInputElement | null} */
    var field = f.querySelector('input[name="play"]');
    return field ? field.value : "";
  }

  /** @param {HTMLFormElement} f whether a trick (or a claim) is recorded: the result is the play's */
  function playRecorded(f) {
    return /"tricks":\[\{|"rest":/.test(playText(f));
  }

  /**
   * The panel drawn again for the record in its hidden field (a draft put back, a clear), or
   * (``force``) for the bid as it now stands: the seats, who leads, the cards.
   * @param {HTMLFormElement} f
   * @param {boolean} [force]
   */
  function showPlay(f, force) {
    /** @type {HTMLButtonElement | null} */
    var refresh = f.querySelector(".play-refresh");
    if (refresh && window.htmx && (force || refresh.dataset.play !== playText(f))) refresh.click();
  }
  var BID = ["declarer", "level", "trump", "nap_bid", "called_suit", "called_rank", "partner", "killed", "out"];
  /** @param {HTMLFormElement} f */
  function playOpen(f) {
    var box = f.querySelector("#play");
    return !!box && box.hasAttribute("open");
  }

  /**
   * Once the play is recorded, the result chip that was only started at the target is not
   * the table's: it is let go, so that the play alone gives the result.
   * @param {HTMLFormElement} f
   */
  function letGoOfResult(f) {
    /** @type {HTMLElement | null} */
    var box = f.querySelector(".chips.result");
    if (!box || box.dataset.touched || !playRecorded(f)) return;
    list('input[name="points"]:checked', box).forEach(function (el) { /** @type {HTMLInputElement} */ (el).checked = false; });
  }

  /** @param {HTMLFormElement} f */
  function startResult(f) {
    if (playRecorded(f)) return;
    var needed = showNear(f);
    /** @type {HTMLElement | null} */
    var box = f.querySelector(".chips.result");
    if (!box || needed === null || needed === undefined || box.dataset.touched) return;
    /** @type {HTMLInputElement | null} */
    var input = box.querySelector('input[name="points"][value="' + needed + '"]');
    if (input && !input.checked) {
      input.checked = true;
      changed(input);
    }
  }

  /** @param {Element} button */
  function other(button) {
    var box = /** @type {Element} */ (button.closest(".chips.result"));
    box.classList.add("all");
    button.setAttribute("aria-expanded", "true");
    /** @type {HTMLInputElement | null} */
    var first = box.querySelector('input[name="points"]:checked') || box.querySelector('input[name="points"]');
    if (first) first.focus();
  }

  // The card grid (or tricks by player) and back: one button, pressed while in use.
  /**
   * @param {HTMLFormElement} f
   * @param {HTMLElement} button
   */
  function toggleMode(f, button) {
    var wanted = button.getAttribute("aria-pressed") === "true" ? "count" : button.dataset.mode;
    /** @type {HTMLInputElement | null} */
    var radio = f.querySelector('input[name="mode"][value="' + wanted + '"]');
    if (!radio) return;
    radio.checked = true;
    showMode(f);
    changed(radio);
    // The card grid (or the steppers) opens under the button: bring it up with the button,
    // so that it, the score and Save are on one screen.
    if (wanted !== "count") /** @type {Element} */ (button.closest("fieldset") || button).scrollIntoView({ block: "start" });
  }

  /** @param {HTMLFormElement} f */
  function showMode(f) {
    var radio = checked(f, "mode");
    list(".mode-toggle", f).forEach(function (b) {
      b.setAttribute("aria-pressed", radio && radio.value === b.dataset.mode ? "true" : "false");
    });
  }

  // ---- the card grid: the table taps one side's cards ------------------------------------
  /** @param {HTMLSelectElement} select */
  function tileState(select) { return select.value === "in" ? "in" : select.value === "discard" ? "discard" : ""; }

  function paintTiles() {
    var grid = document.getElementById("grid");
    if (!grid) return;
    var brush = grid.querySelector(".brush");
    if (brush) brush.setAttribute("aria-pressed", discardBrush ? "true" : "false");
    list(".tile[data-card]", grid).forEach(function (tile) {
      var select = /** @type {HTMLSelectElement} */ (tile.querySelector("select"));
      var button = /** @type {HTMLElement} */ (tile.querySelector(".tt"));
      var state = tileState(select);
      tile.classList.toggle("in", state === "in");
      tile.classList.toggle("discard", state === "discard");
      var words = /** @type {HTMLElement} */ (grid).dataset;
      mark(/** @type {HTMLElement} */ (button.querySelector("small")), state, words["s" + (state || "none")]);
      button.setAttribute("aria-pressed", state === (discardBrush ? "discard" : "in") ? "true" : "false");
    });
    rove(list(".tt"));
  }

  // Under the card: ✓ for tapped (its word for screen readers), the word for discarded.
  /**
   * @param {HTMLElement} small
   * @param {string} state
   * @param {string | undefined} word
   */
  function mark(small, state, word) {
    small.textContent = "";
    var seen = document.createElement("span");
    seen.setAttribute("aria-hidden", "true");
    seen.textContent = state === "in" ? "✓" : "";
    var said = document.createElement("span");
    said.className = state === "discard" ? "" : "sr-only";
    said.textContent = " " + word;
    small.appendChild(seen);
    small.appendChild(said);
  }

  /** @param {Element} tile */
  function tapTile(tile) {
    var select = /** @type {HTMLSelectElement} */ (tile.querySelector("select"));
    var brush = discardBrush ? "discard" : "in";
    select.value = tileState(select) === brush ? "" : brush;
    paintTiles();
    changed(select);
  }

  // The tiles are one Tab stop (the last one visited); arrow keys move among them, up and
  // down to the same place in the next suit.
  /**
   * @param {HTMLElement[]} items
   * @param {HTMLElement} [current]
   */
  function rove(items, current) {
    current = current || items.filter(function (i) { return i.hasAttribute("data-current"); })[0] || items[0];
    items.forEach(function (item) {
      item.tabIndex = item === current ? 0 : -1;
      item.toggleAttribute("data-current", item === current);
    });
  }

  /**
   * @param {HTMLElement} el
   * @param {string} key
   * @returns {HTMLElement | null}
   */
  function arrowTarget(el, key) {
    if (!el.classList.contains("tt")) return null;
    var step = key === "ArrowLeft" || key === "ArrowUp" ? -1 : 1;
    /** @type {HTMLElement[][]} */
    var rows = list(".tiles").map(function (row) { return list(".tt", row); });
    /** @type {HTMLElement[]} */
    var all = [].concat.apply([], /** @type {any} */ (rows));
    if (key === "ArrowLeft" || key === "ArrowRight") return all[all.indexOf(el) + step] || null;
    for (var r = 0; r < rows.length; r++) {
      var column = rows[r].indexOf(el);
      if (column < 0) continue;
      var row = rows[r + step];
      return row && row.length ? row[Math.min(column, row.length - 1)] : null;
    }
    return null;
  }

  document.addEventListener("focusin", function (event) {
    var target = /** @type {HTMLInputElement} */ (event.target);
    if (target.classList.contains("tt")) rove(list(".tt"), target);
    // Typing into a number box replaces its value (it never appends to it).
    if (target.type === "number" && target.select) target.select();
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].indexOf(event.key) < 0) return;
    var next = arrowTarget(/** @type {HTMLElement} */ (event.target), event.key);
    if (next) {
      event.preventDefault();
      next.focus();
    }
  });

  // ---- clearing the entry -------------------------------------------------------------------
  // What the entry leaves as the page drew it: the way in and the grid's side. Who sits
  // this hand out is who is at the table, not the entry: it stays as it is.
  var KEPT = ["mode", "grid_side"];

  /** @param {HTMLFormElement} f */
  function clearEntry(f) {
    list("input, select", f).forEach(function (el) {
      if (el.type === "hidden" || el.type === "submit" || el.type === "button" || el.name === "out") return;
      if (el.type === "radio" || el.type === "checkbox") el.checked = el.defaultChecked && KEPT.indexOf(el.name) >= 0;
      else if (el.tagName === "SELECT") el.value = "";
      else if (el.type === "number") el.value = "0";
    });
    /** @type {HTMLInputElement | null} */
    var mode = f.querySelector('input[name="mode"][value="count"]');
    if (mode) mode.checked = true;
    /** @type {HTMLInputElement | null} */
    var recorded = f.querySelector('input[name="play"]');
    if (recorded) recorded.value = "";
    forget(f);
    changed(f);
    showPlay(f);
  }

  // ---- who sits this hand out cannot take a part in it ----------------------------------
  // Their chips among the roles (declarer, partner, killed) are drawn faded. They stay
  // tappable: the preview (read out as it changes) then says who sits the hand out.
  /** @param {HTMLFormElement} f */
  function markSitters(f) {
    var out = list('input[name="out"]:checked', f).map(function (el) { return el.value; });
    list(".chips.seats:not(.out) input", f).forEach(function (el) {
      var sits = out.indexOf(el.value) >= 0;
      /** @type {Element} */ (el.closest(".chip")).classList.toggle("sits-out", sits);
    });
  }

  /** @param {HTMLFormElement} f */
  function forget(f) {
    list("[data-touched]", f).forEach(function (el) { delete el.dataset.touched; });
    list(".chips.result.all", f).forEach(function (box) { box.classList.remove("all"); });
    list(".chips.result .more", f).forEach(function (b) { b.setAttribute("aria-expanded", "false"); });
    discardBrush = false;
    showMode(f);
    showNear(f);
    paintTiles();
    markSitters(f);
  }

  // ---- taps ---------------------------------------------------------------------------------
  // One tap that throws away a hand being entered, or ends the evening, asks first.
  // Pass-out asks only when something was entered: a real pass-out stays one tap.
  /** @param {HTMLFormElement} f */
  function entered(f) {
    return !!f.querySelector('input[name="declarer"]:checked, input[name="nap_bid"]:checked, [data-touched]');
  }

  /** @param {MouseEvent} event */
  function click(event) {
    var target = /** @type {Element} */ (event.target);
    /** @type {HTMLButtonElement | null} */
    var ask = target.closest("[data-confirm], [data-confirm-entered]");
    if (ask) {
      var message = ask.dataset.confirm || (entered(/** @type {HTMLFormElement} */ (ask.form)) ? ask.dataset.confirmEntered : null);
      if (message && !window.confirm(message)) event.preventDefault();
      return;
    }
    var f = form();
    if (target.closest(".clear") && f) return clearEntry(f);
    /** @type {HTMLElement | null} */
    var more = target.closest(".more");
    if (more) return other(more);
    /** @type {HTMLElement | null} */
    var toggle = target.closest(".mode-toggle");
    if (toggle && f) return toggleMode(f, toggle);
    if (target.closest(".brush")) {
      discardBrush = !discardBrush;
      return paintTiles();
    }
    var tile = target.closest(".tile[data-card]");
    if (tile) {
      event.preventDefault();
      return tapTile(tile);
    }
    /** @type {HTMLElement | null} */
    var add = target.closest("[data-add-player]");
    if (add) return addPlayer(/** @type {string} */ (add.dataset.addPlayer));
    /** @type {HTMLElement | null} */
    var step = target.closest("[data-step]");
    if (step && f && f.contains(step)) stepBy(step);
  }
  document.addEventListener("click", click);

  /** @param {string} name */
  function addPlayer(name) {
    var box = /** @type {HTMLTextAreaElement} */ (document.querySelector("textarea[name=players]"));
    var names = box.value.split("\n").map(function (n) { return n.trim(); }).filter(Boolean);
    if (names.indexOf(name) < 0) names.push(name);
    box.value = names.join("\n");
  }

  /** @param {HTMLElement} step */
  function stepBy(step) {
    var input = /** @type {HTMLInputElement} */ (/** @type {HTMLElement} */ (step.parentElement).querySelector("input"));
    var value = (parseInt(input.value, 10) || 0) + parseInt(/** @type {string} */ (step.dataset.step), 10);
    var min = input.min === "" ? -Infinity : +input.min;
    var max = input.max === "" ? Infinity : +input.max;
    input.value = String(Math.max(min, Math.min(max, value)));
    input.dataset.touched = "1";
    changed(input);
  }

  document.addEventListener("change", function (event) {
    var f = form();
    var el = /** @type {HTMLInputElement} */ (event.target);
    if (!f || !f.contains(el)) return;
    if (el === /** @type {Element} */ (f)) return sync(f); // a draft put back (offline.js): catch up
    if (el.name === "out") markSitters(f);
    if (quiet) return;
    if (BID.indexOf(el.name) >= 0 && playOpen(f)) showPlay(f, true);
    if (el.name === "points") /** @type {HTMLElement} */ (el.closest(".chips.result")).dataset.touched = "1";
    else if (el.type === "number") el.dataset.touched = "1";
    else if (el.name === "level" || el.name === "nap_bid") startResult(f);
  });

  /** @param {HTMLFormElement} f */
  function sync(f) {
    showMode(f);
    showPlay(f);
    /** @type {HTMLElement | null} */
    var box = f.querySelector(".chips.result");
    if (box && box.querySelector('input[name="points"]:checked')) box.dataset.touched = "1";
    showNear(f);
    paintTiles();
    markSitters(f);
  }

  /**
   * Whether the form was changed before this script ran: a tap while the page was still
   * loading, or the browser putting back what was entered before a reload.
   * @param {HTMLFormElement} f
   */
  function touchedEarly(f) {
    return list("input", f).some(function (el) {
      return el.type === "radio" || el.type === "checkbox" ? el.checked !== el.defaultChecked : el.value !== el.defaultValue;
    });
  }

  function ready() {
    var f = form();
    if (!f) return;
    sync(f);
    if (!touchedEarly(f)) return;
    // As a draft put back does (offline.js): the page, and the live preview, catch up.
    startResult(f);
    f.dispatchEvent(new Event("change", { bubbles: true }));
  }
  document.addEventListener("DOMContentLoaded", ready);
  // "Record the play" opened: drawn for the bid chosen so far. (Not on "toggle": a panel
  // swapped in open fires it too.)
  document.addEventListener("click", function (event) {
    var summary = /** @type {Element} */ (event.target).closest("#play > summary");
    var f = form();
    var box = summary && summary.parentElement;
    if (!f || !box || box.hasAttribute("open")) return;
    setTimeout(function () { if (f && playOpen(f)) showPlay(f, true); }, 0);
  });

  // A hand saved: the page goes back to its top, where the new scoreboard is and the next
  // hand starts, wherever the last one's entry had scrolled it.
  function backToTop() { window.scrollTo(0, 0); }

  // The score under the bar came in and the bar grew: the result's row, which was in
  // sight above the bar (its heading at least), is brought up clear of it. A row already
  // out of sight stays where it is: the player is looking at something else.
  function keepResultInView() {
    var f = form();
    /** @type {Element | null} */
    var box = f && f.querySelector(".chips.result");
    var dock = document.querySelector(".dock");
    if (!box || !dock || /** @type {HTMLElement} */ (box).offsetParent === null) return;
    var top = dock.getBoundingClientRect().top;
    var row = box.getBoundingClientRect();
    var start = (box.closest("fieldset") || box).getBoundingClientRect().top;
    if (start < top && row.bottom > top) window.scrollBy(0, row.bottom - top + 8);
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var detail = /** @type {CustomEvent<{target?: Element, elt?: Element, xhr?: XMLHttpRequest}>} */ (event).detail;
    var swapped = detail && detail.target;
    if ((swapped && swapped.id === "preview") || (detail && detail.elt && detail.elt.id === "preview-slot")) {
      keepResultInView();
      return;
    }
    var record = document.getElementById("record");
    var saved = !!(detail && detail.xhr && (detail.xhr.getResponseHeader("HX-Trigger") || "").indexOf("hand-saved") >= 0);
    if (swapped && swapped.id === "play") {
      var f = form();
      /** @type {HTMLInputElement | null} */
      var recorded = f && f.querySelector('input[name="play"]');
      if (f && recorded) {
        letGoOfResult(f);
        changed(recorded); // the draft is kept (offline.js) and the score shown again
      }
      return;
    }
    if (swapped && swapped.id === "record" && record) {
      discardBrush = false;
      ready();
      if (saved) backToTop();
      // The form came back: its focused control went with the old one. Take the keyboard
      // to the first message, or else to the heading, not the top of the page.
      if (!record.contains(document.activeElement)) {
        /** @type {HTMLElement | null} */
        var target = record.querySelector(".errorlist") || record.querySelector("h2");
        if (target) {
          target.setAttribute("tabindex", "-1");
          target.focus({ preventScroll: !record.querySelector(".errorlist") });
        }
      }
    }
  });
  document.addEventListener("reset", function (event) { // offline.js: "Next hand"
    var f = form();
    if (f && event.target === f) {
      setTimeout(function () { forget(/** @type {HTMLFormElement} */ (f)); }, 0);
      backToTop();
    }
  });
  window.addEventListener("resize", function () { // a row holds more chips, or fewer
    var f = form();
    if (f) showNear(f);
  });
})();
