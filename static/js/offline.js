// A bad connection at the card table. Loaded by the table screen, and by kept.js on any
// other page with something for it to do (a kept copy, no connection, hands waiting):
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
//
// This module wires the page's events; what it decides is in ./outbox/ (unit-tested
// in tests/js/), and the hand form's DOM in ./outbox/form.js.

import { backToDraft, carried, draftOf, handNumber as numberOf, stale } from "./outbox/draft.js";
import { clearWaiting, field, fieldValue, handForm, pairs, putBack, recordUrl, showWaiting } from "./outbox/form.js";
import { send } from "./outbox/net.js";
import { newKey, sendAll } from "./outbox/queue.js";
import { FIRST_BACKOFF, TIMEOUT, keptOnError, nextBackoff } from "./outbox/sending.js";
import { NOTICE, Outbox, draftName, load, save } from "./outbox/storage.js";
import { banner, clock, fill, refusal } from "./outbox/words.js";

/** @typedef {import("./outbox/storage.js").Entry} Entry */
/** @typedef {import("./outbox/storage.js").Draft} Draft */
/** @typedef {import("./outbox/form.js").Submitter} Submitter */
/** @typedef {import("./outbox/words.js").Words} Words */
/**
 * What htmx puts in its events' detail (the parts read here).
 * @typedef {{elt: HTMLElement, xhr: XMLHttpRequest, shouldSwap: boolean, timeout: number}} Detail
 */

const root = document.documentElement;
const box = document.getElementById("connection");
/** @type {Words} */
const text = box ? box.dataset : {};
const me = text.user || "-";
const offlinePage = root.hasAttribute("data-offline-page");
const cachedAt = root.dataset.cachedAt ? parseInt(root.dataset.cachedAt, 10) : null;
const loadedAt = Date.now();
/** @type {import("./outbox/storage.js").Shelf} */
const local = () => window.localStorage;
/** @type {import("./outbox/storage.js").Shelf} */
const tab = () => window.sessionStorage;
const outbox = new Outbox(local, me);

/** @type {string | null} what the banner shows now */
let shown = null;
/** @type {string | null} a line for the banner, left by the page before this one */
let notice = null;
/** @type {Node | null} the live preview as served, for "Next hand" */
let blankPreview = null;
/** @type {Entry | null} the Save that htmx is sending: queued if the network fails it */
let attempt = null;
let sending = false;
/** @type {number | null} */
let timer = null;
let backoff = FIRST_BACKOFF;

// ---- the banner and the outbox ------------------------------------------------
function render() {
  if (!box) return;
  const offline = cachedAt !== null || offlinePage || !navigator.onLine;
  root.classList.toggle("offline", offline);
  const state = { offline, offlinePage, online: navigator.onLine, notice, me };
  const time = clock(cachedAt || loadedAt, root.lang);
  const { lines, retry } = banner({ ...state, time, entries: outbox.entries() }, text);
  const signature = JSON.stringify([lines, retry]);
  if (signature === shown) return;
  shown = signature;
  box.textContent = "";
  lines.forEach(([name, words]) => {
    const p = document.createElement("p");
    p.className = name;
    p.textContent = words;
    box.appendChild(p);
  });
  if (retry) {
    const again = document.createElement("button");
    again.type = "button";
    again.className = "retry";
    again.textContent = text.retry || "";
    again.addEventListener("click", () => {
      backoff = FIRST_BACKOFF;
      flush();
    });
    box.appendChild(again);
  }
  box.hidden = lines.length === 0;
}

// ---- the hand form --------------------------------------------------------------
/** @param {HTMLFormElement} form */
function formKey(form) {
  return fieldValue(form, "key");
}
/** @param {HTMLFormElement} form */
function draftFor(form) {
  return draftName(me, form.dataset.session);
}
/** @param {HTMLFormElement} form the hand it records, counting those still in the outbox */
function handNumber(form) {
  return numberOf(form.dataset.handNumber, outbox.pendingFor(form.dataset.session).length);
}

/** @param {HTMLFormElement} form */
function saveDraft(form) {
  if (me === "-" || form.dataset.waitingKey) return;
  save(local, draftFor(form), draftOf(handNumber(form), pairs(form), formKey(form), fieldValue(form, "seats")));
}
/** @param {HTMLFormElement} form */
function clearDraft(form) {
  save(local, draftFor(form), null);
}

/** @param {HTMLFormElement} form */
function restoreDraft(form) {
  const draft = load(local, draftFor(form), /** @type {Draft | null} */ (null));
  if (!draft) return;
  if (stale(draft, handNumber(form))) {
    clearDraft(form);
    return;
  }
  const moved = carried(draft.values, draft.seats, fieldValue(form, "seats"));
  // The same hand's key: if it was stored after all, saving it again is recognised.
  const key = field(form, "key");
  if (draft.key && key) key.value = draft.key;
  putBack(form, moved);
}

/** @param {HTMLFormElement} form */
function setHeading(form) {
  /** @type {HTMLElement | null} */
  const heading = document.querySelector("#record h2");
  const number = form.dataset.waitingNumber || handNumber(form);
  if (heading && (String(number) !== form.dataset.handNumber || heading.dataset.changed)) {
    heading.dataset.changed = "1";
    heading.textContent = fill(text.heading, { number });
  }
}

/**
 * @param {HTMLFormElement} form
 * @param {Entry} entry
 */
function wait(form, entry) {
  const next = showWaiting(form, entry, text, () => nextHand(form));
  setHeading(form);
  next.focus();
}

/** @param {HTMLFormElement} form */
function nextHand(form) {
  clearWaiting(form);
  const key = field(form, "key");
  if (key) key.value = newKey(window.crypto);
  const preview = document.getElementById("preview");
  if (preview && blankPreview) preview.replaceWith(blankPreview.cloneNode(true));
  clearDraft(form);
  setHeading(form);
  render();
}

/**
 * @param {HTMLFormElement} form
 * @param {Entry} entry
 * @param {number} [status] the server's error, when it failed the Save
 */
function queueSave(form, entry, status) {
  if (status) {
    entry.state = "failed";
    entry.status = status;
  }
  outbox.add(entry);
  clearDraft(form);
  if (!form.dataset.waitingKey) wait(form, entry);
  render();
  schedule(navigator.onLine ? 1000 : null);
}

/**
 * @param {HTMLFormElement} form
 * @param {Submitter | null} submitter
 * @returns {Entry}
 */
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

// ---- htmx's Saves ----------------------------------------------------------------
/**
 * Before htmx sees the submit (capture phase on the document): when the phone is
 * offline, or hands of this session are still waiting, the Save joins the outbox,
 * so that hands reach the server in the order they were played.
 * @param {SubmitEvent} event
 */
function onSubmit(event) {
  const form = /** @type {HTMLFormElement} */ (event.target);
  if (form.id !== "hand-form") return;
  const submitter = /** @type {Submitter | null} */ (event.submitter);
  if (submitter && submitter.name === "tap") return; // a tap of "Record the play": not a Save
  if (form.dataset.waitingKey) {
    // already kept: a second tap changes nothing
    event.preventDefault();
    event.stopPropagation();
    return;
  }
  const entry = entryFor(form, submitter);
  attempt = entry;
  if (navigator.onLine && !outbox.pendingFor(entry.session).length) return; // htmx sends it
  event.preventDefault();
  event.stopPropagation();
  queueSave(form, entry);
}

/**
 * @param {Detail} detail
 * @param {number} [status]
 */
function lost(detail, status) {
  const form = handForm();
  if (!form || detail.elt !== form || !attempt || attempt.key !== formKey(form)) return;
  queueSave(form, attempt, status); // the server may have it already: its key makes a resend harmless
}

/**
 * Any Save the server fails (5xx), or cannot take now (a stale token, too many requests),
 * joins the outbox; one it refuses outright stays in the form, and says so.
 * @param {Detail} detail
 */
function onResponseError(detail) {
  const form = handForm();
  const status = detail.xhr.status;
  if (!form || detail.elt !== form) return;
  if (keptOnError(status)) {
    lost(detail, status);
    return;
  }
  notice = fill(text.refusedNow, { number: handNumber(form), status });
  render();
}

/**
 * A Save answered with another page (the sign-in page, after a redirect) is not swapped
 * into the form: it waits in the outbox until its user signs in again.
 * @param {Detail} detail
 */
function onBeforeSwap(detail) {
  const form = handForm();
  const xhr = detail.xhr;
  if (!form || detail.elt !== form || !xhr.responseURL) return;
  if (new URL(xhr.responseURL).pathname !== new URL(recordUrl(form)).pathname) {
    detail.shouldSwap = false;
    lost(detail);
  }
}

// The server recorded the hand (scoring/views/hands.py sends this event with its answer).
function onSaved() {
  const form = handForm();
  if (form) clearDraft(form);
  if (notice) {
    notice = null;
    render();
  }
}

/**
 * The live preview cannot reach the server: say so rather than show a stale score.
 * @param {Detail} detail
 */
function previewLost(detail) {
  const preview = document.getElementById("preview");
  const form = handForm();
  if (!preview || detail.elt.id !== "preview-slot") return;
  if (form && form.dataset.waitingKey) return; // the kept hand's score: still right
  preview.textContent = "";
  const p = document.createElement("p");
  p.className = "muted";
  p.textContent = text.noPreview || "";
  preview.appendChild(p);
}

/** @param {Event} event */
function onEdit(event) {
  const form = handForm();
  if (form && form.contains(/** @type {Node} */ (event.target))) saveDraft(form);
}

// ---- sending the outbox -----------------------------------------------------------
/** @param {number | null} delay none: wait for an event (online, a tap, a page load) */
function schedule(delay) {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (delay !== null) timer = window.setTimeout(flush, delay);
}

function pageToken() {
  if (cachedAt !== null || offlinePage) return null; // a kept copy's token may be stale
  /** @type {HTMLInputElement | null} */
  const input = document.querySelector("input[name=csrfmiddlewaretoken]");
  return input ? input.value : null;
}

/**
 * @param {Entry} entry
 * @param {string} reason the server's, in the user's language; may be empty
 */
function giveBack(entry, reason) {
  backToDraft(local, me, entry);
  notice = refusal(text, entry, reason);
  save(tab, NOTICE, notice);
}

async function flush() {
  schedule(null);
  if (sending || !outbox.waiting().length) return;
  sending = true;
  const all = () => sendAll(outbox, (entry) => send(entry, pageToken), giveBack);
  let result;
  try {
    result = navigator.locks ? await navigator.locks.request("napoleon-outbox", all) : await all();
  } finally {
    sending = false;
  }
  render();
  if (result.outcome === "retry") {
    schedule(navigator.onLine ? backoff : null);
    backoff = nextBackoff(backoff);
    return;
  }
  backoff = FIRST_BACKOFF;
  if (result.sent && (document.getElementById("board") || handForm() || cachedAt !== null || offlinePage)) {
    location.reload(); // the new totals (and the hand form's next number)
  }
}

// ---- start ----------------------------------------------------------------------------
function ready() {
  const form = handForm();
  if (form) {
    const preview = document.getElementById("preview");
    if (preview) blankPreview = preview.cloneNode(true);
    const key = field(form, "key");
    // A kept copy's key may have been used since: a fresh one, so no hand is lost to it.
    if (key && (cachedAt !== null || outbox.has(key.value))) key.value = newKey(window.crypto);
    setHeading(form);
    restoreDraft(form);
  }
  render();
  if (outbox.waiting().length) flush();
}

/**
 * htmx's events, with their detail.
 * @param {string} name
 * @param {(detail: Detail) => void} handler
 */
function onHtmx(name, handler) {
  document.addEventListener(name, (event) => handler(/** @type {CustomEvent<Detail>} */ (event).detail));
}

function start() {
  notice = load(tab, NOTICE, null);
  save(tab, NOTICE, null);
  document.addEventListener("submit", onSubmit, true);
  onHtmx("htmx:sendError", (detail) => lost(detail));
  onHtmx("htmx:timeout", (detail) => lost(detail));
  onHtmx("htmx:responseError", onResponseError);
  onHtmx("htmx:beforeSwap", onBeforeSwap);
  onHtmx("htmx:configRequest", (detail) => {
    if (detail.elt === handForm()) detail.timeout = TIMEOUT;
  });
  document.addEventListener("hand-saved", onSaved);
  onHtmx("htmx:sendError", previewLost);
  document.addEventListener("htmx:afterSwap", () => {
    const form = handForm();
    if (form) setHeading(form);
  });
  document.addEventListener("change", onEdit);
  document.addEventListener("input", onEdit);
  window.addEventListener("online", () => {
    render();
    backoff = FIRST_BACKOFF;
    if (outbox.waiting().length) flush(); // reloads when done (else kept.js finds the live page)
  });
  window.addEventListener("offline", render);
  window.addEventListener("storage", render); // another tab queued or sent a hand
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && outbox.waiting().length) flush();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) render();
  });
  // Loaded later by kept.js on a page other than the table screen: the page is ready.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
}

if (box) start();
