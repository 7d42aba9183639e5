"""Why each lance of a hand went the way it did, as sentences made of message ids and values.

:func:`explain` takes a hand that is over (a :class:`Game`, whose last hand it reads, or a
:class:`HandSummary`) and gives one :class:`Explanation` per row of its count, and one per negada scored
outside the count (a negada that won the game, or one before an accepted órdago). An explanation says who
won the lance and why: the deciding card of Grande or Chica ("the highest cards tie; North's second card,
rey (3c), beats East's caballo (11o)"), the pares or the total that won, the tie that goes to the mano,
the refused bet and its negada; then what the row is made of: the stake, each holder's pares or juego,
the punto, whether it was counted.

Every value is plain data (the deciding card in canonical notation with its rank, seats, teams, numbers),
so the sentences are rendered in any catalogue language, with seat names or with the players' names. In a
notebook the answer (:class:`Explanations`) shows as those sentences, a lance a line, in the table's language.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..engine.betting import LanceResult, Outcome
from ..engine.cards import Card, Hand
from ..engine.game import Game
from ..engine.hands import HandValue, Lance, ParesKind, evaluate, rank_of
from ..engine.log import HandSummary
from ..engine.rules import Rules
from ..engine.scoring import CountRow, Reason, Value, best_seat
from ..engine.seats import SEATS, speaking_order, team_of, team_seats
from ..i18n.catalogues import LANGUAGES, LanguageError, default_language, message

_INDEX: Final = {lance: i for i, lance in enumerate(Lance)}
_HOLDING: Final = frozenset({Lance.PARES, Lance.JUEGO})
"""Lances only their holders take part in."""
_DEFAULT_RULES: Final = Rules()


@dataclass(frozen=True, slots=True)
class Explanation:
    """One lance of a counted hand explained.

    ``decided`` says who took the lance and why (a message id ``why.<lance>.*``, ``why.only.*``,
    ``why.none.*`` or ``why.negada.*`` and its values); ``account`` what the row is made of, one reason per
    part (the stake, each holder's bonus, the punto, the negada, not counted, the game won). ``team`` is the
    team that took the lance (None when nobody held it); ``counted`` is false for a row after the game was
    already won.
    """

    lance: Lance
    outcome: Outcome
    team: int | None
    decided: Reason
    account: tuple[Reason, ...] = ()
    counted: bool = True

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """Every sentence, the deciding one first."""
        return (self.decided, *self.account)

    def text(self, language: str = "en", names: Sequence[str] | None = None,
             teams: Sequence[str] | None = None) -> str:
        """The explanation as one paragraph; ``names`` (four, by seat) replace the seat names and ``teams``
        (two) the team names."""
        return " ".join(render(reason, language, names, teams) for reason in self.reasons)

    def to_dict(self) -> dict[str, Any]:
        return {
            "lance": self.lance.value,
            "outcome": self.outcome.value,
            "team": self.team,
            "decided": self.decided.to_dict(),
            "account": [reason.to_dict() for reason in self.account],
            "counted": self.counted,
        }

    def __str__(self) -> str:
        return self.text()


# ---------------------------------------------------------------------------------------------- explain


def explain(hand: Game | HandSummary, rules: Rules | None = None, language: str | None = None) -> Explanations:
    """The explanations of a hand that is over: one per row of its count, in order, and one per negada
    scored outside the count. ``hand`` is a :class:`Game` (its :attr:`~Game.last_hand`, under its rules) or a
    :class:`HandSummary` (then give the ``rules`` it was played by; the default rules otherwise). ``language``
    is the one they show in (None: the kernel's, as a table's default)."""
    if isinstance(hand, Game):
        summary = hand.last_hand
        if summary is None:
            raise ValueError("no hand of this game is over yet: there is nothing to explain")
        rules = hand.rules if rules is None else rules
    elif isinstance(hand, HandSummary):
        summary = hand
    else:
        raise TypeError(f"explain() takes a Game or a HandSummary, not {hand!r}")
    rules = _DEFAULT_RULES if rules is None else rules
    negadas = [_negada(result, rules) for result in summary.results if result.outcome is Outcome.REJECTED]
    rows = summary.count
    if not rows:  # a negada reached the target: no count, no hands shown
        return Explanations(negadas, language)
    if summary.hands is None:
        raise ValueError("the hands of a counted hand are shown; this summary has none")
    table = _Table(summary.hands, tuple(evaluate(h, rules) for h in summary.hands), summary.mano, rules)
    if rows[0].outcome is Outcome.ORDAGO:
        return Explanations((*negadas, _ordago(rows[0], table)), language)
    winning = _winning_row(summary)
    return Explanations((_row(row, table, index == winning) for index, row in enumerate(rows)), language)


class Explanations(tuple[Explanation, ...]):
    """What :func:`explain` answers: a tuple of :class:`Explanation`, one per lance, that shows in a notebook
    (and as its ``repr``) as their sentences, a lance a line, in ``language`` (None: the kernel's)."""

    language: str | None

    def __new__(cls, explanations: Iterable[Explanation], language: str | None = None) -> Explanations:
        if language is not None and language not in LANGUAGES:
            raise LanguageError(f"no language {language!r}: the explanations speak {', '.join(LANGUAGES)}")
        made = super().__new__(cls, explanations)
        made.language = language
        return made

    def lines(self) -> list[str]:
        """Each explanation as its sentences (each begins with its lance), in the language shown."""
        language = default_language() if self.language is None else self.language
        return [e.text(language) for e in self]

    def _repr_html_(self) -> str:
        language = default_language() if self.language is None else self.language
        rows = "".join(f'<p style="margin:0 0 6px 0">{html.escape(text)}</p>' for text in self.lines())
        return f'<div lang="{language}" style="max-width:60em">{rows}</div>'

    def __repr__(self) -> str:
        return "\n".join(self.lines()) or "()"



@dataclass(frozen=True, slots=True)
class _Table:
    """The shown hands of a counted hand, their values, its mano and rules."""

    hands: tuple[Hand, ...]
    values: tuple[HandValue, ...]
    mano: int
    rules: Rules


def _winning_row(summary: HandSummary) -> int | None:
    """The row that took a team to the target, if the count ended the game."""
    over = next((e for e in summary.log if e.kind == "game_over"), None)
    if over is None:
        return None
    won = over.get("team")
    counted = [i for i, row in enumerate(summary.count) if row.counted and row.team == won and row.points]
    return counted[-1] if counted else None


def _row(row: CountRow, table: _Table, wins_game: bool) -> Explanation:
    lance, outcome = row.lance, row.outcome
    if outcome is Outcome.NOBODY:
        return Explanation(lance, outcome, None, Reason(f"why.none.{lance.value}"), (), row.counted)
    assert row.team is not None
    team = row.team
    if outcome is Outcome.REJECTED:
        decided = _negada_reason(lance, team, row.stake)
    elif outcome is Outcome.ONE_TEAM:
        decided = Reason(f"why.only.{lance.value}", (("team", team),))
    else:
        decided = deciding_reason(lance, table.hands, table.values, table.mano, table.rules.kings)
    account: list[Reason] = []
    if outcome is Outcome.EN_PASO and lance in (Lance.GRANDE, Lance.CHICA):
        account.append(Reason("why.row.en_paso", (("team", team), ("stake", row.stake))))
    elif outcome is Outcome.EN_PASO:
        account.append(Reason("why.row.en_paso.bonus", (("team", team),)))
    elif outcome is Outcome.ACCEPTED:
        account.append(Reason("why.row.accepted", (("team", team), ("stake", row.stake))))
    elif outcome is Outcome.REJECTED:
        paid_now = table.rules.negadas_at_count
        account.append(Reason("why.row.negada.at_count" if paid_now else "why.row.negada.at_once",
                              (("team", team), ("stake", row.stake))))
    account.extend(_bonus(lance, team, table))
    if not row.counted:
        account.append(Reason("why.row.not_counted"))
    else:
        account.append(Reason("why.row.points", (("team", team), ("points", row.points))) if row.points
                       else Reason("why.row.points.none"))
        if wins_game:
            account.append(Reason("why.row.wins", (("team", team), ("target", table.rules.target))))
    return Explanation(lance, outcome, team, decided, tuple(account), row.counted)


def _ordago(row: CountRow, table: _Table) -> Explanation:
    assert row.team is not None
    decided = deciding_reason(row.lance, table.hands, table.values, table.mano, table.rules.kings)
    return Explanation(row.lance, row.outcome, row.team, decided, (Reason("why.row.ordago", (("team", row.team),)),))


def _negada(result: LanceResult, rules: Rules) -> Explanation:
    """A negada scored outside the count: it is on the board from the moment the bet was refused."""
    assert result.team is not None
    decided = _negada_reason(result.lance, result.team, result.stake)
    when = "why.row.negada.at_count" if rules.negadas_at_count else "why.row.negada.at_once"
    return Explanation(result.lance, result.outcome, result.team, decided,
                       (Reason(when, (("team", result.team), ("stake", result.stake))),))


def _negada_reason(lance: Lance, team: int, negada: int) -> Reason:
    kind = "first" if negada == 1 else "raise"
    return Reason(f"why.negada.{kind}", (("lance", lance.value), ("team", team), ("negada", negada)))


def _bonus(lance: Lance, team: int, table: _Table) -> list[Reason]:
    """What each holder of ``team`` adds at Pares or Juego; the point of Punto."""
    out = []
    values = table.values
    if lance is Lance.PARES:
        for seat in team_seats(team):
            value = values[seat]
            if value.has_pares:
                pares = pares_values("", value, table.hands[seat], table.rules.kings)
                out.append(Reason("why.bonus.pares", (("seat", seat), *pares, ("points", value.pares_points))))
    elif lance is Lance.JUEGO:
        for seat in team_seats(team):
            value = values[seat]
            if value.has_juego:
                out.append(Reason("why.bonus.juego", (("seat", seat), ("total", value.total),
                                                      ("points", value.juego_points))))
    elif lance is Lance.PUNTO:
        out.append(Reason("why.bonus.punto", (("team", team),)))
    return out


# ---------------------------------------------------------------------------------------------- deciding


def contenders(lance: Lance, values: Sequence[HandValue], mano: int) -> tuple[int, int | None]:
    """The seat that wins ``lance`` by the cards (ties to the player nearer the mano) and its rival, the best
    seat of the other team (None when no one of that team holds the lance)."""
    order = speaking_order(mano)
    best = best_seat(lance, values, order)
    rival = best_seat(lance, values, [s for s in order if team_of(s) != team_of(best)])
    if lance in _HOLDING and not values[rival].strengths[_INDEX[lance]]:
        return best, None
    return best, rival


def deciding_reason(
    lance: Lance, hands: Sequence[Hand], values: Sequence[HandValue], mano: int, kings: int = 8
) -> Reason:
    """Why the best hand of ``lance`` beats the best hand of the other team: the deciding card, the pares,
    the total, or the tie that goes to the player nearer the mano. ``values`` are the hands' values under
    rules with ``kings`` reyes."""
    seat, rival = contenders(lance, values, mano)
    if rival is None:
        return Reason(f"why.only.{lance.value}", (("team", team_of(seat)),))
    mine, theirs = values[seat], values[rival]
    tied = mine.strengths[_INDEX[lance]] == theirs.strengths[_INDEX[lance]]
    base: tuple[tuple[str, Value], ...] = (("seat", seat), ("rival", rival))
    if lance in (Lance.GRANDE, Lance.CHICA):
        if tied:
            return Reason(f"why.{lance.value}.tie", (*base, ("hand", str(hands[seat]))))
        ranks_mine = mine.ranks if lance is Lance.GRANDE else tuple(reversed(mine.ranks))
        ranks_theirs = theirs.ranks if lance is Lance.GRANDE else tuple(reversed(theirs.ranks))
        index = next(k for k in range(4) if ranks_mine[k] != ranks_theirs[k])
        card = _nth_card(hands[seat], ranks_mine, index, kings)
        other = _nth_card(hands[rival], ranks_theirs, index, kings)
        return Reason(f"why.{lance.value}.{index + 1}", (
            *base, ("position", index + 1), ("card", card), ("rank", ranks_mine[index]),
            ("rival_card", other), ("rival_rank", ranks_theirs[index]),
        ))
    if lance is Lance.PARES:
        pares = pares_values("", mine, hands[seat], kings)
        if tied:
            return Reason("why.pares.tie", (*base, *pares))
        kind = "kind" if mine.pares is not theirs.pares else "rank"
        return Reason(f"why.pares.{kind}", (*base, *pares, *pares_values("rival_", theirs, hands[rival], kings)))
    totals = (*base, ("total", mine.total), ("rival_total", theirs.total))
    if tied:
        return Reason(f"why.{lance.value}.tie", (*base, ("total", mine.total)))
    if lance is Lance.JUEGO and mine.total == theirs.total == 31:
        return Reason("why.juego.real", totals)
    return Reason(f"why.{lance.value}.total", totals)


def deciding_cards(
    lance: Lance, hands: Sequence[Hand], values: Sequence[HandValue], mano: int, kings: int = 8
) -> tuple[tuple[str, ...], ...]:
    """The cards that decide ``lance``, by seat (four tuples of cards in notation, empty for a seat whose cards
    play no part): at Grande and Chica the cards of the winner and of the best hand of the other team compared
    up to and including the deciding card (all four when they tie and the tie goes to the mano); at Pares each
    holder's pares, of both teams; at Juego every card of each seat with juego; at Punto the cards of the two
    hands compared. ``values`` are the hands' values under rules with ``kings`` reyes (with 8, a 3 is compared
    as a rey and a 2 as an as)."""
    marks: list[tuple[str, ...]] = [(), (), (), ()]
    if lance is Lance.PARES:
        for seat in SEATS:
            if values[seat].has_pares:
                marks[seat] = pares_cards(hands[seat], kings)
        return tuple(marks)
    if lance is Lance.JUEGO:
        for seat in SEATS:
            if values[seat].has_juego:
                marks[seat] = tuple(map(str, hands[seat].cards))
        return tuple(marks)
    seat, rival = contenders(lance, values, mano)
    if lance is Lance.PUNTO:
        for s in (seat, rival):
            if s is not None:
                marks[s] = tuple(map(str, hands[s].cards))
        return tuple(marks)
    if rival is None:  # never at Grande or Chica, where every hand takes part
        return tuple(marks)
    ordered = [values[s].ranks if lance is Lance.GRANDE else tuple(reversed(values[s].ranks)) for s in (seat, rival)]
    last = next((k for k in range(4) if ordered[0][k] != ordered[1][k]), 3)
    for s, ranks in zip((seat, rival), ordered, strict=True):
        marks[s] = tuple(_nth_card(hands[s], ranks, k, kings) for k in range(last + 1))
    return tuple(marks)


def pares_cards(hand: Hand, kings: int = 8) -> tuple[str, ...]:
    """The cards of ``hand`` that make its pares (every card whose rank it holds twice or more), in notation."""
    ranks = [rank_of(card.number, kings) for card in hand.cards]
    return tuple(str(card) for card, rank in zip(hand.cards, ranks, strict=True) if ranks.count(rank) > 1)


def row_marks(row: CountRow, hands: Sequence[Hand] | None, rules: Rules, mano: int) -> tuple[tuple[str, ...], ...]:
    """The deciding cards of a row of the count (:func:`deciding_cards`), by seat: none for a negada, a lance
    nobody held, or hands that were not shown; an órdago's row is its lance's."""
    if hands is None or row.outcome in (Outcome.REJECTED, Outcome.NOBODY):
        return ((), (), (), ())
    values = [evaluate(hand, rules) for hand in hands]
    return deciding_cards(row.lance, hands, values, mano, rules.kings)


def _nth_card(hand: Hand, ranks: tuple[int, ...], index: int, kings: int) -> str:
    """The card of ``hand`` at ``index`` of its ranks in the order given (``ranks``), as notation: of the
    cards of that rank, the one that comes ``k``-th, where ``k`` counts that rank's earlier places."""
    rank = ranks[index]
    k = sum(1 for r in ranks[:index] if r == rank)
    cards = [c for c in hand.cards if rank_of(c.number, kings) == rank]
    return str(cards[k])


def pares_values(prefix: str, value: HandValue, hand: Hand | None = None,
                 kings: int = 8) -> tuple[tuple[str, Value], ...]:
    """The values a reason needs to name a hand's pares (``pares``, ``high``, ``low``, after ``prefix``); given
    the ``hand``, also ``counts`` when its pares hold a 3 counted as a rey or a 2 counted as an as (with 8
    reyes): ``rey``, ``as`` or ``both`` (:func:`stand_ins`)."""
    ranks = value.pares_ranks
    high = ranks[0] if ranks else 0
    low = ranks[1] if len(ranks) > 1 else high
    out: tuple[tuple[str, Value], ...] = (
        (f"{prefix}pares", value.pares.name.lower()), (f"{prefix}high", high), (f"{prefix}low", low)
    )
    counts = "" if hand is None else stand_ins(hand, ranks, kings)
    return (*out, (f"{prefix}counts", counts)) if counts else out


def stand_ins(hand: Hand, ranks: Sequence[int], kings: int = 8) -> str:
    """Which of ``ranks`` ``hand`` holds by a card that only counts as that rank (with 8 reyes a 3 is a rey, a
    2 an as): ``rey``, ``as``, ``both`` or ""."""
    numbers = hand.numbers
    rey = 12 in ranks and 3 in numbers and rank_of(3, kings) == 12
    as_ = 1 in ranks and 2 in numbers and rank_of(2, kings) == 1
    return "both" if rey and as_ else "rey" if rey else "as" if as_ else ""


# ---------------------------------------------------------------------------------------------- rendering


def render(reason: Reason, language: str = "en", names: Sequence[str] | None = None,
           teams: Sequence[str] | None = None) -> str:
    """One sentence of an explanation in ``language``: seats by ``names`` (or the seat names), teams by
    ``teams`` (or the team names), cards with their rank, pares in words."""
    seat_name: Callable[[int], str] = (
        (lambda s: names[s]) if names is not None else (lambda s: message(f"seat.{s}", language))
    )
    team_name: Callable[[int], str] = (
        (lambda t: teams[t]) if teams is not None else (lambda t: message(f"team.{t}", language))
    )
    values = reason.params
    out: dict[str, object] = dict(values)
    for key in ("seat", "rival"):
        if isinstance(values.get(key), int):
            out[key] = seat_name(int(values[key]))
    if isinstance(values.get("team"), int):
        out["team"] = team_name(int(values["team"]))
    if isinstance(values.get("lance"), str):
        out["lance"] = message(f"lance.{values['lance']}", language)
    for prefix in ("", "rival_"):
        card = values.get(f"{prefix}card")
        if isinstance(card, str):
            out[f"{prefix}card"] = card_phrase(card, int(values[f"{prefix}rank"]), language)
        pares = values.get(f"{prefix}pares")
        if isinstance(pares, str):
            out[f"{prefix}pares"] = pares_phrase(pares, int(values[f"{prefix}high"]), int(values[f"{prefix}low"]),
                                                 language, str(values.get(f"{prefix}counts", "")))
    return message(reason.id, language, **out)


def card_phrase(card: str, rank: int, language: str = "en") -> str:
    """A card named by the rank it counts as: "rey (12o)", and for a card that only counts as that rank (a 3
    as a rey, a 2 as an as, with 8 reyes) saying so: "rey (3c: a 3 counts as a rey)"."""
    number = Card.parse(card).number
    if number != rank and (number, rank) in ((3, 12), (2, 1)):
        return message(f"why.card.{number}", language, card=card)
    return message("why.card", language, rank=message(f"rank.{rank}", language), card=card)


def pares_phrase(kind: str, high: int, low: int, language: str = "en", counts: str = "") -> str:
    """Pares in words: "a par of reyes", "medias of sotas", "duples of reyes and 7s", "duples of four reyes";
    with ``counts`` (``rey``, ``as``, ``both``: see :func:`stand_ins`) saying that a 3 counts as a rey or a
    2 as an as: "a par of reyes (a 3 counts as a rey)"."""
    if kind == ParesKind.DUPLES.name.lower():
        if high == low:
            phrase = message("why.pares.phrase.four", language, ranks=message(f"ranks.{high}", language))
        else:
            phrase = message("why.pares.phrase.duples", language, high=message(f"ranks.{high}", language),
                             low=message(f"ranks.{low}", language))
    else:
        phrase = message(f"why.pares.phrase.{kind}", language, ranks=message(f"ranks.{high}", language))
    if counts:
        return message(f"why.pares.counts.{counts}", language, pares=phrase)
    return phrase


__all__ = [
    "Explanation", "Explanations", "card_phrase", "contenders", "deciding_cards", "deciding_reason", "explain",
    "pares_cards", "pares_phrase", "pares_values", "render", "row_marks", "stand_ins",
]
