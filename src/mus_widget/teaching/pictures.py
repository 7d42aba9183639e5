"""Static pictures for lessons: a card, a hand, a deal and a counted hand as plain HTML with inline SVG.

They need no kernel and no JavaScript, load nothing from the network and use no stylesheet, so they survive
nbconvert's HTML export and show wherever a notebook's HTML outputs are shown. The card art is the
widget's own: ``cards.json`` beside this module holds the SVG that ``js/cards.js`` draws, written by the same
build as the bundle.

In a notebook::

    import mus_widget as mw
    mw.show_hand("12o 3c 7e 1b")          # four cards
    mw.show_deal(game)                    # the four hands around a felt, the mano marked
    mw.show_count(game)                   # the last counted hand: every lance, its points and why
    mw.Hand.parse("12o 3c 7e 1b")         # a Hand (or a Card) shows as its cards too
"""

from __future__ import annotations

import functools
import html
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..engine.betting import Outcome
from ..engine.cards import Card, Hand
from ..engine.game import Game
from ..engine.hands import evaluate
from ..engine.log import HandSummary
from ..engine.rules import Rules
from ..engine.seats import SEATS, check_seat, team_seats
from ..i18n.catalogues import message
from ..i18n.names import check_name
from .explain import explain

STATIC_ART: Final = "cards.json"
CARD_WIDTH: Final = 62
SMALL_WIDTH: Final = 44
_RATIO: Final = 100 / 64
_FELT: Final = "background:#1d6a37;border:6px solid #6b3f1d;border-radius:14px;color:#f7f3e3;padding:10px"
_FONT: Final = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:13px;line-height:1.35"
# Text on the page's own background follows JupyterLab's theme variables, and elsewhere the reader's
# prefers-color-scheme (light-dark() under color-scheme: light dark): at least 4.5 : 1 in both.
_TEXT: Final = "color:var(--jp-ui-font-color1,light-dark(#1f1f1f,#eeeeee));color-scheme:light dark"
_MUTED: Final = "color:var(--jp-ui-font-color2,light-dark(#4d4d4d,#c4c4c4))"
_RULE: Final = "var(--jp-border-color1,light-dark(#8a8a8a,#8f8f8f))"
_TEAM_COLOURS: Final = ("#ffd54a", "#9fd3ff")


@dataclass(frozen=True, slots=True)
class Picture:
    """A static picture: ``html`` is what notebooks display (``_repr_html_``), ``text`` the plain form."""

    html: str
    text: str

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text


@functools.cache
def card_art() -> dict[str, Any]:
    """The card art of the widget: ``{"sha256", "cards": {name: svg}, "back": svg}`` (read once)."""
    from importlib import resources

    text = (resources.files(__package__) / STATIC_ART).read_text(encoding="utf-8")
    art: dict[str, Any] = json.loads(text)
    return art


def _sized(svg: str, width: int) -> str:
    """The SVG with a fixed size, since a static page has no stylesheet to size it; where styles are kept it
    follows its card's box, which may shrink in a narrow column."""
    height = round(width * _RATIO)
    return svg.replace("<svg ", f'<svg width="{width}" height="{height}" style="width:100%;height:auto" ', 1)


def card_name(card: Card, language: str = "en") -> str:
    """A card in words: "rey de oros"."""
    return message("ui.card.name", language, number=message(f"ui.card.{card.number}", language),
                   suit=message(f"ui.suit.{card.suit.value}", language))


def _card_box(width: int) -> str:
    """A card's box: ``width`` wide, narrower only when its hand has less room (a deal in a narrow column)."""
    return f"display:inline-block;width:{width}px;flex:0 1 {width}px;min-width:0;line-height:0"


def card_html(card: Card | str | None, width: int = CARD_WIDTH, language: str = "en") -> str:
    """One card as inline SVG in a span, named for screen readers and on hover; None is the back."""
    art = card_art()
    if card is None:
        return (f'<span style="{_card_box(width)}" role="img" '
                f'aria-label="{html.escape(message("picture.back", language))}">{_sized(art["back"], width)}</span>')
    parsed = card if isinstance(card, Card) else Card.parse(card)
    label = html.escape(f"{card_name(parsed, language)} ({parsed})")
    return (f'<span style="{_card_box(width)}" role="img" aria-label="{label}" '
            f'title="{label}" data-card="{parsed}">{_sized(art["cards"][str(parsed)], width)}</span>')


def hand_html(hand: Hand | str | None, width: int = CARD_WIDTH, language: str = "en") -> str:
    """Four cards side by side (four backs for None)."""
    cards: Sequence[Card | None] = (
        (None, None, None, None) if hand is None else (hand if isinstance(hand, Hand) else Hand.parse(hand)).cards
    )
    gap = max(2, width // 12)
    inner = "".join(card_html(card, width, language) for card in cards)
    style = f"display:inline-flex;gap:{gap}px;vertical-align:middle;max-width:100%"
    return f'<span style="{style}" class="mus-picture-hand">{inner}</span>'


def _page(body: str, kind: str) -> str:
    return f'<div class="mus-picture mus-picture-{kind}" style="{_FONT};{_TEXT};max-width:100%">{body}</div>'


def show_card(card: Card | str, language: str = "en") -> Picture:
    """One card as a static picture."""
    parsed = card if isinstance(card, Card) else Card.parse(card)
    return Picture(_page(card_html(parsed, CARD_WIDTH, language), "card"), str(parsed))


def show_hand(hand: Hand | str, language: str = "en", rules: Rules | None = None, *, captions: bool = True) -> Picture:
    """A hand as a static picture: its four cards and, beneath, what it holds (pares, juego or its total);
    ``captions=False`` leaves that out (for an exercise that asks it)."""
    parsed = hand if isinstance(hand, Hand) else Hand.parse(hand)
    body = hand_html(parsed, CARD_WIDTH, language)
    if captions:
        caption = html.escape(hand_caption(parsed, rules or Rules(), language))
        body += f'<div style="margin-top:4px;{_MUTED}">{caption}</div>'
    return Picture(_page(body, "hand"), str(parsed))


def hand_caption(hand: Hand, rules: Rules, language: str = "en") -> str:
    """What a hand holds, in words: "a par of reyes · 31 (juego)"."""
    from .explain import pares_phrase, stand_ins

    value = evaluate(hand, rules)
    parts = []
    if value.has_pares:
        ranks = value.pares_ranks
        parts.append(pares_phrase(value.pares.name.lower(), ranks[0], ranks[-1], language,
                                  stand_ins(hand, ranks, rules.kings)))
    else:
        parts.append(message("picture.no_pares", language))
    key = "picture.juego" if value.has_juego else "picture.total"
    parts.append(message(key, language, total=value.total))
    return " · ".join(parts)


def show_deal(
    deal: Game | Sequence[Hand | str],
    mano: int | None = None,
    names: Sequence[str] | None = None,
    language: str = "en",
    *,
    rules: Rules | None = None,
    captions: bool = True,
) -> Picture:
    """A whole deal: the four hands around a felt, South at the bottom, the mano marked. ``deal`` is four hands
    by seat or a :class:`Game` (its current hands and mano: every hand, so a teacher's picture); ``rules``
    (the game's, or the default) decide the captions, which ``captions=False`` leaves out."""
    if isinstance(deal, Game):
        hands = deal.hands
        mano = deal.mano if mano is None else mano
        rules = deal.rules if rules is None else rules
    else:
        hands = tuple(h if isinstance(h, Hand) else Hand.parse(h) for h in deal)
        rules = Rules() if rules is None else rules
    if len(hands) != 4:
        raise ValueError(f"a deal is four hands, one per seat, not {len(hands)}")
    mano = check_seat(0 if mano is None else mano)
    labels = _names(names, language)
    seats = []
    for seat in SEATS:
        marker = f' <strong style="color:#ffd54a">{html.escape(message("picture.mano", language))}</strong>' \
            if seat == mano else ""
        caption = html.escape(hand_caption(hands[seat], rules, language)) if captions else ""
        seats.append(
            f'<div style="text-align:center;padding:4px" data-seat="{seat}">'
            f'<div style="font-weight:600;color:{_TEAM_COLOURS[seat % 2]}">{html.escape(labels[seat])}{marker}</div>'
            f"{hand_html(hands[seat], SMALL_WIDTH, language)}"
            f'<div style="font-size:12px;opacity:0.9">{caption}</div></div>'
        )
    south, east, north, west = seats
    grid = (
        '<div style="display:grid;grid-template-columns:repeat(3,minmax(0,1fr));align-items:center;gap:6px">'
        f'<div></div>{north}<div></div>{west}<div></div>{east}<div></div>{south}<div></div></div>'
    )
    text = " / ".join(str(h) for h in hands) + f" (mano {labels[mano]})"
    return Picture(_page(f'<div style="{_FELT}">{grid}</div>', "deal"), text)


def show_count(
    hand: Game | HandSummary, rules: Rules | None = None, names: Sequence[str] | None = None, language: str = "en"
) -> Picture:
    """A counted hand as a table: the four hands, then every lance with its stake, bonus, winner and points,
    and why (:func:`mus_widget.teaching.explain.explain`). ``hand`` is a :class:`Game` (its last hand) or a
    :class:`HandSummary` with the ``rules`` it was played by."""
    if isinstance(hand, Game):
        summary = hand.last_hand
        rules = hand.rules if rules is None else rules
        if summary is None:
            raise ValueError("no hand of this game is over yet: there is no count to show")
    else:
        summary = hand
    rules = rules or Rules()
    labels = _names(names, language)
    teams = ([message(f"team.{team}", language) for team in (0, 1)] if names is None else
             [message("ui.team", language, a=labels[a], b=labels[b]) for a, b in (team_seats(0), team_seats(1))])
    reasons = explain(summary, rules)
    t = functools.partial(message, language=language)
    parts: list[str] = []
    if summary.hands is not None:  # side by side, wrapping onto a second row in a column narrower than four
        cells = "".join(
            f'<div style="padding:4px 8px" data-seat="{s}"><div style="font-weight:600">{html.escape(labels[s])}'
            f'{" · " + html.escape(t("picture.mano")) if s == summary.mano else ""}</div>'
            f"{hand_html(summary.hands[s], SMALL_WIDTH, language)}</div>"
            for s in SEATS
        )
        parts.append(f'<div style="display:flex;flex-wrap:wrap;margin-bottom:6px">{cells}</div>')
    head = "".join(f'<th style="text-align:left;padding:3px 8px;border-bottom:2px solid {_RULE}">'
                   f"{html.escape(t(k))}</th>"
                   for k in ("ui.count.lance", "ui.count.stake", "ui.count.bonus", "ui.count.winner",
                             "ui.count.points"))
    rows = []
    by_lance = {e.lance: e for e in reasons}
    lines = []
    for row in summary.count:
        exp = by_lance.get(row.lance)
        ordago = row.outcome is Outcome.ORDAGO
        winner = teams[row.team] if row.team is not None else t("ui.count.nobody")
        points = "–" if ordago else f"+{row.points}" if row.counted else t("ui.count.not_counted")
        stake = t("action.ordago") if ordago else str(row.stake)
        columns = [t(f"lance.{row.lance.value}"), stake, str(row.bonus) if row.bonus else "–", winner, points]
        style = f"text-align:left;padding:3px 8px;border-top:1px solid {_RULE}" + ("" if row.counted else f";{_MUTED}")
        rows.append(f'<tr data-lance="{row.lance.value}">'
                    + "".join(f'<td style="{style}">{html.escape(c)}</td>' for c in columns) + "</tr>")
        if exp is not None:
            why = exp.text(language, labels, teams)
            rows.append(f'<tr><td colspan="5" style="text-align:left;padding:0 8px 6px 8px;{_MUTED};font-size:12px">'
                        f"{html.escape(why)}</td></tr>")
            lines.append(f"{row.lance.value}: {why}")
    for exp in reasons:
        if exp.outcome is Outcome.REJECTED and exp.lance not in {row.lance for row in summary.count}:
            why = exp.text(language, labels, teams)
            rows.append(f'<tr><td colspan="5" style="text-align:left;padding:3px 8px;{_MUTED}">'
                        f"{html.escape(why)}</td></tr>")
            lines.append(why)
    caption = html.escape(t("ui.count.title"))
    table = (f'<table style="border-collapse:collapse"><caption style="text-align:left;font-weight:700">{caption}'
             f"</caption><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
    if not summary.count:
        table = f"<p>{html.escape(t('ui.count.no_rows'))}</p>" + (
            f'<table style="border-collapse:collapse"><tbody>{"".join(rows)}</tbody></table>' if rows else "")
    score_text = t("ui.count.score", team_a=teams[0], team_b=teams[1], a=summary.scores[0], b=summary.scores[1])
    score = html.escape(score_text)
    parts.append(table)
    parts.append(f'<p style="font-weight:600;margin:6px 0 0 0">{score}</p>')
    text = "\n".join([*lines, score_text])
    return Picture(_page("".join(parts), "count"), text)


def _names(names: Sequence[str] | None, language: str) -> list[str]:
    if names is None:
        return [message(f"seat.{s}", language) for s in SEATS]
    if isinstance(names, str) or len(names) != 4:
        raise ValueError(f"names are four, one per seat, not {names!r}")
    return [check_name(name, f"names[{seat}]") for seat, name in enumerate(names)]


def register_formatters() -> bool:
    """Show every :class:`Card` and :class:`Hand` as its picture in a running IPython: the engine keeps no
    rich repr of its own, so that it never reaches up into this layer. Returns whether a shell was found."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return False
    formatter = shell.display_formatter.formatters["text/html"]
    formatter.for_type(Card, lambda card: show_card(card).html)
    formatter.for_type(Hand, lambda hand: show_hand(hand).html)
    return True


register_formatters()

__all__ = [
    "Picture", "card_html", "card_name", "hand_html", "register_formatters", "show_card", "show_count", "show_deal",
    "show_hand",
]
