"""Actions read as Action and Kind: the observation's legal actions parsed (Observation.legal), a call's
action in the log (Event.action), an action as plain JSON (Action.to_dict), and the structured actions of the
table's turn (``choices`` and ``proposed``), which must offer exactly what the engine allows, over seeded
random play through every phase."""

from __future__ import annotations

import random
from typing import Any, cast

import mus_widget as mw
from mus_widget.engine.actions import Action, Kind, envido
from mus_widget.engine.phase import Phase
from mus_widget.table.view_state import Player, TableView, view_state

TABLE = TableView(players=(Player("Ana", None), Player("Bea", "novice"), Player("Carla", "expert"),
                           Player("Dani", "random")))
DEAL = ["12o 3c 7e 1b", "11o 11c 4e 5b", "7o 7c 7b 10e", "1o 2c 6e 6b"]


def random_play(seed: int, moves: int = 400) -> list[mw.Game]:
    """Every state of a seeded game whose seats pick uniformly among the legal actions but the órdago
    (rare, so that games last), trying other envido amounts now and then."""
    rng = random.Random(seed)
    game = mw.Game.new(seed)
    states = [game]
    for _ in range(moves):
        if game.is_over or game.to_move is None:
            break
        legal = game.observe(game.to_move).legal_actions
        calm = [a for a in legal if a != "ordago"]
        action = rng.choice(calm if calm and rng.random() < 0.97 else legal)
        betting = game.observe(game.to_move).betting
        if action.startswith("envido") and betting is not None and rng.random() < 0.5:
            top = betting.legal()
            if top.raise_from:
                action = f"envido {rng.randint(top.raise_from, min(top.raise_to, top.raise_from + 6))}"
        game = game.apply(action)
        states.append(game)
    return states


def test_the_legal_actions_parsed_are_the_legal_actions_in_order() -> None:
    game = mw.Game.from_deal(DEAL, mano=0)
    obs = game.observe(0)
    assert obs.legal == (mw.Action(Kind.MUS), mw.Action(Kind.NO_MUS))
    assert game.observe(1).legal == ()
    game = game.apply("no-mus")  # the mus is cut: Ana, mano, opens the Grande
    assert [a.kind for a in game.observe(0).legal] == [Kind.PASO, Kind.ENVIDO, Kind.ORDAGO]
    assert game.observe(0).legal[1] == envido(2)


def test_a_calls_action_in_the_log_is_parsed() -> None:
    game = mw.Game.from_deal(DEAL, mano=1).apply("no-mus").apply("envido 3").apply("quiero")
    calls = [e for e in game.observe(0).log if e.kind == "call"]
    assert [e.action for e in calls] == [mw.Action(Kind.NO_MUS), envido(3), mw.Action(Kind.QUIERO)]
    assert all(e.action is None for e in game.observe(0).log if e.kind != "call")


def test_an_action_as_json_names_its_kind_amount_and_cards() -> None:
    assert Action.parse("paso").to_dict() == {"kind": "paso", "text": "paso"}
    assert Action.parse("envido 5").to_dict() == {"kind": "envido", "text": "envido 5", "amount": 5}
    assert Action.parse("discard 12o 3c").to_dict() == {"kind": "discard", "text": "discard 12o 3c",
                                                       "cards": ["12o", "3c"]}
    assert Action.parse("No-Quiero").to_dict()["text"] == "no-quiero"


def offered(turn: dict[str, object]) -> tuple[list[str], list[int], bool]:
    """What a bet turn's buttons offer: the fixed buttons' texts, the slider's envidos, órdago."""
    choices = turn["choices"]
    assert isinstance(choices, list)
    raise_range = turn["raise"]
    amounts = list(range(raise_range[0], raise_range[1] + 1)) if isinstance(raise_range, list) else []
    return [c["text"] for c in choices], amounts, bool(turn["ordago"])


def test_the_turns_structured_actions_offer_what_the_engine_allows_over_random_play() -> None:
    seen: set[str] = set()
    for seed in range(12):
        for game in random_play(seed):
            if game.to_move is None:
                continue
            obs = game.observe(game.to_move)
            turn = cast("dict[str, Any] | None", view_state(obs, TABLE)["turn"])
            assert turn is not None
            if obs.phase is Phase.DISCARD:
                seen.add("discard")
                assert "choices" not in turn
                continue
            for choice in turn["choices"]:
                assert Action.parse(choice["text"]).to_dict() == choice
                assert choice["text"] in obs.legal_actions
                game.apply(choice["text"])  # the engine takes it
            if obs.phase is Phase.MUS:
                seen.add("mus")
                assert [c["text"] for c in turn["choices"]] == list(obs.legal_actions)
                continue
            assert obs.betting is not None
            seen.add(obs.betting.lance.value)
            texts, amounts, ordago = offered(turn)
            assert set(obs.legal_actions) <= {*texts, *(f"envido {a}" for a in amounts[:1]), *(["ordago"] * ordago)}
            assert all(obs.betting.legal().allows(envido(a)) for a in amounts)
            assert ordago == (Kind.ORDAGO in {a.kind for a in obs.legal})
            assert not any(c["kind"] == "ordago" for c in turn["choices"]), "órdago ends the slider"
            proposed = turn["proposed"]
            if proposed is None:
                assert turn["proposal"] is None
            else:
                seen.add("proposal")
                assert proposed == Action.parse(turn["proposal"]).to_dict()
                game.apply(proposed["text"])  # agreeing with the partner is legal
    assert seen >= {"mus", "discard", "grande", "chica", "pares", "juego", "proposal"}
