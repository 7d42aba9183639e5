"""Seating your own bot: any object with a method ``decide(observation)`` that returns an action in the
notation (``"paso"``, ``"envido 2"``, ``"quiero"``...) or a :class:`Decision`.

No base class is needed. It may also have ``table_talk(observation)`` (a seña id or None, asked when the
mus is cut) and ``hand_over(observation)`` (told when a hand ends). A :class:`GuardedBot` seats it: when it
raises, returns something that is not a legal action now, or takes longer than its time limit, the fault
is reported with the bot's name (:class:`BotFault`) and a fallback bot (a novice) plays that turn, so the
game goes on.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..engine.actions import Action, Kind
from ..engine.errors import MusError
from ..engine.observation import Observation
from ..engine.phase import Phase
from ..engine.scoring import Reason
from ..engine.senas import sena as find_sena
from .base import Bot, Decision
from .expert import ExpertBot
from .simple import NoviceBot, RandomBot
from .styles import BluffBot, CallerBot, OrdagoBot, PassiveBot

PACKAGED = (RandomBot, NoviceBot, ExpertBot, OrdagoBot, PassiveBot, BluffBot, CallerBot)
"""The package's own bots, which need no guard."""

TIME_LIMIT = 2.0
"""Seconds a bot of your own may think about one decision before the fallback plays instead."""
THREADS = sys.platform != "emscripten"
"""Whether a thread can be started here: not in Pyodide (the offline site), where your bot's method is called on
the kernel's own thread, with no time limit (a thread is what would keep a slow bot from holding the table)."""

FAULTS = ("raised", "returned", "illegal", "slow", "busy", "talk")
"""What can go wrong: ``decide`` raised; returned no action; returned an action that is not legal now;
took longer than the limit; was still thinking about an earlier turn; ``table_talk`` or ``hand_over`` failed."""


@dataclass(frozen=True, slots=True)
class BotFault:
    """One fault of a bot of your own: which bot, at which seat and moment, what went wrong, and what the
    fallback played instead (empty when no action was at stake)."""

    bot: str
    seat: int
    kind: str
    detail: str
    """What went wrong, in English (for the arena and logs)."""
    said: str
    """What the bot answered, quoted (for "returned" and "illegal"); else empty."""
    played: str
    game_number: int
    hand_number: int

    def __str__(self) -> str:
        instead = f"; {self.played!r} was played instead" if self.played else ""
        return (f"{self.bot} (seat {self.seat}, game {self.game_number} hand {self.hand_number}) "
                f"{_SAYS[self.kind]}: {self.detail}{instead}")


_SAYS = {
    "raised": "raised an error", "returned": "returned no action", "illegal": "chose an action that is not legal",
    "slow": "took too long", "busy": "was still thinking about an earlier turn", "talk": "failed at the table talk",
}


def bot_name(bot: object) -> str:
    """What to call a bot in a report: its ``name`` attribute if it has one, else its class name."""
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) and name else type(bot).__name__


def legal_now(obs: Observation, action: Action) -> bool:
    """Whether ``action`` is legal for ``obs.seat`` now (any amount in an envido's range)."""
    if obs.to_move != obs.seat or not obs.legal_actions:
        return False
    if obs.betting is not None:
        return obs.betting.legal().allows(action)
    if obs.phase is Phase.DISCARD:
        return action.kind is Kind.DISCARD and set(action.cards) <= set(obs.hand.cards)
    return str(action) in obs.legal_actions


class _Call:
    """One call of the guarded bot's method on its own thread, so that a slow bot cannot hold the table."""

    def __init__(self, method: Callable[[Observation], Any], obs: Observation) -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(method, obs), daemon=True, name="own-bot")

    def _run(self, method: Callable[[Observation], Any], obs: Observation) -> None:
        try:
            self.result = method(obs)
        except BaseException as error:  # anything a student's code raises is reported
            self.error = error


class GuardedBot(Bot):
    """A bot of your own at the table, behind a guard: its faults are reported and a fallback plays.

    ``inner`` is your bot; ``name`` what to call it (by default its ``name`` attribute or class name);
    ``fallback`` the bot that plays a turn your bot got wrong (a novice with ``seed``); ``time_limit`` the
    seconds allowed per decision (None: no limit, and no thread); ``on_fault`` is called with every
    :class:`BotFault` (they are also kept in :attr:`faults`).
    """

    level = "own"

    def __init__(
        self,
        inner: object,
        *,
        name: str | None = None,
        seed: int = 0,
        fallback: Bot | None = None,
        time_limit: float | None = TIME_LIMIT,
        on_fault: Callable[[BotFault], None] | None = None,
    ) -> None:
        if not callable(getattr(inner, "decide", None)):
            raise TypeError(f"{bot_name(inner)} has no method decide(observation): a bot needs one")
        super().__init__(seed)
        self.inner = inner
        self.name = name or bot_name(inner)
        self.fallback = fallback if fallback is not None else NoviceBot(seed)
        self.time_limit = time_limit
        self.on_fault = on_fault
        self.faults: list[BotFault] = []
        self._pending: _Call | None = None

    def __repr__(self) -> str:
        return f"GuardedBot({self.name!r}, seed={self.seed}, time_limit={self.time_limit})"

    def decide(self, obs: Observation) -> Decision:
        self.check_turn(obs)
        outcome = self._call(self.inner.decide, obs)  # type: ignore[attr-defined]
        if isinstance(outcome, BotFault):
            return self._fall_back(obs, outcome)
        decision = self._decision(obs, outcome)
        if isinstance(decision, BotFault):
            return self._fall_back(obs, decision)
        return decision

    def table_talk(self, obs: Observation) -> str | None:
        talk = getattr(self.inner, "table_talk", None)
        if not callable(talk):
            return None
        said = self._call(talk, obs)
        if isinstance(said, BotFault):
            self._report(replace(said, kind="talk"))
            return None
        if said is None:
            return None
        try:
            return find_sena(said).id if isinstance(said, str) else _refuse_sena(said)
        except (MusError, ValueError, TypeError) as error:
            self._report(BotFault(self.name, obs.seat, "talk", str(error), _quote(said), "", obs.game_number,
                                  obs.hand_number))
            return None

    def hand_over(self, obs: Observation) -> None:
        self.memory.update(obs)
        self.fallback.hand_over(obs)
        told = getattr(self.inner, "hand_over", None)
        if callable(told):
            outcome = self._call(told, obs)
            if isinstance(outcome, BotFault):
                self._report(replace(outcome, kind="talk"))

    # ---------------------------------------------------------------------------------------------------

    def _call(self, method: Callable[[Observation], Any], obs: Observation) -> Any:
        """The method's answer, or the fault that kept it from answering."""
        def fault(kind: str, detail: str) -> BotFault:
            return BotFault(self.name, obs.seat, kind, detail, "", "", obs.game_number, obs.hand_number)

        if self.time_limit is None or not THREADS:
            try:
                return method(obs)
            except Exception as error:  # anything a student's code raises is reported
                return fault("raised", f"{type(error).__name__}: {error}")
        pending = self._pending
        if pending is not None and pending.thread.is_alive():
            return fault("busy", f"it has not answered a turn it was asked more than {self.time_limit:g} s ago")
        call = _Call(method, obs)
        self._pending = call
        call.thread.start()
        call.thread.join(self.time_limit)
        if call.thread.is_alive():
            return fault("slow", f"no answer within {self.time_limit:g} s")
        self._pending = None
        if call.error is not None:
            return fault("raised", f"{type(call.error).__name__}: {call.error}")
        return call.result

    def _decision(self, obs: Observation, answer: object) -> Decision | BotFault:
        def fault(kind: str, detail: str) -> BotFault:
            said = answer.action if isinstance(answer, Decision) else answer
            return BotFault(self.name, obs.seat, kind, detail, _quote(said), "", obs.game_number, obs.hand_number)

        if isinstance(answer, Decision):
            decision = answer
            if not isinstance(decision.reason, Reason):
                return fault("returned", f"a Decision's reason is a Reason, not {decision.reason!r}")
            if decision.sena is not None:
                try:
                    find_sena(decision.sena)
                except (MusError, ValueError, TypeError) as error:
                    return fault("returned", f"the seña of its Decision: {error}")
        elif isinstance(answer, str):
            decision = Decision(answer, Reason("explain.own", (("action", answer), ("bot", self.name))))
        else:
            return fault("returned", f"decide returned {answer!r}, not an action such as 'paso' or 'envido 2'")
        try:
            action = Action.parse(decision.action)
        except MusError as error:
            return fault("illegal", f"{error}; the legal actions now are {', '.join(obs.legal_actions)}")
        if not legal_now(obs, action):
            return fault("illegal", f"{str(action)!r} is not legal in {obs.phase.value} now; the legal actions "
                                    f"are {', '.join(obs.legal_actions)}")
        if str(action) != decision.action:
            decision = Decision(str(action), decision.reason, decision.sena)
        return decision

    def _fall_back(self, obs: Observation, fault: BotFault) -> Decision:
        decision = self.fallback.decide(obs)
        self._report(replace(fault, played=decision.action))
        return Decision(decision.action, Reason("explain.own.fallback", (
            ("action", decision.action), ("bot", self.name))))

    def _report(self, fault: BotFault) -> None:
        self.faults.append(fault)
        if self.on_fault is not None:
            self.on_fault(fault)


def _quote(said: object) -> str:
    """What a bot answered, quoted and short enough for a message."""
    text = repr(said)
    return text if len(text) <= 40 else text[:39] + "…"


def _refuse_sena(said: object) -> str:
    raise TypeError(f"table_talk returned {said!r}, not a seña id or None")


def seat_bot(bot: object, *, seed: int = 0, time_limit: float | None = TIME_LIMIT,
             on_fault: Callable[[BotFault], None] | None = None) -> Bot:
    """A bot ready for the table: a packaged bot as it is, anything else behind a :class:`GuardedBot`."""
    if type(bot) in PACKAGED or isinstance(bot, GuardedBot):
        assert isinstance(bot, Bot)
        return bot
    return GuardedBot(bot, seed=seed, time_limit=time_limit, on_fault=on_fault)
