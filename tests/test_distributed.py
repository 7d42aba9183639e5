"""The arena on a Dask cluster (mus_widget.bots.distributed): the same result as one process for the same seeds."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from mus_widget.arena import Result, run
from mus_widget.bots.arena import main
from mus_widget.bots.distributed import as_they_end, connect

distributed = pytest.importorskip("distributed", reason="Dask is not installed: pip install 'mus-widget[cluster]'")

TIMING = ("decision_ms_p50", "decision_ms_p95", "team1_decision_ms_p50", "team1_decision_ms_p95")


def untimed(result: Result) -> Result:
    """The result less its decision times, which are measured wherever the games run."""
    return replace(result, decision_ms_p50=0.0, decision_ms_p95=0.0, team1_decision_ms_p50=0.0,
                   team1_decision_ms_p95=0.0)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A cluster of two worker processes of one thread each, on 127.0.0.1, and its client; both stopped after."""
    cluster = distributed.LocalCluster(host="127.0.0.1", n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    try:
        with distributed.Client(cluster) as made:
            yield made
    finally:
        cluster.close()


def test_the_cluster_plays_the_same_games_as_one_process(client: Any) -> None:
    told: list[int] = []
    spread = run("novice", "random", games=6, seed=3, target=10, records=True, client=client, progress=told.append)
    alone = run("novice", "random", games=6, seed=3, target=10, records=True, jobs=1)
    assert untimed(spread) == untimed(alone) and spread.games == 6 and told == [1] * 6
    assert spread.records == alone.records and len(spread.records) == 6
    workers = client.run(lambda: 1)
    assert len(workers) == 2 and all(address.startswith("tcp://127.0.0.1:") for address in workers)


def test_the_command_line_plays_on_a_scheduler(client: Any, capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["--team0", "expert", "--team1", "novice", "--games", "4", "--seed", "5", "--target", "10", "--quiet"]
    assert main([*arguments, "--scheduler", client.scheduler.address]) == 0
    spread = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert main(arguments) == 0
    alone = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert {k: v for k, v in spread.items() if k not in TIMING} == {k: v for k, v in alone.items() if k not in TIMING}


def test_a_failing_task_raises_its_error_here(client: Any) -> None:
    with pytest.raises(ZeroDivisionError):
        list(as_they_end(client, lambda n: 1 // n, [1, 0, 2]))
    assert sorted(as_they_end(client, lambda n: n * n, [1, 2, 3])) == [1, 4, 9]


def test_no_scheduler_there_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"no Dask scheduler answers at tcp://127\.0\.0\.1:9"):
        connect("tcp://127.0.0.1:9", timeout=2)
