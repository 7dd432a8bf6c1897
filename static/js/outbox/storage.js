// Where the outbox and the drafts are kept: localStorage ("local", across restarts) and
// sessionStorage ("session", this tab only). Reaching a storage may itself throw (storage
// turned off, some private modes), so each is asked for through a function, inside the try.

/** A form field as sent: name, value. @typedef {[string, string]} Pair */
/**
 * A Save kept on this phone until the server has it.
 * @typedef {object} Entry
 * @property {string} key the idempotency key: the server records the hand once
 * @property {string | undefined} session
 * @property {string} user whose Save it is (the page's data-user)
 * @property {string} url the record URL of the entry's own session
 * @property {string} page the page it was saved on: a fresh CSRF token comes from there
 * @property {number} number the hand's number, as shown
 * @property {Pair[]} fields
 * @property {number} queuedAt
 * @property {string} [state] "failed" or "signin"; waiting when absent
 * @property {number} [status] the server's error, when it failed
 */
/**
 * The hand being entered, kept through a reload. ``number`` null: given back by the
 * outbox, for whichever hand the form records next.
 * @typedef {{number: number | null, values: Pair[], key: string, seats: string}} Draft
 */
/**
 * What the server's hand-saved event says: the table versions before and after the hand.
 * @typedef {{from?: number, to?: number, number?: number}} Steps
 */
/** @typedef {() => Storage} Shelf */

export const OUTBOX = "napoleon:outbox";
export const DRAFT = "napoleon:draft:";
export const NOTICE = "napoleon:notice";

/**
 * @template T
 * @param {Shelf} shelf
 * @param {string} name
 * @param {T} fallback what a missing, unreadable or unparsable value reads as
 * @returns {T}
 */
export function load(shelf, name, fallback) {
  try {
    const value = shelf().getItem(name);
    return value ? JSON.parse(value) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * @param {Shelf} shelf
 * @param {string} name
 * @param {unknown} value null removes it
 */
export function save(shelf, name, value) {
  try {
    const store = shelf();
    if (value === null) store.removeItem(name);
    else store.setItem(name, JSON.stringify(value));
  } catch {
    /* storage full or off: nothing more to do */
  }
}

/**
 * Drafts are per user and session: another sign-in on this phone never sees one.
 * @param {string} me
 * @param {string | undefined} session
 */
export function draftName(me, session) {
  return DRAFT + me + ":" + session;
}

/**
 * The outbox: the Saves kept on this phone, oldest first. Read afresh each time, since
 * another tab may have queued or sent a hand meanwhile.
 */
export class Outbox {
  /**
   * @param {Shelf} shelf
   * @param {string} me the signed-in user's key, "-" for nobody
   */
  constructor(shelf, me) {
    this.shelf = shelf;
    this.me = me;
  }

  /** @returns {Entry[]} */
  entries() {
    return load(this.shelf, OUTBOX, /** @type {Entry[]} */ ([]));
  }

  /** @param {Entry[]} entries */
  set(entries) {
    save(this.shelf, OUTBOX, entries.length ? entries : null);
  }

  /** @param {Entry} entry */
  mine(entry) {
    return this.me !== "-" && entry.user === this.me;
  }

  /** This user's entries, the next one to send first. */
  waiting() {
    return this.entries().filter((entry) => this.mine(entry));
  }

  /** @param {string | undefined} session */
  pendingFor(session) {
    return this.waiting().filter((entry) => entry.session === session);
  }

  /** @param {string} key */
  has(key) {
    return this.entries().some((entry) => entry.key === key);
  }

  /** @param {Entry} entry kept once: a second Save of the same key adds nothing */
  add(entry) {
    if (this.has(entry.key)) return;
    const entries = this.entries();
    entries.push(entry);
    this.set(entries);
  }

  /** @param {string} key */
  remove(key) {
    this.set(this.entries().filter((entry) => entry.key !== key));
  }

  /**
   * @param {string} key
   * @param {string} state
   * @param {number} [status]
   */
  mark(key, state, status) {
    this.set(this.entries().map((entry) => (entry.key === key ? { ...entry, state, status } : entry)));
  }
}
