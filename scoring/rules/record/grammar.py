"""How far a string can be read by a regular grammar (record.md §9.3).

The notation's grammar has no recursion, so it is a regular expression; it is written here
with a few combinators and compiled to a nondeterministic automaton (Thompson's
construction). Every state of such an automaton lies on a path to the end, so a prefix can
still be completed exactly while some state is alive: the first character that leaves none
is the first one that cannot be read.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Node:
    """A piece of grammar: ``kind`` is ``chars``, ``seq``, ``alt`` or ``rep``."""

    kind: str
    chars: frozenset[str] = frozenset()
    parts: tuple["Node", ...] = ()
    least: int = 0
    most: int | None = None  # None: no limit


def chars(allowed: Iterable[str]) -> Node:
    return Node("chars", chars=frozenset(allowed))


def lit(text: str) -> Node:
    return seq(*(chars(c) for c in text))


def seq(*parts: Node) -> Node:
    return Node("seq", parts=parts)


def alt(*parts: Node) -> Node:
    return Node("alt", parts=parts)


def rep(part: Node, least: int = 0, most: int | None = None) -> Node:
    return Node("rep", parts=(part,), least=least, most=most)


def opt(part: Node) -> Node:
    return rep(part, 0, 1)


@dataclass
class Automaton:
    # edges[state]: (the characters that move on, or None for a free move; the next state)
    edges: list[list[tuple[frozenset[str] | None, int]]] = field(default_factory=list)
    accept: int = 0

    def state(self) -> int:
        self.edges.append([])
        return len(self.edges) - 1

    def build(self, node: Node, start: int) -> int:
        """Add ``node`` from ``start``; return the state where it ends."""
        if node.kind == "chars":
            end = self.state()
            self.edges[start].append((node.chars, end))
            return end
        if node.kind == "seq":
            for part in node.parts:
                start = self.build(part, start)
            return start
        if node.kind == "alt":
            end = self.state()
            for part in node.parts:
                self.edges[self.build(part, start)].append((None, end))
            return end
        return self._repeat(node, start)

    def _repeat(self, node: Node, start: int) -> int:
        (part,) = node.parts
        for _time in range(node.least):
            start = self.build(part, start)
        end = self.state()
        self.edges[start].append((None, end))
        if node.most is None:
            loop_end = self.build(part, start)
            self.edges[loop_end].append((None, start))
            return end
        for _time in range(node.most - node.least):
            start = self.build(part, start)
            self.edges[start].append((None, end))
        return end

    def closure(self, states: set[int]) -> frozenset[int]:
        todo = list(states)
        found = set(states)
        while todo:
            for moves, target in self.edges[todo.pop()]:
                if moves is None and target not in found:
                    found.add(target)
                    todo.append(target)
        return frozenset(found)


class Grammar:
    def __init__(self, node: Node) -> None:
        self.automaton = Automaton()
        start = self.automaton.state()
        self.automaton.accept = self.automaton.build(node, start)
        self.start = self.automaton.closure({start})

    def unread(self, text: str) -> int | None:
        """The offset of the first character that cannot be read (the length of the text when
        it ends too early), or None when the whole text matches."""
        automaton = self.automaton
        current = self.start
        for offset, char in enumerate(text):
            moved = {
                t for s in current for m, t in automaton.edges[s] if m is not None and char in m
            }
            if not moved:
                return offset
            current = automaton.closure(moved)
        return None if automaton.accept in current else len(text)
