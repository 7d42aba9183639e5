"""Hidden information: what ``Game.observe(seat)`` shows, and above all what it never shows.

(a) An observation does not change when only cards the seat cannot see change: two games whose deals differ
    only in other seats' cards, played with the same public actions, look the same to that seat.
(b) ``observe(seat).to_dict()`` is plain JSON and never names a card of another seat's hand, of the stock or
    of the discard pile, except in the previous hand's shown hands; legal actions go only to the seat to move;
    discards are public only as counts.
(c) The observation agrees with the game: scores, mano, phase, turn, own hand in canonical notation.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import mus_widget as mw
from leaks import cards_in
from support.strategies import rules_options

SENA_IDS = tuple(s.id for s in mw.CATALOGUE)
EARLY = frozenset({mw.Phase.MUS, mw.Phase.DISCARD, mw.Phase.GRANDE, mw.Phase.CHICA})
MAX_STEPS = 3000

# ---------------------------------------------------------------------------------------------- helpers


@dataclass(frozen=True)
class Style:
    p_mus: float
    ordago: float
    sena: float


styles = st.builds(
    Style,
    p_mus=st.sampled_from([0.3, 0.6, 0.9]),
    ordago=st.sampled_from([0.0, 0.05, 0.5]),
    sena=st.sampled_from([0.0, 0.1]),
)


def choose(game: mw.Game, rng: random.Random, style: Style) -> str:
    """A random legal action, envido amounts anywhere in their range."""
    legal = game.legal_actions()
    if game.phase is mw.Phase.MUS:
        return "no-mus" if "no-mus" in legal and rng.random() >= style.p_mus else "mus"
    weights = [style.ordago if a == "ordago" else 2.0 if a == "paso" else 1.0 for a in legal]
    action = rng.choices(legal, weights)[0]
    if action.startswith("envido"):
        amount = int(action.split()[1])
        proposal = game.betting.proposal if game.betting is not None else None
        if not (proposal is not None and proposal.kind is mw.Kind.ENVIDO and proposal.amount == amount):
            amount = rng.randint(amount, min(game.rules.target, amount + rng.choice([0, 3, 40])))
        action = f"envido {amount}"
    return action


def cards_of(hand: mw.Hand | str) -> set[str]:
    return {str(c) for c in (hand.cards if isinstance(hand, mw.Hand) else mw.Hand.parse(hand).cards)}


def speaking(game: mw.Game) -> list[int]:
    return [(game.mano + i) % 4 for i in range(4)]


def deal_of(rng: random.Random) -> tuple[list[list[mw.Card]], list[mw.Card]]:
    deck = list(mw.DECK)
    rng.shuffle(deck)
    return [deck[4 * i : 4 * i + 4] for i in range(4)], deck[16:]


def text(hands: list[list[mw.Card]]) -> list[str]:
    return [" ".join(map(str, h)) for h in hands]


def translate(action: str, seat: int, src: mw.Game, dst: mw.Game) -> str:
    """The same public action in the twin game: a discard throws the cards at the same places in the hand."""
    act = mw.Action.parse(action)
    if act.kind is not mw.Kind.DISCARD:
        return action
    places = [src.hands[seat].cards.index(c) for c in act.cards]
    return "discard " + " ".join(str(dst.hands[seat].cards[i]) for i in places)


# ---------------------------------------------------------------------------------------------- (a)


def values(game: mw.Game) -> list[tuple[int, ...]]:
    return [mw.evaluate(h, game.rules).strengths for h in game.hands]


def play_twins(
    one: mw.Game, two: mw.Game, seat: int, rng: random.Random, style: Style, *, stop_at_own_discard: bool
) -> int:
    """Play both games with the same public actions; compare seat's view while the hidden difference cannot
    have become public by the rules (before Pares when hand values differ, before a reshuffle or, when the
    stocks differ, before the seat draws). Returns how many states were compared."""
    compared = 0
    start = (one.game_number, one.hand_number)
    for _ in range(MAX_STEPS):
        if one.is_over or (one.game_number, one.hand_number) != start:
            break
        if any(e.kind == "reshuffle" for e in one.log):
            break
        if stop_at_own_discard and any(e.kind == "discard" and e.seat == seat for e in one.log):
            break
        if one.phase not in EARLY and values(one) != values(two):
            break
        view_one, view_two = one.observe(seat).to_dict(), two.observe(seat).to_dict()
        assert view_one == view_two, f"seat {seat} sees a difference in cards it cannot see, after {one.actions}"
        compared += 1
        if rng.random() < style.sena:
            who, sena = rng.randrange(4), rng.choice(SENA_IDS)
            one, two = one.sena(who, sena), two.sena(who, sena)
            continue
        mover = one.to_move
        assert mover is not None
        action = choose(one, rng, style)
        one, two = one.apply(action), two.apply(translate(action, mover, one, two))
    return compared


@given(
    seed=st.integers(0, 2**32),
    seat=st.integers(0, 3),
    how=st.sampled_from(["swap", "swap_hands", "same_values", "from_stock"]),
    mano=st.integers(0, 3),
    scores=st.tuples(st.integers(0, 9), st.integers(0, 9)),
    rules=rules_options,
    style=styles,
)
def test_observation_ignores_other_seats_cards(
    *, seed: int, seat: int, how: str, mano: int, scores: tuple[int, int], rules: mw.Rules, style: Style
) -> None:
    rng = random.Random(seed)
    hands, stock = deal_of(rng)
    a, b = rng.sample([s for s in range(4) if s != seat], 2)
    changed = [list(h) for h in hands]
    if how == "swap":  # some cards change places between two other seats: the stock stays the same
        for i, j in zip(rng.sample(range(4), k := rng.randint(1, 4)), rng.sample(range(4), k), strict=True):
            changed[a][i], changed[b][j] = changed[b][j], changed[a][i]
    elif how == "swap_hands":
        changed[a], changed[b] = changed[b], changed[a]
    elif how == "same_values":  # other suits of the same numbers: every lance, declaration and count the same
        for other in (a, b):
            for i, card in enumerate(changed[other]):
                twins = [c for c in stock if c.number == card.number]
                if twins:
                    pick = rng.choice(twins)
                    stock[stock.index(pick)] = card
                    changed[other][i] = pick
    else:  # any cards from the stock
        for i, j in enumerate(rng.sample(range(len(stock)), rng.randint(1, 4))):
            changed[a][i], stock[j] = stock[j], changed[a][i]
    assume(changed != hands)
    one = mw.Game.from_deal(text(hands), mano=mano, scores=scores, seed=seed, rules=rules)
    two = mw.Game.from_deal(text(changed), mano=mano, scores=scores, seed=seed, rules=rules)
    assert one.hands[seat] == two.hands[seat] and one.hands != two.hands
    compared = play_twins(one, two, seat, rng, style, stop_at_own_discard=how in ("from_stock", "same_values"))
    assert compared >= 1


def test_observation_of_a_public_deal_difference_does_change() -> None:
    """The twin check is not blind: a difference the seat may see (its own cards) shows up."""
    rng = random.Random(5)
    hands, stock = deal_of(rng)
    changed = [list(h) for h in hands]
    changed[0][0], stock[0] = stock[0], changed[0][0]
    one = mw.Game.from_deal(text(hands), seed=1)
    two = mw.Game.from_deal(text(changed), seed=1)
    assert one.observe(0).to_dict() != two.observe(0).to_dict()
    assert one.observe(1).to_dict() == two.observe(1).to_dict()
    with pytest.raises(AssertionError, match="cannot see"):
        play_twins(one, two, 0, random.Random(0), Style(0.5, 0.0, 0.0), stop_at_own_discard=False)


def test_whole_hand_with_equal_values_looks_the_same_to_the_others() -> None:
    """Suits never matter: same numbers in other suits, played through the lances, give the same views."""
    one = mw.Game.from_deal(["12o 12c 1o 5o", "7o 7c 11o 4o", "3o 6o 6c 10o", "1c 2o 4c 5c"], mano=2, seed=9)
    two = mw.Game.from_deal(["12o 12c 1o 5o", "7e 7b 11e 4e", "3o 6o 6c 10o", "1e 2e 4b 5b"], mano=2, seed=9)
    script = ["no-mus", "envido 2", "quiero", "quiero", "paso", "paso", "envido 3", "no-quiero", "no-quiero"]
    phases = set()
    while one.hand_number == 1:
        for seat in (0, 2):
            assert one.observe(seat).to_dict() == two.observe(seat).to_dict(), (seat, one.actions)
        phases.add(one.phase)
        action = script.pop(0) if script else "paso" if "paso" in one.legal_actions() else "quiero"
        one, two = one.apply(action), two.apply(action)
    assert phases >= {mw.Phase.GRANDE, mw.Phase.CHICA, mw.Phase.PARES}
    assert one.scores == two.scores and one.last_count == two.last_count
    assert one.observe(0).to_dict() != two.observe(0).to_dict(), "the shown hands differ"


# ---------------------------------------------------------------------------------------------- (b) and (c)


class Watcher:
    """Checks every seat's observation of every state of a match."""

    def __init__(self, *, every_seat_fields: bool = True) -> None:
        self.every_seat_fields = every_seat_fields  # else the fields of one seat a step, in turn
        self.checks = 0
        self.discards: Counter[int] = Counter()  # cards each seat threw this hand, from the actions
        self.on_table: dict[int, list[str]] = {s: [] for s in range(4)}  # own throws since the last reshuffle
        self.hand_key: tuple[int, int] | None = None
        self.last_hand: object = None  # the last HandSummary checked (it only changes when a hand ends)
        self.last_view: Any = None
        self.rules: mw.Rules | None = None
        self.rules_dict: dict[str, Any] = {}
        self.shown = 0

    def check(self, game: mw.Game) -> None:
        key = (game.game_number, game.hand_number)
        if key != self.hand_key:
            self.hand_key, self.discards = key, Counter()
            self.on_table = {s: [] for s in range(4)}
        hidden_by_seat = {s: cards_of(game.hands[s]) for s in range(4)}
        table = {str(c) for c in game.stock} | {str(c) for c in game.discard_pile}
        self.checks += 1
        public_log = [e.to_dict() for e in game.log]
        self.check_log(game, public_log)
        # plain JSON: the round trip gives the same value back (no tuples, no non-string keys, no objects)
        dumped_log = json.dumps(public_log)
        assert json.loads(dumped_log) == public_log
        assert not cards_in(dumped_log), f"the public log names {sorted(cards_in(dumped_log))}"
        for seat in range(4):
            obs = game.observe(seat)
            view = obs.to_dict()
            last = view.pop("last_hand")
            self.check_last_hand(game, seat, last)
            log = view.pop("log")
            assert log == public_log, "every seat sees the same public log"
            dumped = json.dumps(view)
            assert json.loads(dumped) == view
            view["log"] = log
            # a seat knows its own cards and, while they lie on the table, the cards it threw itself
            thrown = set(self.on_table[seat])
            assert view["discarded"] == " ".join(self.on_table[seat]), "own discards still on the table"
            waiting = view["discarding"].split()
            assert set(waiting) <= set(view["hand"].split()) and set(waiting) <= set(self.on_table[seat])
            own = hidden_by_seat[seat] | thrown
            forbidden = (table - thrown).union(*(hidden_by_seat[s] for s in range(4) if s != seat))
            seen = cards_in(dumped)
            assert seen <= own, f"seat {seat} sees {sorted(seen - own)} outside its hand"
            assert not (seen & forbidden)
            if self.every_seat_fields or seat == self.checks % 4:
                self.check_fields(game, seat, obs, view)

    def check_last_hand(self, game: mw.Game, seat: int, last: Any) -> None:
        """The previous hand: only the hands shown are named; the same for every seat."""
        if game.last_hand is self.last_hand:
            assert last == self.last_view, f"seat {seat} sees another last hand"
            return
        assert seat == 0
        if last is None:
            assert game.last_hand is None
        else:
            dumped = json.dumps(last)
            assert json.loads(dumped) == last
            seen = cards_in(dumped)
            if last["hands"] is None:
                assert not seen, f"seat {seat} sees {sorted(seen)} of a hand never shown"
            else:
                self.shown += 1
                shown = set().union(*(cards_of(h) for h in last["hands"]))
                assert seen <= shown, f"the last hand names {sorted(seen - shown)}, never shown"
                assert game.last_hand is not None and game.last_hand.hands is not None
                assert last["hands"] == [str(h) for h in game.last_hand.hands]
            assert game.last_hand is not None
            assert game.last_hand.hands is None or last["hands"] is not None
            assert last["count"] == [row.to_dict() for row in game.last_count]
        self.last_hand, self.last_view = game.last_hand, last

    def check_log(self, game: mw.Game, log: list[dict[str, Any]]) -> None:
        thrown: Counter[int] = Counter()
        for event in log:
            if event["kind"] == "discard":
                assert set(event) == {"kind", "seat", "phase", "count"}, event
                thrown[event["seat"]] += event["count"]
            if event["kind"] == "call":
                assert not event["action"].startswith("discard")
        assert thrown == self.discards, "the log shows how many cards each seat threw, and only that"
        for lance, flag in (("pares", "has_pares"), ("juego", "has_juego")):
            said = [e["has"] for e in log if e["kind"] == "declare" and e["lance"] == lance]
            if said:
                assert said == [getattr(mw.evaluate(game.hands[s], game.rules), flag) for s in speaking(game)]

    def check_fields(self, game: mw.Game, seat: int, obs: mw.Observation, view: dict[str, Any]) -> None:
        assert view["seat"] == seat and view["team"] == seat % 2
        assert view["hand"] == " ".join(str(c) for c in game.hands[seat].cards)
        assert all(str(mw.Card.parse(t)) == t for t in view["hand"].split(" ")), "canonical notation"
        assert view["scores"] == list(game.scores) and view["games_won"] == list(game.games_won)
        assert view["mano"] == game.mano and view["to_move"] == game.to_move
        assert view["phase"] == game.phase.value
        assert view["lance"] == (None if game.lance is None else game.lance.value)
        assert (view["game_number"], view["hand_number"]) == (game.game_number, game.hand_number)
        assert view["is_over"] == game.is_over and view["winner"] == game.winner
        if game.rules is not self.rules:
            self.rules, self.rules_dict = game.rules, game.rules.to_dict()
        assert view["rules"] == self.rules_dict
        assert obs.my_turn == (game.to_move == seat)
        assert view["legal_actions"] == (game.legal_actions() if game.to_move == seat else [])
        for lance, flag in (("pares", "has_pares"), ("juego", "has_juego")):
            declared = view["declarations"][lance]
            said = any(e["kind"] == "declare" and e["lance"] == lance for e in view["log"])
            if declared is None:
                assert not said
            else:
                assert said and declared == [getattr(mw.evaluate(h, game.rules), flag) for h in game.hands]

    def applied(self, game: mw.Game, action: str, nxt: mw.Game) -> None:
        act = mw.Action.parse(action)
        if act.kind is mw.Kind.DISCARD and nxt.hand_number == game.hand_number:
            seat, thrown = game.to_move, [str(c) for c in act.cards]
            assert seat is not None
            self.discards[seat] += len(thrown)
            self.on_table[seat] += thrown
            for event in nxt.log[len(game.log) :]:
                if event.kind == "reshuffle":  # the discards go back into the stock, or all but the postre's last
                    self.on_table = {s: thrown if event.get("aside") and s == seat else [] for s in range(4)}


@pytest.mark.slow
@given(seed=st.integers(0, 2**40), rules=rules_options, style=styles, deal=st.booleans())
def test_observations_never_leak_hidden_cards(seed: int, rules: mw.Rules, style: Style, deal: bool) -> None:
    rng = random.Random(seed)
    if deal:
        hands, _ = deal_of(rng)
        game = mw.Game.from_deal(text(hands), mano=rng.randrange(4), seed=seed, rules=rules)
    else:
        game = mw.Game.new(seed=seed, rules=rules)
    watcher = Watcher(every_seat_fields=False)  # all of them in the loop below
    for _ in range(150):  # long matches are played to the end in the loop below
        watcher.check(game)
        if game.is_over:
            break
        if rng.random() < style.sena:
            game = game.sena(rng.randrange(4), rng.choice(SENA_IDS))
            continue
        action = choose(game, rng, style)
        nxt = game.apply(action)
        watcher.applied(game, action, nxt)
        game = nxt


@pytest.mark.slow
def test_many_seeded_matches_never_leak_hidden_cards() -> None:
    """A fixed loop over seeds and variants, also covering reshuffles and shown hands."""
    reshuffles = shown = 0
    for seed in range(40):
        watcher = Watcher()
        rules = mw.Rules(games=3, target=20) if seed % 2 else mw.Rules(team_consent=False, kings=4)
        style = Style(p_mus=0.9 if seed % 3 else 0.4, ordago=0.05, sena=0.05)
        rng = random.Random(seed)
        game = mw.Game.new(seed=seed, rules=rules)
        while not game.is_over:
            watcher.check(game)
            if rng.random() < style.sena:
                game = game.sena(rng.randrange(4), rng.choice(SENA_IDS))
                continue
            action = choose(game, rng, style)
            nxt = game.apply(action)
            watcher.applied(game, action, nxt)
            reshuffles += any(e.kind == "reshuffle" for e in nxt.log[len(game.log) :])
            game = nxt
        watcher.check(game)
        shown += watcher.shown
    assert reshuffles > 0 and shown > 0


def test_the_leak_detector_finds_cards_anywhere() -> None:
    assert cards_in({"a": ["x 12o,y", {"3C": 1}], "b": ("10e",), "c": "rey 1"}) == {"12o", "3c", "10e"}
    assert cards_in({"hand": "", "n": 12, "s": "envido 12 ordago", "o": "no-quiero"}) == set()
    assert json.loads(json.dumps({"a": (1, 2)})) != {"a": (1, 2)}, "the round trip catches tuples"
    assert json.loads(json.dumps({1: "a"})) != {1: "a"}, "and keys that are not strings"


def test_legal_actions_only_for_the_seat_to_move() -> None:
    game = mw.Game.new(seed=4).apply("no-mus").apply("envido 5")
    for seat in range(4):
        view = game.observe(seat).to_dict()
        if seat == game.to_move:
            assert view["legal_actions"] == game.legal_actions() and "quiero" in view["legal_actions"]
        else:
            assert view["legal_actions"] == []


def test_discards_are_public_only_as_counts() -> None:
    game = mw.Game.new(seed=21)
    for _ in range(4):
        game = game.apply("mus")
    thrown = {}
    for n in (1, 2, 3, 4):
        seat = game.to_move
        assert seat is not None
        cards = [str(c) for c in game.hands[seat].cards[:n]]
        thrown[seat] = cards
        game = game.apply("discard " + " ".join(cards))
    for seat in range(4):
        view = game.observe(seat).to_dict()
        events = [e for e in view["log"] if e["kind"] == "discard"]
        assert [(e["seat"], e["count"]) for e in events] == [(s, len(c)) for s, c in thrown.items()]
        others = {c for s, cs in thrown.items() if s != seat for c in cs}
        assert not cards_in(view) & others
        assert view["discarded"] == " ".join(thrown[seat]), "a seat sees its own discards, no one else's"
        assert view["mus_round"] == 2


def test_own_hand_is_shown_in_canonical_notation() -> None:
    game = mw.Game.from_deal(["12O  3c 7E 1b", "2o 4o 5o 6o", "10C 11c 12c 1c", " 4e 5e 6e 10e "], mano=1, seed=3)
    assert game.observe(0).to_dict()["hand"] == "12o 3c 7e 1b"
    assert game.observe(2).to_dict()["hand"] == "10c 11c 12c 1c"
    assert game.observe(3).hand == mw.Hand.parse("4e 5e 6e 10e")
    assert game.record()["deal"]["hands"][0] == "12o 3c 7e 1b"


def test_senas_are_seen_by_every_seat() -> None:
    game = mw.Game.new(seed=8).sena(1, "duples").apply("mus").sena(3, "thirty_one")
    for seat in range(4):
        events = [(e["seat"], e["sena"]) for e in game.observe(seat).to_dict()["log"] if e["kind"] == "sena"]
        assert events == [(1, "duples"), (3, "thirty_one")]


def test_a_match_over_shows_no_legal_actions_and_the_last_hand() -> None:
    rng = random.Random(3)
    game = mw.play_random(mw.Game.new(seed=3, rules=mw.Rules(target=10)), rng)
    assert game.is_over
    for seat in range(4):
        view = game.observe(seat).to_dict()
        assert view["is_over"] and view["to_move"] is None and view["legal_actions"] == []
        assert view["winner"] == game.winner and view["phase"] == "game_over"
        assert view["last_hand"] is not None


# ---------------------------------------------------------------------------------------------- wire


@pytest.mark.slow
@settings(max_examples=25)
@given(rules=rules_options, seed=st.integers(0, 2**32), style=styles)
def test_an_observation_crosses_json_and_comes_back_the_same(rules: mw.Rules, seed: int, style: Style) -> None:
    """What a served seat's client receives (``to_dict`` through JSON) rebuilds, with ``from_dict``, the very
    observation the engine made: bettings, proposals, declarations, the last hand's count and log included."""
    rng = random.Random(seed)
    game = mw.Game.new(seed=seed, rules=rules)
    for _ in range(400):
        if game.is_over:
            break
        seat = rng.randrange(4)
        obs = game.observe(seat)
        again = mw.Observation.from_dict(json.loads(json.dumps(obs.to_dict())))
        assert again == obs
        assert again.to_dict() == obs.to_dict()
        if rng.random() < style.sena:
            game = game.sena(rng.randrange(4), rng.choice(SENA_IDS))
        else:
            game = game.apply(choose(game, rng, style))
    obs = game.observe(0)
    assert mw.Observation.from_dict(json.loads(json.dumps(obs.to_dict()))) == obs


@settings(max_examples=20)
@given(rules=rules_options, seed=st.integers(0, 2**32), style=styles)
def test_the_public_part_of_an_observation_is_the_same_for_every_seat(rules: mw.Rules, seed: int,
                                                                      style: Style) -> None:
    """The classroom server writes ``public_dict`` once for the four seats and adds each seat's ``own_dict``: so
    everything that differs between two seats' views must be in ``own_dict``, and the two parts make ``to_dict``."""
    rng = random.Random(seed)
    game = mw.Game.new(seed=seed, rules=rules)
    for _ in range(400):
        views = [game.observe(seat) for seat in range(4)]
        public = views[0].public_dict()
        for view in views:
            own = view.own_dict()
            assert not own.keys() & public.keys()
            assert view.public_dict() == public
            assert {**own, **public} == view.to_dict()
        if game.is_over:
            break
        if rng.random() < style.sena:
            game = game.sena(rng.randrange(4), rng.choice(SENA_IDS))
        else:
            game = game.apply(choose(game, rng, style))


@pytest.mark.parametrize("broken", [{}, {"seat": 0}, [], {"seat": 7, "hand": "12o 3c 7e 1b"}])
def test_an_observation_of_another_shape_is_refused_with_a_record_error(broken: Any) -> None:
    good = mw.Game.new(seed=1).observe(0).to_dict()
    with pytest.raises(mw.RecordError, match=r"Observation\.to_dict"):
        mw.Observation.from_dict({**good, **broken} if broken and "hand" in broken else broken)
