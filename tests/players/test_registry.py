"""Player specs: igo:random, gtp:COMMAND, options and errors."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import numpy as np
import pytest

from igo.core import Board, Color, Ruleset
from igo.players.base import EnginePlayer
from igo.players.gtp import GtpPlayer
from igo.players.registry import (
    IGO_ENGINES,
    PlayerSpecError,
    check_spec,
    make_player,
    parse_options,
    spec_label,
)

FAKE = Path(__file__).resolve().parent / "fake_gtp_engine.py"


def test_igo_random_is_an_engine_player_seeded_by_rng() -> None:
    moves = []
    for _ in range(2):
        p = make_player("igo:random", np.random.default_rng(5))
        assert isinstance(p, EnginePlayer)
        p.new_game(9, 7.5, Ruleset())
        moves.append([p.genmove(c) for c in (Color.BLACK, Color.WHITE) * 5])
    assert moves[0] == moves[1]
    board = Board(9)
    for c, m in zip((Color.BLACK, Color.WHITE) * 5, moves[0], strict=True):
        board.play(c, m)


def test_gtp_spec_starts_the_command() -> None:
    spec = f"gtp:{shlex.quote(sys.executable)} {shlex.quote(str(FAKE))} --genmove pass"
    with make_player(spec) as p:
        assert isinstance(p, GtpPlayer)
        assert p.name == "Fake 1.0"


@pytest.mark.parametrize("spec", ["random", "foo:bar", "igo:", "gtp:", ""])
def test_unknown_or_empty_specs(spec: str) -> None:
    with pytest.raises(PlayerSpecError) as info:
        make_player(spec)
    assert isinstance(info.value, ValueError)


def test_unknown_kind_lists_known_kinds() -> None:
    with pytest.raises(ValueError, match=r"known kinds are igo: .*gtp:"):
        make_player("katago:foo")


def test_unknown_igo_engine_lists_engines() -> None:
    with pytest.raises(PlayerSpecError, match=r"known: .*random"):
        check_spec("igo:alphago")


def test_options() -> None:
    assert parse_options("") == {}
    assert parse_options("playouts=100, c = 1.4") == {"playouts": "100", "c": "1.4"}
    with pytest.raises(PlayerSpecError, match="key=value"):
        parse_options("playouts")
    with pytest.raises(PlayerSpecError, match="twice"):
        parse_options("a=1,a=2")
    with pytest.raises(PlayerSpecError, match="no options"):
        make_player("igo:random:depth=3")


def test_registry_names_factories_by_path() -> None:
    assert "random" in IGO_ENGINES
    for path in IGO_ENGINES.values():
        assert ":" in path


def test_spec_label() -> None:
    assert spec_label("igo:random") == "igo:random"
    assert spec_label("gtp:/usr/games/gnugo --mode gtp --level 1") == "gnugo --mode gtp --level 1"
