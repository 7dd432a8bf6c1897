"""Template helpers of the rules pages: small card images, suits, bids, linkable sections."""

from collections.abc import Iterable
from typing import Any

from django import template
from django.template import Context
from django.template.base import FilterExpression, NodeList, Parser, Token
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _

from scoring.rulebook import facts, tables
from scoring.rulebook.context import either
from scoring.rules.cards import JOKER_NAMES, SYMBOLS, parse_card
from scoring.rules.errors import RulesError
from scoring.rules.scores import signed
from scoring.words import labels, lists
from scoring.words.explain import explained

register = template.Library()

_JOKER_FACES = {"BJ": ("pc-bj", "★"), "LJ": ("pc-lj", "☆"), "JK": ("pc-jk", "★")}


@register.filter
def term(variant: Any, name: str) -> str:
    """A word of the game's own (``TableTerms.term``): ``{{ variant|term:"alone_label" }}``."""
    return str(variant.term(name)) if variant is not None else ""


@register.filter
def pc(code: object) -> object:
    """A card as a small inline card image: ``HQ`` → a white card face reading a red ``♥Q``."""
    if not code:
        return ""
    try:
        parsed = parse_card(str(code))
    except RulesError:
        return code
    if parsed.is_joker:
        css, face = _JOKER_FACES[parsed.code]
        return format_html(
            '<span class="pc {}" role="img" aria-label="{}" title="{}">{}</span>',
            css,
            _(JOKER_NAMES[parsed.code]),
            _(JOKER_NAMES[parsed.code]),
            face,
        )
    return format_html('<span class="pc suit-{}">{}</span>', parsed.suit, parsed.label)


@register.filter
def given(text: object) -> str:
    """Text the table chose (its own score numbers), quoted as given, not a worked answer."""
    return format_html("<span data-given>{}</span>", text)


@register.filter
def table_number(value: Any) -> object:
    """A number of the table's score table as a sentence quotes it (``+2``, ``−1``): the
    table's own or the game's, read from the rules in force, not a hand's outcome."""
    try:
        amount = int(value)
    except (TypeError, ValueError):
        return value
    return format_html("<span data-given>{}</span>", signed(amount))


@register.filter
def pcs(codes: str | Iterable[object]) -> str:
    """Several cards in a row, for a trick or an order: ``"SA SJ CJ"`` or a list of codes."""
    if isinstance(codes, str):
        codes = codes.split()
    return format_html_join(" ", "{}", ((pc(c),) for c in codes))


@register.filter
def cardlist(codes: Iterable[object]) -> str:
    """Cards as a screen reader hears a list of them: ``♠A, ♥Q, ♣2.`` (``、`` and ``。`` in
    Chinese and Japanese)."""
    labels = []
    for code in codes:
        try:
            labels.append(parse_card(str(code)).label)
        except RulesError:
            labels.append(str(code))
    return lists.join(labels) + lists.full_stop()


@register.filter
def listing(items: Iterable[object]) -> str:
    """Items joined as the language lists them (``、`` in Chinese and Japanese)."""
    return lists.join(items)


@register.simple_tag
def list_separator() -> str:
    return lists.separator()


@register.simple_tag
def sentence_end() -> str:
    return lists.full_stop()


@register.filter
def suit(code: Any) -> str:
    """A suit letter as its coloured symbol; ``NT`` as the translated "no trump"."""
    if code in SYMBOLS:
        return format_html('<span class="suit-{}">{}</span>', code, SYMBOLS[code])
    if code == "NT":
        return format_html('<abbr title="{}">{}</abbr>', _("no trump"), _("NT"))
    return code or ""


@register.filter
def bid(text: object) -> str:
    """A bid such as ``3S`` or ``13NT`` with its trump symbol: ``3♠``."""
    text = str(text)
    for trump in ("NT", "S", "H", "D", "C"):
        if text.endswith(trump) and text[: -len(trump)].isdigit():
            return format_html('<span class="bid">{}{}</span>', text[: -len(trump)], suit(trump))
    return text


@register.filter
def part_name(part: str, option: str) -> str:
    """``{{ key|part_name:"trump_change_cost" }}``: one number of a house rule, named."""
    return labels.part_name(option, part)


@register.filter
def choice_label(value: object, option: str) -> str:
    """``{{ rules.yoromeki|choice_label:"yoromeki" }}``: a house rule's value as players say it."""
    return labels.value_label(option, value)


@register.filter
def keyed(value: object, key: str) -> str:
    """A number as a worked example prints it: marked with the engine's answer it shows."""
    return format_html('<span data-key="{}">{}</span>', key, value)


@register.filter
def bid_answer(code: object) -> str:
    """A bid the engine worked out, drawn as ``bid`` draws it and marked for the page's test."""
    return format_html('<span data-key="bid" data-value="{}">{}</span>', code, bid(code))


@register.tag
def rulesection(parser: Parser, token: Token) -> "RuleSectionNode":
    """``{% rulesection "deck" _("Cards and deal") %}…{% endrulesection %}``.

    A section of a rules page: a stable id, a heading with a "link to this
    section" anchor, and the body. The search index splits pages on these.
    """
    bits = token.split_contents()
    if len(bits) != 3:
        raise template.TemplateSyntaxError("rulesection takes an id and a title")
    nodelist = parser.parse(("endrulesection",))
    parser.delete_first_token()
    return RuleSectionNode(parser.compile_filter(bits[1]), parser.compile_filter(bits[2]), nodelist)


class RuleSectionNode(template.Node):
    def __init__(
        self, section_id: FilterExpression, title: FilterExpression, nodelist: NodeList
    ) -> None:
        self.section_id, self.title, self.nodelist = section_id, title, nodelist

    def render(self, context: Context) -> str:
        section_id = self.section_id.resolve(context)
        title = self.title.resolve(context)
        return format_html(
            '<section id="{id}" class="rule-section" aria-labelledby="{id}-title">'
            '<h2 id="{id}-title"><span class="rule-title">{title}</span>'
            '<a class="anchor" href="#{id}" title="{link}" aria-label="{link}: {title}">#</a></h2>'
            "{body}</section>",
            id=section_id,
            title=title,
            link=_("Link to this section"),
            body=self.nodelist.render(context),
        )


@register.simple_tag(takes_context=True)
def explain(context: Context, name: str) -> str:
    """``{% explain "joker_summon" %}``: what the value in force of that house rule means
    (``explain.EXPLAINED``), with the "house rule" badge when it is not the default."""
    rules = context["rules"]
    sentence = explained(name, getattr(rules, name))
    return format_html("{} {}", sentence, houserule(context, name)) if sentence else ""


@register.simple_tag(takes_context=True)
def houserule(context: Context, *names: str) -> str:
    """A "house rule" badge, linking to the option, when any of ``names`` differs from its default."""
    changed = context.get("changed") or ()
    for name in names:
        if name in changed:
            return format_html('<a class="badge hr" href="#opt-{}">{}</a>', name, _("house rule"))
    return ""


# ---- a page's own tables and examples, asked for by its template -------------------------


@register.inclusion_tag("rules/parts/trick.html", takes_context=True)
def trick(
    context: Context,
    plays: str,
    trump: str | None,
    number: int,
    called: str | None = None,
    joker_called: bool = False,
    lead_suit: str | None = None,
) -> dict[str, facts.TrickExample | None]:
    """``{% trick "HK SA HJ DJ" "H" 3 %}``: an example trick, judged by the engine with the
    page's house rules, drawn with its reason (nothing at all if the rules make it impossible)."""
    ex = facts.judge(
        context["variant"],
        context["rules"],
        plays.split(),
        trump,
        number,
        called=called,
        joker_called=joker_called,
        lead_suit=lead_suit,
    )
    return {"ex": ex}


@register.simple_tag(takes_context=True)
def worked_out(context: Context, name: str) -> object:
    """``{% worked_out "chip_table" as chips %}``: one of the score tables in ``tables.BUILDERS``."""
    build = tables.BUILDERS[name]
    return build(context["variant"], context["rules"], context["example_players"])


@register.simple_tag(takes_context=True)
def levels(context: Context) -> list[facts.Level]:
    """Each level of the ladder with its target, as the engine sets it."""
    return facts.levels(context["variant"], context["rules"], context["example_players"])


@register.simple_tag(takes_context=True)
def players_where(context: Context, name: str, value: object) -> str:
    """The player counts (of the page's table) at which house rule ``name`` has ``value``."""
    rows = context.get("deal_for_table") or ()
    return either([row.players for row in rows if getattr(row.rules, name) == value])
