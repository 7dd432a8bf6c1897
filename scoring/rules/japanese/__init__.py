"""The Japanese family: Japanese Napoleon and its chip game (rules.md §2–§3, rules-house.md §8.3–§8.4).

Split by concern, never by house rule:

- ``options``: the two games' house rules (frozen, validated dataclasses);
- ``table``: the rules that shape a trick, read once into plain data;
- ``powers``: which cards have power on one trick, and what each card follows as;
- ``standing``: the steps of §8.3.1 as data, and the cards of one trick that fill them;
- ``order``: the one trick order of §8.3.1, judged from those steps;
- ``reasons``: the sentences a ruling reads aloud;
- ``legality``: which cards a player may play (§8.3.4);
- ``auction``: in turn or free, and what happens when all pass (§8.3.5);
- ``score``: the wins table and the chip table, with a table's own numbers (§8.1, §8.3.6).
"""
