"""The scenario format, read and written: the reader that turns a scenario's text into its steps (each action
replayed through the engine as it is read, each mistake a :class:`ScenarioError` naming its line) and the writer
of a game as scenario text. The format itself, and the steppable :class:`~.scenarios.Scenario` made from what is
read, are :mod:`.scenarios`, the public module.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from ..engine.cards import Hand
from ..engine.errors import IllegalActionError, MusError
from ..engine.game import Game
from ..engine.record import FAST_VERSION, RECORD_VERSION, SEED_DIGITS, Record
from ..engine.rules import Rules
from ..engine.seats import SEAT_NAMES, check_seat
from ..engine.senas import SENAS
from ..i18n.catalogues import LANGUAGES

KEYS: Final = ("title", "hands", "south", "east", "north", "west", "mano", "scores", "seed", "deals", "rules",
               "note", "play", "branch", "then", "sena", "expect")
HEADER: Final = frozenset(KEYS[: KEYS.index("rules") + 1])  # the keys before the play
DEALS: Final = {"classic": RECORD_VERSION, "fast": FAST_VERSION}  # ``deals:``, by the record version dealing them
_SEAT_WORDS: Final = {name.lower(): seat for seat, name in enumerate(SEAT_NAMES)}
_TEAM_NAMES: Final = ("South–North", "East–West")
_TEAM_WORDS: Final = {"south-north": 0, "north-south": 0, "0": 0, "east-west": 1, "west-east": 1, "1": 1}
_FLAGS: Final = ("real_31", "team_consent", "negadas_at_count", "mus_corrido_first_hand")
_NUMBERS: Final = ("target", "kings", "games")
_TRUE: Final = frozenset({"on", "yes", "true"})
_FALSE: Final = frozenset({"off", "no", "false"})
_PER_LINE: Final = 10  # actions per ``play:`` line when a record is written as a scenario


class ScenarioError(MusError):
    """A scenario text that cannot be read: ``line`` is its 1-based line number; for an action of a ``play:``
    line, ``action`` is the action as written and ``position`` its place among the line's actions (1-based;
    None on a line of one action). ``source`` is the line as written, cut short ("" past the end), once
    :meth:`Scenario.parse` has read it."""

    def __init__(self, line: int, problem: str, expected: str, *, action: str | None = None,
                 position: int | None = None) -> None:
        where = f"line {line}" if position is None else f"line {line}, action {position}"
        if action is not None:
            where += f" ({_quote(action)})"
        super().__init__(f"{where}: {problem}; expected {expected}")
        self.line = line
        self.problem = problem
        self.expected = expected
        self.action = action
        self.position = position
        self.source = ""

    def _render_traceback_(self) -> list[str]:
        """What IPython shows (its ``_render_traceback_`` hook): the message and the line as written, no traceback."""
        shown = [f"{type(self).__name__}: {self}"]
        if self.source:
            shown.append(f"  {self.line} | {self.source}")
        return shown


@dataclass(frozen=True, slots=True)
class Expectation:
    """What a scenario claims at its end: the scores, and the team that has won, if it claims one."""

    scores: tuple[int, int]
    winner: int | None = None


@dataclass(frozen=True, slots=True, eq=False)
class ParsedBranch:
    """A ``branch:`` line and its ``then:`` lines as read: the main line's step ``at`` it leaves from, its actions,
    a note per step, the state at every step (step 0 is the main line's step ``at``) and its translated notes."""

    at: int
    actions: tuple[str, ...]
    notes: tuple[str, ...]
    games: tuple[Game, ...]
    translations: dict[str, tuple[str, ...]]


@dataclass(frozen=True, slots=True, eq=False)
class Parsed:
    """A scenario text as read, every action replayed: the parts a :class:`~.scenarios.Scenario` is made of."""

    title: str
    text: str
    actions: tuple[str, ...]
    notes: tuple[str, ...]
    expect: Expectation | None
    games: tuple[Game, ...]
    translations: dict[str, tuple[str, tuple[str, ...]]]
    hand_starts: tuple[int, ...]
    branches: tuple[ParsedBranch, ...]


def parse_scenario(text: str) -> Parsed:
    """Read a scenario in the format of :mod:`.scenarios`, in time linear in its length; raises
    :class:`ScenarioError` naming the line, with the line as written (its ``source``)."""
    if not isinstance(text, str):
        raise TypeError(f"a scenario is text, not {text!r}")
    try:
        return _Reader(text).read()
    except ScenarioError as error:
        lines = text.splitlines()
        source = lines[error.line - 1].strip() if error.line <= len(lines) else ""
        error.source = source if len(source) <= 120 else source[:119] + "…"
        raise


def scenario_text(game: Game, title: str | None = None) -> str:
    """The scenario text of a game's record: the deal or the seed, the rules, the actions (one ``play:`` line
    per hand, at most ten actions a line) and the señas where they were made."""
    record = game.record()
    deal = record["deal"]
    seed = record["seed"]
    lines = [f"title: {title or f'A game of seed {seed}'}", f"seed: {seed}"]
    if record["version"] == FAST_VERSION:
        lines.append("deals: fast")
    if deal is not None:
        lines.append("hands: " + " / ".join(deal["hands"]))
        lines.append(f"mano: {SEAT_NAMES[deal['mano']].lower()}")
        lines.append(f"scores: {deal['scores'][0]} {deal['scores'][1]}")
    rules = rules_line(record["rules"])
    if rules:
        lines.append(rules)
    senas: dict[int, list[str]] = {}
    for sena in record["senas"]:
        senas.setdefault(sena["at"], []).append(f"sena: {SEAT_NAMES[sena['seat']].lower()} {sena['sena']}")
    replay = Game.opening(replace(Record.read(record), actions=(), senas=()))
    chunk: list[str] = []
    for index, action in enumerate(record["actions"]):
        if index in senas:
            if chunk:
                lines.append("play: " + ", ".join(chunk))
                chunk = []
            lines.extend(senas[index])
        hand = (replay.game_number, replay.hand_number)
        chunk.append(action)
        replay = replay.apply(action)
        if len(chunk) == _PER_LINE or (replay.game_number, replay.hand_number) != hand:
            lines.append("play: " + ", ".join(chunk))
            chunk = []
    if chunk:
        lines.append("play: " + ", ".join(chunk))
    lines.extend(senas.get(len(record["actions"]), []))
    return "\n".join(lines) + "\n"


def rules_line(options: Mapping[str, object]) -> str:
    """The ``rules:`` line of rule options by name (a record's ``rules``), those at their default left out; ""
    when every one is."""
    default = Rules()
    said = [(name if value else f"{name} off") if isinstance(value, bool) else f"{name} {value}"
            for name, value in options.items() if value != getattr(default, name)]
    return "rules: " + ", ".join(said) if said else ""


class _Reader:
    """One pass over a scenario's lines: the header builds the game, then every action is applied."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.title = "Scenario"
        self.hands: list[Hand | None] = [None, None, None, None]
        self.hands_line = 0
        self.mano: tuple[int, int] | None = None
        self.scores: tuple[tuple[int, int], int] | None = None
        self.seed: int | None = None
        self.version = RECORD_VERSION
        self.rules = Rules()
        self.rules_line = 0
        self.game: Game | None = None
        self.games: list[Game] = []
        self.notes: list[str] = [""]
        self.where: list[tuple[int, int, int]] = []
        """For each action: its line, its place among the line's actions, and their number."""
        self.expect: tuple[Expectation, int] | None = None
        self.titles: dict[str, str] = {}
        self.translated: dict[str, list[str]] = {}
        """The notes of the line being read (the main line's or a branch's) by language."""
        self.branches: list[ParsedBranch] = []
        self.main: _Line | None = None
        """The main line while a branch is read (``games``, ``notes``, ``where`` and ``translated`` are then the
        branch's), with the step the branch leaves from."""

    def read(self) -> Parsed:
        lines = self.text.splitlines()
        for number, raw in enumerate(lines, start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            key, colon, value = line.partition(":")
            key = key.strip().lower()
            value = value.strip()
            if not colon:
                raise ScenarioError(number, f"{_quote(line)} has no key",
                                    "'key: value', e.g. 'play: no-mus, paso'")
            base, dot, code = key.partition(".")
            if dot and base in ("title", "note"):
                self._translated(number, base, code, value)
                continue
            if key not in KEYS:
                raise ScenarioError(number, f"unknown key {key!r}", f"one of {', '.join(KEYS)}")
            if key in HEADER and self.game is not None:
                raise ScenarioError(number, f"'{key}:' comes after the play has started",
                                    "the deal, the scores, the seed and the rules before the first 'play:' line")
            getattr(self, f"_{key}")(number, value)
        end = len(lines) + 1
        game = self._start(end)
        self._close()
        if self.expect is not None:
            self._check_expect(*self.expect)
        assert self.games and self.games[-1] is game
        translations = {code: (self.titles.get(code, ""), tuple(self.translated.get(code, ())))
                        for code in sorted({*self.titles, *self.translated})}
        games = self.games
        starts = (0, *(step + 1 for step in range(1, len(games) - 1) if _hand(games[step]) != _hand(games[step - 1])))
        return Parsed(self.title, self.text, game.actions, tuple(self.notes),
                      None if self.expect is None else self.expect[0], tuple(games), translations, starts,
                      tuple(self.branches))

    # ------------------------------------------------------------------------------------------ the header

    def _title(self, number: int, value: str) -> None:
        if not value:
            raise ScenarioError(number, "the title is empty", "a title after 'title:'")
        self.title = value

    def _hands(self, number: int, value: str) -> None:
        parts = [p.strip() for p in value.split("/")]
        if len(parts) != 4:
            raise ScenarioError(number, f"{len(parts)} hand(s) in {_quote(value)}",
                                "four hands separated by '/', South / East / North / West, like "
                                "'12o 3c 7e 1b / 11o 11c 4e 5b / 7o 7c 7b 10e / 1o 2c 6e 6b'")
        for seat, part in enumerate(parts):
            self._hand(number, seat, part)

    def _south(self, number: int, value: str) -> None:
        self._hand(number, 0, value)

    def _east(self, number: int, value: str) -> None:
        self._hand(number, 1, value)

    def _north(self, number: int, value: str) -> None:
        self._hand(number, 2, value)

    def _west(self, number: int, value: str) -> None:
        self._hand(number, 3, value)

    def _hand(self, number: int, seat: int, value: str) -> None:
        if self.hands[seat] is not None:
            raise ScenarioError(number, f"{SEAT_NAMES[seat]}'s hand is given twice", "each hand once")
        try:
            hand = Hand.parse(value)
        except MusError as error:
            raise ScenarioError(number, f"{SEAT_NAMES[seat]}'s hand: {error}",
                                "four cards such as '12o 3c 7e 1b' (number, then o, c, e or b)") from None
        seen = {c for h in self.hands if h is not None for c in h.cards}
        twice = next((c for c in hand.cards if c in seen), None)
        if twice is not None:
            raise ScenarioError(number, f"the card {twice} is dealt twice", "sixteen different cards")
        self.hands[seat] = hand
        self.hands_line = number

    def _mano(self, number: int, value: str) -> None:
        self.mano = (_seat(number, value), number)

    def _scores(self, number: int, value: str) -> None:
        found = re.fullmatch(r"([0-9]{1,3})\s*(?:[-–,]|\s)\s*([0-9]{1,3})", value)
        if found is None:
            raise ScenarioError(number, f"{_quote(value)} are not two scores",
                                "two whole numbers, South–North then East–West, like 'scores: 38 30'")
        self.scores = ((int(found[1]), int(found[2])), number)

    def _seed(self, number: int, value: str) -> None:
        if not re.fullmatch(f"[0-9]{{1,{SEED_DIGITS}}}", value):
            raise ScenarioError(number, f"{_quote(value)} is not a seed",
                                f"a whole number of at most {SEED_DIGITS} digits, like 'seed: 7'")
        self.seed = int(value)

    def _deals(self, number: int, value: str) -> None:
        version = DEALS.get(value.lower())
        if version is None:
            raise ScenarioError(number, f"{_quote(value)} are no deals", "'deals: classic' (as Game.new deals, the "
                                "default) or 'deals: fast' (as Game.new(fast_deals=True) and the environment)")
        self.version = version

    def _rules(self, number: int, value: str) -> None:
        options: dict[str, Any] = {}
        for item in (part.strip() for part in value.split(",")):
            if not item:
                continue
            name, _, setting = item.replace("=", " ").partition(" ")
            name = name.strip().lower().replace("-", "_")
            setting = setting.strip().lower()
            if name in _FLAGS:
                if setting in _TRUE or not setting:
                    options[name] = True
                elif setting in _FALSE:
                    options[name] = False
                else:
                    raise ScenarioError(number, f"{name} cannot be {_quote(setting)}", f"'{name}', '{name} on' or "
                                        f"'{name} off'")
            elif name in _NUMBERS:
                if not re.fullmatch(r"[0-9]{1,3}", setting):
                    raise ScenarioError(number, f"{name} needs a number, not {_quote(setting)}",
                                        f"e.g. '{name} 30'")
                options[name] = int(setting)
            else:
                raise ScenarioError(number, f"unknown rule option {name!r}",
                                    f"options among {', '.join((*_NUMBERS, *_FLAGS))}")
        try:
            self.rules = Rules(**options)
        except MusError as error:
            raise ScenarioError(number, str(error), "rule options the game supports") from None
        self.rules_line = number

    def _start(self, number: int) -> Game:
        """The game of the header, built once, when the first action, seña or the end is reached."""
        if self.game is not None:
            return self.game
        given = [h for h in self.hands if h is not None]
        if given and len(given) < 4:
            missing = ", ".join(SEAT_NAMES[s].lower() for s in range(4) if self.hands[s] is None)
            raise ScenarioError(self.hands_line, f"the hand(s) of {missing} are missing",
                                "all four hands, on a 'hands:' line or on south:, east:, north:, west: lines")
        seed = 0 if self.seed is None else self.seed
        if not given:
            if self.seed is None:
                raise ScenarioError(number, "the scenario has no deal",
                                    "a 'hands:' line with the four hands (or a 'seed:' for a dealt game)")
            for header, line in ((self.mano, "mano"), (self.scores, "scores")):
                if header is not None:
                    raise ScenarioError(header[1], f"'{line}:' needs the hands",
                                        "a 'hands:' line (with only a seed, the seed deals)")
            game = Game.new(seed, self.rules, fast_deals=self.version == FAST_VERSION)
        else:
            mano = 0 if self.mano is None else self.mano[0]
            scores = (0, 0) if self.scores is None else self.scores[0]
            if self.scores is not None and not all(s < self.rules.target for s in scores):
                raise ScenarioError(self.scores[1], f"scores {scores[0]} {scores[1]} already reach the target",
                                    f"scores below the target, {self.rules.target}")
            hands = [h for h in self.hands if h is not None]
            game = Game.from_deal(hands, mano, scores, seed, self.rules, fast_deals=self.version == FAST_VERSION)
        self.game = game
        self.games = [game]
        return game

    # ------------------------------------------------------------------------------------------ the play

    def _play(self, number: int, value: str) -> None:
        self._start(number)
        self._close()
        self._actions(number, value)

    def _branch(self, number: int, value: str) -> None:
        self._start(number)
        self._close()
        if len(self.games) < 2:
            raise ScenarioError(number, "a branch before any action",
                                "a 'play:' line first: a branch is an alternative to its last action")
        at = len(self.games) - 2
        self.main = _Line(self.games, self.notes, self.where, self.translated, at)
        self.games, self.notes, self.where, self.translated = [self.games[at]], [""], self.where[:at], {}
        self._actions(number, value, instead=self.main.games[at + 1].actions[-1])

    def _then(self, number: int, value: str) -> None:
        if self.main is None:
            raise ScenarioError(number, "'then:' goes on with a branch, and none is open",
                                "a 'branch:' line before it (or 'play:' for the main line)")
        self._actions(number, value)

    def _close(self) -> None:
        """The branch being read, if any, kept; the main line read on."""
        main = self.main
        if main is None:
            return
        start = len(self.games[0].actions)
        self.branches.append(ParsedBranch(main.at, self.games[-1].actions[start:], tuple(self.notes),
                                          tuple(self.games),
                                          {code: tuple(notes) for code, notes in sorted(self.translated.items())}))
        self.games, self.notes, self.where, self.translated = main.games, main.notes, main.where, main.translated
        self.main = None

    def _actions(self, number: int, value: str, instead: str | None = None) -> None:
        """The actions of a ``play:``, ``branch:`` or ``then:`` line, applied to the line being read; the first
        must not be ``instead`` (a branch's first action, which must differ from the main line's)."""
        game = self.games[-1]
        items = [item.strip() for item in value.split(",")]
        if not any(items):
            raise ScenarioError(number, "no actions", "actions separated by commas, like 'no-mus, paso, envido 2'")
        for position, item in enumerate(items, start=1):
            if not item:
                raise ScenarioError(number, f"action {position} is empty", "one action between two commas")
            spot = _Spot(number, item, position if len(items) > 1 else None)
            words = item.split(maxsplit=1)
            seat: int | None = None
            action = item
            if words[0].lower().rstrip(":") in _SEAT_WORDS:
                seat = _SEAT_WORDS[words[0].lower().rstrip(":")]
                action = words[1] if len(words) > 1 else ""
            mover = game.to_move
            if mover is None:
                assert game.winner is not None
                raise spot.error(f"the game is over after {self._after()} ({_TEAM_NAMES[game.winner]} won)",
                                 "no more actions")
            notation = _notation(action, spot)
            if notation == "agree":
                notation = _proposal(game, spot)
            try:
                game = game.apply(notation, seat=seat)
            except IllegalActionError as error:
                raise self._refused(spot, game, seat, error) from None
            except MusError as error:
                raise spot.error(str(error), f"an action {SEAT_NAMES[mover]} may play") from None
            if instead is not None and position == 1 and game.actions[-1] == instead:
                raise spot.error(f"a branch's first action is the main line's own ({instead!r})",
                                 f"another action of {SEAT_NAMES[mover]} than {instead!r}")
            self.games.append(game)
            self.notes.append("")
            self.where.append((number, position, len(items)))
        if self.main is None:
            self.game = game

    def _after(self) -> str:
        """Where the last action played so far was written: its line, or its place on its line."""
        line, position, count = self.where[-1]
        return f"line {line}" if position == count else f"action {position} of line {line}"

    def _refused(self, spot: _Spot, game: Game, seat: int | None, error: IllegalActionError) -> ScenarioError:
        """An illegal action, with its likely cause: the hand was already over, or the partner's answer to a
        bet is missing; otherwise the engine's reason."""
        mover = game.to_move
        assert mover is not None
        last = game.last_hand
        if len(self.games) > 1 and last is not None and last is not self.games[-2].last_hand:
            return spot.error(
                f"the hand is over after {self._after()} (its count: South–North {last.scores[0]}, "
                f"East–West {last.scores[1]})",
                f"no more actions for it; the next hand starts with its mano, {SEAT_NAMES[mover]}, saying mus or "
                "no-mus")
        betting = game.betting
        if betting is not None and betting.proposal is not None and betting.proposer is not None and seat != mover:
            first, second = SEAT_NAMES[betting.proposer], SEAT_NAMES[mover]
            said = str(betting.proposal)
            others = [call for call in betting.legal().describe().split(", ") if call.split(" (")[0] != said]
            return spot.error(
                f"{first} and {second} must both answer: {second}'s {said} is missing after {self._after()}",
                f"{second}'s answer first: {said!r} to agree with {first}"
                + (f", or another answer: {', '.join(others)}" if others else ""))
        return spot.error(str(error), f"a legal action for {SEAT_NAMES[mover]}")

    def _sena(self, number: int, value: str) -> None:
        game = self._start(number)
        if self.main is not None:
            raise ScenarioError(number, "a seña inside a branch", "señas on the main line: before the 'branch:' "
                                "line, or after the next 'play:' line")
        words = value.split()
        if len(words) != 2 or words[0].lower() not in _SEAT_WORDS or words[1] not in SENAS:
            raise ScenarioError(number, f"{_quote(value)} is not a seña by a seat",
                                f"a seat and a seña, like 'sena: north duples' (señas: {', '.join(SENAS)})")
        try:
            game = game.sena(_SEAT_WORDS[words[0].lower()], words[1])
        except MusError as error:
            raise ScenarioError(number, str(error), "a seña while the game is on") from None
        self.game = game
        self.games[-1] = game

    def _note(self, number: int, value: str) -> None:
        if not value:
            raise ScenarioError(number, "the note is empty", "some text after 'note:'")
        self.notes[-1] = f"{self.notes[-1]} {value}".strip()

    def _translated(self, number: int, key: str, code: str, value: str) -> None:
        """``title.<code>:`` and ``note.<code>:``: the title, or the note just given, in another language."""
        if code not in LANGUAGES or code == "en":
            raise ScenarioError(number, f"unknown language {code!r} in '{key}.{code}:'",
                                f"a language the table speaks besides English: {', '.join(LANGUAGES[1:])}")
        if not value:
            raise ScenarioError(number, f"the {key} in {code!r} is empty", f"some text after '{key}.{code}:'")
        if key == "title":
            self.titles[code] = f"{self.titles.get(code, '')} {value}".strip()
            return
        notes = self.translated.setdefault(code, [])
        step = len(self.notes) - 1
        if not self.notes[step]:
            raise ScenarioError(number, f"'note.{code}:' translates no note", "a 'note:' line before it")
        notes.extend([""] * (step + 1 - len(notes)))
        notes[step] = f"{notes[step]} {value}".strip()

    def _expect(self, number: int, value: str) -> None:
        found = re.fullmatch(r"([0-9]{1,3})\s*(?:[-–,]|\s)\s*([0-9]{1,3})(?:\s*,?\s*([a-z0-9–-]+)\s+wins?)?",
                             value.lower())
        if found is None or (found[3] is not None and found[3].replace("–", "-") not in _TEAM_WORDS):
            raise ScenarioError(number, f"{_quote(value)} is not a claim",
                                "the final scores, and optionally who won: 'expect: 9 4' or "
                                "'expect: 0 0, east-west win'")
        winner = None if found[3] is None else _TEAM_WORDS[found[3].replace("–", "-")]
        self.expect = (Expectation((int(found[1]), int(found[2])), winner), number)

    def _check_expect(self, expect: Expectation, number: int) -> None:
        game = self.games[-1]
        summary = game.last_hand
        ended = len(self.games) > 1 and summary is not self.games[-2].last_hand
        scores = summary.scores if ended and summary is not None else game.scores
        if scores != expect.scores:
            raise ScenarioError(number, f"the scenario ends at {scores[0]} {scores[1]}, not "
                                f"{expect.scores[0]} {expect.scores[1]} as claimed",
                                f"'expect: {scores[0]} {scores[1]}'")
        if expect.winner is not None and game.winner != expect.winner:
            found = "nobody has won" if game.winner is None else f"team {game.winner} won"
            raise ScenarioError(number, f"{found}, not team {expect.winner}", "a claim that matches the game")


@dataclass(frozen=True, slots=True)
class _Line:
    """The main line, put aside while a branch is read: its states, notes, places and translated notes, and the
    step the branch leaves from."""

    games: list[Game]
    notes: list[str]
    where: list[tuple[int, int, int]]
    translated: dict[str, list[str]]
    at: int


def _hand(game: Game) -> tuple[int, int]:
    return game.game_number, game.hand_number


@dataclass(frozen=True, slots=True)
class _Spot:
    """An action of a ``play:`` line: the line, the action as written, and its place among the line's actions
    (None on a line of one)."""

    line: int
    action: str
    position: int | None

    def error(self, problem: str, expected: str) -> ScenarioError:
        return ScenarioError(self.line, problem, expected, action=self.action, position=self.position)


def _notation(text: str, spot: _Spot) -> str:
    """An action as a teacher may write it, in the engine's notation: case and accents aside (``Órdago``),
    ``no quiero`` and ``no mus`` with a space (or none), ``envido2``. What could mean two actions is refused."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    plain = " ".join(plain.lower().replace("_", " ").replace("–", "-").replace("—", "-").split())
    if plain == "envido":
        raise spot.error("'envido' needs its amount", "'envido 2', or the amount to bet or to confirm")
    if plain == "no":
        raise spot.error("'no' alone could be no-mus or no-quiero", "'no-mus' or 'no-quiero'")
    found = re.fullmatch(r"no ?-? ?(mus|quiero)|envido ?([0-9]+)", plain)
    if found is None:
        return plain
    return f"no-{found[1]}" if found[1] else f"envido {found[2]}"


def agrees(game: Game, action: str) -> bool:
    """Whether ``action``, played at ``game``, is the answering partner's agreement: the proposal of the other
    player of the team played again (written ``agree`` in a scenario, "Agree" at the table)."""
    betting = game.betting
    return (betting is not None and betting.proposal is not None and betting.proposer is not None
            and game.to_move is not None and game.to_move != betting.proposer and str(betting.proposal) == action)


def written(game: Game, action: str) -> str:
    """``action`` as a scenario writes it when played at ``game``: ``agree`` for a partner's agreement."""
    return "agree" if agrees(game, action) else action


def _proposal(game: Game, spot: _Spot) -> str:
    """The action ``agree`` stands for at ``game``: the partner's proposal, which must be waiting."""
    betting = game.betting
    if betting is None or betting.proposal is None or betting.proposer is None or game.to_move == betting.proposer:
        mover = game.to_move
        who = "" if mover is None else f" for {SEAT_NAMES[mover]}"
        raise spot.error("'agree' confirms a partner's proposal, and none is waiting here",
                         f"a legal action{who}")
    return str(betting.proposal)


def _seat(number: int, value: str) -> int:
    word = value.strip().lower()
    if word in _SEAT_WORDS:
        return _SEAT_WORDS[word]
    if re.fullmatch(r"[0-9]{1,2}", word):
        try:
            return check_seat(int(word))
        except MusError:
            pass
    raise ScenarioError(number, f"{_quote(value)} is not a seat", "south, east, north or west (or 0 to 3)")


def _quote(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:59] + "…")
