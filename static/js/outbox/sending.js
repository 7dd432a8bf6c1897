// What a kept Save sends, what the server's answer means, and how long to wait before
// trying again.

/** @typedef {import("./storage.js").Pair} Pair */
/** @typedef {import("./queue.js").Result} Result */

export const FIRST_BACKOFF = 2000;
export const MAX_BACKOFF = 30000;
// A Save that hangs on a bad connection gives up after this long and joins the outbox.
export const TIMEOUT = 20000;

/**
 * The wait after this one, while sending keeps failing: doubled, up to half a minute.
 * @param {number} backoff
 */
export function nextBackoff(backoff) {
  return Math.min(backoff * 2, MAX_BACKOFF);
}

/**
 * The events the server sent with its answer (the HX-Trigger header, as JSON): none when
 * there is no header or it cannot be read.
 * @param {string | null} header
 * @returns {Record<string, any>}
 */
export function triggered(header) {
  try {
    const found = JSON.parse(header || "{}");
    return found && typeof found === "object" ? found : {};
  } catch {
    return {};
  }
}

/**
 * A Save that htmx sent and the server failed (5xx), or cannot take now (a stale token,
 * a timeout, too many requests), joins the outbox; one refused outright stays in the form.
 * @param {number} status
 */
export function keptOnError(status) {
  return status >= 500 || [403, 408, 429].indexOf(status) >= 0;
}

/**
 * What the answer to a Save sent from the outbox means. "token": the CSRF token has changed
 * since (a new sign-in); take a fresh one and send once more.
 * @param {{status: number, redirected: boolean}} answer
 * @param {Record<string, any>} events what the server triggered (see triggered)
 * @param {boolean} retried sent already with a fresh token
 * @returns {Result | {kind: "token"}}
 */
export function judge(answer, events, retried) {
  if (events["hand-saved"]) return { kind: "sent", steps: events["hand-saved"] };
  if (answer.status === 403 && !retried) return { kind: "token" };
  if (answer.redirected) return { kind: "signin" }; // sent to the login page
  if (answer.status >= 500 || answer.status === 429 || answer.status === 408) {
    return { kind: "network", status: answer.status };
  }
  // The entry itself is wrong, the table changed, or the session ended: back to the form.
  const refused = events["hand-refused"] || {};
  return { kind: "refused", reason: refused.reason || "" };
}

/**
 * The token stored with an entry: the one its page had when it was kept.
 * @param {Pair[]} fields
 */
export function storedToken(fields) {
  const stored = fields.filter((pair) => pair[0] === "csrfmiddlewaretoken")[0];
  return stored ? stored[1] : "";
}

/**
 * An entry's fields as a form body, with ``token`` for its CSRF token.
 * @param {Pair[]} fields
 * @param {string} token
 */
export function formBody(fields, token) {
  const body = new URLSearchParams();
  fields.forEach(([name, value]) => body.append(name, name === "csrfmiddlewaretoken" ? token : value));
  return body;
}
