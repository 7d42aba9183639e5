"""Answering a bet as a team: under team consent a seat's first word to a bet is only a proposal, and the
partner speaks last, choosing among fewer calls. :func:`team_answer` turns what a seat would say for itself
into what it may say for its team now, so a bot that thinks only of its own hand never plays an illegal call.
"""

from __future__ import annotations

from ..engine.actions import NO_QUIERO, QUIERO, Action, Kind, envido
from ..engine.observation import Observation
from .guard import legal_now


def team_answer(obs: Observation, wish: Action | str) -> Action:
    """``wish`` if it is legal for ``obs.seat`` now, else the team's nearest legal call.

    Confirming a partner's proposal: a wish to refuse or to accept goes with the partner's quiero, envido or
    órdago (the partner may be overruled only upwards), and so does a smaller envido than the partner's; an
    envido outside the range allowed is brought into it; a paso while answering is a no quiero; a wish for an
    órdago while answering one is a quiero. Outside the betting ``wish`` comes back as it is.
    """
    action = Action.parse(wish) if isinstance(wish, str) else wish
    betting = obs.betting
    if betting is None or legal_now(obs, action):
        return action
    legal = betting.legal()
    proposal = betting.proposal
    if action.kind is Kind.ENVIDO and legal.confirm and action.amount <= legal.confirm:
        return envido(legal.confirm)
    if action.kind is Kind.ENVIDO and legal.raise_from:
        return envido(min(max(action.amount, legal.raise_from), legal.raise_to))
    if action.kind in (Kind.PASO, Kind.NO_QUIERO) and legal.allows(NO_QUIERO):
        return NO_QUIERO
    if action.kind is Kind.ORDAGO and legal.allows(QUIERO):
        return QUIERO
    if proposal is not None and legal.allows(proposal):
        return proposal
    return Action.parse(obs.legal_actions[0])


__all__ = ["team_answer"]
