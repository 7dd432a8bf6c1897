// Sending the outbox: one entry after the other, oldest first, so that hands reach the
// server in the order they were played.

/** @typedef {import("./storage.js").Entry} Entry */
/** @typedef {import("./storage.js").Steps} Steps */
/** @typedef {import("./storage.js").Outbox} Outbox */
/**
 * What became of one entry sent: recorded (with the versions the table moved between),
 * refused (its reason, in the user's language), sent to the sign-in page, or not heard
 * (no connection, or the server failed with ``status``).
 * @typedef {{kind: "sent", steps?: Steps} | {kind: "refused", reason: string}
 *   | {kind: "signin"} | {kind: "network", status?: number}} Result
 */
/** @typedef {{sent: number, outcome: "done" | "signin" | "retry"}} Round */

/**
 * A hand sent from the outbox moved the table from one version to the next: the hands
 * still waiting that were drawn for the same table move on with it (they were kept one
 * after the other on this phone), unless something else changed the table in between,
 * which the server then judges. The entries unchanged (the same list) without steps.
 * @param {Entry[]} entries
 * @param {Entry} entry the one just sent
 * @param {Steps | undefined} steps
 * @returns {Entry[]}
 */
export function advance(entries, entry, steps) {
  if (!steps || steps.from === undefined) return entries;
  const drawn = String(steps.from);
  const next = String(steps.to);
  return entries.map((other) => {
    if (other.key === entry.key || other.session !== entry.session) return other;
    /** @type {Entry["fields"]} */
    const fields = other.fields.map((pair) =>
      pair[0] === "table_version" && pair[1] === drawn ? [pair[0], next] : pair,
    );
    return { ...other, fields };
  });
}

/**
 * Send this user's entries until none is left or one cannot go now.
 * @param {Outbox} outbox
 * @param {(entry: Entry) => Promise<Result>} send
 * @param {(entry: Entry, reason: string) => void} giveBack a refused entry back to its form
 * @returns {Promise<Round>} how many left the outbox, and why it stopped
 */
export async function sendAll(outbox, send, giveBack) {
  let sent = 0;
  for (;;) {
    const entry = outbox.waiting()[0];
    if (!entry) return { sent, outcome: "done" };
    // One at a time, in order: a hand must not overtake the one before it.
    const result = await send(entry);
    if (result.kind === "sent") {
      outbox.remove(entry.key);
      const entries = outbox.entries();
      const moved = advance(entries, entry, result.steps);
      if (moved !== entries) outbox.set(moved);
      sent += 1;
    } else if (result.kind === "refused") {
      outbox.remove(entry.key);
      giveBack(entry, result.reason);
      sent += 1;
    } else if (result.kind === "signin") {
      outbox.mark(entry.key, "signin");
      return { sent, outcome: "signin" };
    } else {
      if (result.status) outbox.mark(entry.key, "failed", result.status);
      return { sent, outcome: "retry" };
    }
  }
}

/**
 * A new idempotency key (a version 4 UUID): crypto.randomUUID is only there on secure
 * pages, so a page served over plain http on the local network builds one itself.
 * @param {{randomUUID?: () => string, getRandomValues: (array: Uint8Array) => Uint8Array}} source
 */
export function newKey(source) {
  if (source.randomUUID) return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 15) | 64;
  bytes[8] = (bytes[8] & 63) | 128;
  const hex = Array.from(bytes, (byte) => (byte + 256).toString(16).slice(1)).join("");
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
}
