"""The protocol the handlers type against: :class:`~igo.engine.engine.GtpEngine` has every
member of :class:`~igo.engine.protocol.Engine` (mypy checks the types; this, the names)."""

from __future__ import annotations

import numpy as np

from igo.engine.engine import GtpEngine
from igo.engine.protocol import Engine
from igo.players.random import RandomGenerator


def protocol_members() -> set[str]:
    names = set(getattr(Engine, "__annotations__", {}))
    names |= {n for n, v in vars(Engine).items() if not n.startswith("_")
              and (callable(v) or isinstance(v, property))}
    return names


def test_the_engine_has_every_member_of_the_protocol() -> None:
    engine = GtpEngine(RandomGenerator(np.random.default_rng(1)), size=9)
    members = protocol_members()
    assert {"state", "generator", "register", "register_streaming", "stderr"} <= members
    missing = sorted(n for n in members if not hasattr(engine, n))
    assert missing == []


def test_a_handler_typed_against_the_protocol_runs_on_the_engine() -> None:
    def board_size(engine: Engine, args: object) -> str:
        return str(engine.state.board.size)

    engine = GtpEngine(RandomGenerator(np.random.default_rng(1)), size=9)
    engine.register("igo-test_size", board_size)
    assert engine.handle_line("1 igo-test_size") == "=1 9\n\n"
