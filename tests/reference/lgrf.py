"""Plain-Python last good reply with forgetting (Baier and Drake 2010): the reference of
:func:`igo.search._kernels.lgr_update`."""

from __future__ import annotations

BLACK = 1


def lgr_update(reply1: dict[tuple[int, int], int], reply2: dict[tuple[int, int, int], int],
               seq: list[int], root_color: int, prev1: int, prev2: int, z: float,
               lgrf: int) -> None:
    """Learn from one playout: ``reply1[(colour, previous move)]`` and
    ``reply2[(colour, move before it, previous move)]`` hold replies (absent: none).
    The winner's moves are stored as replies, the loser's are forgotten where they were
    the stored reply; a draw teaches nothing; passes (0) are neither replies nor
    answered."""
    if z == 0.5:
        return
    winner = BLACK if z > 0.5 else 3 - BLACK
    moves = [prev2, prev1, *seq]
    for i, m in enumerate(seq):
        p2, p1 = moves[i], moves[i + 1]
        mover = root_color if i % 2 == 0 else 3 - root_color
        if m <= 0 or p1 <= 0:
            continue
        if mover == winner:
            reply1[(mover, p1)] = m
            if lgrf >= 2 and p2 > 0:
                reply2[(mover, p2, p1)] = m
        else:
            if reply1.get((mover, p1)) == m:
                del reply1[(mover, p1)]
            if lgrf >= 2 and p2 > 0 and reply2.get((mover, p2, p1)) == m:
                del reply2[(mover, p2, p1)]
