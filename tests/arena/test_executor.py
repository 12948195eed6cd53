"""Executors: the sequential one, the configuration that picks one, and the contract
they share (results by key, failures as values, nothing pending is an error). The
factory that opens one is tested in ``test_executors.py``."""

from __future__ import annotations

import pytest

from igo.arena.executor import (
    ExecutorConfig,
    NothingPendingError,
    SequentialExecutor,
)


def interrupt() -> None:
    raise KeyboardInterrupt


def test_sequential_runs_in_order_and_returns_failures() -> None:
    with SequentialExecutor() as ex:
        ex.submit("a", divmod, 7, 2)
        ex.submit("b", int, "not a number")
        ex.submit("c", pow, 2, 5)
        assert ex.pending == 3
        first, second, third = ex.next_done(), ex.next_done(), ex.next_done()
        assert (first.key, first.value, first.ok) == ("a", (3, 1), True)
        assert second.key == "b" and not second.ok and isinstance(second.error, ValueError)
        assert (third.key, third.value) == ("c", 32)
        assert ex.pending == 0
        with pytest.raises(NothingPendingError):
            ex.next_done()


def test_sequential_lets_an_interrupt_through() -> None:
    ex = SequentialExecutor()
    ex.submit(0, interrupt)
    with pytest.raises(KeyboardInterrupt):
        ex.next_done()


def test_config_picks_the_kind() -> None:
    assert ExecutorConfig(workers=1).kind == "sequential"
    assert ExecutorConfig(workers=3).kind == "process"
    assert ExecutorConfig(workers=1, ray=True).kind == "ray"
    assert ExecutorConfig(address="10.0.0.5:6379").kind == "ray"
    assert ExecutorConfig().resolved_workers >= 1


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"workers": 0}, "workers must be at least 1, got 0"),
    ({"address": "nowhere"}, "expected HOST:PORT"),
    ({"address": "10.0.0.5:6379", "workers": 2}, "the cluster's CPUs decide"),
])
def test_bad_config_is_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ExecutorConfig(**kwargs)
