// The dispute tools, tap by tap without page reloads. Without this file every tap
// submits the GET form and the server does the same (the query string is the state).
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var controller = null;
  var timer = null;

  function theForm() { return document.getElementById("referee-form"); }

  // "ref-loading" on <html> while a tap waits for its page: styles and tests can wait on it.
  function loading(on) { document.documentElement.classList.toggle("ref-loading", on); }

  function split(text) { return (text || "").split(/[.,\s]+/).filter(Boolean); }

  function queryOf(form) {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, key) {
      if (typeof value === "string") params.append(key, value);
    });
    return params.toString();
  }

  // Where the keyboard was, so that it is there again in the page that replaces this one: a
  // chip, card or call by its name and value, a stepper's button by its input, else an id;
  // an action link that goes away (undo, clear) leaves the focus on its section's heading.
  function focusKey(active) {
    if (!active || active === document.body || !window.CSS || !CSS.escape) return null;
    if (active.name && active.type !== "text") {
      return { selector: '[name="' + CSS.escape(active.name) + '"][value="' + CSS.escape(active.value) + '"]' };
    }
    var input = active.dataset.step && active.parentElement.querySelector("input[name]");
    if (input) return { selector: '[name="' + CSS.escape(input.name) + '"]', step: active.dataset.step };
    if (active.id) return { selector: "#" + CSS.escape(active.id) };
    var section = active.closest("section[id]");
    if (section) return { selector: "#" + CSS.escape(section.id) + " h2", heading: true };
    return null;
  }

  function restoreFocus(root, key) {
    if (!key) return;
    var found = root.querySelector(key.selector);
    if (found && key.step) found = found.parentElement.querySelector('[data-step="' + key.step + '"]');
    if (!found) return;
    if (key.heading) found.setAttribute("tabindex", "-1");
    found.focus({ preventScroll: true });
  }

  // The page is replaced, its live regions with it, and a new region says nothing: one region
  // outside <main> reads out each new verdict (or what is wrong) instead.
  function spoken(root) {
    var errors = root.querySelectorAll(".ref-error");
    var parts = errors.length ? errors : root.querySelectorAll("[data-ruling] .verdict, [data-ruling] .reason");
    return Array.prototype.map.call(parts, function (p) { return p.textContent; }).join(" ")
      .replace(/\s+/g, " ").trim();
  }

  function announce(root) {
    var box = document.getElementById("ref-announce");
    var text = spoken(root);
    if (box && text !== box.dataset.said) {
      box.dataset.said = text;
      box.textContent = text;
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var main = document.querySelector("main");
    if (!theForm() || !main) return;
    var box = document.createElement("div");
    box.id = "ref-announce";
    box.className = "sr-only";
    box.setAttribute("aria-live", "polite");
    box.dataset.said = spoken(main);  // on the page already: read with it
    document.body.appendChild(box);
  });

  // The folded panels (house rules, card codes…) stay open in the page that replaces this one.
  function openPanels(root) {
    var open = {};
    root.querySelectorAll("details:not(.ref-play)").forEach(function (d) {
      (open[d.className] = open[d.className] || []).push(d.open);
    });
    return open;
  }

  function reopen(root, panels) {
    var seen = {};
    root.querySelectorAll("details:not(.ref-play)").forEach(function (d) {
      var i = seen[d.className] = (seen[d.className] || 0) + 1;
      if ((panels[d.className] || [])[i - 1]) d.open = true;
    });
  }

  // Fetch the page for this query and put its <main> in place of ours: same server, same HTML.
  function load(url) {
    if (controller) controller.abort();
    controller = new AbortController();
    var main = document.querySelector("main");
    var hadRuling = !!main.querySelector("[data-ruling]");
    var key = focusKey(document.activeElement);
    var panels = openPanels(main);
    main.classList.add("ref-busy");
    loading(true);
    fetch(url, { signal: controller.signal, credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (html) { return { response: response, html: html }; });
      })
      .then(function (result) {
        var doc = new DOMParser().parseFromString(result.html, "text/html");
        var fresh = doc.querySelector("main");
        if (!fresh) { window.location.href = url; return; }
        reopen(fresh, panels);
        document.querySelector("main").replaceWith(fresh);
        loading(timer !== null);
        document.title = doc.title;
        history.replaceState(null, "", result.response.url);
        restoreFocus(fresh, key);
        announce(fresh);
        var ruling = fresh.querySelector("[data-ruling]");
        // A new ruling: bring its whole panel (the trick and the verdict) into view.
        if (ruling && !hadRuling) {
          (ruling.closest("section") || ruling).scrollIntoView({ block: "nearest", behavior: "smooth" });
        }
      })
      .catch(function (error) {
        if (error.name !== "AbortError") window.location.href = url;
      });
  }

  function submit(form, extra) {
    var query = queryOf(form);
    if (extra) query += (query ? "&" : "") + extra;
    load(window.location.pathname + (query ? "?" + query : ""));
  }

  function submitSoon(form) {
    loading(true);
    clearTimeout(timer);
    timer = setTimeout(function () { timer = null; submit(form); }, 300);
  }

  // A card tapped in the picker: add it to the list the chosen mode fills (tap again to take it back).
  function tapCard(button, form) {
    var picker = button.closest(".ref-picker");
    var mode = form.querySelector('input[name="m"]:checked') || picker;
    var input = form.elements[mode.dataset.input];
    if (!input) { submit(form, "add=" + encodeURIComponent(button.value)); return; }
    var code = button.value.toUpperCase();
    if (mode.dataset.kind === "one") {
      input.value = code;
      var next = mode.dataset.next && form.querySelector('input[name="m"][value="' + mode.dataset.next + '"]');
      if (next) next.checked = true;
    } else {
      var codes = split(input.value);
      var at = codes.map(function (c) { return c.toUpperCase(); }).indexOf(code);
      if (at >= 0) codes.splice(at, 1);
      else if (codes.length < (parseInt(mode.dataset.limit, 10) || 99)) codes.push(code);
      else return;
      input.value = codes.join(".");
    }
    button.classList.toggle("used");
    submit(form);
  }

  // A call tapped on the ladder: append it to the calls (with the caller, in a free auction).
  function tapCall(button, form) {
    var ladder = button.closest("[data-kind=calls]");
    var input = form.elements[ladder.dataset.input];
    var call = button.value;
    if (ladder.dataset.prefix) {
      var caller = form.querySelector('input[name="' + ladder.dataset.prefix + '"]:checked');
      if (!caller) { submit(form, "add=" + encodeURIComponent(call)); return; }
      call = caller.value + ":" + call;
    }
    input.value = split(input.value).concat([call]).join(".");
    submit(form);
  }

  function copy(button) {
    var input = document.getElementById(button.dataset.copy);
    var done = function () {
      button.dataset.label = button.dataset.label || button.textContent;
      button.textContent = "✓";
      setTimeout(function () { button.textContent = button.dataset.label; }, 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done);
    } else {
      input.select();
      document.execCommand("copy");
      done();
    }
  }

  document.addEventListener("click", function (event) {
    var form = theForm();
    var target = event.target;
    var copyButton = target.closest("[data-copy]");
    if (copyButton) { copy(copyButton); return; }
    if (!form) return;
    var card = target.closest("button[data-card]");
    if (card && form.contains(card)) { event.preventDefault(); tapCard(card, form); return; }
    var call = target.closest("button[data-call]");
    if (call && form.contains(call)) { event.preventDefault(); tapCall(call, form); return; }
    var soft = target.closest("a[data-soft]");
    if (soft) { event.preventDefault(); load(soft.href); return; }
    var step = target.closest("[data-step]");
    if (step && form.contains(step)) {
      var input = step.parentElement.querySelector("input");
      var value = (parseInt(input.value, 10) || 0) + parseInt(step.dataset.step, 10);
      var min = input.min === "" ? -Infinity : +input.min;
      var max = input.max === "" ? Infinity : +input.max;
      input.value = Math.max(min, Math.min(max, value));
      submitSoon(form);
    }
  });

  document.addEventListener("change", function (event) {
    var form = theForm();
    if (!form || !form.contains(event.target)) return;
    var type = event.target.type;
    if (type === "radio" || type === "checkbox") submit(form);
    else submitSoon(form);
  });

  document.addEventListener("submit", function (event) {
    var form = theForm();
    if (event.target !== form) return;
    event.preventDefault();
    var by = event.submitter;
    submit(form, by && by.name ? encodeURIComponent(by.name) + "=" + encodeURIComponent(by.value) : "");
  });
})();
