"""Speed of the tactics room on positions from real games: ladder checks a second
(every string in atari, owner to move, plus every atari on a two-liberty string)
and self-atari classifications a second (every legal move of the side to move),
on positions every 20 moves of strong-player 19x19 games (tygem9d test set).

    PYTHONPATH=src python benchmarks/bench_tactics.py [--games 20]
        [--out results/bench_tactics.json]

Also reads attack and defence of every string of 1-3 liberties (the public
:func:`igo.tactics.reading.attack` / ``defend``, with reused work arrays).

Writes JSON: ``{"ladder_checks_per_s", "selfatari_checks_per_s",
"reading_questions_per_s", "reading_nodes_per_s", "reading_questions", "positions",
"ladder_checks", "selfatari_checks", "games", "source"}``. Kernels are called
directly with preallocated scratch (as a playout would), after one warm-up call.
"""

from __future__ import annotations

import argparse
import json
import lzma
import time
from pathlib import Path

import numpy as np

from igo.core import _kernels as K
from igo.core.board import Board
from igo.core.coords import Point
from igo.core.replay import iter_positions
from igo.sgf import parse_sgf
from igo.tactics import _ladder_kernels as L
from igo.tactics import _selfatari_kernels as S
from igo.tactics._string_kernels import new_stack, string_libs
from igo.tactics.ladder import LadderReader
from igo.tactics.reading import ReadingConfig, attack, defend, new_scratch

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "tygem9d" / "test.sgfs.xz"


def positions(n_games: int, every: int = 20) -> list[Board]:
    out = []
    with lzma.open(DATA, "rt", encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i >= n_games:
                break
            rec = parse_sgf(line)
            for k, (board, _) in enumerate(iter_positions(rec)):
                if k % every == every - 1:
                    out.append(board.copy())
    return out


def ladder_questions(b: Board) -> list[tuple[int, int, int]]:
    """(kind, point, target): kind 0 = string in atari, 1 = atari at point."""
    s = b.state
    qs = []
    libs = np.zeros(4, np.int32)
    seen = set()
    for p in range(s.color.shape[0]):
        if s.color[p] not in (1, 2) or s.head[p] in seen:
            continue
        seen.add(int(s.head[p]))
        n = string_libs(s, s.head[p], libs, 3)
        if n == 1:
            qs.append((0, 0, p))
        elif n == 2:
            for q in libs[:2]:
                if K.check_move(s, int(q), 3 - int(s.color[p]), False) == K.OK:
                    qs.append((1, int(q), p))
    return qs


def run_ladders(work: list[K.BoardState], lq: list[list[tuple[int, int, int]]],
                sc: L.LadderScratch) -> int:
    """Every ladder question of every position; their number."""
    n = 0
    for s, qs in zip(work, lq, strict=True):
        for kind, p, t in qs:
            if kind == 0:
                L.caught(s, sc, t, 2000)
            else:
                L.atari_caught(s, sc, p, 3 - int(s.color[t]), t, 2000)
            n += 1
    return n


def run_selfatari(work: list[K.BoardState], boards: list[Board], sq: list[list[int]],
                  stk: object, pts: np.ndarray) -> int:
    """Every legal move of the side to move classified; their number."""
    n = 0
    for s, b, moves in zip(work, boards, sq, strict=True):
        c = int(b.to_play)
        for m in moves:
            S.classify(s, stk, m, c, pts)
            n += 1
    return n


def run_reading(boards: list[Board]) -> tuple[int, int, float]:
    """Attack and defend every string of 1-3 liberties of every position with the
    default :class:`ReadingConfig`: (questions, nodes, seconds)."""
    n = nodes = 0
    sc = new_scratch(boards[0], ReadingConfig())
    t0 = time.perf_counter()
    for b in boards:
        s = b.state
        seen = set()
        for p in range(s.color.shape[0]):
            if s.color[p] not in (1, 2) or s.head[p] in seen:
                continue
            seen.add(int(s.head[p]))
            if K.liberties(s, p) > 3:
                continue
            pt = Point.from_padded(p, b.size)
            for fn in (attack, defend):
                nodes += fn(b, pt, None, sc).nodes
                n += 1
    return n, nodes, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--out", type=Path, default=Path("results/bench_tactics.json"))
    args = ap.parse_args(argv)
    boards = positions(args.games)
    reader = LadderReader(19)
    sc = reader.scratch
    stk = new_stack(boards[0].state, 2)
    pts = np.zeros(16, np.int32)
    work = [K.copy_state(b.state) for b in boards]
    lq = [ladder_questions(b) for b in boards]
    sq = [[int(m.padded(19)) for m in b.legal_moves(b.to_play)] for b in boards]
    run_ladders(work[:1], lq[:1], sc)  # warm-up (compilation, cache load)
    run_selfatari(work[:1], boards[:1], sq[:1], stk, pts)
    t0 = time.perf_counter()
    nl = run_ladders(work, lq, sc)
    t1 = time.perf_counter()
    ns = run_selfatari(work, boards, sq, stk, pts)
    t2 = time.perf_counter()
    run_reading(boards[:1])
    nq, nodes, dt = run_reading(boards)
    out = {"ladder_checks_per_s": round(nl / (t1 - t0)), "selfatari_checks_per_s":
           round(ns / (t2 - t1)), "reading_questions_per_s": round(nq / dt),
           "reading_nodes_per_s": round(nodes / dt), "reading_questions": nq,
           "positions": len(boards), "ladder_checks": nl,
           "selfatari_checks": ns, "games": args.games, "source": str(DATA.name)}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
