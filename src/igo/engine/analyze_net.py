"""The net's value heads in the analysis lines (issue 63, point 3).

When the search of an analysis command has a policy net (the ``net=`` search option,
or a board size's default) and that net has value heads
(:attr:`igo.nets.policy.NetPolicy.has_heads`), the ``scoreLead``/``scoreMean`` and
the ``ownership`` of the lines come from the heads, as KataGo's do, instead of from
the playouts:

- the position's score (``rootInfo``, and every move not judged yet): the mean of the
  net's score of the root for the player to move and of its score after the most
  visited move (the root's alone until that move is judged), at the search's komi
  (:meth:`~igo.nets.judgement.Judgement.score_at`): one judgement with each player to move,
  as the review's graph (the head's score depends a little on who is to move, and a
  graph of either alone zigzags from move to move: ``experiments/value_net/score_graph.py``);
- a move's score: the net's score of the position after it, for the player who made
  it (minus the score of that position for the next player), moved by the same shift
  as the most visited move's (half the root's score less that move's), so that the most
  visited move's score is the position's and the differences between moves are the
  net's; for the :data:`TOP_MOVES` most visited moves of each line once the net has
  judged them (and any other move it judged already);
- ``ownership``: the heads' ownership, +1 for the player to move.

The search never waits for the net: a line asks a :class:`HeadsJudge` for the
judgements it wants and reads those that came; the judge evaluates them
(:meth:`~igo.nets.policy.NetPolicy.judge`) on a thread of its own, one an analysis
command, ended with it. Until the root is judged (while the net loads, or evaluates
it) a line has the playouts' figures, as with a net without heads (byte for byte).
The last line of an analysis whose search reached its limit waits for the judgements
it asked (the search is over then; not ``*-genmove_analyze``'s, whose move is on the
clock). Memory stays bounded: a judge keeps its last :data:`KEEP`
judgements and the latest :data:`QUEUE` requests (the net's own cache is bounded too).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.errors import IllegalMoveError
from igo.search.analysis import MoveAnalysis

if TYPE_CHECKING:
    from igo.nets.judgement import Judgement
    from igo.nets.policy import NetLoad, NetPolicy
    from igo.search.search import Search

#: Moves of a line (most visited first) whose position after them is asked for.
TOP_MOVES = 8
#: Judgements a :class:`HeadsJudge` keeps, and requests it queues.
KEEP = 512
QUEUE = 64
#: The longest the last line of an analysis waits for the net's judgements (seconds).
SETTLE_S = 30.0

Key = tuple[Any, ...]


class HeadsJudge:
    """A net with heads judging positions on a thread of its own (started at the first
    request): :meth:`ask` never waits for an evaluation."""

    def __init__(self, net: NetPolicy, keep: int = KEEP, queue: int = QUEUE) -> None:
        self.net = net
        self._keep = keep
        self._queue = queue
        self._done: OrderedDict[Key, Judgement] = OrderedDict()
        self._failed: OrderedDict[Key, None] = OrderedDict()
        self._pending: OrderedDict[Key, tuple[Board, Color]] = OrderedDict()
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._busy = False
        self._closed = False
        self._worker: threading.Thread | None = None
        self.evaluations = 0
        self.failures = 0

    def get(self, key: Key) -> Judgement | None:
        """The judgement of the position of ``key`` if it came (never asks)."""
        with self._lock:
            hit = self._done.get(key)
            if hit is not None:
                self._done.move_to_end(key)
            return hit

    def ask(self, key: Key, board: Board, color: Color) -> Judgement | None:
        """The judgement of ``board`` with ``color`` to move (``key``:
        :meth:`~igo.nets.policy.NetPolicy.key`) if it came; else it is asked for (in
        the background; the latest request first) and ``None`` is returned. A position
        the net could not judge is not asked again."""
        with self._lock:
            hit = self._done.get(key)
            if hit is not None:
                self._done.move_to_end(key)
                return hit
            if self._closed or key in self._failed or key in self._pending:
                return None
            self._pending[key] = (board, color)
            while len(self._pending) > self._queue:
                self._pending.popitem(last=False)
            if self._worker is None:
                self._worker = threading.Thread(target=self._serve, daemon=True,
                                                name="analysis-heads")
                self._worker.start()
            self._changed.notify_all()
            return None

    def wait_idle(self, timeout: float) -> bool:
        """Wait until every request is answered; False after ``timeout`` seconds."""
        with self._changed:
            return self._changed.wait_for(
                lambda: self._closed or (not self._pending and not self._busy), timeout)

    def close(self) -> None:
        """Drop the requests and end the thread (after the position in hand: a thread
        stopped inside PyTorch at the interpreter's exit aborts the process)."""
        with self._lock:
            self._closed = True
            self._pending.clear()
            self._changed.notify_all()
            worker = self._worker
        if worker is not None:
            worker.join(timeout=SETTLE_S)

    def _serve(self) -> None:
        while True:
            with self._lock:
                self._busy = False
                self._changed.notify_all()
                while not self._pending and not self._closed:
                    self._changed.wait()
                if self._closed:
                    return
                key, (board, color) = self._pending.popitem(last=True)
                self._busy = True
            try:
                judged: Judgement | None = self.net.judge(board, color)
            except Exception:  # a position the net cannot take: never stop the service
                judged = None
            with self._lock:
                if judged is None:
                    self.failures += 1
                    self._failed[key] = None
                    store: OrderedDict[Key, Any] = self._failed
                else:
                    self.evaluations += 1
                    self._done[key] = judged
                    store = self._done
                while len(store) > self._keep:
                    store.popitem(last=False)


@dataclass(frozen=True, slots=True)
class HeadsFigures:
    """What the heads give one line, for the player to move: the position's score,
    each move's score, and the ownership (+1 for the player to move)."""

    score_lead: float
    move_scores: tuple[float, ...]
    ownership: np.ndarray


class HeadsLines:
    """The heads' figures of the lines of one analysis command (see the module
    docstring); :meth:`close` it when the command ends.

    The net is the one the search uses (``search.config.netprior.net``), shared with it
    (:func:`igo.nets.policy.load_net_policy_async`: one load a process).
    """

    def __init__(self, top_moves: int = TOP_MOVES) -> None:
        self.top_moves = top_moves
        self._spec: str | None = None
        self._load: NetLoad | None = None
        self._judge: HeadsJudge | None = None
        self._off = False
        self._root: Key | None = None
        self._children: dict[Point | None, Key | None] = {}

    # ------------------------------------------------------------------ the net
    def judge_for(self, search: Search) -> HeadsJudge | None:
        """The judge of the search's net, ``None`` while it loads or when there is no
        net, a load that failed, or no heads."""
        spec = search.config.netprior.net
        if spec != self._spec:
            self.close()
            self._spec, self._load, self._off = spec, None, not spec
            if spec:
                self._load = self._start_load(spec)
                self._off = self._load is None
        if self._judge is not None or self._off or self._load is None:
            return self._judge
        net = self._load.net()
        if net is None:
            self._off = self._load.done  # a load that failed
            return None
        if not net.judges(search.board.size):  # no heads, or heads of other sizes
            self._off = True
            return None
        self._judge = HeadsJudge(net)
        return self._judge

    @staticmethod
    def _start_load(spec: str) -> NetLoad | None:
        from igo.nets.model_file import NetFileError
        from igo.nets.policy import load_net_policy_async

        try:
            return load_net_policy_async(spec)
        except (ImportError, NetFileError):
            return None  # the search says so on its log

    def close(self) -> None:
        """End the judge's thread (the lines go on with the playouts' figures)."""
        if self._judge is not None:
            self._judge.close()
        self._judge = None
        self._spec = None
        self._root = None
        self._children.clear()

    # ------------------------------------------------------------------ a line
    def prime(self, search: Search) -> None:
        """Ask for the root's judgement (before the search starts)."""
        judge = self.judge_for(search)
        if judge is not None:
            self._ask_root(judge, search)

    def root(self, search: Search, *, settle: bool = False) -> Judgement | None:
        """The root's judgement if it came (asked for if not); ``settle``: wait for it
        (the search must be over)."""
        judge = self.judge_for(search)
        if judge is None:
            return None
        got = self._ask_root(judge, search)
        if got is None and settle:
            judge.wait_idle(SETTLE_S)
            got = self._ask_root(judge, search)
        return got

    def figures(self, search: Search, root: Judgement, moves: Sequence[MoveAnalysis],
                *, settle: bool = False) -> HeadsFigures:
        """The line's figures, once the root is judged (:meth:`root`): asks for the
        positions after the :attr:`top_moves` first ``moves``; ``settle``: waits for
        them (the search must be over)."""
        judge = self._judge
        color = search.color()
        sign = 1.0 if color is Color.BLACK else -1.0
        komi = search.komi
        keys = [self._child(search, m.move) for m in moves]
        if judge is not None:
            for m, key in zip(moves[:self.top_moves], keys, strict=False):
                board = None if key is None or judge.get(key) is not None \
                    else self._child_board(search, m.move)
                if key is not None and board is not None:
                    judge.ask(key, board, color.opponent)
            if settle:
                judge.wait_idle(SETTLE_S)
        own = sign * root.score_at(komi)
        after: list[float | None] = []
        for key in keys:
            got = None if key is None or judge is None else judge.get(key)
            after.append(None if got is None else sign * got.score_at(komi))
        top = after[0] if after else None
        shift = 0.0 if top is None else 0.5 * (own - top)
        lead = own if top is None else top + shift  # the mean of the two
        scores = tuple(lead if s is None else s + shift for s in after)
        return HeadsFigures(lead, scores, sign * root.ownership)

    def _ask_root(self, judge: HeadsJudge, search: Search) -> Judgement | None:
        from igo.nets.policy import NetPolicy

        board, color = search.board, search.color()
        key = NetPolicy.key(board, color)
        if key != self._root:
            self._root = key
            self._children.clear()
        got = judge.get(key)
        return got if got is not None else judge.ask(key, board.copy(), color)

    def _child(self, search: Search, move: Point | None) -> Key | None:
        """The key of the root's position after ``move`` (``None``: a move the rules
        refuse), kept for the root."""
        if move in self._children:
            return self._children[move]
        from igo.nets.policy import NetPolicy

        board = self._child_board(search, move)
        key = None if board is None else NetPolicy.key(board, board.to_play)
        self._children[move] = key
        return key

    @staticmethod
    def _child_board(search: Search, move: Point | None) -> Board | None:
        board = search.board.copy()
        try:
            board.play(search.color(), move)
        except IllegalMoveError:
            return None
        return board


__all__ = ["KEEP", "QUEUE", "SETTLE_S", "TOP_MOVES", "HeadsFigures", "HeadsJudge",
           "HeadsLines"]
