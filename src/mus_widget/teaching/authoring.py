"""A lesson being made by clicking: a :class:`Draft` of one hand (its deal, mano, scores, rules and title, the
actions of its main line with a note per step, and branches: what else could have been played at a step), which
the scenario editor of the table drives and which writes the scenario text of :mod:`.scenarios`.

Every change is a new draft, checked whole when it is made: an illegal action, a card dealt twice, a note on a
step the line does not have raise :class:`DraftError` and leave the draft as it was. Nothing is coerced::

    draft = Draft().dealt_hands(["7o 6c 5e 4b", "12e 11o 10c 1b", "12o 3c 7e 1o", "6o 5c 4e 2b"])
    draft = draft.played("no-mus").played("paso").noted(2, "East passes with a rey on top.")
    draft = draft.branched(1, "envido 2")           # what if South had bet instead of passing
    print(draft.text)                                # Scenario.parse(draft.text) steps it

A lesson is one hand: the play stops when the hand is over.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from ..engine.actions import Action
from ..engine.cards import DECK, HAND_SIZE, Card, Hand
from ..engine.errors import MusError
from ..engine.game import Game
from ..engine.phase import Phase
from ..engine.record import SEED_DIGITS
from ..engine.rules import Rules
from ..engine.seats import SEAT_NAMES, SEATS
from .scenario_text import rules_line, written
from .scenarios import Scenario

PER_LINE: Final = 10
"""Actions per ``play:`` (or ``then:``) line at most."""
MAX_TITLE: Final = 120
MAX_NOTE: Final = 1000

Slots = tuple[Card | None, Card | None, Card | None, Card | None]
_EMPTY: Final[Slots] = (None, None, None, None)


class DraftError(MusError):
    """A change the draft refuses: what was asked and why (the draft is left as it was)."""


@dataclass(frozen=True, slots=True)
class Branch:
    """An alternative at a step of the main line: from main-line step ``at`` (the state before the action it
    replaces), ``actions`` instead, with a note per action (``""`` for none)."""

    at: int
    actions: tuple[str, ...]
    notes: tuple[str, ...]

    def __repr__(self) -> str:
        return f"Branch(at={self.at}, actions={self.actions!r}, notes={self.notes!r})"


@dataclass(frozen=True, slots=True)
class Draft:
    """One hand as a lesson being made. ``cards`` holds four slots per seat (None: not dealt yet); the play
    needs all sixteen. ``notes[0]`` is the note of the deal, ``notes[i]`` of main-line step ``i``."""

    title: str = "Scenario"
    cards: tuple[Slots, Slots, Slots, Slots] = (_EMPTY, _EMPTY, _EMPTY, _EMPTY)
    mano: int = 0
    scores: tuple[int, int] = (0, 0)
    rules: Rules = Rules()
    seed: int = 0
    actions: tuple[str, ...] = ()
    notes: tuple[str, ...] = ("",)
    branches: tuple[Branch, ...] = ()
    _games: tuple[Game, ...] = field(init=False, repr=False, compare=False)
    _branch_games: tuple[tuple[Game, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _check_header(self)
        games = (start := self.start(), *_line(start, self.actions, "the main line")) if self.complete else ()
        if self.actions and not games:
            raise DraftError("actions need the whole deal: deal all sixteen cards first")
        if len(self.notes) != len(self.actions) + 1:
            raise DraftError(f"the main line has {len(self.actions) + 1} steps (with the deal), so as many notes, "
                             f"not {len(self.notes)}")
        for note in self.notes:
            _check_note(note)
        branch_games = []
        seen: set[tuple[int, str]] = set()
        for number, branch in enumerate(self.branches, start=1):
            if isinstance(branch.at, bool) or not isinstance(branch.at, int) or not 0 <= branch.at < len(self.actions):
                raise DraftError(f"branch {number} leaves the main line at step {branch.at!r}: a branch leaves from "
                                 f"a step before one of the main line's actions, 0 to {len(self.actions) - 1}")
            if not branch.actions:
                raise DraftError(f"branch {number} has no actions")
            if len(branch.notes) != len(branch.actions):
                raise DraftError(f"branch {number} has {len(branch.actions)} steps, so as many notes, "
                                 f"not {len(branch.notes)}")
            for note in branch.notes:
                _check_note(note)
            line = _line(games[branch.at], branch.actions, f"branch {number}")
            first = Action.parse(branch.actions[0]).text
            if first == self.actions[branch.at]:
                raise DraftError(f"branch {number} plays {first!r} at step {branch.at + 1}, as the main line does: "
                                 "a branch plays something else there")
            if (branch.at, first) in seen:
                raise DraftError(f"two branches play {first!r} at step {branch.at + 1}: one is enough")
            seen.add((branch.at, first))
            branch_games.append(line)
        object.__setattr__(self, "_games", games)
        object.__setattr__(self, "_branch_games", tuple(branch_games))

    # ------------------------------------------------------------------------------------------ reading

    @property
    def complete(self) -> bool:
        """Whether all sixteen cards are dealt (the play needs them)."""
        return all(card is not None for slots in self.cards for card in slots)

    def start(self) -> Game:
        """The game at the deal (step 0); :class:`DraftError` while cards are missing."""
        if not self.complete:
            raise DraftError(f"{16 - self.dealt_count} card(s) are still to deal")
        hands = [Hand(tuple(card for card in slots if card is not None)) for slots in self.cards]
        return Game.from_deal(hands, self.mano, self.scores, self.seed, self.rules)

    @property
    def dealt_count(self) -> int:
        return sum(card is not None for slots in self.cards for card in slots)

    def games(self, branch: int | None = None) -> tuple[Game, ...]:
        """The states of the main line from the deal (one per step), or of a branch from the main-line step it
        leaves (its step 0) to its last action."""
        if branch is None:
            return self._games
        self._branch(branch)
        at = self.branches[branch].at
        return (self._games[at], *self._branch_games[branch])

    def game_at(self, step: int, branch: int | None = None) -> Game:
        """The state after ``step`` actions of the line (a branch's step 0 is the main-line step it leaves)."""
        games = self.games(branch)
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(games):
            raise DraftError(f"{_line_name(branch)} has steps 0 to {len(games) - 1}, not {step!r}")
        return games[step]

    def note_at(self, step: int, branch: int | None = None) -> str:
        """The note of a step of the main line (0: the deal) or of a branch (1: its first action)."""
        self.game_at(step, branch)
        if branch is None:
            return self.notes[step]
        if step == 0:
            raise DraftError("a branch's step 0 is the main line's: its note is the main line's")
        return self.branches[branch].notes[step - 1]

    def hand_over(self, branch: int | None = None) -> bool:
        """Whether the hand is over at the end of the line (then nothing more is played on it)."""
        games = self.games(branch) if self.complete else ()
        return bool(games) and _ended(games[0], games[-1])

    def legal(self, branch: int | None = None) -> tuple[str, ...]:
        """The engine's legal actions at the end of the line (none while cards are missing or once the hand is
        over); a range of envidos shows as its smallest."""
        if not self.complete or self.hand_over(branch):
            return ()
        return tuple(self.games(branch)[-1].legal_actions())

    @property
    def text(self) -> str:
        """The scenario text of the draft (:mod:`.scenarios`), branches included."""
        return draft_text(self)

    @property
    def scenario(self) -> Scenario:
        """The draft as a :class:`~mus_widget.teaching.scenarios.Scenario` (its text, parsed)."""
        return Scenario.parse(self.text)

    def _branch(self, branch: int) -> Branch:
        if isinstance(branch, bool) or not isinstance(branch, int) or not 0 <= branch < len(self.branches):
            raise DraftError(f"there is no branch {branch!r}: the draft has {len(self.branches)}")
        return self.branches[branch]

    # ------------------------------------------------------------------------------------------ the deal

    def titled(self, title: str) -> Draft:
        return self._changed(title=title.strip() if isinstance(title, str) else title)

    def dealt(self, seat: int, slot: int, card: Card | str) -> Draft:
        """``card`` in ``seat``'s slot ``slot``; a card already dealt elsewhere swaps places with what is
        there (an empty slot takes it from where it was)."""
        _check_slot(seat, slot)
        chosen = _card(card)
        cards = [list(slots) for slots in self.cards]
        there = cards[seat][slot]
        for s, slots in enumerate(cards):
            for i, held in enumerate(slots):
                if held == chosen:
                    cards[s][i] = there
        cards[seat][slot] = chosen
        return self._dealt(cards)

    def undealt(self, seat: int, slot: int) -> Draft:
        """``seat``'s slot ``slot`` emptied (refused once the play has started)."""
        _check_slot(seat, slot)
        cards = [list(slots) for slots in self.cards]
        cards[seat][slot] = None
        return self._dealt(cards)

    def dealt_hands(self, hands: Sequence[Hand | str]) -> Draft:
        """The four hands by seat at once, each a :class:`Hand` or its text (``"12o 3c 7e 1b"``)."""
        if isinstance(hands, str) or len(hands) != 4:
            raise DraftError(f"four hands by seat, not {hands!r}")
        parsed = [h if isinstance(h, Hand) else Hand.parse(h) for h in hands]
        return self._dealt([list(h.cards) for h in parsed])

    def filled(self, rng: random.Random) -> Draft:
        """Every empty slot dealt a card of those left, drawn with ``rng``."""
        held = {card for slots in self.cards for card in slots if card is not None}
        rest = [card for card in DECK if card not in held]
        rng.shuffle(rest)
        cards: list[list[Card | None]] = [[card if card is not None else rest.pop() for card in slots]
                                          for slots in self.cards]
        return self._dealt(cards)

    def with_mano(self, mano: int) -> Draft:
        return self._changed(mano=mano)

    def with_scores(self, scores: tuple[int, int]) -> Draft:
        return self._changed(scores=tuple(scores) if isinstance(scores, (list, tuple)) else scores)

    def with_rules(self, rules: Rules) -> Draft:
        return self._changed(rules=rules)

    def with_seed(self, seed: int) -> Draft:
        return self._changed(seed=seed)

    def _dealt(self, cards: list[list[Card | None]]) -> Draft:
        if self.actions and self.complete:
            raise DraftError("the deal cannot change once the play has started: undo the play first")
        return self._changed(cards=tuple((s[0], s[1], s[2], s[3]) for s in cards))

    def _changed(self, **changes: Any) -> Draft:
        """The draft with ``changes``, checked whole (the play replayed under them)."""
        return replace(self, **changes)

    # ------------------------------------------------------------------------------------------ the play

    def played(self, action: str, branch: int | None = None) -> Draft:
        """``action`` played at the end of the main line or of branch ``branch``."""
        text = self._legal_text(action, branch)
        if branch is None:
            return replace(self, actions=(*self.actions, text), notes=(*self.notes, ""))
        old = self._branch(branch)
        new = Branch(old.at, (*old.actions, text), (*old.notes, ""))
        return replace(self, branches=_put(self.branches, branch, new))

    def undone(self, branch: int | None = None) -> Draft:
        """The line's last action taken back with its note: on the main line, the branches that are
        alternatives of it go too; a branch left without actions goes."""
        if branch is None:
            if not self.actions:
                raise DraftError("the main line has no action to undo")
            last = len(self.actions) - 1
            kept = tuple(b for b in self.branches if b.at < last)
            return replace(self, actions=self.actions[:-1], notes=self.notes[:-1], branches=kept)
        old = self._branch(branch)
        if len(old.actions) == 1:
            return self.without_branch(branch)
        new = Branch(old.at, old.actions[:-1], old.notes[:-1])
        return replace(self, branches=_put(self.branches, branch, new))

    def branched(self, at: int, action: str) -> Draft:
        """A new branch leaving the main line at step ``at``: ``action`` instead of the main line's action
        ``at + 1``. It goes after the branches leaving at the same step or before (its index is
        :meth:`branch_index`)."""
        if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at < len(self.actions):
            raise DraftError(f"a branch leaves from a step before one of the main line's actions, 0 to "
                             f"{len(self.actions) - 1}, not {at!r}")
        text = _legal_in(self._games[at], action)
        branch = Branch(at, (text,), ("",))
        place = sum(b.at <= at for b in self.branches)
        return replace(self, branches=(*self.branches[:place], branch, *self.branches[place:]))

    def branch_index(self, at: int, action: str) -> int:
        """The index of the branch leaving at step ``at`` with ``action``."""
        text = Action.parse(action).text
        for index, branch in enumerate(self.branches):
            if branch.at == at and branch.actions[0] == text:
                return index
        raise DraftError(f"no branch plays {text!r} at step {at + 1}")

    def without_branch(self, branch: int) -> Draft:
        self._branch(branch)
        return replace(self, branches=self.branches[:branch] + self.branches[branch + 1:])

    def noted(self, step: int, note: str, branch: int | None = None) -> Draft:
        """The note of a step (main line: 0 is the deal; branch: 1 is its first action) set to ``note`` (``""``
        clears it). A note is one line: its spaces and line breaks are written as single spaces."""
        if not isinstance(note, str):
            raise DraftError(f"a note is text, not {note!r}")
        text = " ".join(note.split())
        self.note_at(step, branch)
        if branch is None:
            return replace(self, notes=_put(self.notes, step, text))
        old = self.branches[branch]
        new = Branch(old.at, old.actions, _put(old.notes, step - 1, text))
        return replace(self, branches=_put(self.branches, branch, new))

    def _legal_text(self, action: str, branch: int | None) -> str:
        games = self.games(branch) if self.complete else ()
        if not games:
            raise DraftError(f"{action!r} cannot be played yet: deal all sixteen cards first")
        if _ended(games[0], games[-1]):
            raise DraftError(f"the hand is over on {_line_name(branch)}: {action!r} cannot be played")
        return _legal_in(games[-1], action)

    # ------------------------------------------------------------------------------------------ from a game

    @classmethod
    def from_game(cls, game: Game, hand: int | None = None, game_number: int | None = None,
                  title: str | None = None) -> Draft:
        """Hand ``hand`` of ``game`` (its number in its game, as the table shows it; of game ``game_number``, by
        default the last game that has it; with no ``hand``, the last hand over, else the hand being played) as
        a draft: its deal, mano, scores, rules and actions. A hand whose players asked for mus starts from the
        cards they held after the last discard, with the last round's mus (the cards drawn would come from
        another deck). Señas are left out."""
        span = played_hand(game, hand, game_number)
        start = span.start
        rules = start.rules
        if start.hand_number > 1 and rules.mus_corrido_first_hand:
            rules = replace(rules, mus_corrido_first_hand=False)  # the lesson's hand is its game's first
        name = title if title is not None else f"Hand {start.hand_number} of game {start.game_number}"
        draft = cls(title=name, mano=start.mano, scores=start.scores, rules=rules, seed=game.seed)
        return replace(draft.dealt_hands(list(start.hands)), actions=span.actions,
                       notes=("",) * (len(span.actions) + 1))

    @classmethod
    def from_record(cls, record: dict[str, Any] | str, hand: int | None = None, game_number: int | None = None,
                    title: str | None = None) -> Draft:
        """Hand ``hand`` of a game's record (``Game.record()``, a classroom record too) as :meth:`from_game`."""
        return cls.from_game(Game.from_record(record), hand, game_number, title)


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A hand of a game as a lesson takes it: the state it starts from (its deal, or the cards held after its
    last discard), its actions from there, and how many of its actions (mus rounds and discards) come before."""

    start: Game
    actions: tuple[str, ...]
    skipped: int


def played_hand(game: Game, hand: int | None = None, game_number: int | None = None) -> PlayedHand:
    """Hand ``hand`` of game ``game_number`` of ``game`` (see :meth:`Draft.from_game`); :class:`DraftError`
    for a hand it does not have."""
    spans = _spans(game)
    if not spans:
        raise DraftError("the game has no hand played yet: play one first, or deal a lesson by hand")
    if hand is None and game_number is None:
        over = [span for span in spans if span[2]]
        chosen = over[-1] if over else spans[-1]
    else:
        found = [span for span in spans
                 if (hand is None or span[0][span[1]].hand_number == hand)
                 and (game_number is None or span[0][span[1]].game_number == game_number)]
        if not found:
            have = ", ".join(f"{g.game_number}.{g.hand_number}" for g in (span[0][span[1]] for span in spans))
            where = "" if game_number is None else f" in game {game_number!r}"
            raise DraftError(f"the game has no hand {hand!r}{where}: its hands (game.hand) are {have}")
        chosen = found[-1]
    games, first, _ = chosen
    states = games[first:]
    # From the last discard's serving: the state after it holds the cards the lances were played with.
    served = max((i for i in range(1, len(states))
                  if states[i - 1].phase is Phase.DISCARD and states[i].phase is Phase.MUS), default=0)
    actions = states[-1].actions[len(states[0].actions):]
    return PlayedHand(states[served], actions[served:], served)


def _spans(game: Game) -> list[tuple[tuple[Game, ...], int, bool]]:
    """The hands of ``game`` with an action: the states of the record up to the hand's end, where the hand
    starts in them, and whether it is over."""
    record = game.record()
    states = [Game.from_record({**record, "actions": [], "senas": []})]
    for action in record["actions"]:
        states.append(states[-1].apply(action))
    everything = tuple(states)
    out: list[tuple[tuple[Game, ...], int, bool]] = []
    begin = 0
    for i in range(1, len(everything)):
        if _ended(everything[i - 1], everything[i]):
            out.append((everything[: i + 1], begin, True))
            begin = i
    if begin < len(everything) - 1:
        out.append((everything, begin, False))
    return out


# ---------------------------------------------------------------------------------------------- the text


def draft_text(draft: Draft) -> str:
    """The scenario text of ``draft``: its header, then the main line on ``play:`` lines, each note after the
    line ending at its step, and each branch after the line ending at the action it replaces (``branch:`` and
    ``then:`` lines, their notes after them)."""
    if not draft.complete:
        raise DraftError(f"{16 - draft.dealt_count} card(s) are still to deal: the text needs the whole deal")
    lines = [f"title: {draft.title}",
             "hands: " + " / ".join(" ".join(str(c) for c in slots if c is not None) for slots in draft.cards),
             f"mano: {SEAT_NAMES[draft.mano].lower()}",
             f"scores: {draft.scores[0]} {draft.scores[1]}"]
    if draft.seed:
        lines.append(f"seed: {draft.seed}")
    rules = rules_line(draft.rules.to_dict())
    if rules:
        lines.append(rules)
    if draft.notes[0]:
        lines.append(f"note: {draft.notes[0]}")
    leaving = {b.at for b in draft.branches}
    # The main line is cut after every step with a note and before every action a branch replaces.
    cuts = {i for i in range(1, len(draft.actions) + 1) if draft.notes[i]} | {at for at in leaving if at > 0}
    for first, last in _chunks(len(draft.actions), cuts | {at + 1 for at in leaving}):
        lines.append("play: " + _written(draft.games(), draft.actions, first, last))
        if draft.notes[last]:
            lines.append(f"note: {draft.notes[last]}")
        for index, branch in enumerate(draft.branches):
            if branch.at + 1 == last:
                lines.extend(_branch_lines(branch, draft.games(index)))
    return "\n".join(lines) + "\n"


def _branch_lines(branch: Branch, games: Sequence[Game]) -> list[str]:
    cuts = {i for i in range(1, len(branch.actions) + 1) if branch.notes[i - 1]}
    out = []
    for first, last in _chunks(len(branch.actions), cuts):
        out.append(("branch: " if first == 0 else "then: ") + _written(games, branch.actions, first, last))
        if branch.notes[last - 1]:
            out.append(f"note: {branch.notes[last - 1]}")
    return out


def _written(games: Sequence[Game], actions: Sequence[str], first: int, last: int) -> str:
    """Actions ``first`` to ``last`` of a line (``games[i]`` the state before action ``i``) as a line writes them:
    a partner's agreement as ``agree``."""
    return ", ".join(written(games[i], actions[i]) for i in range(first, last))


def _chunks(count: int, cuts: Iterable[int]) -> list[tuple[int, int]]:
    """``range(count)`` cut after each step of ``cuts`` (1-based ends) and every :data:`PER_LINE` actions."""
    ends = sorted({c for c in cuts if 0 < c <= count} | {count})
    out: list[tuple[int, int]] = []
    first = 0
    for end in ends:
        while end - first > PER_LINE:
            out.append((first, first + PER_LINE))
            first += PER_LINE
        if end > first:
            out.append((first, end))
            first = end
    return out


# ---------------------------------------------------------------------------------------------- checks


def _check_header(draft: Draft) -> None:
    title = draft.title
    if not isinstance(title, str) or not title.strip() or "\n" in title or "\r" in title or len(title) > MAX_TITLE:
        raise DraftError(f"a title is one line of 1 to {MAX_TITLE} characters, not {title!r}")
    if not isinstance(draft.rules, Rules):
        raise DraftError(f"rules must be a Rules, not {draft.rules!r}")
    if draft.mano not in SEATS or isinstance(draft.mano, bool):
        raise DraftError(f"the mano is a seat, 0 (South) to 3 (West), not {draft.mano!r}")
    scores = draft.scores
    if (not isinstance(scores, tuple) or len(scores) != 2
            or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < draft.rules.target for s in scores)):
        raise DraftError(f"the scores are two whole numbers from 0 to {draft.rules.target - 1} (below the target), "
                         f"not {scores!r}")
    seed = draft.seed
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 10**SEED_DIGITS:
        raise DraftError(f"the seed is a whole number of at most {SEED_DIGITS} digits, not {seed!r}")
    if len(draft.cards) != 4 or any(len(slots) != HAND_SIZE for slots in draft.cards):
        raise DraftError("the deal is four seats of four slots")
    held = [card for slots in draft.cards for card in slots if card is not None]
    if not all(isinstance(card, Card) for card in held):
        raise DraftError(f"a slot holds a card or None, not {next(c for c in held if not isinstance(c, Card))!r}")
    twice = next((card for i, card in enumerate(held) if card in held[:i]), None)
    if twice is not None:
        raise DraftError(f"the card {twice} is dealt twice")


def _check_note(note: str) -> None:
    if not isinstance(note, str) or "\n" in note or "\r" in note or note != note.strip() or len(note) > MAX_NOTE:
        raise DraftError(f"a note is one line of at most {MAX_NOTE} characters, not {note[:60]!r}")


def _check_slot(seat: int, slot: int) -> None:
    if isinstance(seat, bool) or seat not in SEATS:
        raise DraftError(f"a seat is 0 (South) to 3 (West), not {seat!r}")
    if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < HAND_SIZE:
        raise DraftError(f"a slot is 0 to {HAND_SIZE - 1}, not {slot!r}")


def _card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    if not isinstance(card, str):
        raise DraftError(f"a card is a Card or its text ('12o'), not {card!r}")
    return Card.parse(card)


def _line(start: Game, actions: Sequence[str], name: str) -> tuple[Game, ...]:
    """The states of a line of ``actions`` from ``start`` (the first excluded), each action checked."""
    games = [start]
    for number, action in enumerate(actions, start=1):
        if _ended(start, games[-1]):
            raise DraftError(f"{name}: action {number} ({action!r}) comes after the hand is over")
        try:
            games.append(games[-1].apply(action))
        except MusError as error:
            raise DraftError(f"{name}: action {number} ({action!r}): {error}") from None
    return tuple(games[1:])


def _legal_in(game: Game, action: str) -> str:
    """``action`` in canonical notation if the seat to move may play it in ``game``; else :class:`DraftError`."""
    if not isinstance(action, str):
        raise DraftError(f"an action is text such as 'paso' or 'envido 2', not {action!r}")
    try:
        parsed = Action.parse(action)
        game.apply(parsed)
    except MusError as error:
        raise DraftError(str(error)) from None
    return parsed.text


def _ended(start: Game, now: Game) -> bool:
    """Whether the hand being played at ``start`` is over at ``now`` (a later state of the same game)."""
    return now.last_hand is not start.last_hand


def _line_name(branch: int | None) -> str:
    return "the main line" if branch is None else f"branch {branch + 1}"


def _put(items: tuple[Any, ...], index: int, item: Any) -> tuple[Any, ...]:
    return (*items[:index], item, *items[index + 1:])


__all__ = ["Branch", "Draft", "DraftError", "PlayedHand", "draft_text", "played_hand"]
