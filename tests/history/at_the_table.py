"""A night at the table played through the app's own pages with the test client: New
game, the table page's hand form (each Save posts what the page holds, with the choices
made), the edit, delete and undo pages, a restore from the session's history, the stake
and players pages, End session.

Players are named, not numbered: a chip is found by its label, as a person finds it.
"""

import html
import re
from dataclasses import dataclass

from django.test import Client
from django.urls import resolve

from scoring.models import GameSession, Hand
from scoring.rules import find_variant
from tests.factories import url
from tests.history.page_forms import PageForm, page_form, page_forms

PEOPLE = ("declarer", "partner", "killed")  # fields that name one player by a chip


@dataclass
class Table:
    """One league's table, played by ``client``. ``lenient``: a post the app refuses
    (the table would correct its entry) is passed over, not a failure."""

    client: Client
    league: object
    session: GameSession | None = None
    lenient: bool = False

    def _get(self, address: str):
        response = self.client.get(address)
        assert response.status_code == 200, address
        return response.content.decode()

    def _post(self, form: PageForm, page: str, data: dict, button: tuple | None) -> str | None:
        """Post ``form`` as the page holds it, with ``data`` changed (None: left out) and
        ``button`` pressed; where it leads, or None for a post refused leniently."""
        unknown = {name for name, value in data.items() if value is not None}
        unknown -= set(form.values) | set(form.choices)
        assert not unknown, f"the page has no field {sorted(unknown)}"
        body = {name: list(values) for name, values in form.values.items()}
        body.update({name: value for name, value in data.items() if value is not None})
        for name in [name for name, value in data.items() if value is None]:
            body.pop(name, None)
        if button is not None:
            body[button[0]] = button[1]
        response = self.client.post(form.action or page, body)
        if self.lenient and response.status_code in (400, 409, 422):
            return None
        assert response.status_code == 302, _problems(response)
        return response.url

    def start(self, variant: str, names: list[str], **fields) -> GameSession:
        """New game, as its page posts it: ``fields`` are the page's own (house rules as
        ``opt_…``, a stake, the first dealer counted from 1)."""
        page = url("session-new", self.league.pk)
        form = page_form(self._get(page), form_id="session-form")
        data = {"variant": variant, "players": "\n".join(names), **fields}
        if any(name.startswith("opt_") and name not in form.values for name in fields):
            # The chosen game's house rules: "Choose this game" lays its fields out first.
            body = {**form.values, "variant": variant, "choose_game": "1"}
            response = self.client.post(page, body)
            assert response.status_code == 200, _problems(response)
            form = page_form(response.content.decode(), form_id="session-form")
        if any("_score_values__" in name for name in fields):
            # The table's own numbers: "Edit the score table" lays its boxes out first.
            typed = {name: value for name, value in data.items() if name in form.values}
            body = {**form.values, **typed, "edit_table": variant}
            response = self.client.post(page, body)
            assert response.status_code == 200, _problems(response)
            form = page_form(response.content.decode(), form_id="session-form")
        if len(names) > max(find_variant(variant).players) and "players_per_hand" not in data:
            # More at the table than the game deals in: the page asks how many first, and
            # the table deals in as many as it can.
            body = {**form.values, **{k: v for k, v in data.items() if v is not None}}
            response = self.client.post(page, body)
            assert response.status_code == 200, _problems(response)
            form = page_form(response.content.decode(), form_id="session-form")
            counts = [choice.label for choice in form.choices["players_per_hand"]]
            data["players_per_hand"] = max(counts, key=int)
        pk = resolve(self._post(form, page, data, None)).kwargs["pk"]
        self.session = GameSession.objects.get(pk=pk)
        return self.session

    def hand_form(self) -> tuple[PageForm, str] | None:
        """The table page's hand form and the page's address; None where the page has
        none (too few at the table, the session ended)."""
        page = url("table", self.session.pk)
        forms = [f for f in page_forms(self._get(page)) if f.attrs.get("id") == "hand-form"]
        return (forms[0], page) if forms else None

    def save(self, form: PageForm, page: str, fields: dict, action: str = "save") -> bool:
        """Post a hand form with ``fields`` as posted (places, not names)."""
        return self._post(form, page, fields, ("action", action)) is not None

    def dealer(self) -> str:
        """Who deals the next hand, as the table page says."""
        page = self._get(url("table", self.session.pk))
        found = re.search(r'id="deal"[^>]*>Hand \d+ · (.+?) deals<', page)
        assert found, "the table page names no dealer"
        return html.unescape(found.group(1))

    def hand(self, **choices) -> Hand:
        """Save a hand from the table page: the page's values, with the chips chosen.

        ``declarer``, ``partner``, ``killed`` and ``out`` (a list) name players;
        ``tricks`` and ``cards`` map a player or a card to what was tapped; the rest are
        the form's own fields as posted (``mode``, ``points``, ``level``, …)."""
        form, page = self.hand_form()
        self.save(form, page, _chosen(form, choices))
        return self.session.hands.order_by("-number").first()

    def passed(self, **choices) -> Hand:
        form, page = self.hand_form()
        self.save(form, page, _chosen(form, choices), "passed")
        return self.session.hands.order_by("-number").first()

    def deal_miss(self, caller: str, **choices) -> Hand:
        """A deal miss from the table page: ``caller`` tapped as declarer, then Deal miss."""
        form, page = self.hand_form()
        self.save(form, page, _chosen(form, {"declarer": caller, **choices}), "dealmiss")
        return self.session.hands.order_by("-number").first()

    def edit(self, number: int, action: str = "save", **choices) -> Hand:
        """Change a stored hand on its edit page: what the page shows, with new chips,
        saved with the button ``action`` (Save changes, or Mark as a deal miss)."""
        page = url("edit-hand", self.session.pk, number)
        form = page_form(self._get(page), form_id="hand-form")
        self.save(form, page, _chosen(form, choices), action)
        return self.session.hands.get(number=number)

    def delete(self, number: int) -> None:
        page = url("delete-hand", self.session.pk, number)
        form = _form_with(self._get(page), "version")
        self._post(form, page, {}, None)

    def undo(self) -> None:
        """Undo the last hand, from its confirmation page."""
        page = url("undo", self.session.pk)
        self._post(_form_with(self._get(page), "number"), page, {}, None)

    def restore(self) -> bool:
        """Bring back the hand most recently undone or deleted, from the history page;
        False when none can be."""
        page = url("history", self.session.pk)
        restore = re.compile(re.escape(page) + r"\d+/restore/")
        forms = [f for f in page_forms(self._get(page)) if restore.fullmatch(f.action)]
        return bool(forms) and self._post(forms[0], page, {}, None) is not None

    def stake(self, stake: str, start: int) -> None:
        page = url("stake", self.session.pk)
        form = _form_with(self._get(page), "stake")
        self._post(form, page, {"stake": stake, "start": str(start)}, None)

    def players(self, action: str, **data) -> None:
        """A change on the players page: ``join`` (``name``, ``after`` a player's name,
        ``per_hand``), ``deal_in`` (``per_hand``), ``leave`` (``who``)."""
        page = url("players", self.session.pk)
        body = self._get(page)
        if action == "leave":
            who = data.pop("who")
            seat = next(s for s in self.session.seat_list if s.player.name == who)
            form = next(
                f
                for f in page_forms(body)
                if f.values.get("seat") == [str(seat.pk)] and ("action", "leave") in f.buttons
            )
        else:
            forms = [f for f in page_forms(body) if ("action", action) in f.buttons]
            assert forms or self.lenient, f"no {action} form on the players page"
            if not forms:
                return
            form = forms[0]
        if "after" in data:
            data["after"] = str(
                next(s.number for s in self.session.seat_list if s.player.name == data["after"])
            )
        self._post(form, page, data, ("action", action))
        self.session = GameSession.objects.get(pk=self.session.pk)

    def end(self) -> None:
        page = url("table", self.session.pk)
        form = next(
            f for f in page_forms(self._get(page)) if f.action == url("end", self.session.pk)
        )
        self._post(form, page, {}, None)


def _chosen(form: PageForm, choices: dict) -> dict:
    """The form fields of ``choices``: players by their chips' places, tricks and cards
    under their fields' names."""
    data = {}
    for name, value in choices.items():
        if name in PEOPLE and value not in (None, "alone"):
            data[name] = form.place("declarer", value)
        elif name == "out":
            data[name] = [form.place("out", who) for who in value]
        elif name == "tricks":
            data.update(
                {f"tricks_{form.place('declarer', who)}": str(n) for who, n in value.items()}
            )
        elif name == "cards":
            data.update({f"card_{code}": owner for code, owner in value.items()})
        else:
            data[name] = value
    return data


def _form_with(body: str, field: str) -> PageForm:
    return next(f for f in page_forms(body) if field in f.values)


def _problems(response) -> str:
    """What a refused post shows, to say why a test's post failed."""
    text = response.content.decode() if response.content else ""
    found = re.findall(r'<ul class="(?:errorlist|err)[^"]*"[^>]*>(.*?)</ul>', text, re.S)
    words = html.unescape(re.sub(r"<[^>]+>", " ", " | ".join(found)))
    return f"{response.status_code}: {' '.join(words.split()) or text[:2000]}"
