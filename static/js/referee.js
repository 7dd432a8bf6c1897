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

  function restoreFocus(root, key) {
    if (!key || !window.CSS || !CSS.escape) return;
    var found = root.querySelector('[name="' + CSS.escape(key[0]) + '"][value="' + CSS.escape(key[1]) + '"]');
    if (found) found.focus({ preventScroll: true });
  }

  // Fetch the page for this query and put its <main> in place of ours: same server, same HTML.
  function load(url) {
    if (controller) controller.abort();
    controller = new AbortController();
    var main = document.querySelector("main");
    var hadRuling = !!main.querySelector("[data-ruling]");
    var active = document.activeElement;
    var key = active && active.name && active.type !== "text" ? [active.name, active.value] : null;
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
        document.querySelector("main").replaceWith(fresh);
        loading(timer !== null);
        document.title = doc.title;
        history.replaceState(null, "", result.response.url);
        restoreFocus(fresh, key);
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
