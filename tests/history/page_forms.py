"""A page's forms read as a browser without JavaScript submits them, for tests that post
through the app's own pages: every control's value as the page opens (hidden fields,
text and number boxes, the radios and boxes ticked, each select's chosen option), so a
field the page adds later (a hidden version, a table's revision) is posted too, as the
page holds it.
"""

from dataclasses import dataclass, field
from html.parser import HTMLParser

TEXT_TYPES = {"hidden", "text", "number", "date", "email", "search", "tel", "url", "password", ""}


@dataclass
class Choice:
    """One radio or tick box: its value, the words of its label, whether it is ticked."""

    value: str
    label: str
    checked: bool


@dataclass
class PageForm:
    """One <form>: where it posts, its values as a browser would send them, its chips by
    field, and its buttons as (name, value)."""

    attrs: dict
    values: dict[str, list[str]] = field(default_factory=dict)
    choices: dict[str, list[Choice]] = field(default_factory=dict)
    buttons: list[tuple[str, str]] = field(default_factory=list)

    @property
    def action(self) -> str:
        return self.attrs.get("action") or ""

    def add(self, name: str, value: str) -> None:
        self.values.setdefault(name, []).append(value)

    def place(self, name: str, label: str) -> str:
        """The value of the chip of field ``name`` whose label reads ``label``."""
        for choice in self.choices.get(name, ()):
            if choice.label == label:
                return choice.value
        raise AssertionError(f"no {name} chip labelled {label!r}: {self.choices.get(name)}")

    def ticked(self, name: str) -> list[str]:
        return [choice.label for choice in self.choices.get(name, ()) if choice.checked]


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[PageForm] = []
        self.form: PageForm | None = None
        self.label: list | None = None  # [text pieces, (name, value, checked) of its box]
        self.select: list | None = None  # [name, [(value, selected)]]
        self.option: list | None = None  # [attrs, text pieces]
        self.textarea: list | None = None  # [name, text pieces]

    def handle_starttag(self, tag: str, attrs) -> None:
        attrs = {name: value if value is not None else "" for name, value in attrs}
        if tag == "form":
            self.form = PageForm(attrs)
            self.forms.append(self.form)
        elif self.form is None:
            return
        elif tag == "label":
            self.label = [[], None]
        elif tag == "input":
            self._input(attrs)
        elif tag == "button" and attrs.get("type", "submit") == "submit" and "name" in attrs:
            self.form.buttons.append((attrs["name"], attrs.get("value", "")))
        elif tag == "select" and "name" in attrs and "disabled" not in attrs:
            self.select = [attrs["name"], []]
        elif tag == "option" and self.select is not None:
            self._end_option()
            self.option = [attrs, []]
        elif tag == "textarea" and "name" in attrs:
            self.textarea = [attrs["name"], []]

    def _input(self, attrs: dict) -> None:
        name, kind = attrs.get("name"), attrs.get("type", "").lower()
        if not name or "disabled" in attrs:
            return
        if kind in ("radio", "checkbox"):
            value, checked = attrs.get("value", "on"), "checked" in attrs
            if checked:
                self.form.add(name, value)
            if self.label is not None:
                self.label[1] = (name, value, checked)
            else:
                self.form.choices.setdefault(name, []).append(Choice(value, "", checked))
        elif kind in TEXT_TYPES:
            self.form.add(name, attrs.get("value", ""))

    def _end_option(self) -> None:
        if self.option is not None:
            attrs, text = self.option
            value = attrs["value"] if "value" in attrs else "".join(text).strip()
            self.select[1].append((value, "selected" in attrs))
            self.option = None

    def handle_data(self, data: str) -> None:
        for pieces in (self.label and self.label[0], self.option and self.option[1]):
            if pieces is not None:
                pieces.append(data)
        if self.textarea is not None:
            self.textarea[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        elif tag == "label" and self.label is not None:
            text, box = self.label
            if box is not None and self.form is not None:
                name, value, checked = box
                choice = Choice(value, " ".join("".join(text).split()), checked)
                self.form.choices.setdefault(name, []).append(choice)
            self.label = None
        elif tag == "option":
            self._end_option()
        elif tag == "select" and self.select is not None:
            self._end_option()
            name, options = self.select
            chosen = [value for value, selected in options if selected] or [
                value for value, _selected in options[:1]
            ]
            for value in chosen:
                self.form.add(name, value)
            self.select = None
        elif tag == "textarea" and self.textarea is not None:
            name, text = self.textarea
            self.form.add(name, "".join(text).removeprefix("\n"))
            self.textarea = None


def page_forms(html: str) -> list[PageForm]:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.forms


def page_form(html: str, form_id: str | None = None, button: str | None = None) -> PageForm:
    """The form with id ``form_id``, or the one with a submit button of value ``button``."""
    for form in page_forms(html):
        if form_id is not None and form.attrs.get("id") == form_id:
            return form
        if button is not None and any(value == button for _name, value in form.buttons):
            return form
    raise AssertionError(f"no form {form_id or button!r} on the page")
