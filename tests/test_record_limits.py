"""Records past the limits of what is read: nested 100,000 deep, or holding numbers of thousands of digits, are
refused with the engine's own errors (not RecursionError or Python's int-to-string ValueError), and seeds keep
to their range (a whole number of at most 40 digits) wherever they come in."""

from __future__ import annotations

import pytest

import mus_widget as mw

BASE = mw.Game.new(seed=3).record()

# ---------------------------------------------------------------------------------------------- limits of what is read


def _nested(depth: int) -> object:
    """``"paso"`` inside ``depth`` lists, built without recursion."""
    value: object = "paso"
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(("change", "where"), [
    ({"actions": [_nested(100_000)]}, "the record's 'actions' holds lists or objects more than 32 deep"),
    ({"seed": _nested(100_000)}, "the record's 'seed' holds lists"),
    ({"rules": _nested(100_000)}, "the record's 'rules' holds lists"),
    ({"seed": 10**5000}, "'seed' is a number of about 5001 digits: a seed is a whole number of at most 40 digits"),
    ({"seed": -(10**5000)}, "'seed' is a negative number of about 5001 digits"),
    ({"senas": [{"at": 0, "seat": 10**5000, "sena": "x"}]}, "the record's 'senas' holds a number of about 5001"),
], ids=["deep-action", "deep-seed", "deep-rules", "long-seed", "long-negative-seed", "long-seat"])
def test_a_record_past_the_limits_is_refused_before_anything_reads_it(change: dict[str, object], where: str) -> None:
    """A dict record nested 100,000 deep or holding a 5,000-digit number once raised RecursionError or Python's
    int-to-string ValueError from the error message itself: now the engine's own error, saying what is allowed."""
    with pytest.raises(mw.RecordLimitError) as caught:
        mw.Game.from_record({**BASE, **change})
    assert isinstance(caught.value, mw.RecordError) and where in str(caught.value), str(caught.value)
    assert len(str(caught.value)) < 300


def test_a_whole_record_nested_too_deeply_and_the_deepest_record_allowed() -> None:
    with pytest.raises(mw.RecordLimitError, match="nested too deeply: the record holds"):
        mw.Game.from_record(_nested(100_000))  # type: ignore[arg-type]
    with pytest.raises(mw.RecordError, match=r"action 0 \(\[\[\[\[\[\.\.\.\]\]\]\]\]\) does not replay"):
        mw.Game.from_record({**BASE, "actions": [_nested(30)], "senas": []})  # deep, but within reach: quoted short


def test_a_seed_is_a_whole_number_of_at_most_40_digits() -> None:
    with pytest.raises(mw.RecordError, match="'seed' is a whole number of at most 40 digits"):
        mw.Game.from_record({**BASE, "seed": 10**40})
    assert mw.Game.new(seed=10**40 - 1).seed == 10**40 - 1
    assert mw.Game.from_record(mw.Game.new(seed=-(10**40) + 1).record()).seed == -(10**40) + 1
    for seed in (10**40, -(10**40), 10**5000):
        with pytest.raises(mw.SeedError, match=r"a whole number of at most 40 digits \(abs\(seed\) < 10\*\*40\)"):
            mw.Game.new(seed=seed)
    with pytest.raises(mw.SeedError, match="about 5001 digits"):
        mw.Game.from_deal(["1o 2o 3o 4o", "5o 6o 7o 10o", "11o 12o 1c 2c", "3c 4c 5c 6c"], seed=10**5000)


def test_an_action_or_a_seat_too_deep_or_too_long_to_print_is_still_named_in_its_error() -> None:
    game = mw.Game.new(seed=1)
    with pytest.raises(mw.MalformedActionError, match=r"not \[\[\[\[\[\.\.\.\]\]\]\]\]"):
        game.apply(_nested(100_000))  # type: ignore[arg-type]
    with pytest.raises(mw.SeatError, match="a number of about 5001 digits is not a seat"):
        game.observe(10**5000)
