"""Tests of ``experiments/tabu_mcts/tree_use.py``: a stored match game replayed with the
match's players and seeds, and the trees its searches used."""

from __future__ import annotations

from pathlib import Path

import pytest

from igo.arena.config import MatchConfig
from igo.arena.executor import SEQUENTIAL
from igo.arena.runner import run_match
from igo.arena.store import MatchStore
from igo.sgf import read_sgf_file
from scripts import load_script

tu = load_script("tabu_mcts", "tree_use")
BIG = "igo:mcts:playouts=1500,threads=1,max_tree_mb=1"
SMALL = "igo:mcts:playouts=100,threads=1"


@pytest.fixture(scope="module")
def match(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two stored 7x7 games: a 1 MB tree that fills against a small search."""
    folder = tmp_path_factory.mktemp("tree_use")
    config = MatchConfig(BIG, SMALL, games=2, size=7, komi=7.0, seed=3, out_dir=folder,
                         gnugo=None)
    db = folder / "results.sqlite"
    with MatchStore(db) as store:
        run_match(config, store, executor=SEQUENTIAL, progress=False)
    return db


@pytest.mark.parametrize("index", [0, 1])
def test_a_replay_is_the_stored_game_and_counts_the_reclaims(match: Path, index: int) -> None:
    result = tu.tree_use(str(match), index)
    assert result["same_as_stored"] is True
    stored = read_sgf_file(match.parent / f"game-{index:04d}.sgf")
    assert result["moves"] == len(stored.moves) > 10
    by_spec = {u["spec"]: u for u in result["players"]}
    big, small = by_spec[BIG], by_spec[SMALL]
    assert big["color"] == ("B" if index == 0 else "W")
    for u in (big, small):
        assert u["moves"] == len(u["nodes_by_move"]) >= result["moves"] // 2 - 1
        assert 0 < u["nodes_max"] <= u["capacity"]
    # the 1 MB pool fills and is reclaimed; the small search's 2 GB default never fills
    assert big["reclaims"] > 0 and big["nodes_dropped"] > 0
    assert 0 < big["full_moves"] <= big["moves"] and big["refused"] == 0
    assert small["reclaims"] == small["full_moves"] == 0
    assert small["nodes_max"] < small["capacity"] // 100
    text = tu.describe(result)
    assert f"game {index}: {result['moves']} moves, the stored game's moves: yes" in text
    assert f"reclaims {big['reclaims']}" in text


def test_a_replay_that_differs_from_the_stored_game_says_so(match: Path) -> None:
    path = match.parent / "game-0000.sgf"
    text = path.read_text(encoding="utf-8")
    first = text[text.index(";B["):text.index("]", text.index(";B[")) + 1]
    other = next(m for m in (";B[aa]", ";B[ab]") if m != first)
    path.write_text(text.replace(first, other, 1), encoding="utf-8")
    try:
        result = tu.tree_use(str(match), 0)
    finally:
        path.write_text(text, encoding="utf-8")
    assert result["same_as_stored"] is False
    assert "the stored game's moves: NO" in tu.describe(result)

