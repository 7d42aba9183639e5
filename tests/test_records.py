"""Records and bad input.

A record (``Game.record()``) is plain JSON; ``Game.from_record`` replays it, from the dict or its JSON text, to
the same state: the same record, the same observations for every seat, the same last count. A record taken
in the middle of a match replays to that moment. Junk actions are refused with a specific error that names
them, and leave the state untouched; corrupt records are refused with :class:`RecordError`.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mus_widget as mw
from mus_widget.engine.record import Record
from support.strategies import rules_options
from support.timing import best_cpu_time

SENA_IDS = tuple(s.id for s in mw.CATALOGUE)
MAX_STEPS = 3000

# ---------------------------------------------------------------------------------------------- helpers


def choose(game: mw.Game, rng: random.Random, p_mus: float = 0.6, ordago: float = 0.1) -> str:
    """A random legal action; envido amounts anywhere in their range, words in random case."""
    legal = game.legal_actions()
    if game.phase is mw.Phase.MUS:
        return "no-mus" if "no-mus" in legal and rng.random() >= p_mus else "mus"
    action = rng.choices(legal, [ordago if a == "ordago" else 2.0 if a == "paso" else 1.0 for a in legal])[0]
    if action.startswith("envido"):
        amount = int(action.split()[1])
        proposal = game.betting.proposal if game.betting is not None else None
        if not (proposal is not None and proposal.kind is mw.Kind.ENVIDO and proposal.amount == amount):
            amount = rng.randint(amount, min(game.rules.target, amount + rng.choice([0, 4, 50])))
        action = f"envido {amount}"
    return action


def play(game: mw.Game, rng: random.Random, p_sena: float, p_mus: float = 0.6) -> list[mw.Game]:
    """Every state of a random match from ``game``, señas made by random seats at random moments."""
    states = [game]
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        if rng.random() < p_sena:
            game = game.sena(rng.randrange(4), rng.choice(SENA_IDS))
        else:
            game = game.apply(choose(game, rng, p_mus))
        states.append(game)
    return states


def views(game: mw.Game) -> list[dict[str, Any]]:
    return [game.observe(seat).to_dict() for seat in range(4)]


def state_of(game: mw.Game) -> tuple[object, ...]:
    """A state in full: record, every seat's view, the hidden cards, the count."""
    return (
        game.record(),
        views(game),
        game.hands,
        game.stock,
        game.discard_pile,
        game.last_count,
        game.last_hand,
        game.log,
        game.scores,
        game.games_won,
        game.legal_actions(),
        game.to_move,
        game.is_over,
        game.winner,
    )


def assert_replays(game: mw.Game) -> None:
    """The record is plain JSON and replays, from the dict and from the text, to the same state."""
    record = game.record()
    text = json.dumps(record)
    assert json.loads(text) == record
    for source in (record, text, json.loads(text)):
        again = mw.Game.from_record(source)
        assert again.record() == record
        assert views(again) == views(game)
        assert again.last_count == game.last_count
        assert state_of(again) == state_of(game)


def random_deal(rng: random.Random) -> list[str]:
    cards = rng.sample(mw.DECK, 16)
    return [" ".join(str(c) for c in cards[i : i + 4]) for i in range(0, 16, 4)]


# ---------------------------------------------------------------------------------------------- round trips


@given(
    seed=st.integers(0, 2**48),
    rules=rules_options,
    start=st.sampled_from(["new", "deal"]),
    p_sena=st.sampled_from([0.0, 0.05, 0.3]),
    p_mus=st.sampled_from([0.3, 0.8]),
    picks=st.lists(st.floats(0, 1), min_size=1, max_size=3),
)
@pytest.mark.slow
def test_records_replay_every_moment_of_a_match(
    *, seed: int, rules: mw.Rules, start: str, p_sena: float, p_mus: float, picks: list[float]
) -> None:
    rng = random.Random(seed)
    if start == "new":
        game = mw.Game.new(seed=seed, rules=rules)
    else:
        scores = (rng.randrange(rules.target), rng.randrange(rules.target))
        game = mw.Game.from_deal(random_deal(rng), mano=rng.randrange(4), scores=scores, seed=seed, rules=rules)
    if rng.random() < p_sena:
        game = game.sena(rng.randrange(4), rng.choice(SENA_IDS))  # a seña before any action
    states = play(game, rng, p_sena, p_mus)
    assert_replays(states[-1])
    for pick in picks:  # records from the middle of the match replay to that moment
        assert_replays(states[int(pick * (len(states) - 1))])


@pytest.mark.slow
def test_many_seeded_records_replay() -> None:
    """A fixed loop: vacas, scripted deals, señas, every rule option; the end and the middle of each match."""
    variants = [
        mw.Rules(games=3, target=20),
        mw.Rules(negadas_at_count=True, team_consent=False),
        mw.Rules(kings=4, real_31=True, mus_corrido_first_hand=True),
        mw.Rules(target=30, games=3, team_consent=False),
    ]
    games_seen: set[int] = set()
    senas = 0
    for seed in range(60):
        rules = variants[seed % len(variants)]
        rng = random.Random(seed)
        if seed % 3:
            game = mw.Game.new(seed=seed, rules=rules)
        else:
            game = mw.Game.from_deal(random_deal(rng), mano=seed % 4, scores=(seed % 7, 3), seed=seed, rules=rules)
        states = play(game, rng, p_sena=0.1)
        final = states[-1]
        assert final.is_over
        games_seen.add(final.game_number)
        senas += len(final.record()["senas"])
        for state in (final, states[len(states) // 2], states[rng.randrange(len(states))]):
            assert_replays(state)
    assert 3 in games_seen and senas > 100


def test_a_seed_deals_what_random_shuffle_deals() -> None:
    """The engine's fast shuffle is ``random.shuffle`` exactly: a seed's deals (and so every record saved
    before it) stay the same. Each deal comes from the RNG named by the seed, game, hand and shuffle."""
    from mus_widget.engine.match import _shuffle

    for seed in range(200):
        for size in (0, 1, 2, 3, 16, 24, 39, 40):
            ours, theirs = list(mw.DECK[:size]), list(mw.DECK[:size])
            _shuffle(random.Random(seed), ours)
            random.Random(seed).shuffle(theirs)
            assert ours == theirs, (seed, size)
    for seed in (0, 7, 2026):
        deck = list(mw.DECK)
        random.Random(f"mus:{seed}:1:1:0").shuffle(deck)
        game = mw.Game.new(seed=seed)
        assert [str(h) for h in game.hands] == [" ".join(map(str, deck[i : i + 4])) for i in range(0, 16, 4)]
        assert game.stock == tuple(deck[16:])


def test_senas_replay_at_their_moment() -> None:
    """Señas sit between the actions where they were made, also at the very start and the very end."""
    game = mw.Game.new(seed=12).sena(2, "need_mus").apply("mus").sena(0, "duples").sena(1, "nothing")
    game = game.apply("no-mus").sena(3, "thirty_one")
    record = game.record()
    assert record["senas"] == [
        {"at": 0, "seat": 2, "sena": "need_mus"},
        {"at": 1, "seat": 0, "sena": "duples"},
        {"at": 1, "seat": 1, "sena": "nothing"},
        {"at": 2, "seat": 3, "sena": "thirty_one"},
    ]
    again = mw.Game.from_record(json.dumps(record))
    assert [(e.kind, e.seat) for e in again.log] == [(e.kind, e.seat) for e in game.log]
    assert views(again) == views(game)


def test_a_record_is_a_fresh_value() -> None:
    """Changing a record handed out changes neither the game nor its next record."""
    game = play(mw.Game.new(seed=31), random.Random(31), p_sena=0.2)[-1]
    record = game.record()
    before = copy.deepcopy(record)
    record["actions"].append("paso")
    record["rules"]["target"] = 10
    record["senas"].append({"at": 0, "seat": 0, "sena": "duples"})
    assert game.record() == before
    assert mw.Game.from_record(before).record() == before


def test_a_vaca_replays_game_by_game() -> None:
    rules = mw.Rules(games=3, target=10)
    rng = random.Random(4)
    states = play(mw.Game.new(seed=4, rules=rules), rng, p_sena=0.05)
    firsts = [s for p, s in itertools.pairwise(states) if s.game_number != p.game_number]
    assert firsts, "the match went to a second game"
    for state in firsts:
        assert state.scores == (0, 0) and state.hand_number == 1
        assert_replays(state)
    assert_replays(states[-1])


# ---------------------------------------------------------------------------------------------- junk actions


def reach(rules: mw.Rules, wanted: Callable[[mw.Game], bool], seeds: range = range(200)) -> mw.Game:
    """The first state of seeded random matches where ``wanted`` holds."""
    for seed in seeds:
        rng = random.Random(seed)
        game = mw.Game.new(seed=seed, rules=rules)
        while not game.is_over:
            if wanted(game):
                return game
            game = game.apply(choose(game, rng, p_mus=0.5, ordago=0.05))
        if wanted(game):
            return game
    raise AssertionError("no seed reaches the wanted state")


def table_states() -> dict[str, mw.Game]:
    start = mw.Game.new(seed=7)
    grande = start.apply("no-mus")
    discard = start
    for _ in range(4):
        discard = discard.apply("mus")
    return {
        "mus": start,
        "mus corrido": mw.Game.new(seed=7, rules=mw.Rules(mus_corrido_first_hand=True)),
        "discard": discard,
        "second discard": discard.apply(discard.legal_actions()[3]),
        "grande": grande,
        "answer a bet": grande.apply("envido 5"),
        "partner confirms": grande.apply("envido 5").apply("quiero"),
        "partner confirms a raise": grande.apply("envido 5").apply("envido 3"),
        "answer an ordago": grande.apply("ordago"),
        "pares": reach(mw.Rules(), lambda g: g.phase is mw.Phase.PARES),
        "juego answer": reach(mw.Rules(), lambda g: g.phase is mw.Phase.JUEGO and g.betting is not None
                              and g.betting.bettor_team is not None),
        "punto": reach(mw.Rules(team_consent=False), lambda g: g.phase is mw.Phase.PUNTO),
        "second game": reach(mw.Rules(games=3, target=10), lambda g: g.game_number == 2),
        "over": mw.play_random(mw.Game.new(seed=7), random.Random(7)),
    }


STATES = table_states()
MALFORMED: list[object] = [
    "",
    "   ",
    "pass",
    "envido",
    "envido 1",
    "envido 0",
    "envido -3",
    "envido 2.5",
    "envido two",
    "envido ²",
    "discard",
    "discard 9x",
    "discard 12o 12o",
    "discard 1o 4o 5o 6o 7o",
    "quiero 2",
    "mus now",
    "no mus",
    None,
    42,
    4.5,
    ["mus"],
    b"mus",
]


def unchanged(game: mw.Game) -> tuple[object, ...]:
    return state_of(game)


@pytest.mark.parametrize("name", list(STATES))
def test_malformed_actions_are_refused_and_change_nothing(name: str) -> None:
    game = STATES[name]
    before = unchanged(game)
    for junk in MALFORMED:
        with pytest.raises(mw.MalformedActionError) as caught:
            game.apply(junk)  # type: ignore[arg-type]
        assert repr(junk) in str(caught.value), f"the message names {junk!r}: {caught.value}"
        assert unchanged(game) == before


def not_in_hand(game: mw.Game) -> str:
    seat = game.to_move if game.to_move is not None else 0
    held = set(game.hands[seat].cards)
    return str(next(c for c in mw.DECK if c not in held))


@pytest.mark.parametrize("name", list(STATES))
def test_illegal_actions_are_refused_and_change_nothing(name: str) -> None:
    game = STATES[name]
    before = unchanged(game)
    legal = game.legal_actions()
    words = ["mus", "no-mus", "paso", "quiero", "no-quiero", "ordago", "envido 2", f"discard {not_in_hand(game)}"]
    words += [f"envido {game.rules.target + 1}", "envido 999"]
    refused = 0
    for action in words + [w.upper() for w in words]:
        canonical = str(mw.Action.parse(action))
        allowed = canonical in legal or (
            canonical.startswith("envido") and any(a.startswith("envido") for a in legal) and _in_range(game, canonical)
        )
        if allowed:
            assert game.apply(action).record() == game.apply(canonical).record()
            continue
        refused += 1
        with pytest.raises(mw.IllegalActionError) as caught:
            game.apply(action)
        assert f"'{canonical}'" in str(caught.value), f"the message names {canonical!r}: {caught.value}"
        assert unchanged(game) == before
    assert refused >= 5


def _in_range(game: mw.Game, canonical: str) -> bool:
    amount = int(canonical.split()[1])
    shown = sorted(int(a.split()[1]) for a in game.legal_actions() if a.startswith("envido"))
    proposal = game.betting.proposal if game.betting is not None else None
    if proposal is not None and proposal.kind is mw.Kind.ENVIDO:
        return amount == proposal.amount or proposal.amount < amount <= game.rules.target
    return shown[0] <= amount <= game.rules.target


@pytest.mark.parametrize("name", [n for n in STATES if n != "over"])
def test_an_action_out_of_turn_is_refused(name: str) -> None:
    game = STATES[name]
    before = unchanged(game)
    action = game.legal_actions()[0]
    for seat in range(4):
        if seat == game.to_move:
            assert game.apply(action, seat=seat).record() == game.apply(action).record()
            continue
        with pytest.raises(mw.IllegalActionError) as caught:
            game.apply(action, seat=seat)
        message = str(caught.value)
        assert f"'{action}'" in message and f"seat {seat}" in message, message
        assert unchanged(game) == before
    with pytest.raises(ValueError, match="seat"):
        game.apply(action, seat=7)
    assert unchanged(game) == before


def test_ordago_is_case_insensitive_where_legal() -> None:
    game = STATES["grande"]
    assert "ordago" in game.legal_actions()
    for spelling in ("ORDAGO", "Ordago", "  ordago "):
        assert game.apply(spelling).record() == game.apply("ordago").record()
    assert game.apply("ORDAGO").record()["actions"][-1] == "ordago"
    with pytest.raises(mw.IllegalActionError, match="'ordago'"):
        STATES["mus"].apply("ORDAGO")


def test_a_quiero_out_of_turn_and_out_of_place() -> None:
    game = STATES["answer a bet"]
    assert "quiero" in game.legal_actions() and game.to_move is not None
    bettor = mw.partner(game.to_move)
    with pytest.raises(mw.IllegalActionError, match="'quiero'"):
        game.apply("quiero", seat=bettor)
    for name in ("mus", "discard", "grande"):
        with pytest.raises(mw.IllegalActionError, match="'quiero'"):
            STATES[name].apply("quiero")


def test_a_finished_match_refuses_everything() -> None:
    game = STATES["over"]
    before = unchanged(game)
    for action in ("mus", "paso", "quiero", "ordago", "envido 2"):
        with pytest.raises(mw.IllegalActionError, match=f"'{action}'"):
            game.apply(action)
    with pytest.raises(mw.IllegalActionError):
        game.sena(0, "duples")
    assert unchanged(game) == before


# ---------------------------------------------------------------------------------------------- corrupt records


def _base_record() -> dict[str, Any]:
    states = play(mw.Game.new(seed=5), random.Random(5), p_sena=0.1)
    game = next(s for s in states[len(states) // 2 :] if len(s.actions) > 5 and not s.is_over)
    return game.sena(1, "duples").record()


BASE = _base_record()
OVER = mw.play_random(mw.Game.new(seed=5, rules=mw.Rules(target=10)), random.Random(5)).record()
DEAL: dict[str, Any] = {
    "hands": ["1o 2o 3o 4o", "1c 2c 3c 4c", "1e 2e 3e 4e", "1b 2b 3b 4b"], "mano": 0, "scores": [0, 0]
}


def corrupt(change: Callable[[dict[str, Any]], object], base: dict[str, Any] | None = None) -> dict[str, Any]:
    record = copy.deepcopy(BASE if base is None else base)
    change(record)
    return record


CORRUPT = [
    pytest.param(corrupt(lambda r: r.update(format="mus-widget/other")), id="wrong format"),
    pytest.param(corrupt(lambda r: r.pop("format")), id="no format"),
    pytest.param(corrupt(lambda r: r.update(version=4)), id="version 4"),
    pytest.param(corrupt(lambda r: r.update(version=True)), id="version as a boolean"),
    pytest.param(corrupt(lambda r: r.update(version="1")), id="version as text"),
    pytest.param(corrupt(lambda r: r.pop("version")), id="no version"),
    pytest.param(corrupt(lambda r: r.pop("seed")), id="no seed"),
    pytest.param(corrupt(lambda r: r.update(seed="seven")), id="seed as text"),
    pytest.param(corrupt(lambda r: r.update(actions="mus mus")), id="actions not a list"),
    pytest.param(corrupt(lambda r: r.update(senas={"at": 0})), id="senas not a list"),
    pytest.param(corrupt(lambda r: r["actions"].insert(0, "paso")), id="illegal action first"),
    pytest.param(corrupt(lambda r: r["actions"].append("mus")), id="illegal action last"),
    pytest.param(corrupt(lambda r: r["actions"].insert(3, "envido two")), id="malformed action"),
    pytest.param(corrupt(lambda r: r["actions"].insert(3, 42)), id="action not text"),
    pytest.param(corrupt(lambda r: r["senas"].append({"at": 10**6, "seat": 0, "sena": "duples"})), id="sena beyond"),
    pytest.param(
        corrupt(lambda r: r["senas"].append({"at": len(r["actions"]) + 1, "seat": 0, "sena": "duples"})),
        id="sena one beyond",
    ),
    pytest.param(corrupt(lambda r: r["senas"].append({"seat": 0, "sena": "duples"})), id="sena without at"),
    pytest.param(corrupt(lambda r: r.update(deal={**DEAL, "hands": DEAL["hands"][:3]})), id="deal of 3 hands"),
    pytest.param(corrupt(lambda r: r.update(deal={**DEAL, "hands": ["1o 2o 3o 4o"] * 4})), id="card dealt twice"),
    pytest.param(corrupt(lambda r: r.update(deal={**DEAL, "scores": [0, 40]})), id="deal score at target"),
    pytest.param(corrupt(lambda r: r.update(deal="1o 2o 3o 4o")), id="deal not an object"),
    pytest.param(
        corrupt(lambda r: r["rules"].update(colour="red")),
        id="unknown rule option",
    ),
    pytest.param(
        corrupt(lambda r: r["rules"].update(games=2)),
        id="bad rule value",
    ),
    pytest.param(
        corrupt(lambda r: r.update(rules=None)),
        id="rules null",
    ),
    pytest.param(
        corrupt(lambda r: r["senas"].append({"at": 0, "seat": 0, "sena": "wink"})),
        id="unknown sena",
    ),
    pytest.param(
        corrupt(lambda r: r["senas"].append({"at": 0, "seat": 9, "sena": "duples"})),
        id="sena by seat 9",
    ),
    pytest.param(
        corrupt(lambda r: r["senas"].append({"at": len(r["actions"]), "seat": 0, "sena": "duples"}), OVER),
        id="sena after the match",
    ),
    pytest.param(
        corrupt(lambda r: r.update(deal={**DEAL, "mano": 9})),
        id="deal mano 9",
    ),
]


@pytest.mark.parametrize("record", CORRUPT)
def test_corrupt_records_are_refused(record: dict[str, Any]) -> None:
    for source in (record, json.dumps(record)):
        try:
            mw.Game.from_record(source)
        except mw.RecordError:
            continue
        except Exception as error:
            raise AssertionError(f"{type(error).__name__} instead of RecordError: {error}") from None
        raise AssertionError("a corrupt record was replayed")


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "42", '"record"', '{"format": "mus-widget/record"}'])
def test_records_that_are_not_records(text: str) -> None:
    with pytest.raises(mw.RecordError):
        mw.Game.from_record(text)


@pytest.mark.parametrize("value", [None, 42, [], ["mus"], b"{}"])
def test_record_values_that_are_not_records(value: object) -> None:
    with pytest.raises(mw.RecordError):
        mw.Game.from_record(value)  # type: ignore[arg-type]


def test_the_error_says_which_action_does_not_replay() -> None:
    record = corrupt(lambda r: r["actions"].insert(3, "envido two"))
    with pytest.raises(mw.RecordError, match=r"action 3 \('envido two'\)"):
        mw.Game.from_record(record)


def test_the_corrupt_records_differ_from_a_good_one() -> None:
    """The corrupt cases start from a record that does replay, so each one fails for its own change."""
    assert mw.Game.from_record(BASE).record() == BASE
    assert mw.Game.from_record(OVER).record() == OVER
    assert mw.Game.from_record(corrupt(lambda r: r.update(deal=DEAL))).hands[0] == mw.Hand.parse(DEAL["hands"][0])


def test_a_record_without_a_seed_value_is_refused() -> None:
    # Without the seed nothing after the first deal replays, so such a record cannot stand for a game.
    record = corrupt(lambda r: r.update(seed=None, actions=[], senas=[]))
    with pytest.raises(mw.RecordError, match="seed"):
        mw.Game.from_record(record)


# ---------------------------------------------------------------------------------------------- input edges


@pytest.mark.parametrize(("text", "where"), [
    ("[" * 100_000, "nested too deeply"),
    ('{"format": "mus-widget/record", "version": 1, "seed": ' + "9" * 5000 + "}", "'seed'"),
    ('{"format": "mus-widget/record", "version": 1}', "no 'seed'"),
    ('{"format": "mus-widget/record",\n "version": }', "line 2, column 13"),
    ('{"format": "mus-widget/record", "version": 1, "seed": 3, "rules": {}, "actions": ["envido ' + "9" * 5000
     + '"]}', "action 0"),
], ids=["deep", "long-seed", "no-seed", "bad-json", "long-envido"])
def test_a_bad_record_is_a_record_error_that_says_where(text: str, where: str) -> None:
    with pytest.raises(mw.RecordError) as caught:
        mw.Game.from_record(text)
    assert where in str(caught.value) and len(str(caught.value)) < 300


# ---------------------------------------------------------------------------------------------- reading and replaying


def test_reading_checks_the_shape_and_replaying_the_play() -> None:
    """:meth:`Record.read` refuses what is no record; a record of the right shape reads, and its replay says
    which action does not replay."""
    record = Record.read(json.dumps(BASE))
    assert record.to_dict() == BASE and mw.Game.replay(record).record() == BASE
    illegal = Record.read(corrupt(lambda r: r["actions"].insert(0, "paso")))
    assert illegal.actions[0] == "paso"
    with pytest.raises(mw.RecordError, match=r"action 0 \('paso'\) does not replay"):
        mw.Game.replay(illegal)
    with pytest.raises(mw.RecordError, match="actions and senas are lists"):
        Record.read(corrupt(lambda r: r.update(actions="mus mus")))
    with pytest.raises(mw.RecordError, match="dealt twice"):
        Record.read(corrupt(lambda r: r.update(deal={**DEAL, "hands": ["1o 2o 3o 4o"] * 4})))


def test_senas_made_together_read_in_the_order_they_were_made() -> None:
    record = corrupt(lambda r: r.update(senas=[
        {"at": 2, "seat": 0, "sena": "duples"}, {"at": 0, "seat": 1, "sena": "nothing"},
        {"at": 2, "seat": 3, "sena": "need_mus"},
    ]))
    read = Record.read(record)
    assert [(s.at, s.seat) for s in read.senas] == [(0, 1), (2, 0), (2, 3)]
    assert Record.read(mw.Game.replay(read).record()) == read


def senas_record(count: int) -> dict[str, Any]:
    """A record of one deal with ``count`` señas made before its first action."""
    record = mw.Game.new(seed=3).record()
    record["senas"] = [{"at": 0, "seat": n % 4, "sena": "duples"} for n in range(count)]
    return record


def replay_cost(record: dict[str, Any], tries: int) -> float:
    """The processor time ``Game.from_record`` takes on ``record``, at best."""
    return best_cpu_time(lambda: mw.Game.from_record(record), tries)


@pytest.mark.slow
def test_a_hundred_thousand_senas_replay_in_linear_time() -> None:
    """Each seña is one link more, never a copy of those before it (that took minutes for 100,000)."""
    short, long = senas_record(10_000), senas_record(80_000)
    ratio = replay_cost(long, 2) / replay_cost(short, 3)
    # Eight times the señas: linear costs about 8 times as much; copying the log at every seña about 64 times.
    assert ratio < 20, f"80,000 señas cost {ratio:.1f} times 10,000: the replay is not linear"
    record = senas_record(100_000)
    game = mw.Game.from_record(record)
    assert game.record() == record and len(game.log) == 100_001
