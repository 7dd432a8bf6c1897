// Sending one kept Save to the server, outside htmx: the page that kept it may be long gone.

import { formBody, judge, storedToken, triggered } from "./sending.js";

/** @typedef {import("./storage.js").Entry} Entry */
/** @typedef {import("./queue.js").Result} Result */

/** @type {string | null} a token fetched after the page's own was refused */
let freshToken = null;

/**
 * The CSRF token of a page, fetched again: none when that fails or it asks to sign in.
 * @param {string} page
 */
async function tokenFrom(page) {
  try {
    const response = await fetch(page, { credentials: "same-origin", cache: "no-store" });
    if (!response.ok || response.redirected) return null;
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    const input = /** @type {HTMLInputElement | null} */ (doc.querySelector("input[name=csrfmiddlewaretoken]"));
    return input ? input.value : null;
  } catch {
    return null;
  }
}

/**
 * @param {Entry} entry
 * @param {() => string | null} pageToken this page's token, when it can be trusted
 * @param {boolean} [retried] sent already with a fresh token
 * @returns {Promise<Result>}
 */
export async function send(entry, pageToken, retried = false) {
  const token = freshToken || pageToken() || storedToken(entry.fields);
  let response;
  try {
    // To the record URL of the entry's own session, never the page's.
    response = await fetch(entry.url, {
      method: "POST",
      body: formBody(entry.fields, token),
      credentials: "same-origin",
      cache: "no-store",
      headers: { "X-CSRFToken": token, "HX-Request": "true" },
    });
  } catch {
    return { kind: "network" };
  }
  const result = judge(response, triggered(response.headers.get("HX-Trigger")), retried);
  if (result.kind !== "token") return result;
  freshToken = await tokenFrom(entry.page);
  return freshToken ? send(entry, pageToken, true) : { kind: "network" };
}
