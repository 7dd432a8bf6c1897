"""The Japanese family: Japanese Napoleon and its chip game, with their house rules.

Split by concern, never by house rule:

- ``options``: the two games' house rules (frozen, validated dataclasses);
- ``table``: the rules that shape a trick, read once into plain data;
- ``powers``: which cards have power on one trick, and what each card follows as;
- ``standing``: the steps of the trick order as data, and the cards of one trick that fill
  them;
- ``order``: the one trick order, judged from those steps;
- ``reasons``: the sentences a ruling reads aloud;
- ``legality``: which cards a player may play (calls, bars, requests, following suit);
- ``auction``: in turn or free, and what happens when all pass;
- ``score``: the wins table and the chip table, with a table's own numbers.
"""
