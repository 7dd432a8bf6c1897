// The banner's words.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { banner, clock, fill, refusal } from "../../static/js/outbox/words.js";
import { entry } from "./memory.js";

const WORDS = {
  offline: "Offline since %(time)s",
  waiting: "Waiting to send hand %(number)s…",
  signin: "Sign in again to send hand %(number)s.",
  failed: "Hand %(number)s failed (error %(status)s).",
  refused: "Hand %(number)s was refused.",
  refusedWhy: "Hand %(number)s was refused: %(reason)s",
};

describe("fill", () => {
  it("puts each value in its placeholder", () => {
    assert.equal(fill("Hand %(number)s of %(number)s at %(time)s", { number: 4, time: "21:05" }), "Hand 4 of 4 at 21:05");
  });

  it("leaves other text alone, and makes nothing of no template", () => {
    assert.equal(fill("100% (sure)s", { sure: 1 }), "100% (sure)s");
    assert.equal(fill(undefined, { number: 1 }), "");
  });
});

describe("clock", () => {
  it("says the time of day in the page's language", () => {
    const ms = Date.UTC(2024, 0, 1, 21, 5);
    assert.match(clock(ms, "en"), /\d{2}:05/);
  });

  it("falls back on the browser's language for one it does not know", () => {
    assert.match(clock(0, "not a language!"), /\d/);
  });
});

describe("banner", () => {
  const online = { offline: false, offlinePage: false, online: true, time: "21:05", notice: null, me: "me" };

  it("says nothing when online with nothing waiting", () => {
    assert.deepEqual(banner({ ...online, entries: [] }, WORDS), { lines: [], retry: false });
  });

  it("says since when a kept copy is shown, and the notice left by the page before", () => {
    const state = { ...online, offline: true, notice: "Hand 3 was refused.", entries: [] };
    assert.deepEqual(banner(state, WORDS).lines, [
      ["banner", "Offline since 21:05"],
      ["notice", "Hand 3 was refused."],
    ]);
  });

  it("leaves the offline line to the offline page itself", () => {
    const state = { ...online, offline: true, offlinePage: true, entries: [entry({})] };
    assert.deepEqual(banner(state, WORDS), { lines: [["outbox", "Waiting to send hand 1…"]], retry: false });
  });

  it("lists this user's hands waiting, failed or to sign in for, and offers to send them", () => {
    const entries = [
      entry({ key: "a", number: 3 }),
      entry({ key: "b", number: 4, state: "failed", status: 503 }),
      entry({ key: "c", number: 5, state: "signin" }),
      entry({ key: "d", number: 9, user: "someone" }),
    ];
    assert.deepEqual(banner({ ...online, entries }, WORDS), {
      lines: [
        ["outbox", "Waiting to send hand 3…"],
        ["outbox failed", "Hand 4 failed (error 503)."],
        ["outbox", "Sign in again to send hand 5."],
      ],
      retry: true,
    });
  });

  it("offers no sending now for hands that need a sign-in, or while offline", () => {
    const signin = [entry({ state: "signin" })];
    assert.equal(banner({ ...online, entries: signin }, WORDS).retry, false);
    assert.equal(banner({ ...online, online: false, entries: [entry({})] }, WORDS).retry, false);
  });

  it("shows every hand waiting when nobody is signed in", () => {
    const entries = [entry({ user: "someone" })];
    assert.equal(banner({ ...online, me: "-", entries }, WORDS).lines.length, 1);
  });
});

describe("refusal", () => {
  it("gives the server's reason when there is one", () => {
    assert.equal(refusal(WORDS, entry({ number: 6 }), "Someone sat down."), "Hand 6 was refused: Someone sat down.");
    assert.equal(refusal(WORDS, entry({ number: 6 }), ""), "Hand 6 was refused.");
  });
});
