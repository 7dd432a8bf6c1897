// What the server's answers mean to the outbox, and how long it waits between tries.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  FIRST_BACKOFF,
  MAX_BACKOFF,
  formBody,
  judge,
  keptOnError,
  nextBackoff,
  storedToken,
  triggered,
} from "../../static/js/outbox/sending.js";

describe("the backoff", () => {
  it("doubles from two seconds up to half a minute, and stays there", () => {
    const waits = [FIRST_BACKOFF];
    for (let i = 0; i < 6; i += 1) waits.push(nextBackoff(waits[waits.length - 1]));
    assert.deepEqual(waits, [2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    assert.equal(MAX_BACKOFF, 30000);
  });
});

describe("triggered", () => {
  /** @type {[string | null, object][]} */
  const cases = [
    [null, {}],
    ["", {}],
    ["not json", {}],
    ["null", {}],
    ["5", {}],
    ['{"hand-saved": {"number": 3, "from": 7, "to": 8}}', { "hand-saved": { number: 3, from: 7, to: 8 } }],
  ];
  for (const [header, wanted] of cases) {
    it(`reads ${JSON.stringify(header)}`, () => {
      assert.deepEqual(triggered(header), wanted);
    });
  }
});

describe("keptOnError: a Save htmx sent that the outbox takes over", () => {
  for (const status of [500, 502, 503, 504, 403, 408, 429]) {
    it(`on ${status}`, () => assert.equal(keptOnError(status), true));
  }
  for (const status of [400, 404, 409, 413, 422]) {
    it(`not on ${status}: it stays in the form`, () => assert.equal(keptOnError(status), false));
  }
});

describe("judge", () => {
  const steps = { number: 3, from: 7, to: 8 };
  /** @type {[string, {status: number, redirected: boolean}, Record<string, any>, boolean, object][]} */
  const cases = [
    ["recorded", { status: 200, redirected: false }, { "hand-saved": steps }, false, { kind: "sent", steps }],
    ["a stale token, once", { status: 403, redirected: false }, {}, false, { kind: "token" }],
    ["a stale token again", { status: 403, redirected: false }, {}, true, { kind: "refused", reason: "" }],
    ["sent to sign in", { status: 200, redirected: true }, {}, false, { kind: "signin" }],
    ["a server error", { status: 502, redirected: false }, {}, false, { kind: "network", status: 502 }],
    ["too many requests", { status: 429, redirected: false }, {}, false, { kind: "network", status: 429 }],
    ["a timeout", { status: 408, redirected: false }, {}, false, { kind: "network", status: 408 }],
    [
      "refused, with the reason",
      { status: 409, redirected: false },
      { "hand-refused": { status: 409, reason: "Someone sat down." } },
      false,
      { kind: "refused", reason: "Someone sat down." },
    ],
    ["refused, without one", { status: 422, redirected: false }, {}, false, { kind: "refused", reason: "" }],
  ];
  for (const [name, answer, events, retried, wanted] of cases) {
    it(name, () => assert.deepEqual(judge(answer, events, retried), wanted));
  }
});

describe("the body sent", () => {
  /** @type {[string, string][]} */
  const fields = [
    ["csrfmiddlewaretoken", "old"],
    ["key", "k"],
    ["card_AS", "1"],
    ["card_AS", "2"],
  ];

  it("carries the token given, in place of the stored one", () => {
    assert.equal(formBody(fields, "new").toString(), "csrfmiddlewaretoken=new&key=k&card_AS=1&card_AS=2");
  });

  it("falls back on the entry's stored token", () => {
    assert.equal(storedToken(fields), "old");
    assert.equal(storedToken([["key", "k"]]), "");
  });
});
