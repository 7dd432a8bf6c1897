// The banner's words. They come translated from #connection (templates/pwa/connection.html),
// with Python's %(name)s placeholders.

/** @typedef {import("./storage.js").Entry} Entry */
/** The data-* attributes of #connection. @typedef {Record<string, string | undefined>} Words */
/** One line of the banner: its class, its text. @typedef {[string, string]} Line */

/**
 * @param {string | undefined} template
 * @param {Record<string, unknown>} values
 */
export function fill(template, values) {
  return (template || "").replace(/%\((\w+)\)s/g, (_all, name) => String(values[name]));
}

/**
 * A time of day in the page's language (the browser's when it does not know that one).
 * @param {number} ms
 * @param {string} lang
 */
export function clock(ms, lang) {
  /** @type {Intl.DateTimeFormatOptions} */
  const options = { hour: "2-digit", minute: "2-digit" };
  try {
    return new Date(ms).toLocaleTimeString(lang || undefined, options);
  } catch {
    return new Date(ms).toLocaleTimeString(undefined, options);
  }
}

/**
 * What the banner says: offline since when, a notice left by the page before, and each
 * hand waiting in the outbox; and whether it offers to send them now.
 * @param {object} state
 * @param {boolean} state.offline the page is a kept copy, or the phone is offline
 * @param {boolean} state.offlinePage the offline page, which says so itself
 * @param {boolean} state.online navigator.onLine
 * @param {string} state.time when the copy was kept, or the page loaded
 * @param {string | null} state.notice
 * @param {Entry[]} state.entries the whole outbox
 * @param {string} state.me the signed-in user's key, "-" for nobody
 * @param {Words} words
 * @returns {{lines: Line[], retry: boolean}}
 */
export function banner(state, words) {
  /** @type {Line[]} */
  const lines = [];
  if (state.offline && !state.offlinePage) lines.push(["banner", fill(words.offline, { time: state.time })]);
  if (state.notice) lines.push(["notice", state.notice]);
  let waiting = 0;
  state.entries.forEach((entry) => {
    if (state.me !== "-" && entry.user !== state.me) return; // another sign-in's hands
    const said = entry.state === "signin" ? words.signin : entry.state === "failed" ? words.failed : words.waiting;
    const values = { number: entry.number, status: entry.status };
    lines.push(["outbox" + (entry.state === "failed" ? " failed" : ""), fill(said, values)]);
    if (entry.state !== "signin") waiting += 1;
  });
  return { lines, retry: waiting > 0 && state.online && !state.offlinePage };
}

/**
 * What the banner says of a hand the server refused when the outbox sent it.
 * @param {Words} words
 * @param {Entry} entry
 * @param {string} reason the server's, in the user's language; may be empty
 */
export function refusal(words, entry, reason) {
  return fill(reason ? words.refusedWhy : words.refused, { number: entry.number, reason });
}
