// Sending the outbox: the order, what each answer does to it, and the table versions.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { advance, newKey, sendAll } from "../../static/js/outbox/queue.js";
import { Outbox, draftName, load, save } from "../../static/js/outbox/storage.js";
import { backToDraft } from "../../static/js/outbox/draft.js";
import { Memory, entry } from "./memory.js";

/** @typedef {import("../../static/js/outbox/storage.js").Entry} Entry */
/** @typedef {import("../../static/js/outbox/queue.js").Result} Result */

/**
 * @param {string} key
 * @param {string} session
 * @param {string} version the table version it was drawn for
 */
function drawn(key, session, version) {
  return entry({ key, session, fields: [["table_version", version], ["declarer", "0"]] });
}

/** @param {Entry} e */
function version(e) {
  return e.fields.filter((pair) => pair[0] === "table_version")[0][1];
}

describe("advance", () => {
  const sent = drawn("sent", "1", "7");
  const entries = [
    sent,
    drawn("next", "1", "7"),
    drawn("later", "1", "7"),
    drawn("other-table", "2", "7"),
    drawn("other-version", "1", "5"),
  ];

  it("moves the entries of the same session drawn for the same version, and no other", () => {
    const moved = advance(entries, sent, { number: 3, from: 7, to: 8 });
    assert.deepEqual(moved.map(version), ["7", "8", "8", "7", "5"]);
    assert.deepEqual(moved[1].fields[1], ["declarer", "0"]);
  });

  it("leaves the entry just sent as it was", () => {
    assert.equal(advance(entries, sent, { from: 7, to: 8 })[0], sent);
  });

  it("changes nothing it was given", () => {
    advance(entries, sent, { from: 7, to: 8 });
    assert.deepEqual(entries.map(version), ["7", "7", "7", "7", "5"]);
  });

  it("without the versions (a Save recorded already), gives the same list back", () => {
    assert.equal(advance(entries, sent, { number: 3 }), entries);
    assert.equal(advance(entries, sent, undefined), entries);
  });
});

/**
 * An outbox holding ``entries``, and a server answering each key with its result.
 * @param {Entry[]} entries
 * @param {Record<string, Result>} answers
 */
function table(entries, answers) {
  const memory = new Memory();
  const outbox = new Outbox(memory.shelf(), "me");
  outbox.set(entries);
  /** @type {string[]} */
  const asked = [];
  /** @type {[string, string][]} */
  const refused = [];
  /** @param {Entry} e */
  const send = async (e) => {
    asked.push(e.key);
    return answers[e.key];
  };
  /**
   * @param {Entry} e
   * @param {string} reason
   */
  const giveBack = (e, reason) => {
    refused.push([e.key, reason]);
  };
  return { memory, outbox, asked, refused, round: () => sendAll(outbox, send, giveBack) };
}

describe("sendAll", () => {
  it("sends this user's entries oldest first, and moves the rest on with the table", async () => {
    const t = table(
      [drawn("a", "1", "7"), entry({ key: "theirs", user: "someone" }), drawn("b", "1", "7")],
      { a: { kind: "sent", steps: { from: 7, to: 8 } }, b: { kind: "sent", steps: { from: 8, to: 9 } } },
    );
    assert.deepEqual(await t.round(), { sent: 2, outcome: "done" });
    assert.deepEqual(t.asked, ["a", "b"]);
    assert.deepEqual(t.outbox.entries().map((e) => e.key), ["theirs"]);
  });

  it("sends the next one drawn for the version the one before made", async () => {
    /** @type {Entry[]} */
    const seen = [];
    const outbox = new Outbox(new Memory().shelf(), "me");
    outbox.set([drawn("a", "1", "7"), drawn("b", "1", "7")]);
    /** @param {Entry} e @returns {Promise<Result>} */
    const send = async (e) => {
      seen.push(e);
      return { kind: "sent", steps: { from: 7, to: 8 } };
    };
    await sendAll(outbox, send, () => {});
    assert.deepEqual(seen.map(version), ["7", "8"]);
  });

  it("gives a refused entry back with the server's reason and sends the next", async () => {
    const t = table([drawn("a", "1", "7"), drawn("b", "1", "7")], {
      a: { kind: "refused", reason: "Someone sat down." },
      b: { kind: "sent" },
    });
    assert.deepEqual(await t.round(), { sent: 2, outcome: "done" });
    assert.deepEqual(t.refused, [["a", "Someone sat down."]]);
    assert.deepEqual(t.outbox.entries(), []);
  });

  it("stops at a Save sent to the sign-in page, and marks it", async () => {
    const t = table([drawn("a", "1", "7"), drawn("b", "1", "7")], { a: { kind: "signin" } });
    assert.deepEqual(await t.round(), { sent: 0, outcome: "signin" });
    assert.deepEqual(t.asked, ["a"]);
    assert.deepEqual(
      t.outbox.entries().map((e) => [e.key, e.state]),
      [["a", "signin"], ["b", undefined]],
    );
  });

  it("stops at a server error, marked with its status, to try again later", async () => {
    const t = table([drawn("a", "1", "7"), drawn("b", "1", "7")], { a: { kind: "network", status: 503 } });
    assert.deepEqual(await t.round(), { sent: 0, outcome: "retry" });
    const [first] = t.outbox.entries();
    assert.equal(first.state, "failed");
    assert.equal(first.status, 503);
  });

  it("stops without a mark when nothing was heard", async () => {
    const t = table([drawn("a", "1", "7")], { a: { kind: "network" } });
    assert.deepEqual(await t.round(), { sent: 0, outcome: "retry" });
    assert.equal(t.outbox.entries()[0].state, undefined);
  });

  it("sends nobody's entries when nobody is signed in", async () => {
    const outbox = new Outbox(new Memory().shelf(), "-");
    outbox.set([entry({ key: "a", user: "-" })]);
    const round = await sendAll(outbox, () => Promise.reject(new Error("sent")), () => {});
    assert.deepEqual(round, { sent: 0, outcome: "done" });
  });
});

describe("a refused entry given back", () => {
  it("becomes the session's draft, with its key", () => {
    const shelf = new Memory().shelf();
    backToDraft(shelf, "me", drawn("k-refused", "1", "7"));
    const draft = load(shelf, draftName("me", "1"), null);
    assert.deepEqual(draft, { number: null, values: [["declarer", "0"]], key: "k-refused", seats: "" });
  });

  it("leaves a draft being typed alone", () => {
    const shelf = new Memory().shelf();
    save(shelf, draftName("me", "1"), { number: 2, values: [], key: "typed", seats: "" });
    backToDraft(shelf, "me", drawn("k-refused", "1", "7"));
    assert.equal(load(shelf, draftName("me", "1"), { key: "" }).key, "typed");
  });

  it("is the draft of its own session and user only", () => {
    const shelf = new Memory().shelf();
    backToDraft(shelf, "me", drawn("k-refused", "2", "7"));
    assert.equal(load(shelf, draftName("me", "1"), null), null);
    assert.equal(load(shelf, draftName("someone", "2"), null), null);
    assert.notEqual(load(shelf, draftName("me", "2"), null), null);
  });
});

describe("newKey", () => {
  it("is the browser's UUID where it makes one", () => {
    assert.equal(newKey({ randomUUID: () => "uuid", getRandomValues: (a) => a }), "uuid");
  });

  it("is a version 4 UUID made of random bytes otherwise", () => {
    /** @param {Uint8Array} bytes */
    const ones = (bytes) => bytes.fill(255);
    assert.equal(newKey({ getRandomValues: ones }), "ffffffff-ffff-4fff-bfff-ffffffffffff");
    /** @param {Uint8Array} bytes */
    const zeros = (bytes) => bytes.fill(0);
    assert.equal(newKey({ getRandomValues: zeros }), "00000000-0000-4000-8000-000000000000");
    const key = newKey({ getRandomValues: (bytes) => globalThis.crypto.getRandomValues(bytes) });
    assert.match(key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
