// Where the outbox and the drafts are kept, and how a browser's storage can fail.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { OUTBOX, Outbox, draftName, load, save } from "../../static/js/outbox/storage.js";
import { Memory, entry, unreachable } from "./memory.js";

describe("load and save", () => {
  it("keep a value as JSON", () => {
    const memory = new Memory();
    save(memory.shelf(), "n", { a: [1, "2"] });
    assert.equal(memory.getItem("n"), '{"a":[1,"2"]}');
    assert.deepEqual(load(memory.shelf(), "n", null), { a: [1, "2"] });
  });

  it("save null removes the value", () => {
    const memory = new Memory();
    save(memory.shelf(), "n", 1);
    save(memory.shelf(), "n", null);
    assert.equal(memory.length, 0);
  });

  it("read a missing, empty or broken value as the fallback", () => {
    const memory = new Memory();
    memory.setItem("empty", "");
    memory.setItem("broken", "{nope");
    for (const name of ["missing", "empty", "broken"]) assert.deepEqual(load(memory.shelf(), name, []), []);
  });

  it("give way to a storage that is off or full", () => {
    assert.equal(load(unreachable(), "n", "fallback"), "fallback");
    save(unreachable(), "n", 1); // no exception
    const memory = new Memory();
    memory.full = true;
    save(memory.shelf(), "n", 1);
    assert.equal(memory.length, 0);
  });
});

describe("draftName", () => {
  it("is per user and session", () => {
    assert.equal(draftName("u1", "7"), "napoleon:draft:u1:7");
    assert.notEqual(draftName("u1", "7"), draftName("u2", "7"));
    assert.notEqual(draftName("u1", "7"), draftName("u1", "8"));
  });
});

describe("Outbox", () => {
  it("keeps an entry once, however often it is saved", () => {
    const outbox = new Outbox(new Memory().shelf(), "me");
    outbox.add(entry({ key: "a", number: 1 }));
    outbox.add(entry({ key: "b", number: 2 }));
    outbox.add(entry({ key: "a", number: 3 }));
    assert.deepEqual(outbox.entries().map((e) => [e.key, e.number]), [["a", 1], ["b", 2]]);
    assert.equal(outbox.has("b"), true);
    assert.equal(outbox.has("c"), false);
  });

  it("is another user's to send when another user kept it", () => {
    const memory = new Memory();
    new Outbox(memory.shelf(), "me").add(entry({ key: "a" }));
    assert.equal(new Outbox(memory.shelf(), "me").waiting().length, 1);
    assert.equal(new Outbox(memory.shelf(), "someone").waiting().length, 0);
    assert.equal(new Outbox(memory.shelf(), "-").waiting().length, 0);
  });

  it("marks an entry's state and status, and only that entry", () => {
    const outbox = new Outbox(new Memory().shelf(), "me");
    outbox.set([entry({ key: "a" }), entry({ key: "b" })]);
    outbox.mark("a", "failed", 500);
    outbox.mark("b", "signin");
    const [a, b] = outbox.entries();
    assert.deepEqual([a.state, a.status], ["failed", 500]);
    assert.deepEqual([b.state, "status" in b], ["signin", false]);
  });

  it("removes an entry by key, and the whole outbox with its last entry", () => {
    const memory = new Memory();
    const outbox = new Outbox(memory.shelf(), "me");
    outbox.set([entry({ key: "a" }), entry({ key: "b" })]);
    outbox.remove("a");
    assert.deepEqual(outbox.entries().map((e) => e.key), ["b"]);
    outbox.remove("b");
    assert.equal(memory.getItem(OUTBOX), null);
  });

  it("reads what another tab wrote since", () => {
    const memory = new Memory();
    const here = new Outbox(memory.shelf(), "me");
    new Outbox(memory.shelf(), "me").add(entry({ key: "from-another-tab" }));
    assert.deepEqual(here.entries().map((e) => e.key), ["from-another-tab"]);
  });
});
