// A Storage kept in memory, for the outbox's tests: it can be made to fail the way a
// browser's does (storage turned off, or full).

export class Memory {
  constructor() {
    /** @type {Map<string, string>} */
    this.items = new Map();
    this.full = false;
  }

  get length() {
    return this.items.size;
  }

  clear() {
    this.items.clear();
  }

  /** @param {number} index */
  key(index) {
    return Array.from(this.items.keys())[index] ?? null;
  }

  /** @param {string} name */
  getItem(name) {
    return this.items.has(name) ? String(this.items.get(name)) : null;
  }

  /**
   * @param {string} name
   * @param {string} value
   */
  setItem(name, value) {
    if (this.full) throw new Error("QuotaExceededError");
    this.items.set(name, String(value));
  }

  /** @param {string} name */
  removeItem(name) {
    this.items.delete(name);
  }

  /** The shelf the outbox's functions take: this storage. */
  shelf() {
    return () => /** @type {Storage} */ (/** @type {unknown} */ (this));
  }
}

/** A shelf whose storage cannot be reached at all (a browser with storage turned off). */
export function unreachable() {
  /** @returns {Storage} */
  return () => {
    throw new Error("SecurityError");
  };
}

/**
 * An outbox entry, with what the tests do not care about filled in.
 * @param {Partial<import("../../static/js/outbox/storage.js").Entry>} fields
 * @returns {import("../../static/js/outbox/storage.js").Entry}
 */
export function entry(fields) {
  return {
    key: "k",
    session: "1",
    user: "me",
    url: "/sessions/1/record/",
    page: "/sessions/1/",
    number: 1,
    fields: [],
    queuedAt: 0,
    ...fields,
  };
}
