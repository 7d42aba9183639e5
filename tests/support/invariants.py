"""The referee of the invariant tests: it follows a match state by state and checks each new state against the
rules: the 40 cards are all there exactly once, every point on the board is explained by a row of a count or a
negada, scores never go down within a game, the game ends exactly when a team reaches the target or an órdago is
accepted, and the player to move always has a legal action.
"""

from __future__ import annotations

import mus_widget as mw
from support.events import whole, whole_or_none, word

ALL_CARDS = frozenset(str(c) for c in mw.DECK)


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
