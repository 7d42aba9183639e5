"""Invariants that hold at every step of thousands of seeded random play-outs.

A random player chooses among the legal actions (with envido amounts drawn from the whole legal range, not
only the smallest one shown) and after every single action a :class:`Referee` checks the state against the
rules: the 40 cards are all there exactly once, every point on the board is explained by a row of a count or
a negada, scores never go down within a game, the game ends exactly when a team reaches the target or an
órdago is accepted, the player to move always has a legal action, and ``apply`` is a pure function that
leaves the old state alone.
"""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, dataclass, fields, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mus_widget as mw
from support.events import whole, whole_or_none, word
from support.strategies import rules_options

ALL_CARDS = frozenset(str(c) for c in mw.DECK)
MAX_STEPS = 4000

RULE_VARIANTS = (
    mw.Rules(),
    mw.Rules(target=30),
    mw.Rules(kings=4),
    mw.Rules(real_31=True),
    mw.Rules(team_consent=False),
    mw.Rules(negadas_at_count=True),
    mw.Rules(mus_corrido_first_hand=True),
    mw.Rules(games=3),
    mw.Rules(target=30, kings=4, team_consent=False, negadas_at_count=True, games=3),
    mw.Rules(target=10, mus_corrido_first_hand=True, real_31=True, games=3),
)


# ---------------------------------------------------------------------------------------------- random play


@dataclass(frozen=True)
class Style:
    """How a random player leans: how often it asks for mus, bets an órdago, accepts, bets big."""

    p_mus: float
    ordago: float
    quiero: float
    wide: float


STYLES = (
    Style(p_mus=0.5, ordago=0.05, quiero=1.0, wide=0.1),
    Style(p_mus=0.9, ordago=0.0, quiero=0.5, wide=0.05),
    Style(p_mus=0.3, ordago=1.0, quiero=2.0, wide=0.5),
    Style(p_mus=0.7, ordago=0.2, quiero=0.2, wide=1.0),
)

styles = st.builds(
    Style,
    p_mus=st.sampled_from([0.2, 0.5, 0.8, 0.95]),
    ordago=st.sampled_from([0.0, 0.02, 0.2, 1.0]),
    quiero=st.sampled_from([0.2, 1.0, 3.0]),
    wide=st.sampled_from([0.0, 0.1, 0.5, 1.0]),
)

def choose(game: mw.Game, rng: random.Random, style: Style) -> str:
    """A random legal action; an envido raise gets a random amount anywhere in its legal range."""
    legal = game.legal_actions()
    if game.phase is mw.Phase.MUS:
        if "no-mus" in legal and rng.random() >= style.p_mus:
            return "no-mus"
        return "mus"
    if game.phase is mw.Phase.DISCARD:
        return rng.choice(legal)
    weight = {"paso": 2.0, "quiero": style.quiero, "no-quiero": 1.0, "ordago": style.ordago}
    action = rng.choices(legal, [weight.get(a, 1.0) for a in legal])[0]
    if action.startswith("envido"):
        amount = int(action.split()[1])
        proposal = game.betting.proposal if game.betting is not None else None
        confirming = proposal is not None and proposal.kind is mw.Kind.ENVIDO and proposal.amount == amount
        if not confirming:
            top = game.rules.target  # docs: an envido goes from its smallest up to the game's target
            if rng.random() < style.wide:
                amount = rng.randint(amount, top)
            else:
                amount = rng.randint(amount, min(top, amount + 3))
        action = f"envido {amount}"
    return action


def random_deal(rng: random.Random) -> list[str]:
    cards = rng.sample(mw.DECK, 16)
    return [" ".join(str(c) for c in cards[i : i + 4]) for i in range(0, 16, 4)]


# ---------------------------------------------------------------------------------------------- the referee


def snapshot(game: mw.Game) -> tuple[object, ...]:
    """Everything observable about a state (the record is its seed, rules and actions), to check it never
    changes; cards compare as Card values."""
    return (
        game.seed,
        game.rules,
        game.actions,
        game.hands,
        game.stock,
        game.discard_pile,
        game.waiting,
        game.scores,
        game.games_won,
        game.phase,
        game.to_move,
        game.mano,
        game.hand_number,
        game.game_number,
        game.is_over,
        game.winner,
        game.log,
        game.last_count,
        game.last_hand,
        tuple(game.legal_actions()),
        game.betting,
        game.results,
    )


def new_events(prev: mw.Game, game: mw.Game) -> tuple[mw.Event, ...]:
    """The events of prev's hand that the last action added (the hand may have ended with it)."""
    ended = game.last_hand is not prev.last_hand
    log = game.last_hand.log if ended and game.last_hand is not None else game.log
    before = prev.log
    assert log[: len(before)] == before, "the log of a hand only ever grows"
    return log[len(before) :]


def team_of_winner(lance: mw.Lance, hands: tuple[mw.Hand, ...], mano: int, rules: mw.Rules) -> int:
    seat = mw.lance_winner(lance, hands, mano, rules)
    assert seat is not None
    return mw.team_of(seat)


def first_opponent_after(seat: int, eligible: tuple[int, ...]) -> int:
    """Who answers a bet by ``seat``: the first eligible opponent after it, going round."""
    for step in (1, 2, 3):
        other = (seat + step) % 4
        if other in eligible and mw.team_of(other) != mw.team_of(seat):
            return other
    raise AssertionError(f"nobody answers seat {seat} among {eligible}")


def expected_legal(betting: mw.Betting, target: int) -> list[str]:
    """RULES.md's betting protocol, as the list legal_actions() shows (a range of envidos as its smallest)."""
    if betting.bettor_team is None:
        return ["paso", "envido 2", "ordago"]
    proposal = betting.proposal
    kind = None if proposal is None else proposal.kind
    if kind in (None, mw.Kind.NO_QUIERO):
        return ["quiero", "no-quiero"] if betting.ordago else ["quiero", "no-quiero", "envido 2", "ordago"]
    if kind is mw.Kind.QUIERO:  # a quiero may be confirmed or raised, never turned into a no-quiero
        return ["quiero"] if betting.ordago else ["quiero", "envido 2", "ordago"]
    if kind is mw.Kind.ENVIDO:  # confirm the same raise or raise higher
        assert proposal is not None
        higher = [f"envido {proposal.amount + 1}"] if proposal.amount < target else []
        return [f"envido {proposal.amount}", *higher, "ordago"]
    return ["ordago"]  # a proposed órdago can only be confirmed


class Referee:
    """Follows a match state by state and checks every rule-level invariant on each new state."""

    def __init__(self, game: mw.Game) -> None:
        self.rules = game.rules
        self.target = game.rules.target
        self.hand_start = game.scores  # board at the start of the current hand (from_deal may start > 0)
        self.bets: list[tuple[int, int, bool]] = []  # (team, stake, ordago) of the lance being bet
        self.lances: list[tuple[str, str, int, int | None]] = []  # settled this hand: lance, outcome, stake, team
        self.steps = 0
        self.seen: set[str] = set()  # phases, lance outcomes and ways a hand ended, for coverage
        self.check_state(game)

    # -- things true of any single state

    def check_state(self, game: mw.Game) -> None:
        cards = [str(c) for h in game.hands for c in h.cards] + [str(c) for c in game.stock]
        cards += [str(c) for c in game.discard_pile]
        assert all(len(h.cards) == 4 and len({c.index for c in h.cards}) == 4 for h in game.hands)
        for hand, waiting in zip(game.hands, game.waiting, strict=True):
            assert set(waiting) <= set(hand.cards), "the cards put down stay with the player until served"
            assert not waiting or game.phase is mw.Phase.DISCARD
        assert len(cards) == 40, f"{len(cards)} cards in play"
        assert set(cards) == ALL_CARDS, f"cards twice or missing: {sorted(set(ALL_CARDS) - set(cards))}"
        legal = game.legal_actions()
        if game.is_over:
            assert game.to_move is None and legal == []
            assert game.winner in (0, 1)
            assert game.games_won[game.winner] == self.rules.games_to_win
            assert game.games_won[1 - game.winner] < self.rules.games_to_win
        else:
            assert game.to_move in (0, 1, 2, 3)
            assert legal, f"seat {game.to_move} has no legal action in {game.phase}"
            assert game.winner is None
            assert max(game.scores) < self.target, f"{game.scores} reached {self.target} but the game goes on"
            assert max(game.games_won) < self.rules.games_to_win
            self.check_legal(game, legal)
        assert min(game.scores) >= 0
        assert game.last_count == (game.last_hand.count if game.last_hand is not None else ())

    def check_legal(self, game: mw.Game, legal: list[str]) -> None:
        phase = game.phase
        if phase is mw.Phase.MUS:
            corrido = self.rules.mus_corrido_first_hand and game.hand_number == 1
            corrido = corrido and not any(e.kind == "mus_round" for e in game.log)
            assert legal == (["mus"] if corrido else ["mus", "no-mus"]), legal
        elif phase is mw.Phase.DISCARD:
            assert game.to_move is not None
            own = set(game.hands[game.to_move].cards)
            assert len(legal) == 15 and len(set(legal)) == 15
            for option in legal:
                cards = mw.Action.parse(option).cards
                assert option.startswith("discard ") and set(cards) <= own, option
        else:
            betting = game.betting
            assert betting is not None and betting.lance is game.lance and betting.to_move == game.to_move
            assert game.to_move in betting.eligible
            assert sorted(legal) == sorted(expected_legal(betting, self.target)), (betting, legal)

    # -- one step

    def step(self, prev: mw.Game, action: str, game: mw.Game) -> None:
        self.steps += 1
        self.check_state(game)
        self.seen.add(game.phase.value)
        assert game.actions == (*prev.actions, str(mw.Action.parse(action)))
        if game.game_number == prev.game_number:
            if not game.is_over:
                assert game.games_won == prev.games_won
            assert all(a >= b for a, b in zip(game.scores, prev.scores, strict=True)), f"{prev.scores} -> {game.scores}"
        else:
            assert game.game_number == prev.game_number + 1 and game.hand_number == 1
        events = new_events(prev, game)
        self.follow_turns(prev, action, game, events)
        self.follow_bets(prev, action, game, events)
        ended = game.last_hand is not prev.last_hand
        moved_on = (game.game_number, game.hand_number) != (prev.game_number, prev.hand_number)
        assert ended == (moved_on or (game.is_over and not prev.is_over)), "a hand ends iff the next begins"
        if ended:
            self.end_of_hand(prev, game)
        else:
            negadas = self.negadas(game.log)
            assert game.scores == (self.hand_start[0] + negadas[0], self.hand_start[1] + negadas[1]), (
                f"board {game.scores} not explained: {self.hand_start} at the deal, negadas {negadas}"
            )

    def follow_turns(self, prev: mw.Game, action: str, game: mw.Game, events: tuple[mw.Event, ...]) -> None:
        """Who speaks next: speaking order in the mus and the discards, the team answer in the betting."""
        seat, mano, act = prev.to_move, prev.mano, mw.Action.parse(action)
        assert seat is not None
        postre = (mano + 3) % 4
        same_hand = game.last_hand is prev.last_hand
        for event in events:
            if event.kind == "declare":
                assert event.seat is not None
                value = mw.evaluate(prev.hands[event.seat], self.rules)
                held = value.has_pares if event.get("lance") == "pares" else value.has_juego
                assert event.get("has") is held, f"untruthful declaration {event}"
        order = [(mano + i) % 4 for i in range(4)]
        declared = [e.seat for e in events if e.kind == "declare"]
        assert declared in ([], order, order * 2), f"declarations in speaking order: {declared}"
        opened = game.betting
        if same_hand and opened is not None and (prev.betting is None or prev.betting.lance is not opened.lance):
            if opened.lance is mw.Lance.PARES:
                holders = [s for s in order if mw.evaluate(prev.hands[s], self.rules).has_pares]
            elif opened.lance is mw.Lance.JUEGO:
                holders = [s for s in order if mw.evaluate(prev.hands[s], self.rules).has_juego]
            else:
                holders = order
            assert list(opened.eligible) == holders, f"{opened.lance} is bet by {opened.eligible}, not {holders}"
            assert opened.bettor_team is None and game.to_move == holders[0]
        if prev.phase is mw.Phase.MUS:
            if act.kind is mw.Kind.MUS:
                want = (mw.Phase.DISCARD, mano) if seat == postre else (mw.Phase.MUS, mw.next_seat(seat))
                assert (game.phase, game.to_move) == want, f"after {seat}'s mus: {game.phase}, {game.to_move}"
            else:
                assert game.phase is mw.Phase.GRANDE and game.to_move == mano
            return
        if prev.phase is mw.Phase.DISCARD:
            self.check_discard(prev, act, game, events)
            want = (mw.Phase.MUS, mano) if seat == postre else (mw.Phase.DISCARD, mw.next_seat(seat))
            assert (game.phase, game.to_move) == want, f"after {seat}'s discard: {game.phase}, {game.to_move}"
            return
        betting = prev.betting
        assert betting is not None
        settled = any(e.kind == "lance" for e in events)
        if betting.bettor_team is None:
            if act.kind is mw.Kind.PASO:
                rest = betting.eligible[betting.eligible.index(seat) + 1 :]
                if not rest:
                    assert settled, "everybody passed: the lance is en paso"
                    return
                want_next = rest[0]
                assert not settled and game.betting is not None
                assert game.betting.bettor_team is None and game.to_move == want_next
                return
            assert not settled
            assert game.to_move == first_opponent_after(seat, betting.eligible), "who answers a bet"
            return
        mate = mw.partner(seat)
        if (
            betting.proposal is None
            and mate in betting.eligible
            and (self.rules.team_consent or act.kind is mw.Kind.NO_QUIERO)
        ):
            assert not settled and game.to_move == mate, "the partner confirms or overrides"
            assert game.betting is not None
            assert game.betting.proposal == act and game.betting.proposer == seat
            return
        if act.kind in (mw.Kind.QUIERO, mw.Kind.NO_QUIERO):
            assert settled, f"{action!r} is the team's last word: the lance is settled"
            return
        assert not settled and same_hand and game.betting is not None
        assert game.betting.bettor_team == mw.team_of(seat)
        assert game.betting.proposal is None
        assert game.to_move == first_opponent_after(seat, betting.eligible), "who answers a raise"

    def check_discard(self, prev: mw.Game, act: mw.Action, game: mw.Game, events: tuple[mw.Event, ...]) -> None:
        """Everyone puts their cards down first; after the postre's discard the postre serves in speaking
        order from the top of the stock, reshuffling the discards on the table when it runs out (all of them,
        or, for the last player to serve, all but that player's own)."""
        seat = prev.to_move
        assert seat is not None
        assert [e.get("count") for e in events if e.kind == "discard"] == [len(act.cards)]
        order = [(prev.mano + i) % 4 for i in range(4)]
        reshuffled = [e for e in events if e.kind == "reshuffle"]
        if seat != order[3]:
            assert game.waiting[seat] == act.cards
            assert not reshuffled and (game.hands, game.stock, game.discard_pile) == (
                prev.hands, prev.stock, prev.discard_pile
            ), "nobody is served before the postre has discarded"
            return
        waiting = (*prev.waiting[:seat], act.cards, *prev.waiting[seat + 1 :])
        assert game.waiting == ((), (), (), ())
        stock: list[mw.Card] = list(prev.stock)  # known order
        pool: set[mw.Card] = set()  # reshuffled cards under it, order unknown here
        table = set(prev.discard_pile).union(*waiting)
        for place, s in enumerate(order):
            need = len(waiting[s])
            if len(stock) + len(pool) < need:
                event = reshuffled.pop(0)
                aside = set(waiting[s]) if place == 3 else set()
                assert (event.get("cards"), event.get("aside")) == (len(table - aside), len(aside))
                pool |= table - aside
                table = aside
            drawn = set(game.hands[s].cards) - (set(prev.hands[s].cards) - set(waiting[s]))
            assert len(drawn) == need and set(prev.hands[s].cards) - set(waiting[s]) <= set(game.hands[s].cards)
            top, stock = stock[:need], stock[need:]
            assert set(top) <= drawn, "the stock is served from the top, what is left of it first"
            rest = drawn - set(top)
            assert rest <= pool, f"seat {s} is served {rest} from outside the reshuffled discards"
            pool -= rest
            if place == 3 and table == set(waiting[s]) and table:
                assert not drawn & table, "the last player served never gets their own discards back"
        assert not reshuffled, "a reshuffle only when the stock cannot serve a player"
        assert list(game.stock[: len(stock)]) == stock and set(game.stock[len(stock) :]) == pool
        assert set(game.discard_pile) == table

    def negadas(self, log: tuple[mw.Event, ...]) -> tuple[int, int]:
        out = [0, 0]
        for event in log:
            if event.kind == "negada":
                assert not self.rules.negadas_at_count, "negadas_at_count: no negada is scored at once"
                out[whole(event, "team")] += whole(event, "points")
        return out[0], out[1]

    def follow_bets(self, prev: mw.Game, action: str, game: mw.Game, events: tuple[mw.Event, ...]) -> None:
        """Work out each bet's stake from the actions, and check lance results and negadas against it."""
        betting = game.betting
        if betting is not None and betting.bettor_team is not None and not any(e.kind == "lance" for e in events):
            made = (betting.bettor_team, betting.stake, betting.ordago)
            if not self.bets or self.bets[-1] != made:
                act = mw.Action.parse(action)
                before = self.bets[-1][1] if self.bets else 0
                assert prev.to_move is not None
                if act.kind is mw.Kind.ORDAGO:
                    assert made == (mw.team_of(prev.to_move), before, True), f"órdago after {self.bets}: {made}"
                else:
                    assert act.kind is mw.Kind.ENVIDO, f"{action!r} made the bet {made}"
                    assert made == (mw.team_of(prev.to_move), before + act.amount, False), (
                        f"{action!r} after {self.bets} gives {made}"
                    )
                assert not self.bets or self.bets[-1][0] != made[0], "a team never raises its own bet"
                self.bets.append(made)
        rejected: tuple[str, int, int | None] | None = None
        for event in events:
            if event.kind == "lance":
                lance, outcome = word(event, "lance"), word(event, "outcome")
                stake, team = whole(event, "stake"), whole_or_none(event, "team")
                bets, self.bets = self.bets, []
                if outcome == "rejected":
                    expected = 1 if len(bets) == 1 else bets[-2][1]
                    assert bets and (stake, team) == (expected, bets[-1][0]), f"{lance} rejected after {bets}"
                    rejected = (lance, stake, team)
                elif outcome == "accepted":
                    assert bets and not bets[-1][2] and stake == bets[-1][1], f"{lance} accepted after {bets}"
                    assert mw.Action.parse(action).kind is mw.Kind.QUIERO
                elif outcome == "ordago":
                    assert bets and bets[-1][2], f"órdago accepted after {bets}"
                    assert mw.Action.parse(action).kind is mw.Kind.QUIERO
                else:
                    assert not bets, f"{outcome} after bets {bets}"
                self.lances.append((lance, outcome, stake, team))
                self.seen.add(f"{lance}:{outcome}")
            elif event.kind == "negada":
                assert rejected is not None and (event.get("lance"), event.get("points"), event.get("team")) == (
                    rejected
                ), f"negada {event} for {rejected}"

    def end_of_hand(self, prev: mw.Game, game: mw.Game) -> None:
        hand = game.last_hand
        assert hand is not None
        assert (hand.game_number, hand.hand_number, hand.mano) == (prev.game_number, prev.hand_number, prev.mano)
        rules, target = self.rules, self.target
        negadas = self.negadas(hand.log)
        board = [self.hand_start[0] + negadas[0], self.hand_start[1] + negadas[1]]
        rows = hand.count
        lances, self.lances, self.bets = self.lances, [], []
        ordago = bool(rows) and rows[0].outcome is mw.Outcome.ORDAGO
        self.seen.add("ended by a negada" if not rows else "ended by an ordago" if ordago else "counted")
        if rows and not all(r.counted for r in rows):
            self.seen.add("won mid-count")
        for event in hand.log:
            if event.kind == "reshuffle":
                self.seen.add("reshuffle, own discards set aside" if event.get("aside") else "reshuffle")
        if not rows:
            # a negada reached the target: the hand stops there, no count and no hands shown
            assert hand.hands is None and max(board) >= target, f"hand ended without a count at {board}"
            assert lances and lances[-1][1] == "rejected"
        elif ordago:
            assert len(rows) == 1 and hand.hands is not None
            row = rows[0]
            assert lances and lances[-1][0] == row.lance.value and lances[-1][1] == "ordago"
            assert row.points == 0 and row.team == team_of_winner(row.lance, hand.hands, hand.mano, rules)
            assert max(board) < target
        else:
            assert hand.hands is not None
            assert [hand.hands[s] for s in range(4)] == [prev.hands[s] for s in range(4)], "shown hands are held"
            assert [(r.lance.value, r.outcome.value) for r in rows] == [(x[0], x[1]) for x in lances]
            assert [r.lance for r in rows][:3] == [mw.Lance.GRANDE, mw.Lance.CHICA, mw.Lance.PARES]
            assert len(rows) == 4
            for row, (_, outcome, stake, team) in zip(rows, lances, strict=True):
                self.check_row(row, outcome, stake, team, hand)
                if not row.counted:
                    assert row.points == 0 and max(board) >= target, f"row {row} skipped at {board}"
                    continue
                assert max(board) < target, f"row {row} counted after the game was won at {board}"
                if row.team is None:
                    assert row.points == 0
                else:
                    board[row.team] += row.points
        assert hand.scores == tuple(board), f"the last hand says {hand.scores}, the count explains {board}"
        game_over = max(board) >= target or ordago
        if game.is_over or game.game_number != prev.game_number:
            assert game_over, f"the game ended at {board} without an órdago"
            won = [a - b for a, b in zip(game.games_won, prev.games_won, strict=True)]
            assert sorted(won) == [0, 1], f"games won {prev.games_won} -> {game.games_won}"
            team = won.index(1)
            if ordago:
                assert team == rows[0].team
            else:
                assert board[team] >= target and board[1 - team] < target, f"team {team} won at {board}"
            if game.is_over:
                assert game.scores == tuple(board) and game.winner == team
            else:
                assert game.scores == (0, 0) and game.hand_number == 1
            self.hand_start = game.scores
        else:
            assert not game_over, f"{board} reached {target} but game {game.game_number} goes on"
            assert game.scores == tuple(board), f"board {game.scores}, count explains {board}"
            assert game.hand_number == prev.hand_number + 1 and game.mano == mw.next_seat(prev.mano)
            self.hand_start = game.scores

    def check_row(self, row: mw.CountRow, outcome: str, stake: int, team: int | None, hand: mw.HandSummary) -> None:
        rules, hands = self.rules, hand.hands
        assert hands is not None
        values = [mw.evaluate(h, rules) for h in hands]
        lance = row.lance
        if outcome == "nobody":
            assert row.team is None and row.points == 0
            assert lance is mw.Lance.PARES and not any(v.has_pares for v in values)
            return
        if outcome == "rejected":
            assert (row.team, row.stake) == (team, stake)
        else:
            assert row.team == team_of_winner(lance, hands, hand.mano, rules), f"{row} is not the best hand"
        if outcome == "one_team":
            assert team == row.team
        if outcome == "accepted":
            assert row.stake == stake
        if outcome == "en_paso":
            assert row.stake == (1 if lance in (mw.Lance.GRANDE, mw.Lance.CHICA) else 0)
        assert row.team is not None
        seats = (row.team, row.team + 2)
        if lance is mw.Lance.PARES:
            bonus = sum(values[s].pares_points for s in seats)
        elif lance is mw.Lance.JUEGO:
            bonus = sum(values[s].juego_points for s in seats)
            assert any(v.has_juego for v in values)
        elif lance is mw.Lance.PUNTO:
            bonus = 1
            assert not any(v.has_juego for v in values)
        else:
            bonus = 0
        assert row.bonus == bonus, f"{row}: bonus should be {bonus}"
        if not row.counted:
            return
        paid = outcome == "rejected" and not rules.negadas_at_count
        assert row.points == (row.bonus if paid else row.stake + row.bonus), f"{row} adds the wrong points"


def play_checked(game: mw.Game, rng: random.Random, style: Style, twice: bool = True) -> Referee:
    """Play a match to the end (or MAX_STEPS), checking every step; return the referee for coverage."""
    referee = Referee(game)
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        action = choose(game, rng, style)
        before = snapshot(game)
        nxt = game.apply(action)
        assert snapshot(game) == before, f"apply({action!r}) changed the old state"
        if twice:
            again = game.apply(action)
            assert again.record() == nxt.record()
            assert snapshot(again) == snapshot(nxt), f"apply({action!r}) twice gave two different states"
        referee.step(game, action, nxt)
        game = nxt
    return referee


# ---------------------------------------------------------------------------------------------- the tests


@given(seed=st.integers(0, 2**40), rules=rules_options, style=styles)
def test_random_matches_keep_every_invariant(seed: int, rules: mw.Rules, style: Style) -> None:
    play_checked(mw.Game.new(seed=seed, rules=rules), random.Random(seed), style)


@given(
    seed=st.integers(0, 2**32),
    rules=rules_options,
    style=styles,
    lead=st.integers(0, 12),
    trail=st.integers(0, 40),
    mano=st.integers(0, 3),
)
def test_scripted_deals_near_the_target_keep_every_invariant(
    *, seed: int, rules: mw.Rules, style: Style, lead: int, trail: int, mano: int
) -> None:
    """Games from from_deal starting close to the target: the end of the game is exercised on every hand."""
    top = rules.target - 1
    scores = (max(0, top - lead), min(top, trail))
    rng = random.Random(seed)
    game = mw.Game.from_deal(random_deal(rng), mano=mano, scores=scores, seed=seed, rules=rules)
    assert game.scores == scores
    play_checked(game, rng, style)


@pytest.mark.slow
def test_a_thousand_seeded_matches_keep_every_invariant() -> None:
    """A plain loop, the same every run: 1,000 seeds over the rule variants and playing styles."""
    seen: set[str] = set()
    over = 0
    for seed in range(1000):
        rules = RULE_VARIANTS[seed % len(RULE_VARIANTS)]
        style = STYLES[(seed // len(RULE_VARIANTS)) % len(STYLES)]
        referee = play_checked(mw.Game.new(seed=seed, rules=rules), random.Random(seed), style, twice=seed % 4 == 0)
        seen |= referee.seen
        over += referee.steps < MAX_STEPS
    assert over == 1000
    # the loop really went everywhere (a guard against a random player that never gets anywhere)
    assert seen >= {p.value for p in mw.Phase}
    assert seen >= {"ended by a negada", "ended by an ordago", "counted", "won mid-count", "reshuffle"}
    assert "reshuffle, own discards set aside" in seen
    outcomes = {
        f"{lance}:{outcome}"
        for lance in ("grande", "chica", "pares", "juego", "punto")
        for outcome in ("en_paso", "accepted", "rejected", "ordago")
    }
    outcomes |= {"pares:one_team", "pares:nobody", "juego:one_team"}
    assert seen >= outcomes, sorted(outcomes - seen)


def test_the_referee_is_not_a_tautology() -> None:
    """Forged states (points from nowhere, a card twice, a game going on past the target) are refused."""
    game = mw.Game.new(seed=11)
    nxt = game.apply("no-mus")
    Referee(game).step(game, "no-mus", nxt)
    forged = replace(nxt, _match=replace(nxt._match, scores=(3, 0)))
    with pytest.raises(AssertionError, match="not explained"):
        Referee(game).step(game, "no-mus", forged)
    forged = replace(nxt, _deal=replace(nxt._deal, stock=(*nxt.stock[:-1], nxt.hands[0].cards[0])))
    with pytest.raises(AssertionError, match="twice or missing"):
        Referee(game).step(game, "no-mus", forged)
    forged = replace(nxt, _match=replace(nxt._match, scores=(40, 0)))
    with pytest.raises(AssertionError, match="game goes on"):
        Referee(game).step(game, "no-mus", forged)


def test_a_game_and_its_parts_cannot_be_changed() -> None:
    """Assigning or deleting any attribute of a state, or of the parts it shares with the states around it,
    raises: the only way to another state is a step, or a constructor."""
    game = mw.Game.new(seed=3).apply("no-mus").apply("envido 2")
    for name in [f.name for f in fields(game)]:
        with pytest.raises(FrozenInstanceError):
            setattr(game, name, None)
        with pytest.raises(FrozenInstanceError):
            delattr(game, name)
    # Other names: AttributeError, or TypeError before Python 3.12 (a frozen slotted dataclass's quirk)
    for name in ("scores", "phase", "log", "anything"):
        with pytest.raises((AttributeError, TypeError)):
            setattr(game, name, None)
        with pytest.raises((AttributeError, TypeError)):
            delattr(game, name)
    for part in (game._match, game._deal):
        for name in [f.name for f in fields(part)]:
            with pytest.raises(FrozenInstanceError):
                setattr(part, name, None)
    assert game.scores == (0, 0) and game.phase is mw.Phase.GRANDE and game.actions == ("no-mus", "envido 2")


def parts(game: mw.Game) -> tuple[object, ...]:
    """A state's fields (by identity: the chains are shared) and the values in its match and deal parts."""
    return (
        tuple(id(getattr(game, f.name)) for f in fields(game)),
        tuple(getattr(game._match, f.name) for f in fields(game._match)),
        tuple(getattr(game._deal, f.name) for f in fields(game._deal)),
    )


def test_no_later_step_changes_an_earlier_state() -> None:
    """Every state of whole matches (señas, discards, reshuffles, vacas) is as it was made once the match is
    over: the parts and chains a step shares with the states before it are never changed by a later one."""
    rng = random.Random(8)
    for seed in range(12):
        game = mw.Game.new(seed=seed, rules=RULE_VARIANTS[seed % len(RULE_VARIANTS)])
        taken = []
        while not game.is_over:
            taken.append((game, parts(game), snapshot(game), game.record()))
            if rng.random() < 0.1:
                game = game.sena(rng.randrange(4), rng.choice(mw.CATALOGUE).id)
            else:
                game = game.apply(choose(game, rng, STYLES[seed % len(STYLES)]))
        for state, held, seen, record in taken:
            assert (parts(state), snapshot(state), state.record()) == (held, seen, record)


@given(seed=st.integers(0, 2**40), sizes=st.lists(st.integers(1, 4), min_size=4, max_size=24), mano=st.integers(0, 3))
def test_long_mus_keeps_the_forty_cards_through_every_reshuffle(seed: int, sizes: list[int], mano: int) -> None:
    """Mus after mus with discards of drawn sizes (4-card discards empty the 24-card stock in two rounds):
    after every action the referee finds the 40 cards exactly once among hands, stock and discards, every
    hand four distinct cards, and each serve and reshuffle as the rules say."""
    rng = random.Random(seed)
    game = mw.Game.from_deal(random_deal(rng), mano=mano, seed=seed)
    referee = Referee(game)
    for size in sizes:
        for action in ("mus", "mus", "mus", "mus") if game.phase is mw.Phase.MUS else ():
            nxt = game.apply(action)
            referee.step(game, action, nxt)
            game = nxt
        assert game.to_move is not None
        action = "discard " + " ".join(map(str, rng.sample(game.hands[game.to_move].cards, size)))
        nxt = game.apply(action)
        referee.step(game, action, nxt)
        game = nxt


def test_the_referee_checks_the_serve() -> None:
    """A forged serve (the postre drawing back its own discards, or served before the postre discarded) is refused."""
    game = mw.Game.from_deal(["12o 12c 11o 11c", "1o 1c 4o 5o", "7o 7c 6o 10o", "3o 11e 10c 1e"], seed=1)
    for action in ("mus", "mus", "mus", "mus", "discard 12o"):
        game = game.apply(action)
    nxt = game.apply("discard 1o")
    forged = replace(nxt, _deal=replace(nxt._deal, hands=(game.hands[0], mw.Hand.parse("1c 4o 5o 6e"), *nxt.hands[2:])))
    with pytest.raises(AssertionError, match="until served"):
        Referee(game).step(game, "discard 1o", forged)
    game = nxt.apply("discard 7o").apply("discard 3o")
    played = game.apply("mus").apply("mus").apply("mus").apply("mus")
    for action in ("discard 12c 11o 11c", "discard 1c 4o 5o", "discard 7c 6o 10o"):
        played = played.apply(action)
    postre = played.hands[3]
    nxt = played.apply("discard " + " ".join(map(str, postre.cards)))
    Referee(played).step(played, "discard " + " ".join(map(str, postre.cards)), nxt)
    stock = tuple(c for c in nxt.stock if c not in postre.cards) + nxt.hands[3].cards
    forged = replace(nxt, _deal=replace(nxt._deal, hands=(*nxt.hands[:3], postre), stock=stock))
    with pytest.raises(AssertionError):
        Referee(played).step(played, "discard " + " ".join(map(str, postre.cards)), forged)


def test_envido_amounts_run_from_two_to_the_target() -> None:
    for rules in (mw.Rules(), mw.Rules(target=30)):
        game = mw.Game.new(seed=3, rules=rules).apply("no-mus")
        assert "envido 2" in game.legal_actions()
        assert (bet := game.apply(f"envido {rules.target}").betting) is not None and bet.stake == rules.target
        with pytest.raises(mw.IllegalActionError, match=f"envido {rules.target + 1}"):
            game.apply(f"envido {rules.target + 1}")


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=repr)
def test_each_rule_variant_plays_to_the_end(rules: mw.Rules) -> None:
    """Every variant of the brief plays whole matches under the referee, in every playing style."""
    for n, style in enumerate(STYLES):
        seed = 1000 + n
        referee = play_checked(mw.Game.new(seed=seed, rules=rules), random.Random(seed), style)
        assert referee.steps < MAX_STEPS


def test_mus_corrido_first_hand_allows_only_mus_at_first() -> None:
    game = mw.Game.new(seed=5, rules=mw.Rules(mus_corrido_first_hand=True))
    assert game.legal_actions() == ["mus"]
    with pytest.raises(mw.IllegalActionError):
        game.apply("no-mus")
    for _ in range(4):
        game = game.apply("mus")
    for _ in range(4):
        game = game.apply(game.legal_actions()[0])
    assert game.phase is mw.Phase.MUS and "no-mus" in game.legal_actions()


def test_a_vaca_starts_each_game_at_zero() -> None:
    rules = mw.Rules(games=3, target=10)
    game = mw.Game.new(seed=2, rules=rules)
    rng = random.Random(2)
    games_seen = {1}
    while not game.is_over:
        prev = game
        game = game.apply(choose(game, rng, STYLES[0]))
        if game.game_number != prev.game_number:
            assert game.scores == (0, 0) and sum(game.games_won) == sum(prev.games_won) + 1
            games_seen.add(game.game_number)
    assert max(game.games_won) == 2 and games_seen >= {1, 2}
