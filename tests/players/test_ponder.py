"""Pondering (issue 24): the generator thinks on the opponent's time, on the tree its
next move reuses, and stops at once when anything touches the search or a GTP command
arrives."""

from __future__ import annotations

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.engine.engine import GtpEngine
from igo.players.base import EnginePlayer
from igo.players.mcts import MCTSGenerator, MoveLimits
from igo.players.registry import PlayerSpecError, make_player
from igo.search.config import preset
from igo.search.tree import children
from waiting import Chunks, finishes, wait_until


def pondering_generator() -> MCTSGenerator:
    config = preset("strong").with_options(max_tree_mb=64)
    return MCTSGenerator(config, MoveLimits(300, None), rng=np.random.default_rng(3),
                         ponder=True)


def watch_the_ponder(gen: MCTSGenerator, chunks: Chunks, playouts: int) -> None:
    """Wait until the ponder has run ``playouts`` iterations, and watch its stop event
    from then on (the chunks begun after it is set are counted)."""
    assert gen.pondering and gen._pondering is not None
    stop = gen._pondering[1]
    chunks.stop = stop.is_set
    wait_until(lambda: chunks.iterations(thread="igo-ponder") >= playouts,
               f"{playouts} iterations of the ponder")


def test_a_ponder_grows_the_tree_that_the_next_move_reuses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    chunks = Chunks.install(monkeypatch)
    gen = pondering_generator()
    board = Board(9)
    move = gen.select_move(board, Color.BLACK)
    assert isinstance(move, Point)
    watch_the_ponder(gen, chunks, 1001)
    finishes(gen.stop_pondering, "stop_pondering")
    chunks.assert_prompt_stop()  # within the chunk under way, whatever the load
    assert not gen.pondering and gen.ponder_result is not None
    assert gen.ponder_result.playouts > 1000
    # the ponder searched the position after the move, White to play
    assert gen.search is not None and gen.search.board.to_play is Color.WHITE
    t = gen.search.trees()[0]
    reply = max(children(t, 0), key=lambda i: t.N[i])
    visits = float(t.N[reply])
    w = board.size + 2
    m = int(t.move[reply])
    board.play(Color.BLACK, move)
    board.play(Color.WHITE, None if m == 0 else Point(m // w - 1, m % w - 1))
    search = gen.search_for(board, Color.BLACK)
    assert float(search.trees()[0].N[0]) == visits > 100  # the pondered subtree, kept


def test_anything_that_touches_the_search_stops_the_ponder() -> None:
    gen = pondering_generator()
    board = Board(9)
    gen.select_move(board, Color.BLACK)
    assert gen.pondering
    gen.final_ownership(board)
    assert not gen.pondering
    gen.select_move(board, Color.BLACK)
    assert gen.pondering
    gen.close()
    assert not gen.pondering


def test_no_ponder_by_default_and_none_after_resigning() -> None:
    gen = MCTSGenerator(preset("strong").with_options(max_tree_mb=64), MoveLimits(100, None),
                        rng=np.random.default_rng(1))
    gen.select_move(Board(9), Color.BLACK)
    assert not gen.pondering


def test_a_gtp_command_stops_the_ponder_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    chunks = Chunks.install(monkeypatch)
    player = make_player("igo:mcts:playouts=300,ponder=1,max_tree_mb=64",
                         np.random.default_rng(5))
    assert isinstance(player, EnginePlayer)
    gen = player.generator
    assert isinstance(gen, MCTSGenerator) and gen.ponder
    engine = GtpEngine(gen, size=9, komi=7, rng=np.random.default_rng(6))
    reply = engine.handle_line("genmove b")
    assert reply is not None and reply.startswith("= ")
    watch_the_ponder(gen, chunks, 300)
    assert finishes(lambda: engine.handle_line("name"), "the GTP command") == "= igo\n\n"
    chunks.assert_prompt_stop()
    assert not gen.pondering
    player.close()


def test_ponder_options_of_a_player_spec() -> None:
    gen = make_player("igo:mcts:ponder=1,ponder_time=5", np.random.default_rng(1))
    assert isinstance(gen, EnginePlayer) and isinstance(gen.generator, MCTSGenerator)
    assert gen.generator.ponder and gen.generator.ponder_seconds == 5.0
    off = make_player("igo:mcts:adaptive_time=0", np.random.default_rng(1))
    assert isinstance(off, EnginePlayer) and isinstance(off.generator, MCTSGenerator)
    assert not off.generator.ponder and not off.generator.adaptive_time
    for spec in ("igo:mcts:ponder=maybe", "igo:mcts:ponder_time=0"):
        with pytest.raises(PlayerSpecError):
            make_player(spec, np.random.default_rng(1))
