// A bad connection at the card table. On every page (kept.js looks after the service
// worker and the kept copies of pages):
// - shows the offline banner (html.offline) when the page is a kept copy
//   (data-cached-at, set by the worker) or the phone is offline;
// - sends the hands saved while offline (the outbox, in localStorage) as soon as the
//   connection returns: on `online`, on page load, and again and again while it fails.
// On the table screen it also:
// - keeps the hand being entered (the draft) through a reload, per user and session;
// - queues a Save that cannot reach the server (offline, a network error, a lost answer,
//   or a server error) with its idempotency key, so the server records it exactly once;
//   the banner says so, and offers to send it again at once.
// Its words come from #connection (templates/pwa/connection.html), translated there.
(function () {
  "use strict";
  var root = document.documentElement;
  var box = document.getElementById("connection");
  if (!box) return;
  var text = box.dataset;
  var me = text.user || "-";
  var offlinePage = root.hasAttribute("data-offline-page");
  var cachedAt = root.dataset.cachedAt ? parseInt(root.dataset.cachedAt, 10) : null;
  var loadedAt = Date.now();
  var OUTBOX = "napoleon:outbox";
  var DRAFT = "napoleon:draft:";
  var NOTICE = "napoleon:notice";
  // Form fields that belong to this copy of the form, not to the hand being entered
  // (a draft keeps its key and the table it was drawn for apart: see saveDraft).
  var NOT_DRAFT = { csrfmiddlewaretoken: 1, key: 1, version: 1, action: 1, table_version: 1, seats: 1 };
  // Fields whose value is a place at the table, and those whose name carries one.
  var PLACE_VALUES = { declarer: 1, partner: 1, killed: 1, out: 1 };

  // ---- storage ------------------------------------------------------------------
  // "local": the outbox and drafts, kept across restarts; "session": this tab only.
  function load(kind, name, fallback) {
    try {
      var value = window[kind + "Storage"].getItem(name);
      return value ? JSON.parse(value) : fallback;
    } catch (error) {
      return fallback;
    }
  }
  function save(kind, name, value) {
    try {
      var store = window[kind + "Storage"];
      if (value === null) store.removeItem(name);
      else store.setItem(name, JSON.stringify(value));
    } catch (error) { /* storage full or off: nothing more to do */ }
  }
  function outbox() { return load("local", OUTBOX, []); }
  function setOutbox(entries) { save("local", OUTBOX, entries.length ? entries : null); }
  function mine(entry) { return me !== "-" && entry.user === me; }
  function pendingFor(session) {
    return outbox().filter(function (e) { return mine(e) && e.session === session; });
  }
  function removeEntry(key) { setOutbox(outbox().filter(function (e) { return e.key !== key; })); }
  function markEntry(key, state, status) {
    setOutbox(outbox().map(function (e) {
      if (e.key === key) { e.state = state; e.status = status; }
      return e;
    }));
  }

  // ---- words --------------------------------------------------------------------
  function fill(template, values) {
    return (template || "").replace(/%\((\w+)\)s/g, function (all, name) { return values[name]; });
  }
  function clock(ms) {
    var options = { hour: "2-digit", minute: "2-digit" };
    try {
      return new Date(ms).toLocaleTimeString(root.lang || undefined, options);
    } catch (error) {
      return new Date(ms).toLocaleTimeString(undefined, options);
    }
  }
  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 15) | 64;
    b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join("-");
  }

  // ---- the banner and the outbox ------------------------------------------------
  var shown = null;
  var notice = load("session", NOTICE, null); // left by the page before this one
  save("session", NOTICE, null);
  function render() {
    var offline = cachedAt !== null || offlinePage || !navigator.onLine;
    root.classList.toggle("offline", offline);
    var lines = [];
    if (offline && !offlinePage) lines.push(["banner", fill(text.offline, { time: clock(cachedAt || loadedAt) })]);
    if (notice) lines.push(["notice", notice]);
    var waiting = 0;
    outbox().forEach(function (e) {
      if (me !== "-" && e.user !== me) return;
      var words = e.state === "signin" ? text.signin : e.state === "failed" ? text.failed : text.waiting;
      lines.push(["outbox" + (e.state === "failed" ? " failed" : ""), fill(words, { number: e.number, status: e.status })]);
      if (e.state !== "signin") waiting += 1;
    });
    var retry = waiting > 0 && navigator.onLine && !offlinePage;
    var signature = JSON.stringify([lines, retry]);
    if (signature === shown) return;
    shown = signature;
    box.textContent = "";
    lines.forEach(function (line) {
      var p = document.createElement("p");
      p.className = line[0];
      p.textContent = line[1];
      box.appendChild(p);
    });
    if (retry) {
      var again = document.createElement("button");
      again.type = "button";
      again.className = "retry";
      again.textContent = text.retry;
      again.addEventListener("click", function () { backoff = 2000; flush(); });
      box.appendChild(again);
    }
    box.hidden = lines.length === 0;
  }

  // ---- the hand form --------------------------------------------------------------
  function handForm() { return document.getElementById("hand-form"); }
  function field(form, name) { return form.elements.namedItem(name); }
  function formKey(form) { var k = field(form, "key"); return k ? k.value : ""; }
  function recordUrl(form) { return new URL(form.getAttribute("action"), location.href).href; }
  function draftName(form) { return DRAFT + me + ":" + form.dataset.session; }
  // The hand this form records: the server's number, plus the hands still in the outbox.
  function handNumber(form) {
    return parseInt(form.dataset.handNumber, 10) + pendingFor(form.dataset.session).length;
  }
  function pairs(form, submitter) {
    var data;
    try {
      data = submitter ? new FormData(form, submitter) : new FormData(form);
    } catch (error) {
      data = new FormData(form);
    }
    if (submitter && submitter.name && !data.has(submitter.name)) data.append(submitter.name, submitter.value);
    var out = [];
    data.forEach(function (value, name) { if (typeof value === "string") out.push([name, value]); });
    return out;
  }
  function draftValues(form) {
    return pairs(form).filter(function (p) { return !NOT_DRAFT[p[0]]; });
  }

  function fieldValue(form, name) { var el = field(form, name); return el ? el.value : ""; }
  function saveDraft(form) {
    if (me === "-" || form.dataset.waitingKey) return;
    save("local", draftName(form), {
      number: handNumber(form),
      values: draftValues(form),
      key: formKey(form),
      seats: fieldValue(form, "seats"),
    });
  }
  function clearDraft(form) { save("local", draftName(form), null); }

  function restoreDraft(form) {
    var draft = load("local", draftName(form), null);
    if (!draft) return;
    // A draft for another hand number: that hand was saved (here or on another phone).
    if (draft.number !== null && draft.number !== handNumber(form)) {
      clearDraft(form);
      return;
    }
    var moved = carried(draft.values, draft.seats, fieldValue(form, "seats"));
    var values = {};
    moved.forEach(function (p) { (values[p[0]] = values[p[0]] || []).push(p[1]); });
    // The same hand's key: if it was stored after all, saving it again is recognised.
    if (draft.key && field(form, "key")) field(form, "key").value = draft.key;
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || NOT_DRAFT[el.name] || el.type === "submit" || el.type === "button") return;
      var wanted = values[el.name] || [];
      if (el.type === "radio" || el.type === "checkbox") el.checked = wanted.indexOf(el.value) >= 0;
      else el.value = wanted.length ? wanted[0] : "";
      if (wanted.length && el.type === "number") el.dataset.touched = "1"; // table.js: keep typed points
    });
    // The live preview (htmx) and the card grid (table.js) catch up.
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // A draft typed on another line-up (someone sat down or left since): each place it
  // names moves to where that player sits now; a player no longer at the table is
  // dropped. Shown, never sent by itself: the person checks it and saves.
  function carried(pairs, drawn, now) {
    if (!drawn || !now || drawn === now) return pairs;
    var before = drawn.split(","), after = now.split(",");
    function move(value) {
      if (!/^[0-9]+$/.test(value)) return value; // "alone", "discard", "in"
      var found = after.indexOf(before[parseInt(value, 10)]);
      return found < 0 ? null : String(found);
    }
    var out = [];
    pairs.forEach(function (p) {
      var name = p[0], value = p[1];
      if (PLACE_VALUES[name] || name.indexOf("card_") === 0) value = move(value);
      else if (name.indexOf("tricks_") === 0) {
        var place = move(name.slice(7));
        name = place === null ? null : "tricks_" + place;
      }
      if (name !== null && value !== null) out.push([name, value]);
    });
    return out;
  }

  function setHeading(form) {
    var heading = document.querySelector("#record h2");
    var number = form.dataset.waitingNumber || handNumber(form);
    if (heading && (String(number) !== form.dataset.handNumber || heading.dataset.changed)) {
      heading.dataset.changed = "1";
      heading.textContent = fill(text.heading, { number: number });
    }
  }

  // The form after a Save kept on this phone: shown as sent, waiting, until "Next hand".
  function showWaiting(form, entry) {
    form.dataset.waitingKey = entry.key;
    form.dataset.waitingNumber = entry.number;
    form.classList.add("waiting");
    Array.prototype.forEach.call(form.elements, function (el) { el.disabled = true; });
    var note = document.createElement("div");
    note.className = "waiting-note";
    var line = document.createElement("p");
    line.className = "waiting-line";
    line.textContent = fill(entry.state === "failed" ? text.failed : text.waiting, entry);
    var kept = document.createElement("p");
    kept.className = "muted";
    kept.textContent = text.kept;
    var next = document.createElement("button");
    next.type = "button";
    next.className = "primary next-hand";
    next.textContent = text.next;
    next.addEventListener("click", function () { nextHand(form); });
    note.appendChild(line);
    note.appendChild(kept);
    note.appendChild(next);
    form.appendChild(note);
    setHeading(form);
    next.focus();
  }

  var blankPreview = null;
  function nextHand(form) {
    var note = form.querySelector(".waiting-note");
    if (note) note.remove();
    form.classList.remove("waiting");
    delete form.dataset.waitingKey;
    delete form.dataset.waitingNumber;
    Array.prototype.forEach.call(form.elements, function (el) { el.disabled = false; });
    form.reset();
    form.querySelectorAll("[data-touched]").forEach(function (el) { delete el.dataset.touched; });
    field(form, "key").value = uuid();
    var preview = document.getElementById("preview");
    if (preview && blankPreview) preview.replaceWith(blankPreview.cloneNode(true));
    clearDraft(form);
    setHeading(form);
    render();
  }

  function queueSave(form, entry, status) {
    if (status) {
      entry.state = "failed";
      entry.status = status;
    }
    if (!outbox().some(function (e) { return e.key === entry.key; })) {
      var entries = outbox();
      entries.push(entry);
      setOutbox(entries);
    }
    clearDraft(form);
    if (!form.dataset.waitingKey) showWaiting(form, entry);
    render();
    schedule(navigator.onLine ? 1000 : null);
  }

  function entryFor(form, submitter) {
    return {
      key: formKey(form),
      session: form.dataset.session,
      user: me,
      url: recordUrl(form),
      page: location.href.split("#")[0],
      number: handNumber(form),
      fields: pairs(form, submitter),
      queuedAt: Date.now(),
    };
  }

  var attempt = null; // the Save that htmx is sending: queued if the network fails it

  // Before htmx sees the submit (capture phase on the document): when the phone is
  // offline, or hands of this session are still waiting, the Save joins the outbox,
  // so that hands reach the server in the order they were played.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.id !== "hand-form") return;
    if (form.dataset.waitingKey) { // already kept: a second tap changes nothing
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    var entry = entryFor(form, event.submitter);
    attempt = entry;
    if (navigator.onLine && !pendingFor(entry.session).length) return; // htmx sends it
    event.preventDefault();
    event.stopPropagation();
    queueSave(form, entry);
  }, true);

  function lost(event, status) {
    var form = handForm();
    if (!form || event.detail.elt !== form || !attempt || attempt.key !== formKey(form)) return;
    queueSave(form, attempt, status); // the server may have it already: its key makes a resend harmless
  }
  document.addEventListener("htmx:sendError", function (event) { lost(event); });
  document.addEventListener("htmx:timeout", function (event) { lost(event); });
  // Any Save the server fails (5xx), or cannot take now (a stale token, too many
  // requests), joins the outbox; one it refuses outright stays in the form, and says so.
  document.addEventListener("htmx:responseError", function (event) {
    var form = handForm();
    var status = event.detail.xhr.status;
    if (!form || event.detail.elt !== form) return;
    if (status >= 500 || [403, 408, 429].indexOf(status) >= 0) return lost(event, status);
    notice = fill(text.refusedNow, { number: handNumber(form), status: status });
    render();
  });
  // A Save answered with another page (the sign-in page, after a redirect) is not
  // swapped into the form: it waits in the outbox until its user signs in again.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var form = handForm();
    var xhr = event.detail.xhr;
    if (!form || event.detail.elt !== form || !xhr.responseURL) return;
    if (new URL(xhr.responseURL).pathname !== new URL(recordUrl(form)).pathname) {
      event.detail.shouldSwap = false;
      lost(event);
    }
  });
  document.addEventListener("htmx:configRequest", function (event) {
    // A request that hangs on a bad connection gives up and joins the outbox.
    if (event.detail.elt === handForm()) event.detail.timeout = 20000;
  });
  // The server recorded the hand (scoring/views/hands.py sends this event with its answer).
  document.addEventListener("hand-saved", function () {
    var form = handForm();
    if (form) clearDraft(form);
    if (notice) {
      notice = null;
      render();
    }
  });
  document.addEventListener("htmx:sendError", function (event) {
    // The live preview cannot reach the server: say so rather than show a stale score.
    var preview = document.getElementById("preview");
    var form = handForm();
    if (!preview || event.detail.elt.id !== "preview-slot") return;
    if (form && form.dataset.waitingKey) return; // the kept hand's score: still right
    preview.textContent = "";
    var p = document.createElement("p");
    p.className = "muted";
    p.textContent = text.noPreview;
    preview.appendChild(p);
  });
  document.addEventListener("htmx:afterSwap", function () {
    var form = handForm();
    if (form) setHeading(form);
  });
  function onEdit(event) {
    var form = handForm();
    if (form && form.contains(event.target)) saveDraft(form);
  }
  document.addEventListener("change", onEdit);
  document.addEventListener("input", onEdit);

  // ---- sending the outbox -----------------------------------------------------------
  var sending = false;
  var timer = null;
  var backoff = 2000;
  var freshToken = null;

  function schedule(delay) {
    clearTimeout(timer);
    timer = null;
    if (delay !== null) timer = setTimeout(flush, delay);
  }

  function pageToken() {
    if (cachedAt !== null || offlinePage) return null; // a kept copy's token may be stale
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : null;
  }

  async function tokenFrom(page) {
    try {
      var response = await fetch(page, { credentials: "same-origin", cache: "no-store" });
      if (!response.ok || response.redirected) return null;
      var doc = new DOMParser().parseFromString(await response.text(), "text/html");
      var input = doc.querySelector("input[name=csrfmiddlewaretoken]");
      return input ? input.value : null;
    } catch (error) {
      return null;
    }
  }

  async function send(entry, retried) {
    var stored = entry.fields.filter(function (p) { return p[0] === "csrfmiddlewaretoken"; })[0];
    var token = freshToken || pageToken() || (stored ? stored[1] : "");
    var body = new URLSearchParams();
    entry.fields.forEach(function (p) { body.append(p[0], p[0] === "csrfmiddlewaretoken" ? token : p[1]); });
    var response;
    try {
      // To the record URL of the entry's own session, never the page's.
      response = await fetch(entry.url, {
        method: "POST",
        body: body,
        credentials: "same-origin",
        cache: "no-store",
        headers: { "X-CSRFToken": token, "HX-Request": "true" },
      });
    } catch (error) {
      return { kind: "network" };
    }
    var events = triggered(response);
    if (events["hand-saved"]) return { kind: "sent", steps: events["hand-saved"] };
    if (response.status === 403 && !retried) {
      // The CSRF token has changed since (a new sign-in): take a fresh one and try once more.
      freshToken = await tokenFrom(entry.page);
      return freshToken ? send(entry, true) : { kind: "network" };
    }
    if (response.redirected) return { kind: "signin" }; // sent to the login page
    if (response.status >= 500 || response.status === 429 || response.status === 408) {
      return { kind: "network", status: response.status };
    }
    // The entry itself is wrong, the table changed, or the session ended: back to the form.
    var refused = events["hand-refused"] || {};
    return { kind: "refused", reason: refused.reason || "" };
  }

  function triggered(response) {
    try {
      var found = JSON.parse(response.headers.get("HX-Trigger") || "{}");
      return found && typeof found === "object" ? found : {};
    } catch (error) {
      return {};
    }
  }

  // A hand sent from the outbox moved the table from one version to the next: the
  // hands still waiting that were drawn for the same table move on with it (they
  // were kept one after the other on this phone), unless something else changed
  // the table in between, which the server then judges.
  function advance(entry, steps) {
    if (!steps || steps.from === undefined) return;
    var drawn = String(steps.from), next = String(steps.to);
    setOutbox(outbox().map(function (e) {
      if (e.key === entry.key || e.session !== entry.session) return e;
      e.fields = e.fields.map(function (p) {
        return p[0] === "table_version" && p[1] === drawn ? [p[0], next] : p;
      });
      return e;
    }));
  }

  function giveBack(entry, reason) {
    // The refused entry becomes the session's draft (unless one is being typed), with
    // its key: should the hand have been stored after all, saving it again finds it.
    var name = DRAFT + me + ":" + entry.session;
    if (!load("local", name, null)) {
      var values = entry.fields.filter(function (p) { return !NOT_DRAFT[p[0]]; });
      var seats = entry.fields.filter(function (p) { return p[0] === "seats"; })[0];
      save("local", name, { number: null, values: values, key: entry.key, seats: seats ? seats[1] : "" });
    }
    notice = fill(reason ? text.refusedWhy : text.refused, { number: entry.number, reason: reason });
    save("session", NOTICE, notice);
  }

  async function sendAll() {
    var sent = 0;
    var outcome = "done";
    for (;;) {
      var entry = outbox().filter(mine)[0];
      if (!entry) break;
      var result = await send(entry, false);
      if (result.kind === "sent") {
        removeEntry(entry.key);
        advance(entry, result.steps);
        sent += 1;
      } else if (result.kind === "refused") {
        removeEntry(entry.key);
        giveBack(entry, result.reason);
        sent += 1;
      } else if (result.kind === "signin") {
        markEntry(entry.key, "signin");
        outcome = "signin";
        break;
      } else {
        if (result.status) markEntry(entry.key, "failed", result.status);
        outcome = "retry";
        break;
      }
    }
    return { sent: sent, outcome: outcome };
  }

  async function flush() {
    schedule(null);
    if (sending || !outbox().some(mine)) return;
    sending = true;
    var result;
    try {
      result = navigator.locks
        ? await navigator.locks.request("napoleon-outbox", sendAll)
        : await sendAll();
    } finally {
      sending = false;
    }
    render();
    if (result.outcome === "retry") {
      schedule(navigator.onLine ? backoff : null);
      backoff = Math.min(backoff * 2, 30000);
      return;
    }
    backoff = 2000;
    if (result.sent && (document.getElementById("board") || handForm() || cachedAt !== null || offlinePage)) {
      location.reload(); // the new totals (and the hand form's next number)
    }
  }

  // ---- start ----------------------------------------------------------------------------
  window.addEventListener("online", function () {
    render();
    backoff = 2000;
    if (outbox().some(mine)) flush(); // reloads when done (else kept.js finds the live page)
  });
  window.addEventListener("offline", render);
  window.addEventListener("storage", render); // another tab queued or sent a hand
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && outbox().some(mine)) flush();
  });
  window.addEventListener("pageshow", function (event) { if (event.persisted) render(); });

  document.addEventListener("DOMContentLoaded", function () {
    var form = handForm();
    if (form) {
      var preview = document.getElementById("preview");
      if (preview) blankPreview = preview.cloneNode(true);
      var key = field(form, "key");
      // A kept copy's key may have been used since: a fresh one, so no hand is lost to it.
      if (key && (cachedAt !== null || outbox().some(function (e) { return e.key === key.value; }))) {
        key.value = uuid();
      }
      setHeading(form);
      restoreDraft(form);
    }
    render();
    if (outbox().some(mine)) flush();
  });
})();
