"""What the bots remember of a game: the hands they saw end, how each team answers and bets, and how far
its calls follow its cards.

Seats: 0 South, 1 East, 2 North, 3 West; team 0 = South + North, team 1 = East + West.
"""

from __future__ import annotations

import math
from collections import Counter

import pytest

from mus_widget import Game, Hand, Rules
from mus_widget.bots import Bot, Decision, ExpertBot, NoviceBot, make_bot
from mus_widget.bots.knowledge import knowledge_for
from mus_widget.bots.memory import UNKNOWN, calls_of
from mus_widget.bots.simple import team_chance
from mus_widget.bots.turns import advance, hand_ended
from support.deals import DEAL
from support.matches import EAST, NORTH, SOUTH, WEST, decided, play_match, style_match


def test_a_bot_remembers_the_hands_it_saw_end_and_forgets_them_in_a_new_game() -> None:
    def four_hands(seed: int) -> tuple[Game, dict[int, Bot]]:
        bots = {seat: make_bot(level, seat) for seat, level in enumerate(("expert", "ordago", "novice", "ordago"))}
        game = Game.new(seed=seed, rules=Rules(target=100))
        while game.hand_number < 4 and not game.is_over:
            game, _ = advance(game, bots, limit=1)
        return game, bots

    # An accepted órdago may end a game in its first hands; the first of these seeds whose game lasts.
    game, bots = next(played for seed in range(21, 41) if (played := four_hands(seed))[0].hand_number == 4)
    expert = bots[SOUTH]
    assert expert.memory.hands == 3 and bots[NORTH].memory.hands == 3
    styles = expert.memory.styles(game.observe(SOUTH))
    # East and West órdago at every turn: that is no honest player's way; North is the expert's partner.
    assert styles[EAST].honest < 0.05 and styles[WEST].honest < 0.05
    assert styles[EAST].share("open", "ordago") > 0.6
    fresh = Game.new(seed=22)
    expert.memory.update(fresh.observe(SOUTH))
    assert expert.memory.hands == 0, "a new game, a clean memory"
    assert all(style.calls == 0 for style in expert.memory.styles(fresh.observe(SOUTH)))


def test_the_memory_comes_from_the_observations_alone_and_decisions_stay_deterministic() -> None:
    levels = ("expert", "random", "expert", "random")

    def played(seed: int) -> tuple[list[Decision], list[int]]:
        bots = {seat: make_bot(level, seed * 4 + seat) for seat, level in enumerate(levels)}
        _, turns = advance(Game.new(seed=seed), bots)
        return [decided(t) for t in turns], [bots[s].memory.hands for s in range(4)]

    first, remembered = played(31)
    assert played(31) == (first, remembered), "the same seed and the same history: the same decisions"
    assert max(remembered) >= 1
    # A bot is shown every hand's end by bots/turns.py; told nothing, it folds the hand before from any
    # observation it gets (each carries ``last_hand``), so what it remembers is what its seat saw.
    bots = {seat: make_bot(level, seat) for seat, level in enumerate(levels)}
    game = Game.new(seed=5)
    while game.hand_number < 2 and not game.is_over:
        game, _ = advance(game, bots, limit=1)
    if not game.is_over:
        quiet = make_bot("expert", 0)
        quiet.table_talk(game.observe(SOUTH))
        assert quiet.memory.hands == 1 == bots[SOUTH].memory.hands


def test_the_novice_bets_every_lance_against_a_team_that_refuses_every_bet() -> None:
    match = style_match("passive", 6)
    # Novices shown every state of the match: what each seat's novice remembered when it opened a lance.
    readers = {seat: NoviceBot(seat) for seat in (SOUTH, NORTH)}
    opened: Counter[tuple[bool, bool]] = Counter()
    for step in match.steps:
        for seat, reader in readers.items():
            reader.memory.update(step.before.observe(seat))
        obs = step.obs
        if step.turn.seat in readers and obs.betting is not None and obs.betting.bettor_team is None:
            bluffing = readers[step.turn.seat]._opening_nerve(obs) == 0.0
            opened[(bluffing, step.decision.action != "paso")] += 1
    assert opened[(True, True)] >= 5, opened
    # Once they have refused nearly every bet, the novice bets (a beginner's slip aside).
    assert opened[(True, False)] <= 0.1 * (opened[(True, True)] + opened[(True, False)]), opened
    assert match.end.winner == 0


def test_the_novice_ordagos_a_fair_hand_once_the_other_team_folds_to_every_ordago() -> None:
    # The bluffer bets every turn but refuses every órdago: once two of its refusals are seen, a novice with a
    # fair chance at the lance stakes the game, and the bluffer hands over the stake instead.
    readers = {seat: NoviceBot(seat) for seat in (SOUTH, NORTH)}
    calls: Counter[tuple[bool, bool]] = Counter()
    for seed in (3, 4):
        match = style_match("bluffer", seed)
        for step in match.steps:
            for seat, reader in readers.items():
                reader.memory.update(step.before.observe(seat))
            obs = step.obs
            if step.turn.seat in readers and obs.betting is not None and "ordago" in obs.legal_actions \
                    and not obs.betting.ordago and obs.betting.proposal is None \
                    and team_chance(obs, obs.betting) >= NoviceBot.fold_nerve:
                folding = readers[step.turn.seat]._they_fold(obs)
                calls[(folding, step.decision.action == "ordago")] += 1
    assert calls[(True, True)] >= 5, calls
    assert calls[(True, False)] <= 0.1 * (calls[(True, True)] + calls[(True, False)]), calls
    assert calls[(False, True)] <= 0.5 * calls[(False, False)], "before that, only its strongest hands"


def hands_played(levels: tuple[str, str, str, str], seed: int, hands: int) -> tuple[Game, dict[int, Bot]]:
    """A game to 100 points between these levels, played through bots/turns.py until its hand ``hands`` (or its end)."""
    bots = {seat: make_bot(level, seat) for seat, level in enumerate(levels)}
    game = Game.new(seed=seed, rules=Rules(target=100))
    while game.hand_number < hands and not game.is_over:
        game, _ = advance(game, bots, limit=1)
    return game, bots


def test_the_expert_reads_an_ordago_player_as_no_stronger_than_its_cards() -> None:
    # After three hands of órdagos at every turn, an órdago from East says little of East's cards; from a
    # player not seen yet (read as honest) it says they are very strong.
    game, bots = hands_played(("expert", "ordago", "expert", "ordago"), 23, 4)
    expert = bots[SOUTH]
    assert isinstance(expert, ExpertBot)
    seen = game.observe(SOUTH)
    styles = expert.memory.styles(seen)
    assert styles[EAST].likelihood("ordago", 0.1, "open") > 0.5 * styles[EAST].likelihood("ordago", 0.99, "open")
    assert UNKNOWN.likelihood("ordago", 0.1, "open") < 0.05 * UNKNOWN.likelihood("ordago", 0.99, "open")


def test_a_team_refuses_only_when_both_partners_refuse() -> None:
    from mus_widget.bots.memory import ANSWER, ORDAGO, TEAM_SHARES, TeamAnswer, team_answers_of

    game = Game.from_deal(DEAL, mano=SOUTH)
    game = game.apply("no-mus").apply("envido 2")    # South cuts the mus and bets at Grande
    game = game.apply("envido 4").apply("envido 4")  # East raises and West confirms
    game = game.apply("quiero").apply("quiero")      # South and North take it
    game = game.apply("ordago")                      # South órdagos at Chica
    game = game.apply("no-quiero").apply("quiero")   # East would refuse; West takes it, so the team does
    assert game.is_over
    assert team_answers_of(game.log) == [TeamAnswer(1, "envido", ANSWER), TeamAnswer(0, "quiero", ANSWER),
                                         TeamAnswer(1, "quiero", ORDAGO)]
    # What South remembers of East-West: East refused the órdago, but the team took it.
    styles = ExpertBot(0).memory.styles(game.observe(SOUTH))
    assert styles[EAST].share(ORDAGO, "no-quiero") > 0.5
    assert styles[EAST].team[ORDAGO]["quiero"] > TEAM_SHARES[ORDAGO]["quiero"] + 0.15
    assert styles[EAST].team == styles[WEST].team


def test_before_a_team_has_answered_it_is_taken_to_answer_as_two_honest_players_together() -> None:
    from mus_widget.bots.memory import HONEST_SHARES, TEAM_SHARES, together

    half = {"quiero": 0.5, "no-quiero": 0.5}
    assert together(half, half) == {"quiero": 0.75, "no-quiero": 0.25}
    alone = dict.fromkeys(("quiero", "no-quiero", "envido", "ordago"), 0.25)
    assert together(alone, alone) == {"quiero": 0.3125, "no-quiero": 0.0625, "envido": 0.3125, "ordago": 0.3125}
    for situation, shares in TEAM_SHARES.items():
        assert sum(shares.values()) == pytest.approx(1.0)
        honest = HONEST_SHARES[situation]
        assert shares["no-quiero"] == pytest.approx(honest["no-quiero"] ** 2)
    assert UNKNOWN.team == TEAM_SHARES


def test_a_team_of_random_players_takes_three_in_four_ordagos_though_each_takes_half() -> None:
    from mus_widget.bots.memory import team_answers_of

    # Alone, a random player refuses half the órdagos and a quarter of the bets; its partner is asked next,
    # so the team takes three in four órdagos and refuses one bet in sixteen. The expert reads the team.
    team: Counter[tuple[str, str]] = Counter()
    first: Counter[tuple[str, str]] = Counter()
    for seed in range(600):
        bots = {seat: make_bot("random", seed * 4 + seat) for seat in range(4)}
        game = Game.new(seed=seed)
        while not game.is_over:
            before = game
            game, _ = advance(game, bots, limit=1)
            if hand_ended(before, game):
                assert game.last_hand is not None
                log = game.last_hand.log
                team.update((answer.situation, answer.word) for answer in team_answers_of(log))
                first.update((call.situation, call.word) for call in calls_of(log)
                             if call.situation != "open" and call.with_partner)

    def share(counts: Counter[tuple[str, str]], situation: str, word: str) -> float:
        return counts[(situation, word)] / sum(n for (s, _), n in counts.items() if s == situation)

    assert abs(share(first, "ordago", "quiero") - 0.5) < 0.05 and abs(share(team, "ordago", "quiero") - 0.75) < 0.05
    assert abs(share(first, "answer", "no-quiero") - 0.25) < 0.05
    assert abs(share(team, "answer", "no-quiero") - 1 / 16) < 0.03


def test_against_a_team_that_ordagos_whatever_it_holds_the_score_weighs_less() -> None:
    from mus_widget.bots.chances import Reading, game_chance
    from mus_widget.bots.memory import Style

    edge = 3.2
    better_player = 1 / (1 + math.exp(-edge))  # what the edge is worth when a single call decides the game
    # A taken órdago ends the game whatever the score: while the count needs many hands, one is likely first.
    for ours, theirs in ((5, 25), (25, 5), (15, 30)):
        by_points = game_chance(ours, theirs, 40, edge)
        settled = game_chance(ours, theirs, 40, edge, settled=0.35)
        assert abs(settled - better_player) < abs(by_points - better_player), (ours, theirs, by_points, settled)
    assert game_chance(5, 25, 40, edge, settled=0.35) > game_chance(5, 25, 40, edge) + 0.1
    # Near the end the next count may well decide it: the score weighs nearly as much as ever.
    late = game_chance(36, 38, 40, edge, settled=0.35) - game_chance(36, 38, 40, edge)
    early = game_chance(5, 25, 40, edge, settled=0.35) - game_chance(5, 25, 40, edge)
    assert 0 < late < early / 2, (late, early)
    assert game_chance(40, 10, 40, edge, settled=0.35) == 1.0 and game_chance(10, 40, 40, edge, 0.35) == 0.0

    bold = Style(0.0, {"open": {"paso": 0.0, "envido": 0.0, "ordago": 1.0},
                       "answer": {"quiero": 0.0, "no-quiero": 0.0, "envido": 0.0, "ordago": 1.0},
                       "ordago": {"quiero": 1.0, "no-quiero": 0.0}}, 20)
    assert Reading.of([bold, bold]).settled > 0.5
    # An honest team's órdagos come with the cards for them: the score weighs as much as ever.
    assert Reading.of([UNKNOWN, UNKNOWN]).settled == 0.0


@pytest.mark.parametrize("cards, situation, word, reads", [
    ("12o 12c 3e 3b", "open", "paso", "style"),        # four reyes and no bet at Grande: not an honest pass
    ("12o 12c 3e 3b", "answer", "no-quiero", "style"),  # nor refusing a bet with them
    ("12o 12c 3e 3b", "answer", "quiero", "honest"),
    ("12o 12c 3e 3b", "open", "envido", "honest"),
    ("4o 5c 6e 7b", "open", "paso", "honest"),         # nothing at Grande: a pass is what it is worth
    ("4o 5c 6e 7b", "answer", "no-quiero", "honest"),
    ("4o 5c 6e 7b", "open", "envido", "style"),         # a bet with nothing
    ("4o 5c 6e 7b", "open", "ordago", "style"),
])
def test_a_shown_hand_tells_whether_a_call_followed_the_cards(cards: str, situation: str, word: str,
                                                                reads: str) -> None:
    from mus_widget.bots.memory import WORDS, Call, shown_evidence

    nothing_seen = {s: dict.fromkeys(words, 0) for s, words in WORDS.items()}
    call = Call(EAST, word, situation, 0, 2, True)  # at Grande, against both opponents, the partner in it
    evidence = shown_evidence(call, Hand.parse(cards).key, knowledge_for(Rules()), nothing_seen)
    assert (evidence > 0.15) if reads == "honest" else (evidence < -0.5), evidence


def test_the_expert_reads_a_team_that_never_bets_from_its_shown_hands_before_its_shares_tell() -> None:
    from mus_widget.bots.memory import honesty, shown_honesty

    game, bots = hands_played(("expert", "passive", "expert", "passive"), 14, 4)
    expert = bots[SOUTH]
    seen = game.observe(SOUTH)
    east, west = expert.memory.counts(seen, EAST), expert.memory.counts(seen, WEST)
    shares = {
        "open": {"paso": east.openings + west.openings - east.opened - west.opened,
                 "envido": east.opened + west.opened, "ordago": 0},
        "answer": {"quiero": east.answers + west.answers - east.refused - west.refused,
                   "no-quiero": east.refused + west.refused, "envido": 0, "ordago": 0},
        "ordago": {"quiero": 0, "no-quiero": 0},
    }
    assert honesty(shares) > 0.5, "after three hands, what they said alone could still be an honest team's"
    styles = expert.memory.styles(seen)
    # But they passed and refused holding strong hands, and the count showed them.
    assert styles[EAST].honest < 0.2 and styles[WEST].honest < 0.2, (styles[EAST].honest, styles[WEST].honest)
    assert shown_honesty(2.0) == shown_honesty(0.0) == 1.0 > shown_honesty(-1.0) > shown_honesty(-4.0) > 0.0


def test_a_seat_not_heard_yet_in_a_situation_is_read_there_like_its_partner() -> None:
    from mus_widget.bots.memory import HONEST_SHARES

    bots = {seat: make_bot(level, seat) for seat, level in enumerate(("expert", "passive", "expert", "passive"))}
    game = Game.new(seed=14, rules=Rules(target=100))
    memory = bots[SOUTH].memory
    while not game.is_over:
        game, _ = advance(game, bots, limit=1)
        seen = game.observe(SOUTH)
        east, west = memory.counts(seen, EAST), memory.counts(seen, WEST)
        if east.answers and not west.answers:
            break
    assert east.refused == east.answers and west.openings, "East refused a bet; West has only opened lances"
    styles = memory.styles(seen)
    # West answers bets with East (a team answers together): read like East, not like an average player.
    assert styles[WEST].share("answer", "no-quiero") == styles[EAST].share("answer", "no-quiero")
    assert styles[WEST].share("answer", "no-quiero") > HONEST_SHARES["answer"]["no-quiero"] + 0.1


def test_the_shown_hands_of_novices_agree_with_their_calls_hand_after_hand() -> None:
    bots = {seat: make_bot(level, seat) for seat, level in enumerate(("expert", "novice", "expert", "novice"))}
    for seat in (EAST, WEST):
        # Novices on their plain rules only: the experts of a 100-point game bet more than honest players,
        # and once they have refused two órdagos a novice would órdago every fair hand (a style of its own).
        bots[seat].fold_after = 10**6  # type: ignore[attr-defined]
    game = Game.new(seed=18, rules=Rules(target=100))
    read = []
    while game.hand_number < 10 and not game.is_over:
        hand = game.hand_number
        game, _ = advance(game, bots, limit=1)
        if game.hand_number != hand:
            read.append(bots[SOUTH].memory.shown(game.observe(SOUTH), EAST))
    assert len(read) >= 6, "an accepted órdago may end the game early"
    assert min(read) > 0.9, read
    assert read[-1] == 1.0


def test_the_expert_bets_every_lance_it_opens_against_a_team_it_reads_as_never_accepting() -> None:
    # A refused bet pays a point and the lance (with its pares or juego); a pass gives the lance to the
    # better cards. So against a team read as refusing whatever it holds, every lance is worth a bet, and
    # most of all near the end, where a point at once may be the game (a style refuses even then).
    match = play_match("default", ("expert", "passive", "expert", "passive"), 5)
    readers = {seat: ExpertBot(seat) for seat in (SOUTH, NORTH)}  # what each expert remembered, turn by turn
    opened: Counter[tuple[bool, bool]] = Counter()
    near_the_end = 0
    for step in match.steps:
        for seat, reader in readers.items():
            reader.memory.update(step.before.observe(seat))
        obs, seat = step.obs, step.turn.seat
        if seat in readers and obs.betting is not None and obs.betting.bettor_team is None:
            styles = readers[seat].memory.styles(obs)
            read = all(styles[s].honest < 0.1 for s in obs.betting.eligible if s in (EAST, WEST))
            opened[(read, step.decision.action != "paso")] += 1
            near_the_end += read and max(obs.scores) > obs.rules.target - 5
    assert opened[(True, True)] >= 8, opened
    assert opened[(True, False)] == 0, opened
    assert near_the_end >= 3, near_the_end
    assert match.end.winner == 0
