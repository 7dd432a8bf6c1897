// The hand being entered (the draft): which fields it keeps, the hand it was typed for,
// and its places carried to another line-up.

import { draftName, load, save } from "./storage.js";

/** @typedef {import("./storage.js").Pair} Pair */
/** @typedef {import("./storage.js").Entry} Entry */
/** @typedef {import("./storage.js").Draft} Draft */
/** @typedef {import("./storage.js").Shelf} Shelf */

// Form fields that belong to this copy of the form, not to the hand being entered: a draft
// keeps its key and the line-up it was drawn for apart (see draftOf).
export const NOT_DRAFT = new Set(["csrfmiddlewaretoken", "key", "version", "action", "table_version", "seats"]);
// Fields whose value is a place at the table (card_* too), and those whose name carries
// one (tricks_*).
const PLACE_VALUES = new Set(["declarer", "partner", "killed", "out"]);

/** @param {Pair[]} pairs */
export function draftValues(pairs) {
  return pairs.filter((pair) => !NOT_DRAFT.has(pair[0]));
}

/**
 * @param {number} number the hand the form records
 * @param {Pair[]} pairs the form's fields
 * @param {string} key
 * @param {string} seats the line-up the form was drawn for
 * @returns {Draft}
 */
export function draftOf(number, pairs, key, seats) {
  return { number, values: draftValues(pairs), key, seats };
}

/**
 * A Save the server refused, back as the session's draft: with its key, so that should
 * the hand have been stored after all, saving it again finds it; for whichever hand
 * the form records next.
 * @param {Entry} entry
 * @returns {Draft}
 */
export function givenBack(entry) {
  const seats = entry.fields.filter((pair) => pair[0] === "seats")[0];
  return { number: null, values: draftValues(entry.fields), key: entry.key, seats: seats ? seats[1] : "" };
}

/**
 * Put a refused entry back as its session's draft, unless one is being typed there.
 * @param {Shelf} shelf
 * @param {string} me
 * @param {Entry} entry
 */
export function backToDraft(shelf, me, entry) {
  const name = draftName(me, entry.session);
  if (!load(shelf, name, null)) save(shelf, name, givenBack(entry));
}

/**
 * A draft for another hand number: that hand was saved since (here or on another phone).
 * @param {Draft} draft
 * @param {number} number the hand the form records now
 */
export function stale(draft, number) {
  return draft.number !== null && draft.number !== number;
}

/**
 * The hand this form records: the server's number, plus the hands still in the outbox.
 * @param {string | undefined} shown the form's data-hand-number
 * @param {number} waiting this session's entries in the outbox
 */
export function handNumber(shown, waiting) {
  return parseInt(String(shown), 10) + waiting;
}

/**
 * A draft typed on another line-up (someone sat down or left since): each place it names
 * moves to where that player sits now; a player no longer at the table is dropped. Shown,
 * never sent by itself: the person checks it and saves.
 * @param {Pair[]} pairs
 * @param {string} drawn the seats (player ids, comma-separated, by place) it was typed on
 * @param {string} now the seats the form is drawn for now
 * @returns {Pair[]}
 */
export function carried(pairs, drawn, now) {
  if (!drawn || !now || drawn === now) return pairs;
  const before = drawn.split(",");
  const after = now.split(",");
  /** @param {string} value */
  function move(value) {
    if (!/^[0-9]+$/.test(value)) return value; // "alone", "discard", "in"
    const found = after.indexOf(before[parseInt(value, 10)]);
    return found < 0 ? null : String(found);
  }
  /** @type {Pair[]} */
  const out = [];
  pairs.forEach(([name, value]) => {
    /** @type {string | null} */
    let moved = value;
    /** @type {string | null} */
    let renamed = name;
    if (PLACE_VALUES.has(name) || name.indexOf("card_") === 0) moved = move(value);
    else if (name.indexOf("tricks_") === 0) {
      const place = move(name.slice(7));
      renamed = place === null ? null : "tricks_" + place;
    }
    if (renamed !== null && moved !== null) out.push([renamed, moved]);
  });
  return out;
}

/**
 * The draft's values by field name, for putting back into the form.
 * @param {Pair[]} pairs
 * @returns {Map<string, string[]>}
 */
export function byName(pairs) {
  const values = new Map();
  pairs.forEach(([name, value]) => {
    if (!values.has(name)) values.set(name, []);
    values.get(name).push(value);
  });
  return values;
}
