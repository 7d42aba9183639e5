"""Exercises for the tutorials: a seeded deal, a question with a few answers, and the verdict with its reason.

Each kind of exercise is a function of a seed, so a notebook shows a fresh deal at every "Another deal" and
a test replays any of them::

    >>> ex = exercise("grande", seed=4)
    >>> ex.check(ex.answer).right
    True

The reasons come from the same explanations as the count (:mod:`mus_widget.teaching.explain`), in any language.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from ..engine.cards import Hand
from ..engine.game import Game
from ..engine.hands import Lance, ParesKind, evaluate, lance_winner, points_of, rank_of
from ..engine.rules import Rules
from ..engine.scoring import Reason, Value
from ..engine.seats import SEATS, next_seat, team_of
from ..engine.senas import CATALOGUE, SENAS, true_senas
from ..i18n.catalogues import message
from .explain import deciding_reason, explain, pares_values, render
from .pictures import Picture, show_deal, show_hand


@dataclass(frozen=True)
class Choice:
    """One answer the student may give: a stable key and the message that labels it."""

    key: str
    label: Reason


@dataclass(frozen=True)
class Verdict:
    """Right or wrong, and why, in one language."""

    right: bool
    text: str
    why: str


@dataclass(frozen=True)
class Exercise:
    """A question about a seeded deal, its answers (one right) and the reasons for the right one."""

    kind: str
    seed: int
    question: Reason
    choices: tuple[Choice, ...]
    answer: str
    why: tuple[Reason, ...]
    hands: tuple[Hand, ...]
    """The hands shown: four by seat, or one."""
    mano: int | None = None
    rules: Rules = field(default_factory=Rules)

    def __repr__(self) -> str:
        return f"exercise({self.kind!r}, seed={self.seed})"

    def text(self, language: str = "en") -> str:
        """The question."""
        return _render(self.question, language)

    def labels(self, language: str = "en") -> list[tuple[str, str]]:
        """The answers as ``(key, label)``."""
        return [(c.key, _render(c.label, language)) for c in self.choices]

    def explanation(self, language: str = "en") -> str:
        """Why the right answer is right."""
        return " ".join(_render(reason, language) for reason in self.why)

    def check(self, key: str, language: str = "en") -> Verdict:
        """The verdict on the answer ``key``; an unknown key is a ``ValueError`` naming the answers."""
        labels = dict(self.labels(language))
        if key not in labels:
            raise ValueError(f"{key!r} is not an answer to {self!r}; the answers are {', '.join(labels)}")
        why = self.explanation(language)
        if key == self.answer:
            return Verdict(True, message("exercise.right", language), why)
        return Verdict(False, message("exercise.wrong", language, answer=labels[self.answer]), why)

    def next(self) -> Exercise:
        """The same kind of exercise on the next deal."""
        return exercise(self.kind, self.seed + 1, self.rules)

    def picture(self, language: str = "en", captions: bool = False) -> Picture:
        """The hands of the question, face up; without the captions that would give the answer away, unless
        ``captions`` (once the question is answered)."""
        if len(self.hands) == 1:
            return show_hand(self.hands[0], language, self.rules, captions=captions)
        return show_deal(self.hands, mano=self.mano, language=language, rules=self.rules, captions=captions)

    def show(self, language: str = "en") -> Picture:
        """The whole question as a static picture in ``language``: the hands, the question and the answers to
        choose from (for a page exported without a kernel)."""
        labels = self.labels(language)
        items = "".join(f"<li>{label}</li>" for _, label in labels)
        text = self.text(language)
        page = f"{self.picture(language)._repr_html_()}<p><b>{text}</b></p><ol type='a'>{items}</ol>"
        return Picture(page, "\n".join([text, *(f"{chr(97 + i)}) {label}" for i, (_, label) in enumerate(labels))]))

    def _repr_html_(self) -> str:
        return self.show()._repr_html_()


# ---------------------------------------------------------------------------------------------- the kinds


def _deal(seed: int, rules: Rules, salt: str, wanted: Callable[[Game], bool] = lambda g: True) -> Game:
    """The first seeded deal at or after ``seed`` that ``wanted`` accepts (deterministic)."""
    rng = random.Random(f"exercise:{salt}:{seed}")
    while True:
        game = Game.new(seed=rng.randrange(2**31), rules=rules)
        if wanted(game):
            return game


def _seat_choices(nobody: bool = False) -> tuple[Choice, ...]:
    seats = tuple(Choice(str(s), Reason(f"seat.{s}")) for s in SEATS)
    return (*seats, Choice("nobody", Reason("exercise.choice.nobody"))) if nobody else seats


def _who_wins(lance: Lance) -> Callable[[int, Rules], Exercise]:
    holding = lance in (Lance.PARES, Lance.JUEGO)

    def wanted(game: Game) -> bool:
        values = [evaluate(h, game.rules) for h in game.hands]
        if lance is Lance.PUNTO:
            return all(v.total < 31 for v in values)
        if not holding:
            return True
        # Both teams hold it (the reason then compares the best of each), or, for pares, nobody does.
        holds = [v.total >= 31 if lance is Lance.JUEGO else v.pares is not ParesKind.NONE for v in values]
        teams = {team_of(s) for s in SEATS if holds[s]}
        return len(teams) == 2 or (lance is Lance.PARES and not teams)

    def make(seed: int, rules: Rules) -> Exercise:
        game = _deal(seed, rules, lance.value, wanted)
        hands, mano = game.hands, game.mano
        winner = lance_winner(lance, hands, mano, rules)
        if winner is None:
            why: tuple[Reason, ...] = (Reason("exercise.why.nobody", (("lance", lance.value),)),)
        else:
            values = [evaluate(h, rules) for h in hands]
            why = (deciding_reason(lance, hands, values, mano, rules.kings),)
        return Exercise(
            kind=lance.value, seed=seed,
            question=Reason("exercise.who_wins", (("lance", lance.value), ("mano", mano))),
            choices=_seat_choices(nobody=holding), answer="nobody" if winner is None else str(winner),
            why=why, hands=hands, mano=mano, rules=rules,
        )

    return make


def _pares_of(seed: int, rules: Rules) -> Exercise:
    game = _deal(seed, rules, "pares_of")
    seat = random.Random(f"exercise:pares_of:seat:{seed}").choice(SEATS)
    hand = game.hands[seat]
    value = evaluate(hand, rules)
    kinds = ("none", "par", "medias", "duples")
    choices = (Choice("none", Reason("feature.no_pares")),
               *(Choice(k, Reason(f"pares.{k}")) for k in kinds[1:]))
    if value.pares is ParesKind.NONE:
        answer, why = "none", Reason("exercise.why.no_pares", (("seat", seat),))
    else:
        answer = value.pares.name.lower()
        why = Reason("exercise.why.pares", (("seat", seat), *pares_values("", value, hand, rules.kings)))
    return Exercise("pares_of", seed, Reason("exercise.pares_of", (("seat", seat),)), choices, answer, (why,),
                    (hand,), None, rules)


def _juego_of(seed: int, rules: Rules) -> Exercise:
    game = _deal(seed, rules, "juego_of")
    rng = random.Random(f"exercise:juego_of:seat:{seed}")
    seat = rng.choice(SEATS)
    hand = game.hands[seat]
    total = evaluate(hand, rules).total
    wrong = {total + d for d in (-10, -9, -2, -1, 1, 2, 9, 10) if 4 <= total + d <= 40}
    options = sorted({total, *rng.sample(sorted(wrong), 3)})
    parts = " + ".join(str(points_of(c.number, rules.kings)) for c in hand.cards)
    why_id = "exercise.why.juego" if total >= 31 else "exercise.why.punto"
    return Exercise(
        "juego_of", seed, Reason("exercise.juego_of", (("seat", seat),)),
        _numbers(options), str(total),
        (Reason(why_id, (("parts", parts), ("total", total))),), (hand,), None, rules,
    )


def _reyes(seed: int, rules: Rules) -> Exercise:
    game = _deal(seed, rules, "reyes", lambda g: any(c.number in (3, 12) for c in g.hands[0].cards))
    hand = game.hands[0]
    count = sum(1 for c in hand.cards if rank_of(c.number, rules.kings) == 12)
    return Exercise(
        "reyes", seed, Reason("exercise.reyes_count", (("kings", rules.kings),)),
        _numbers(range(5)), str(count),
        (Reason(f"exercise.why.reyes.{rules.kings}", (("cards", str(hand)), ("reyes", count))),), (hand,), None,
        rules,
    )


def _next_mano(seed: int, rules: Rules) -> Exercise:
    game = _deal(seed, rules, "next_mano")
    mano = game.mano
    return Exercise(
        "next_mano", seed, Reason("exercise.next_mano", (("mano", mano),)), _seat_choices(),
        str(next_seat(mano)), (Reason("exercise.why.next_mano", (("mano", mano), ("next", next_seat(mano)))),),
        game.hands, mano, rules,
    )


def _negada(seed: int, rules: Rules) -> Exercise:
    """A bet, perhaps raised, then refused: the bettors take 1 for a first bet, else the stake before the raise."""
    rng = random.Random(f"exercise:negada:{seed}")
    game = _deal(seed, rules, "negada")
    lance = rng.choice((Lance.GRANDE, Lance.CHICA))
    seat = rng.choice(SEATS)
    calls: list[tuple[int, int]] = []
    stakes: list[int] = []
    for _ in range(rng.choice((1, 2, 2, 3))):
        amount = rng.randint(2, 5)
        calls.append((seat, amount))
        stakes.append(amount + (stakes[-1] if stakes else 0))
        seat = next_seat(seat)
    negada = 1 if len(calls) == 1 else stakes[-2]
    options = sorted({negada, 1, *stakes})
    while len(options) > 4:
        options.remove(next(o for o in reversed(options) if o != negada))
    while len(options) < 4:
        options.append(options[-1] + 1)
    why = Reason("why.negada.first" if len(calls) == 1 else "why.negada.raise",
                 (("lance", lance.value), ("team", team_of(calls[-1][0])), ("negada", negada)))
    return Exercise(
        "negada", seed,
        Reason("exercise.negada", (("lance", lance.value), ("calls", ";".join(f"{s}:{n}" for s, n in calls)),
                                   ("refuser", next_seat(calls[-1][0])), ("team", team_of(calls[-1][0])))),
        _numbers(options), str(negada), (why,), game.hands, game.mano, rules,
    )


def _count(seed: int, rules: Rules) -> Exercise:
    """Everybody passes in every lance: how many points does a team score at the count?"""
    rng = random.Random(f"exercise:count:{seed}")
    game = _deal(seed, rules, "count")
    played = game.apply("no-mus")
    while played.last_hand is None:
        legal = played.legal_actions()
        played = played.apply("paso" if "paso" in legal else legal[0])
    team = rng.choice((0, 1))
    points = played.scores[team]
    near = [p for p in (points - 2, points - 1, points + 1, points + 2, points + 3) if p >= 0]
    why = tuple(r for e in explain(played) for r in e.reasons)
    return Exercise(
        "count", seed, Reason("exercise.count", (("team", team),)),
        _numbers(sorted({points, *rng.sample(near, 3)})), str(points),
        (*why, Reason("exercise.why.count", (("team", team), ("points", points)))), game.hands, game.mano, rules,
    )


def _sena(seed: int, rules: Rules) -> Exercise:
    """Which of four señas is true for a hand: exactly one of those offered is."""
    rng = random.Random(f"exercise:sena:{seed}")
    telling = [s.id for s in CATALOGUE if s.id not in ("nothing", "need_mus")]

    def one_true(game: Game) -> bool:
        return any(s in telling for s in true_senas(game.hands[0], rules))

    game = _deal(seed, rules, "sena", one_true)
    hand = game.hands[0]
    true = [s for s in true_senas(hand, rules) if s in telling]
    right = rng.choice(true)
    false = [s for s in telling if s not in true_senas(hand, rules)]
    offered = [right, *rng.sample(false, 3)]
    rng.shuffle(offered)
    return Exercise(
        "sena", seed, Reason("exercise.true_sena", (("seat", 0),)),
        tuple(Choice(s, Reason("ui.sena.option", (("sena", s),))) for s in offered), right,
        (Reason("exercise.why.sena", (("seat", 0), ("sena", right))),), (hand,), None, rules,
    )


KINDS: Final[dict[str, Callable[[int, Rules], Exercise]]] = {
    **{lance.value: _who_wins(lance) for lance in Lance},
    "pares_of": _pares_of,
    "juego_of": _juego_of,
    "reyes": _reyes,
    "next_mano": _next_mano,
    "negada": _negada,
    "count": _count,
    "sena": _sena,
}
"""Every kind of exercise: who wins each lance, the pares or juego of a hand, the reyes of a hand with 8 or 4
reyes, the next mano, the negada of a refused bet, the points of a count en paso, the true seña."""


def exercise(kind: str, seed: int = 0, rules: Rules | None = None) -> Exercise:
    """The exercise of ``kind`` on the deal of ``seed`` (see :data:`KINDS`)."""
    make = KINDS.get(kind)
    if make is None:
        raise ValueError(f"no exercise {kind!r}; the kinds are {', '.join(KINDS)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number, not {seed!r}")
    return make(seed, Rules() if rules is None else rules)


# ---------------------------------------------------------------------------------------------- rendering


def _numbers(options: Sequence[int]) -> tuple[Choice, ...]:
    return tuple(Choice(str(n), Reason("exercise.number", (("number", n),))) for n in options)


def _render(reason: Reason, language: str) -> str:
    """A question, answer or reason in ``language``: the exercise's own values (the mano, the next seat, a
    seña, reyes, the calls of a negada) in words, the rest as the explanations of the count render them."""
    values: list[tuple[str, Value]] = []
    for key, value in reason.values:
        if key in ("mano", "next", "refuser") and isinstance(value, int):
            values.append((key, message(f"seat.{value}", language)))
        elif key == "sena":
            sena = SENAS[str(value)]
            values += [("gesture", message(sena.gesture, language)), ("meaning", message(sena.meaning, language))]
        elif key == "reyes" and isinstance(value, int):
            values.append((key, message("feature.reyes", language, count=value)))
        elif key == "calls":
            values.append((key, _calls_text(str(value), language)))
        else:
            values.append((key, value))
    return render(Reason(reason.id, tuple(values)), language)


def _calls_text(calls: str, language: str) -> str:
    """``"1:2;2:4"`` (seat:amount) as "East bets Envido 2; North raises by 4, 6 in all"."""
    said, stake = [], 0
    for seat, amount in ((int(s), int(n)) for s, n in (call.split(":") for call in calls.split(";"))):
        name = message(f"seat.{seat}", language)
        if stake:
            said.append(message("exercise.call.raise", language, seat=name, amount=amount, stake=stake + amount))
        else:
            said.append(message("exercise.call.bet", language, seat=name,
                                action=message("action.envido", language, amount=amount)))
        stake += amount
    return "; ".join(said)


__all__ = ["KINDS", "Choice", "Exercise", "Verdict", "exercise"]
