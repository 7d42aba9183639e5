"""Hypothesis strategies that several test files draw from."""

from __future__ import annotations

from hypothesis import strategies as st

import mus_widget as mw

rules_options = st.builds(
    mw.Rules,
    target=st.sampled_from([10, 30, 35, 40]),
    kings=st.sampled_from([4, 8]),
    real_31=st.booleans(),
    team_consent=st.booleans(),
    negadas_at_count=st.booleans(),
    mus_corrido_first_hand=st.booleans(),
    games=st.sampled_from([1, 3]),
)
"""Every rule option the engine has, in the values a teacher might choose."""
