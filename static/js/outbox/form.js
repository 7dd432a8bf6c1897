// The hand form (#hand-form, templates/scoring/table.html) as the outbox reads and
// writes it. The DOM side: what it decides is in draft.js.

import { NOT_DRAFT, byName } from "./draft.js";
import { fill } from "./words.js";

/** @typedef {import("./storage.js").Pair} Pair */
/** @typedef {import("./storage.js").Entry} Entry */
/** @typedef {import("./words.js").Words} Words */
/** @typedef {HTMLButtonElement | HTMLInputElement} Submitter */

export function handForm() {
  return /** @type {HTMLFormElement | null} */ (document.getElementById("hand-form"));
}

/**
 * @param {HTMLFormElement} form
 * @param {string} name
 */
export function field(form, name) {
  return /** @type {HTMLInputElement | null} */ (form.elements.namedItem(name));
}

/**
 * @param {HTMLFormElement} form
 * @param {string} name
 */
export function fieldValue(form, name) {
  const el = field(form, name);
  return el ? el.value : "";
}

/** @param {HTMLFormElement} form */
export function recordUrl(form) {
  return new URL(String(form.getAttribute("action")), location.href).href;
}

/** @param {HTMLFormElement} form every control, typed as the inputs most of them are */
function controls(form) {
  return /** @type {HTMLInputElement[]} */ (Array.from(form.elements));
}

/**
 * The form's fields as it would send them, the button that sent it included.
 * @param {HTMLFormElement} form
 * @param {Submitter | null} [submitter]
 * @returns {Pair[]}
 */
export function pairs(form, submitter) {
  let data;
  try {
    data = submitter ? new FormData(form, submitter) : new FormData(form);
  } catch {
    data = new FormData(form);
  }
  if (submitter && submitter.name && !data.has(submitter.name)) data.append(submitter.name, submitter.value);
  /** @type {Pair[]} */
  const out = [];
  data.forEach((value, name) => {
    if (typeof value === "string") out.push([name, value]);
  });
  return out;
}

/**
 * Put a draft's values back into the form (the key apart: the caller sets it).
 * @param {HTMLFormElement} form
 * @param {Pair[]} values
 */
export function putBack(form, values) {
  const wanted = byName(values);
  controls(form).forEach((el) => {
    if (!el.name || NOT_DRAFT.has(el.name) || el.type === "submit" || el.type === "button") return;
    const mine = wanted.get(el.name) || [];
    if (el.type === "radio" || el.type === "checkbox") el.checked = mine.indexOf(el.value) >= 0;
    else el.value = mine.length ? mine[0] : "";
    if (mine.length && el.type === "number") el.dataset.touched = "1"; // table.js: keep typed points
  });
  // The live preview (htmx) and the card grid (table.js) catch up.
  form.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * The form after a Save kept on this phone: shown as sent, waiting, until "Next hand".
 * @param {HTMLFormElement} form
 * @param {Entry} entry
 * @param {Words} words
 * @param {() => void} onNext
 * @returns {HTMLButtonElement} the "Next hand" button
 */
export function showWaiting(form, entry, words, onNext) {
  form.dataset.waitingKey = entry.key;
  form.dataset.waitingNumber = String(entry.number);
  form.classList.add("waiting");
  controls(form).forEach((el) => {
    el.disabled = true;
  });
  const note = document.createElement("div");
  note.className = "waiting-note";
  const line = document.createElement("p");
  line.className = "waiting-line";
  line.textContent = fill(entry.state === "failed" ? words.failed : words.waiting, entry);
  const kept = document.createElement("p");
  kept.className = "muted";
  kept.textContent = words.kept || "";
  const next = document.createElement("button");
  next.type = "button";
  next.className = "primary next-hand";
  next.textContent = words.next || "";
  next.addEventListener("click", onNext);
  note.appendChild(line);
  note.appendChild(kept);
  note.appendChild(next);
  form.appendChild(note);
  return next;
}

/**
 * Back from waiting to a blank form (the caller gives it a new key).
 * @param {HTMLFormElement} form
 */
export function clearWaiting(form) {
  const note = form.querySelector(".waiting-note");
  if (note) note.remove();
  form.classList.remove("waiting");
  delete form.dataset.waitingKey;
  delete form.dataset.waitingNumber;
  controls(form).forEach((el) => {
    el.disabled = false;
  });
  form.reset();
  form.querySelectorAll("[data-touched]").forEach((el) => {
    delete /** @type {HTMLElement} */ (el).dataset.touched;
  });
}
