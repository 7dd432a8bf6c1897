// The draft: the hand being entered, kept through a reload, and carried to a new line-up.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { byName, carried, draftOf, givenBack, handNumber, stale } from "../../static/js/outbox/draft.js";
import { Outbox } from "../../static/js/outbox/storage.js";
import { Memory, entry } from "./memory.js";

/** @typedef {import("../../static/js/outbox/storage.js").Pair} Pair */

// Seats by place: player 11 sat at place 0, 12 at 1, and so on.
const DRAWN = "11,12,13,14,15";

describe("carried", () => {
  /** @type {[string, Pair[], string, Pair[]][]} */
  const cases = [
    [
      "places move to where each player sits now",
      [["declarer", "0"], ["partner", "4"], ["killed", "2"], ["out", "1"]],
      "15,11,12,13,14",
      [["declarer", "1"], ["partner", "0"], ["killed", "3"], ["out", "2"]],
    ],
    [
      "a card's holder moves too",
      [["card_AS", "0"], ["card_KH", "3"]],
      "14,13,12,11,15",
      [["card_AS", "3"], ["card_KH", "0"]],
    ],
    [
      "a player who left is dropped, with every field naming them",
      [["declarer", "1"], ["card_AS", "1"], ["tricks_1", "3"], ["partner", "0"]],
      "11,13,14,15",
      [["partner", "0"]],
    ],
    [
      "words that are not places stay as they are",
      [["partner", "alone"], ["card_QS", "discard"], ["card_JD", "in"], ["points", "13"]],
      "15,14,13,12,11",
      [["partner", "alone"], ["card_QS", "discard"], ["card_JD", "in"], ["points", "13"]],
    ],
    [
      "tricks_N is renamed for the player's new place",
      [["tricks_0", "5"], ["tricks_4", "2"]],
      "12,13,14,15,16,11",
      [["tricks_5", "5"], ["tricks_3", "2"]],
    ],
    [
      "a newcomer's place is taken by nobody from the draft",
      [["declarer", "2"], ["tricks_2", "4"]],
      "16,11,12,13,14,15",
      [["declarer", "3"], ["tricks_3", "4"]],
    ],
  ];
  for (const [name, pairs, now, wanted] of cases) {
    it(name, () => {
      assert.deepEqual(carried(pairs, DRAWN, now), wanted);
    });
  }

  it("leaves a draft alone on the same line-up, or when either is unknown", () => {
    /** @type {Pair[]} */
    const pairs = [["declarer", "1"]];
    assert.equal(carried(pairs, DRAWN, DRAWN), pairs);
    assert.equal(carried(pairs, "", "12,11"), pairs);
    assert.equal(carried(pairs, DRAWN, ""), pairs);
  });
});

describe("the draft of a form", () => {
  /** @type {Pair[]} */
  const form = [
    ["csrfmiddlewaretoken", "t"],
    ["key", "k1"],
    ["table_version", "7"],
    ["seats", DRAWN],
    ["action", "save"],
    ["version", "2"],
    ["declarer", "0"],
    ["card_AS", "1"],
    ["card_AS", "2"],
  ];

  it("keeps the hand's fields and not the form's own", () => {
    assert.deepEqual(draftOf(3, form, "k1", DRAWN), {
      number: 3,
      values: [["declarer", "0"], ["card_AS", "1"], ["card_AS", "2"]],
      key: "k1",
      seats: DRAWN,
    });
  });

  it("given back from the outbox, keeps the refused entry's key and line-up, for any hand", () => {
    const draft = givenBack(entry({ key: "k9", number: 4, fields: form }));
    assert.deepEqual(draft, {
      number: null,
      values: [["declarer", "0"], ["card_AS", "1"], ["card_AS", "2"]],
      key: "k9",
      seats: DRAWN,
    });
    assert.equal(stale(draft, 12), false);
  });

  it("given back without seats, has none", () => {
    assert.equal(givenBack(entry({ fields: [["declarer", "0"]] })).seats, "");
  });

  it("is stale once its hand is saved", () => {
    const draft = draftOf(3, form, "k1", DRAWN);
    assert.equal(stale(draft, 3), false);
    assert.equal(stale(draft, 4), true);
  });

  it("groups its values by field name, in order", () => {
    assert.deepEqual(
      byName([["card_AS", "1"], ["declarer", "0"], ["card_AS", "2"]]),
      new Map([["card_AS", ["1", "2"]], ["declarer", ["0"]]]),
    );
  });
});

describe("the number of the hand a form records", () => {
  it("is the server's number plus this user's hands of this session still waiting", () => {
    const memory = new Memory();
    const outbox = new Outbox(memory.shelf(), "me");
    outbox.set([
      entry({ key: "a", session: "1" }),
      entry({ key: "b", session: "1" }),
      entry({ key: "c", session: "2" }), // another session
      entry({ key: "d", session: "1", user: "someone" }), // another sign-in on this phone
    ]);
    assert.equal(handNumber("3", outbox.pendingFor("1").length), 5);
    assert.equal(handNumber("3", outbox.pendingFor("2").length), 4);
    assert.equal(handNumber("3", outbox.pendingFor("9").length), 3);
  });

  it("counts nobody's hands when nobody is signed in", () => {
    const memory = new Memory();
    new Outbox(memory.shelf(), "me").set([entry({ key: "a" })]);
    assert.equal(handNumber("3", new Outbox(memory.shelf(), "-").pendingFor("1").length), 3);
  });
});
