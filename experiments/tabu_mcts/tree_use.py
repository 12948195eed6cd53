"""How much tree a match game's searches used: replay a stored game and read the trees.

    PYTHONPATH=FROZEN/src .venv/bin/python experiments/tabu_mcts/tree_use.py DB INDEX [--json]

Plays game INDEX of the (first) match in DB again, with the match's own settings, players
and seeds (a fixed-playout, one-thread game is replayed move for move), and after each of an
igo player's moves reads its search's tree: the nodes in use, the pool's capacity, reclaims
so far and the nodes they dropped. Prints, for each player, the most nodes any move held,
the reclaims over the game, and whether the replayed moves are the stored game's. Run it
with the engine that played the match on ``PYTHONPATH`` (issue 24: ``scaling256.sh``'s
frozen worktrees).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from igo.arena.config import MatchConfig
from igo.arena.runner import make_referee
from igo.arena.store import MatchStore
from igo.core.record import GameRecord
from igo.players.base import EnginePlayer, Player
from igo.players.registry import make_player
from igo.sgf import read_sgf_file


@dataclass
class TreeUse:
    """One player's searches over a game."""

    spec: str
    color: str
    moves: int = 0
    nodes_max: int = 0
    nodes_by_move: list[int] = field(default_factory=list)
    capacity: int = 0
    reclaims: int = 0
    nodes_dropped: int = 0
    full_moves: int = 0  # moves whose search found the pool full (refused or reclaimed)
    refused: int = 0  # expansions refused for a full pool, over the game (old engine)


def read_tree(search: Any) -> dict[str, int]:
    """A search's tree now: ``tree_stats()`` where the engine has it (since issue 24), else
    read from the pool of older engines (whose full pool refuses expansions,
    counted per move in ``meta[T_FULL]``)."""
    if hasattr(search, "tree_stats"):
        return {k: int(v) for k, v in search.tree_stats().items()}
    from igo.search.tree import T_FULL, T_USED

    trees = search.trees()
    return {"tree_nodes": sum(int(t.meta[T_USED]) for t in trees),
            "tree_capacity": int(trees[0].first.shape[0]),
            "reclaims": 0, "nodes_dropped": 0,
            "refused": sum(int(t.meta[T_FULL]) for t in trees)}


def _watch(player: Player, use: TreeUse) -> None:
    """Record ``player``'s tree after each of its moves (an igo MCTS player; others are
    left alone)."""
    if not isinstance(player, EnginePlayer) or not hasattr(player.generator, "search"):
        return
    generator = player.generator
    select = generator.select_move

    def select_and_read(board: Any, color: Any) -> Any:
        decision = select(board, color)
        search = generator.search
        if search is not None:
            s = read_tree(search)
            use.moves += 1
            use.nodes_by_move.append(s["tree_nodes"])
            use.nodes_max = max(use.nodes_max, s["tree_nodes"])
            use.capacity = s["tree_capacity"]
            refused = s.get("refused", 0)  # this move's (the pool's count restarts a move)
            use.full_moves += int(s["reclaims"] > use.reclaims or refused > 0)
            use.refused += refused
            use.reclaims = s["reclaims"]
            use.nodes_dropped = s["nodes_dropped"]
        return decision

    generator.select_move = select_and_read  # type: ignore[method-assign]


def replay(config: MatchConfig, index: int) -> tuple[list[TreeUse], GameRecord]:
    """Play game ``index`` of ``config`` as the match did (``runner.play_outcome``'s steps,
    repeated here because the frozen engines replayed have no hook to watch a player); the
    players' tree use and the game."""
    specs = config.colors(index)
    uses = [TreeUse(spec, color) for spec, color in zip(specs, "BW", strict=True)]
    players: list[Player] = []
    try:
        for spec, rng, use in zip(specs, config.game_rngs(index), uses, strict=True):
            players.append(make_player(spec, rng, timeout=config.move_timeout))
            _watch(players[-1], use)
        out = make_referee(config, index).play(players[0], players[1],
                                               source=f"{config.match_name} game {index}")
    finally:
        for p in players:
            p.close()
    return uses, out.record


def tree_use(db: str, index: int) -> dict[str, Any]:
    """Replay game ``index`` of the first match in ``db``; its players' tree use and
    whether the replay is the stored game (compared with the SGF beside the database)."""
    with MatchStore(db) as store:
        match_id = store.matches()[0][0]
        config = store.match_config(match_id)
    uses, record = replay(config, index)
    stored = Path(db).parent / f"game-{index:04d}.sgf"
    same = read_sgf_file(stored).moves == record.moves if stored.exists() else None
    return {"index": index, "moves": len(record.moves), "same_as_stored": same,
            "players": [asdict(u) for u in uses]}


def describe(result: dict[str, Any]) -> str:
    """The text printed for a :func:`tree_use` result."""
    lines = [f"game {result['index']}: {result['moves']} moves, the stored game's moves: "
             f"{ {True: 'yes', False: 'NO', None: 'no stored file'}[result['same_as_stored']] }"]
    for u in result["players"]:
        if not u["moves"]:
            lines.append(f"  {u['color']} {u['spec']}: not an igo search")
            continue
        lines.append(f"  {u['color']} {u['spec']}: {u['moves']} searches, most nodes "
                     f"{u['nodes_max']:,} of a pool's {u['capacity']:,} "
                     f"({u['nodes_max'] / max(u['capacity'], 1):.0%}); the pool full in "
                     f"{u['full_moves']} moves (reclaims {u['reclaims']}, nodes dropped "
                     f"{u['nodes_dropped']:,}, expansions refused {u['refused']:,})")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("db")
    ap.add_argument("index", type=int)
    ap.add_argument("--json", action="store_true", help="the result as JSON")
    args = ap.parse_args()
    result = tree_use(args.db, args.index)
    print(json.dumps(result) if args.json else describe(result))


if __name__ == "__main__":
    main()
