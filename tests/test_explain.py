"""Explanations of counted hands (mus_widget.teaching.explain): scripted hands read like the lesson they make,
then 2,000 random counted hands, each lance's deciding card, pares or total checked against the evaluator."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

import mus_widget as mw
from mus_widget import Lance, Outcome
from mus_widget.engine.hands import JUEGO_ORDER, rank_of
from mus_widget.engine.seats import speaking_order, team_of
from mus_widget.i18n.messages import EN
from mus_widget.teaching.explain import Explanation, explain, pares_phrase, render

# DEAL_A, mano South (as in tests/support/scripted_hands.py):
#   South 12o 12c 11o 11c  R R C C: duples, 40      East 1o 1c 4o 5o  A A 5 4: par of ases, 11
#   North 7o 7c 6o 10o     S 7 7 6: par of 7s, 30   West 3o 11e 10c 1e R C S A: no pares, 31
DEAL_A = ["12o 12c 11o 11c", "1o 1c 4o 5o", "7o 7c 6o 10o", "3o 11e 10c 1e"]


def to_the_count(game: mw.Game, *actions: str) -> mw.Game:
    """Play ``actions``, then paso everywhere until the hand is over."""
    hand = game.hand_number
    for action in actions:
        game = game.apply(action)
    while not game.is_over and game.hand_number == hand:
        game = game.apply("paso")
    return game


def by_lance(game: mw.Game) -> dict[Lance, Explanation]:
    return {e.lance: e for e in explain(game)}


# ---------------------------------------------------------------------------------------------- lessons


def test_grande_names_the_card_that_decides_it() -> None:
    # North R R 7 A against East R C S A: the reyes tie, North's second rey beats East's caballo.
    game = mw.Game.from_deal(["7o 6c 5e 4b", "12e 11o 10c 1b", "12o 3c 7e 1o", "6o 5c 4e 2b"], mano=0)
    grande = by_lance(to_the_count(game, "no-mus"))[Lance.GRANDE]
    assert grande.decided.id == "why.grande.2"
    assert grande.decided.params == {
        "seat": 2, "rival": 1, "position": 2, "card": "3c", "rank": 12, "rival_card": "11o", "rival_rank": 11,
    }
    assert grande.text().startswith(
        "Grande: the highest cards tie; North's second card, rey (3c: a 3 counts as a rey), beats East's caballo "
        "(11o)."
    )
    assert "the lance is worth 1 to South–North" in grande.text()


def test_chica_compares_from_the_lowest_card_up() -> None:
    game = mw.Game.from_deal(DEAL_A, mano=0)
    chica = by_lance(to_the_count(game, "no-mus"))[Lance.CHICA]
    # East A A 4 5 against South's best for chica... South R R C C; North 6 7 7 S is South–North's best.
    assert chica.decided.id == "why.chica.1"
    assert chica.decided.params["seat"] == 1 and chica.decided.params["rival"] == 2
    assert chica.decided.params["rank"] == 1 and chica.decided.params["rival_rank"] == 6
    assert chica.text().startswith("Chica: East's lowest card, as (1o), is lower than North's 6 (6o).")


def test_a_tie_goes_to_the_mano() -> None:
    # South and East hold the same ranks (R C 7 A); East is mano.
    game = mw.Game.from_deal(["12o 11o 7o 1o", "12c 11c 7c 1c", "4e 4b 5e 6e", "4o 5c 6c 10b"], mano=1)
    grande = by_lance(to_the_count(game, "no-mus"))[Lance.GRANDE]
    assert grande.decided.id == "why.grande.tie" and grande.team == 1
    assert grande.text().startswith(
        "Grande: East and South hold the same four ranks; a tie goes to the player nearer the mano, East."
    )


def test_pares_kinds_and_a_refused_first_bet_with_the_bettors_own_pares() -> None:
    # East bets at Pares, South–North refuse: East–West take the negada of 1 and East's own par of ases.
    game = mw.Game.from_deal(DEAL_A, mano=1).apply("no-mus")
    for _ in range(8):
        game = game.apply("paso")
    assert game.phase is mw.Phase.PARES and game.to_move == 1
    game = to_the_count(game, "envido 2", "no-quiero", "no-quiero")
    pares = by_lance(game)[Lance.PARES]
    assert pares.outcome is Outcome.REJECTED and pares.team == 1
    assert pares.text() == (
        "Pares: no quiero to the first bet, so East–West take the lance and the negada of 1, whatever the cards. "
        "The negada of 1 was scored at once, when the bet was refused. "
        "East: a par of ases, +1. East–West +1 at the count."
    )


def test_pares_of_the_same_kind_and_the_words_for_them() -> None:
    assert pares_phrase("duples", 12, 12) == "duples of four reyes"
    assert pares_phrase("duples", 12, 7) == "duples of reyes and 7s"
    assert pares_phrase("medias", 10, 10) == "medias of sotas"
    assert pares_phrase("par", 1, 1) == "a par of ases"
    game = mw.Game.from_deal(["12o 12c 4o 5o", "11o 11c 6o 7o", "1o 1c 4c 5c", "10o 10c 6c 7c"], mano=0)
    pares = by_lance(to_the_count(game, "no-mus"))[Lance.PARES]
    assert pares.decided.id == "why.pares.rank"
    assert pares.text().startswith(
        "Pares: South has a par of reyes and East a par of caballos; of the same kind, the higher cards win."
    )
    assert "South: a par of reyes, +1. North: a par of ases, +1. South–North +2 at the count." in pares.text()


def test_juego_order_31_beats_40_and_only_one_team_holding() -> None:
    game = mw.Game.from_deal(DEAL_A, mano=0)
    juego = by_lance(to_the_count(game, "no-mus"))[Lance.JUEGO]
    assert juego.decided.id == "why.juego.total"
    assert juego.text().startswith("Juego: West's 31 beats South's 40; the order is 31, 32, 40, 37")
    assert "West: juego of 31, +3." in juego.text()
    # Only South–North have juego: no betting, they collect their own.
    alone = mw.Game.from_deal(["12o 12c 11o 1o", "1c 4o 5o 6o", "7o 7c 10o 10c", "1e 4e 5e 6e"], mano=0)
    only = by_lance(to_the_count(alone, "no-mus"))[Lance.JUEGO]
    assert only.outcome is Outcome.ONE_TEAM and only.decided.id == "why.only.juego"
    assert only.text() == (
        "Juego: only South–North have juego, so there is no betting and they collect their own. "
        "South: juego of 31, +3. North: juego of 34, +2. South–North +5 at the count."
    )


def test_a_real_31_beats_another_31_with_its_option() -> None:
    deal = ["12o 11c 10e 1b", "7o 7c 7e 10o", "4o 4c 5e 6e", "4b 5b 6b 1c"]
    juego = by_lance(to_the_count(mw.Game.from_deal(deal, mano=0, rules=mw.Rules(real_31=True)), "no-mus"))
    assert juego[Lance.JUEGO].decided.id == "why.juego.real" and juego[Lance.JUEGO].team == 1
    assert juego[Lance.JUEGO].text().startswith("Juego: East's real 31 (three 7s and a figure) beats South's 31.")
    plain = by_lance(to_the_count(mw.Game.from_deal(deal, mano=0), "no-mus"))
    assert plain[Lance.JUEGO].decided.id == "why.juego.tie" and plain[Lance.JUEGO].team == 0


def test_punto_and_a_lance_nobody_holds() -> None:
    game = mw.Game.from_deal(["12o 11o 7o 1o", "12c 11c 6c 2c", "12e 10e 5e 4e", "3b 10b 6b 4b"], mano=0)
    found = by_lance(to_the_count(game, "no-mus"))
    assert found[Lance.PARES].text() == "Pares: nobody has pares; the lance is not played."
    assert found[Lance.PUNTO].text() == (
        "Punto: nobody has juego, and West's 30 beats North's 29. Nobody bet (en paso): East–West collect only "
        "their bonus points. Punto: +1 for East–West. East–West +1 at the count."
    )


def test_a_refused_raise_pays_the_stake_before_it() -> None:
    # South bets 2 at Grande, East raises 3 (stake 5), South–North refuse: East–West take 2.
    game = mw.Game.from_deal(DEAL_A, mano=0)
    game = to_the_count(game, "no-mus", "envido 2", "envido 3", "envido 3", "no-quiero", "no-quiero")
    grande = by_lance(game)[Lance.GRANDE]
    assert grande.decided.id == "why.negada.raise" and grande.decided.params["negada"] == 2
    assert grande.text().startswith("Grande: no quiero to a raise, so East–West take the lance and the negada of 2")


def test_an_accepted_ordago_and_the_count_that_stops_at_the_target() -> None:
    game = mw.Game.from_deal(DEAL_A, mano=0).apply("no-mus").apply("ordago").apply("quiero").apply("quiero")
    (only,) = explain(game)
    assert only.outcome is Outcome.ORDAGO
    assert only.text().endswith("The órdago was accepted: South–North win the game.")
    # South–North at 39: Grande en paso takes them to 40, and the rows after it are not counted.
    late = to_the_count(mw.Game.from_deal(DEAL_A, mano=0, scores=(39, 0)), "no-mus")
    rows = explain(late)
    assert rows[0].text().endswith(
        "South–North +1 at the count. That reaches the target of 40: South–North win the game."
    )
    assert all(not e.counted and e.text().endswith("Not counted: the game was already won.") for e in rows[1:])


def test_a_negada_that_wins_the_game_is_explained_without_a_count() -> None:
    game = mw.Game.from_deal(DEAL_A, mano=0, scores=(39, 0)).apply("no-mus")
    game = game.apply("envido 2").apply("no-quiero").apply("no-quiero")
    assert game.is_over and game.last_hand is not None and game.last_hand.count == ()
    (negada,) = explain(game)
    assert negada.team == 0 and negada.decided.id == "why.negada.first"


def test_explanations_render_with_the_players_names() -> None:
    game = to_the_count(mw.Game.from_deal(DEAL_A, mano=0), "no-mus")
    grande = explain(game)[0]
    text = grande.text(names=["Ana", "Bea", "Carla", "Dani"])
    assert text.startswith("Grande: the highest cards tie; Ana's second card")
    assert render(grande.account[0], teams=["us", "them"]) == "Nobody bet (en paso): the lance is worth 1 to us."


def test_a_notebook_shows_the_explanations_as_sentences_a_lance_a_line_in_the_language_asked() -> None:
    game = to_the_count(mw.Game.from_deal(DEAL_A, mano=0), "no-mus")
    explanations = mw.explain(game, language="es")
    assert isinstance(explanations, tuple) and explanations == explain(game), "still the tuple of explanations"
    lines = repr(explanations).splitlines()
    assert len(lines) == len(explanations) == 4 and "Explanation(" not in repr(explanations)
    assert lines[0] == explanations[0].text("es") and lines[0].startswith("Grande: ")
    assert lines[1].startswith("Chica: ") and "nadie apostó" in lines[1].lower()
    page = explanations._repr_html_()
    assert page.startswith('<div lang="es"') and page.count("<p ") == 4
    assert "la segunda carta" in page or "las cartas más altas" in page
    english = explain(game, language="en")
    assert repr(english).splitlines()[0] == english[0].text("en")
    assert explain(game).language is None, "none given: the kernel's language, as a table's default"
    with pytest.raises(mw.MusError, match="no language 'xx'"):
        explain(game, language="xx")


def test_explain_refuses_a_game_with_no_hand_over() -> None:
    with pytest.raises(ValueError, match="no hand"):
        explain(mw.Game.new(seed=1))


# ---------------------------------------------------------------------------------------------- 2,000 hands


VARIANTS = (mw.Rules(), mw.Rules(kings=4), mw.Rules(real_31=True), mw.Rules(negadas_at_count=True, target=30))


def random_action(game: mw.Game, rng: random.Random) -> str:
    """A random legal action: an órdago only now and then (so most hands reach the count), raises of any size."""
    legal = game.legal_actions()
    if "ordago" in legal and len(legal) > 1 and rng.random() > 0.03:
        legal.remove("ordago")
    action = rng.choice(legal)
    betting = game.betting
    if action.startswith("envido") and betting is not None:
        allowed = betting.legal()
        if allowed.raise_from and action == f"envido {allowed.raise_from}" and rng.random() < 0.5:
            action = f"envido {rng.randint(allowed.raise_from, min(allowed.raise_to, allowed.raise_from + 6))}"
    return action


def counted_hands(count: int) -> Iterator[tuple[mw.Game, mw.HandSummary]]:
    """``count`` hands that reached the count (or an órdago), from seeded random play over the variants."""
    found = 0
    for seed in itertools.count():
        rng = random.Random(seed)
        game = mw.Game.new(seed=seed, rules=VARIANTS[seed % len(VARIANTS)])
        last = game.last_hand
        while not game.is_over:
            game = game.apply(random_action(game, rng))
            if game.last_hand is not last:
                last = game.last_hand
                assert last is not None
                if last.count:
                    yield game, last
                    found += 1
                    if found == count:
                        return


def best_of(seats: list[int], key: dict[int, tuple[int, ...]]) -> int:
    """The seat with the highest key, the first in ``seats`` (speaking order) on a tie."""
    best = seats[0]
    for seat in seats[1:]:
        if key[seat] > key[best]:
            best = seat
    return best


def lance_key(lance: Lance, value: mw.HandValue, rules: mw.Rules) -> tuple[int, ...]:
    """How good a hand is at ``lance``, from the evaluator's ranks, pares and total (not its strengths)."""
    if lance is Lance.GRANDE:
        return value.ranks
    if lance is Lance.CHICA:
        return tuple(-r for r in reversed(value.ranks))
    if lance is Lance.PARES:
        return (int(value.pares), *value.pares_ranks) if value.has_pares else (0,)
    if lance is Lance.JUEGO:
        if not value.has_juego:
            return (0,)
        return (len(JUEGO_ORDER) - JUEGO_ORDER.index(value.total), int(rules.real_31 and value.real_31))
    return (value.total,)


def check_deciding(exp: Explanation, summary: mw.HandSummary, rules: mw.Rules) -> None:
    hands = summary.hands
    assert hands is not None
    values = {s: mw.evaluate(hands[s], rules) for s in range(4)}
    lance = exp.lance
    keys = {s: lance_key(lance, values[s], rules) for s in range(4)}
    order = list(speaking_order(summary.mano))
    winner = best_of(order, keys)
    assert winner == mw.lance_winner(lance, hands, summary.mano, rules)
    assert team_of(winner) == exp.team
    rival = best_of([s for s in order if team_of(s) != team_of(winner)], keys)
    params = exp.decided.params
    if exp.decided.id.startswith("why.only."):
        assert lance in (Lance.PARES, Lance.JUEGO) and keys[rival] == (0,)
        return
    assert (params["seat"], params["rival"]) == (winner, rival)
    tied = keys[winner] == keys[rival]
    assert exp.decided.id.endswith(".tie") == tied, (exp.decided, keys)
    if lance in (Lance.GRANDE, Lance.CHICA):
        mine = values[winner].ranks if lance is Lance.GRANDE else tuple(reversed(values[winner].ranks))
        theirs = values[rival].ranks if lance is Lance.GRANDE else tuple(reversed(values[rival].ranks))
        if tied:
            assert mine == theirs
            return
        first = next(i for i in range(4) if mine[i] != theirs[i])
        assert params["position"] == first + 1 and exp.decided.id == f"why.{lance.value}.{first + 1}"
        assert (params["rank"], params["rival_rank"]) == (mine[first], theirs[first])
        assert (mine[first] > theirs[first]) == (lance is Lance.GRANDE)
        for card_key, rank_key, seat in (("card", "rank", winner), ("rival_card", "rival_rank", rival)):
            card = mw.Card.parse(str(params[card_key]))
            assert card in hands[seat] and rank_of(card.number, rules.kings) == params[rank_key]
    elif lance is Lance.PARES:
        value = values[winner]
        assert params["pares"] == value.pares.name.lower()
        assert (params["high"], params["low"]) == (value.pares_ranks[0], value.pares_ranks[-1])
        if not tied:
            other = values[rival]
            assert params["rival_pares"] == other.pares.name.lower()
            assert (params["rival_high"], params["rival_low"]) == (other.pares_ranks[0], other.pares_ranks[-1])
            assert exp.decided.id == ("why.pares.kind" if value.pares != other.pares else "why.pares.rank")
    else:
        assert params["total"] == values[winner].total
        if not tied:
            assert params["rival_total"] == values[rival].total
            real = values[winner].total == values[rival].total == 31
            assert exp.decided.id == (f"why.{lance.value}.real" if real else f"why.{lance.value}.total")


@pytest.mark.slow
def test_2000_random_counted_hands_explain_every_row_with_the_real_deciding_card_or_value() -> None:
    seen: dict[str, int] = {}
    rows = 0
    for game, summary in counted_hands(2000):
        rules = game.rules
        explanations = explain(game)
        assert explanations == explain(summary, rules)
        negadas = [r for r in summary.results if r.outcome is Outcome.REJECTED]
        if summary.count[0].outcome is Outcome.ORDAGO:
            assert len(explanations) == len(negadas) + 1
            check_deciding(explanations[-1], summary, rules)
            assert explanations[-1].account[-1].id == "why.row.ordago"
        else:
            assert len(explanations) == len(summary.count)
            for exp, row in zip(explanations, summary.count, strict=True):
                rows += 1
                assert (exp.lance, exp.outcome, exp.team, exp.counted) == (
                    row.lance, row.outcome, row.team, row.counted
                )
                if row.outcome in (Outcome.EN_PASO, Outcome.ACCEPTED, Outcome.ONE_TEAM):
                    check_deciding(exp, summary, rules)
                elif row.outcome is Outcome.REJECTED:
                    assert exp.decided.id.startswith("why.negada.") and exp.decided.params["negada"] == row.stake
                else:
                    assert exp.decided.id == f"why.none.{row.lance.value}"
                bonus = sum(int(r.params["points"]) for r in exp.account if r.id in ("why.bonus.pares",
                                                                                     "why.bonus.juego"))
                punto = sum(1 for r in exp.account if r.id == "why.bonus.punto")
                assert bonus + punto == row.bonus
                if row.counted and row.team is not None:
                    (points,) = [r for r in exp.account if r.id.startswith("why.row.points")]
                    assert points.params.get("points", 0) == row.points
                    assert (points.id == "why.row.points.none") == (row.points == 0)
        for exp in explanations:
            text = exp.text()
            assert "{" not in text and text.endswith(".")
            seen[exp.decided.id] = seen.get(exp.decided.id, 0) + 1
    assert rows >= 2000 * 3, rows
    # Random play reaches every kind of sentence.
    kinds = {"grande", "chica", "pares", "juego", "punto", "only", "none", "negada"}
    expected = {key for key in EN if key.startswith("why.") and key.count(".") == 2 and key.split(".")[1] in kinds}
    expected -= {key for key in expected if key.startswith("why.pares.phrase")}
    assert sorted(expected - set(seen)) == ["why.juego.real"], "a real 31 against a 31 is rare: scripted above"
