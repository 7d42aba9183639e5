"""Table manners: how the bots play at a student's table, where they are there to teach, not only to win.

Against a team that refuses nearly every órdago, bots that play to win stake the game at every chance: the
novice's own órdagos with a strong lance, its fold rule, the expert's pricing of a style; each refusal is the
stake on the table. At a student's table that bullies a beginner, who then seldom reaches Pares, Juego or the
count. With :data:`TEACHING` manners the bots may still punish a team that folds, but gradually: against it they
make an órdago only while the hands in which their team has made one stay a share a person would find fair. A
team has not shown it takes órdagos until it answers one, so that holds from the first hand. Against a team that
took its share of them (over the games of a vaca: a taken órdago ends the game), and in answering one, they play
as ever.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Manners:
    """When a bot may make an órdago (opening a lance with one or raising to it) against a team that folds (or
    has answered none yet), counted over the hands its memory has seen, from the public calls only."""

    ordago_share: float = 0.15
    """The most of the hands (this one counted) in which the bot's team may have made an órdago against a team
    that folds."""
    folding: float = 0.8
    """A team takes its órdagos once it has refused less than this share of those it was seen to answer; until
    then (none answered included) it is taken to fold."""

    def __post_init__(self) -> None:
        if not (0.0 <= self.ordago_share <= 1.0 and 0.0 <= self.folding <= 1.0):
            raise ValueError(f"ordago_share and folding are shares, not {self!r}")

    def may_ordago(self, hands: int, ordago_hands: int, answered: int, refused: int) -> bool:
        """Whether an órdago is fair now, after ``hands`` earlier hands seen of which ``ordago_hands`` carried one
        of the team, against a team that has answered ``answered`` órdagos and refused ``refused`` of them: against
        a team that folds, only while, with this hand counted among both, the share stays within the cap."""
        if answered and refused < self.folding * answered:
            return True  # it takes them: each is a showdown, not a free stake
        return ordago_hands + 1 <= self.ordago_share * (hands + 1)


TEACHING: Final = Manners()
"""The manners of the bots at a student's table (the local :class:`~mus_widget.MusTable` and the classroom's bot
seats and stand-ins): against a team that has answered no órdago yet or refused 4 in 5 of those it answered, an
órdago in at most 15 % of the hands (so none before the seventh). The arena's bots have none (``manners=None``):
they play to win."""


__all__ = ["TEACHING", "Manners"]
