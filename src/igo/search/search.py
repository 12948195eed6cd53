"""The public search: :class:`Search` runs MCTS from a :class:`~igo.core.Board`.

>>> from igo.core import Board
>>> from igo.search import Search, preset
>>> s = Search(Board(9), komi=7.0, config=preset("paper"), seed=1)
>>> result = s.run(playouts=500)

A search runs ``config.resources.threads`` threads, each in chunks of iterations
(:func:`igo.search._kernels.run_iterations` releases the GIL) with its own random
stream. With ``parallel="tree"`` (the default) they all search one tree, lock-free: a
thread claims a leaf before expanding it, takes nodes from the pool by an atomic add,
and adds a virtual loss to the nodes of its path so that the others look elsewhere;
visit and win counts are plain additions, and the rare update lost when two threads add
to one node at the same instant is a known, harmless price of lock-free MCTS
(Enzenberger and Müller, 2009). With ``parallel="root"`` each thread has its own tree
and the root statistics are summed. :meth:`Search.set_position` moves the search to a
later position of the same game and keeps the subtree of the moves played (tree reuse).

The trees are bounded by memory (``config.resources.max_tree_mb``). When a pool is
full, the threads that search it stop at their next iteration, the last one to stop
*reclaims* (:meth:`_Trees.reclaim`: the families of the most visited nodes,
``reclaim_keep`` of the pool, are copied to the spare pool, which becomes the tree), and
all go on expanding: a long search never turns into flat Monte Carlo on the leaves of a full
tree. How often that happened, and how long it took, is in the result's ``stats``.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from igo.core import _kernels as CK
from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.move import Move
from igo.movepred.model import MoveModel
from igo.search import _kernels as K
from igo.search import _tabu_kernels as TB
from igo.search import _tree_kernels as TK
from igo.search import timecontrol as TC
from igo.search._moggy_kernels import new_moggy_scratch
from igo.search.config import STRONG, SearchConfig
from igo.search.netprior import NetPriors
from igo.search.patterns3 import pattern3_table
from igo.search.priors import prior_scratch, prior_tables
from igo.search.tree import T_RECLAIM, T_USED, Tree, new_tree, reset_tree

log = logging.getLogger(__name__)

#: nets that a size default chose and that could not be loaded, said once a process
_NET_WARNED: set[str] = set()


def _warn_net(spec: str, size: int, exc: BaseException) -> None:
    """Say once a process that a size default's net is not used, and why."""
    if spec not in _NET_WARNED:
        _NET_WARNED.add(spec)
        log.warning("the %s policy net of %dx%d is not loaded (%s): the move model's "
                    "priors only", spec, size, size, exc)


CHUNK_SECONDS = 0.02  # a thread checks the clock and the stop flag this often
PREFAULT_STEP = 1 << 18  # spare-pool nodes committed at most per look of thread 0


@dataclass(frozen=True, slots=True)
class MoveStats:
    """Root statistics of one move, summed over the trees."""

    move: Point | None
    visits: int
    winrate: float  # for the player to move at the root
    prior: float
    amaf_visits: int
    amaf_winrate: float


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What a :meth:`Search.run` found: moves by visits, best first."""

    moves: tuple[MoveStats, ...]
    playouts: int
    seconds: float
    stats: dict[str, int]

    @property
    def best(self) -> MoveStats | None:
        """The most visited move (``None`` when the root has no child)."""
        return self.moves[0] if self.moves else None

    @property
    def winrate(self) -> float:
        """Win rate of the best move for the player to move (0.5 when unknown)."""
        return self.moves[0].winrate if self.moves else 0.5


def nearest_default_model(size: int) -> MoveModel:
    """igo's default move model for play on ``size`` (:func:`igo.movepred.default.model_for`:
    the 19x19 model where it measured better than the size's own, else the size's own
    model or that of the nearest size that has one)."""
    from igo.movepred.default import model_for

    return model_for(size)


class _Run:
    """The limits and the state of one :meth:`Search.run`: iterations done by each
    thread, the deadline (moved by :meth:`extend`), the caller's stop event and the
    run's own (``abort``: an early stop, or an error in a thread)."""

    def __init__(self, share: int | None, seconds: float | None, max_seconds: float | None,
                 early_stop: bool, stop: threading.Event | None, threads: int) -> None:
        self.t0 = time.perf_counter()
        self.share = share
        self.seconds = seconds
        self.deadline = self.t0 + seconds if seconds is not None else math.inf
        self.max_deadline = self.deadline
        if seconds is not None and max_seconds is not None and max_seconds > seconds:
            self.max_deadline = self.t0 + max_seconds
        self.early_stop = early_stop and seconds is not None
        self.stop = stop
        self.abort = threading.Event()
        self.done = [0] * threads
        self.stopped_early = False
        self.extensions = 0

    def finished(self, i: int) -> bool:
        """Whether thread ``i`` stops; the others wait for thread 0 to decide at the
        deadline (it may extend it) and stop when it does (``abort``)."""
        limit = self.deadline if i == 0 else self.max_deadline
        return (self.abort.is_set() or (self.stop is not None and self.stop.is_set())
                or (self.share is not None and self.done[i] >= self.share)
                or time.perf_counter() >= limit)

    def until(self) -> float:
        """Where a helper thread's chunk should end."""
        return self.deadline if time.perf_counter() < self.deadline else self.max_deadline

    def at_deadline(self) -> bool:
        """True when the run ends by its time (not a stop, nor its playouts)."""
        return (not self.abort.is_set() and not (self.stop is not None and self.stop.is_set())
                and not (self.share is not None and self.done[0] >= self.share)
                and time.perf_counter() >= self.deadline)

    def can_extend(self) -> bool:
        return self.deadline < self.max_deadline

    def extend(self) -> None:
        assert self.seconds is not None
        self.deadline = min(self.max_deadline,
                            time.perf_counter() + TC.EXTEND_STEP * self.seconds)
        self.extensions += 1


class _Trees:
    """A tree, the spare pool that receives what a reclaim or the next move keeps, the
    tabu lists of its leaves, and the rendezvous of the threads that search it.

    While :meth:`Search.run` runs, ``active`` threads search the tree. A thread whose
    kernel returns because the pool is full calls :meth:`pause`; the last active thread
    to get there (or to leave, :meth:`leave`) reclaims, under the lock, and wakes the
    others."""

    def __init__(self, config: SearchConfig, capacity: int) -> None:
        crit = config.selection.crit_rave > 0.0
        self.tree = new_tree(capacity, crit)
        self.spare = new_tree(capacity, crit)
        self.keep = max(2, int(capacity * config.resources.reclaim_keep))
        tabu = config.playouts.tabu
        self.pool = TB.new_pool(config.playouts.tabu_slots if tabu else 1, tabu)
        self._cond = threading.Condition()
        self.active = 0
        self._waiting = 0
        self._generation = 0
        self.reclaims = 0
        self.reclaim_seconds = 0.0
        self.reclaim_max = 0.0
        self.nodes_dropped = 0
        #: ``(time.monotonic(), seconds, nodes before, nodes after)`` of the last reclaim
        self.last_reclaim: tuple[float, float, int, int] | None = None
        #: nodes of the spare pool whose pages are committed (:meth:`prefault`)
        self.touched = 1

    def reuse(self, child: int) -> None:
        """Make the subtree under ``child`` the whole tree (at most ``keep`` nodes of
        it, the most visited families first)."""
        written = min(int(self.tree.meta[T_USED]), self.tree.first.shape[0])
        TK.compact(self.tree, child, self.spare, self.keep)
        self.tree, self.spare = self.spare, self.tree
        self.touched = written
        TB.reset_pool(self.pool)

    def prefault(self, step: int = PREFAULT_STEP) -> None:
        """Commit the pages of the spare pool a little ahead of need (up to ``step``
        nodes a call, as far as the tree's size or ``keep``), so that a reclaim finds
        them ready: the first reclaim of a 2 GB tree otherwise spent most of its pause
        (0.8 s of 1 s on 9x9) on page faults."""
        with self._cond:  # under root parallelism another thread may be reclaiming into it
            target = min(int(self.tree.meta[T_USED]), self.keep)
            if self.touched < target:
                end = min(target, self.touched + step)
                TK.touch(self.spare, self.touched, end)
                self.touched = end

    def reset(self) -> None:
        reset_tree(self.tree)
        TB.reset_pool(self.pool)

    def start(self, threads: int) -> None:
        """``threads`` threads begin to search the tree."""
        with self._cond:
            self.active = threads
            self._waiting = 0

    def pause(self) -> None:
        """Wait until the full pool is reclaimed (by this thread, when it is the last
        one searching)."""
        with self._cond:
            if self.tree.meta[T_RECLAIM] == 0:
                return  # reclaimed while this thread was finishing its chunk
            generation = self._generation
            self._waiting += 1
            if self._waiting >= self.active:
                self._reclaim_locked()
            else:
                while self._generation == generation:
                    self._cond.wait()

    def leave(self) -> None:
        """A thread stops searching (its share or the time is spent)."""
        with self._cond:
            self.active -= 1
            if self.active > 0 and self._waiting >= self.active:
                self._reclaim_locked()

    def _reclaim_locked(self) -> None:
        try:
            self._reclaim()
        finally:  # even if the copy failed: no thread may wait for ever
            self._waiting = 0
            self._generation += 1
            self._cond.notify_all()

    def _reclaim(self) -> None:
        t0 = time.perf_counter()
        before = min(int(self.tree.meta[T_USED]), self.tree.first.shape[0])
        after = int(TK.compact(self.tree, 0, self.spare, self.keep))
        self.tree, self.spare = self.spare, self.tree
        self.touched = before
        TB.reset_pool(self.pool)
        dt = time.perf_counter() - t0
        self.reclaims += 1
        self.reclaim_seconds += dt
        self.reclaim_max = max(self.reclaim_max, dt)
        self.nodes_dropped += before - after
        self.last_reclaim = (time.monotonic(), dt, before, after)
        log.debug("search tree full (%d nodes): reclaimed in %.3f s, kept %d", before, dt,
                  after)


class _TreeWorker:
    """One search thread: its tree (its own, or the one all threads share), scratch
    arrays, counters and random stream."""

    def __init__(self, config: SearchConfig, size: int, seed: int,
                 trees: _Trees | None = None) -> None:
        self.trees = trees if trees is not None else _Trees(config, config.capacity())
        a = (size + 2) ** 2
        board = Board(size)
        seq_len = config.selection.max_depth + 3 * size * size + 40
        seen = np.zeros(0, np.uint64)
        self.x = K.Scratch(CK.copy_state(board.state), CK.copy_state(board.state),
                           np.zeros(config.selection.max_depth + 2, np.int64),
                           np.zeros(seq_len, np.int64), np.zeros(a, np.int8),
                           np.zeros(a, np.int32),
                           np.zeros(a, np.int8), np.zeros(a, np.int32),
                           np.zeros(a, np.int32), np.zeros(a, np.int64),
                           np.zeros(a, np.int64), np.zeros(a), np.zeros(a), seen,
                           np.array([seed | 1], np.uint64),
                           new_moggy_scratch(board.state), np.zeros((2, a), np.int32),
                           np.zeros((2, a * a if config.playouts.lgrf >= 2 else 1), np.int32))
        self.stats = np.zeros(K.N_STATS, np.int64)
        self.rate = 0.0  # iterations per second seen so far (sizes the chunks)

    @property
    def tree(self) -> Tree:
        return self.trees.tree

    @property
    def pool(self) -> TB.TabuPool:
        return self.trees.pool

    def new_root(self) -> None:
        """Counters and ownership start again for a new root position."""
        self.stats[:] = 0
        self.x.own[:] = 0.0

    def count_repeats(self, log2_slots: int) -> None:
        """Keep a set of (leaf, position) keys to count repeated positions (Fig. 4)."""
        self.x = self.x._replace(seen=np.zeros(1 << log2_slots, np.uint64))


class Search:
    """MCTS from a position (see the module docstring).

    Parameters
    ----------
    board
        The position to search (copied).
    komi
        Komi for area scoring.
    config
        Search parameters (default: the ``strong`` preset).
    model
        Move model for the priors (default: igo's model for the board size, when
        ``config.prior.use_priors``).
    seed
        Seed of the random streams (one per tree).
    """

    def __init__(self, board: Board, komi: float, config: SearchConfig = STRONG,
                 model: MoveModel | None = None, seed: int | None = None) -> None:
        asked_net = bool(config.netprior.net)
        for words in config.partial_groups(board.size):
            log.info("search options: %s", words)
        config = config.for_size(board.size)
        self.config = config
        self.size = board.size
        self.komi = float(komi)
        rng = np.random.default_rng(seed)
        if config.prior.use_priors and model is None:
            model = nearest_default_model(board.size)
        self.model = model
        self._tables = prior_tables(model if model is not None
                                    else nearest_default_model(board.size), board.size)
        self._pscratch = [prior_scratch(self._tables, board.size)
                          for _ in range(config.resources.threads)]
        self._pat3 = pattern3_table()
        self._prm = config.params(self.komi, board.size, board.rules.suicide)
        self._kind = K.policy_kind(int(self._prm[K.P_POLICY]))
        cap = config.capacity(config.tree_count())
        shared = _Trees(config, cap) if config.shared_tree else None
        self.workers = [_TreeWorker(config, board.size, int(rng.integers(1, 2**62)),
                                    shared if shared is not None else _Trees(config, cap))
                        for _ in range(config.resources.threads)]
        self._tree_sets = [shared] if shared is not None else [wk.trees for wk in self.workers]
        self.board = board.copy()
        self._netp = self._net_priors(config, board.size, required=asked_net)
        self._timing = {"stopped_early": 0, "extensions": 0}
        #: say on the log (INFO) when a run had to reclaim its trees
        self.log_reclaims = True
        self._expand_root()

    @staticmethod
    def _net_priors(config: SearchConfig, size: int, required: bool) -> NetPriors | None:
        """The policy net's priors, when ``config.netprior.net`` names a net.

        A net asked for (``required``) is loaded here, once a process. A net that the
        board size's defaults chose loads on a thread of its own
        (:func:`igo.nets.policy.load_net_policy_async`): the search starts on the move
        model's priors and takes the net's once it is there. If it cannot be loaded (no
        PyTorch, a missing or damaged file), the move model's priors stay, said once on
        the log.

        Raises
        ------
        ImportError, igo.nets.model_file.NetFileError
            If a ``required`` net cannot be loaded.
        """
        spec = config.netprior.net
        if not spec:
            return None
        from igo.nets.model_file import NetFileError
        from igo.nets.policy import NetLoad, load_net_policy, load_net_policy_async

        try:
            # one PyTorch thread: the net's thread beside the search's
            if required:
                load = NetLoad(spec, threads=1, net=load_net_policy(spec))
            else:
                load = load_net_policy_async(spec, threads=1)
                if load.error is not None:
                    raise load.error
        except (ImportError, NetFileError) as exc:
            if required:
                raise
            _warn_net(spec, size, exc)
            return None
        prior = config.prior
        return NetPriors(load, size, config.netprior.net_visits, config.netprior.net_mix,
                         prior.prior_sharpness, prior.ladder_escape, prior.ladder_atari,
                         on_error=lambda exc: _warn_net(spec, size, exc),
                         value=config.netprior.net_value)

    # ------------------------------------------------------------------ position

    def _root_args(self) -> tuple[int, int, int, int]:
        b = self.board
        w = b.size + 2
        prev = [0, 0]
        hist = b.history
        for k in (1, 2):
            if len(hist) >= k:
                p = hist[-k].point
                prev[k - 1] = 0 if p is None else (p[0] + 1) * w + p[1] + 1
        passes = 1 if b.consecutive_passes >= 1 else 0
        return int(b.to_play), prev[0], prev[1], passes

    def _expand_root(self) -> None:
        color, p1, p2, _ = self._root_args()
        for i, wk in enumerate(self.workers):
            t = wk.tree
            if t.first[0] < 0:
                K.expand(t, 0, self.board.state, color, p1, p2, self._prm, wk.pool,
                         self._tables, self._pscratch[i], wk.x, wk.stats)
        for t in self.trees():
            self._ban_superko(t)

    def _ban_superko(self, t: Tree) -> None:
        """Mark root children that the board's rules forbid (positional superko)."""
        if self.board.rules.ko != "positional":
            return
        color = self.board.to_play
        w = self.size + 2
        f = int(t.first[0])
        for i in range(f, f + int(t.nch[0])):
            m = int(t.move[i])
            pt = None if m == 0 else Point(m // w - 1, m % w - 1)
            if not self.board.is_legal(color, pt):
                t.flags[i] |= 1

    def set_position(self, board: Board) -> None:
        """Search ``board`` next; keeps the subtree when ``board`` continues the game
        of the current root by moves that are in the tree."""
        if board.size != self.size:
            raise ValueError(f"this search is for {self.size}x{self.size}, "
                             f"got a {board.size}x{board.size} board")
        extra = board.moves_since(self.board)
        if extra is not None and not self._alternates(extra, board.to_play):
            extra = None  # another colour to move than the tree's: start afresh
        for trees in self._tree_sets:
            if extra is None or not self._descend(trees, extra):
                trees.reset()
        for wk in self.workers:
            wk.new_root()
        self.board = board.copy()
        if self._netp is not None:
            self._netp.reset()
        self._expand_root()

    def _alternates(self, moves: list[Move], to_play: Color) -> bool:
        """True when ``moves`` alternate from the root's colour and ``to_play`` is
        next (the tree's nodes assume it)."""
        color = self.board.to_play
        for mv in moves:
            if mv.color is not color:
                return False
            color = color.opponent
        return to_play is color

    def _descend(self, trees: _Trees, moves: list[Move]) -> bool:
        node = 0
        t = trees.tree
        w = self.size + 2
        for mv in moves:
            code = 0 if mv.point is None else (mv.point[0] + 1) * w + mv.point[1] + 1
            f = int(t.first[node])
            found = -1
            for i in range(f, f + int(t.nch[node])) if f >= 0 else ():
                if int(t.move[i]) == code:
                    found = i
                    break
            if found < 0:
                return False
            node = found
        if node != 0:
            trees.reuse(node)
        return True

    def trees(self) -> list[Tree]:
        """The trees searched: one per thread (root parallelism) or one shared."""
        return [trees.tree for trees in self._tree_sets]

    # ------------------------------------------------------------------ running

    def run(self, playouts: int | None = None, seconds: float | None = None,
            stop: threading.Event | None = None,
            on_progress: Callable[[SearchResult], None] | None = None,
            progress_every: float = 0.5, *, max_seconds: float | None = None,
            early_stop: bool = False) -> SearchResult:
        """Search until ``playouts`` more iterations (over all trees), ``seconds``
        have passed, or ``stop`` is set, whichever comes first (at least one
        limit is needed). ``on_progress`` gets the current result every
        ``progress_every`` seconds (from the calling thread).

        Time management (:class:`_Run`): with ``early_stop``, a timed search stops
        as soon as the most visited move cannot be overtaken in the time left at the
        rate seen; with ``max_seconds`` (more than ``seconds``), a search whose two
        most visited moves are close at ``seconds`` goes on, by steps, up to
        ``max_seconds`` (:mod:`igo.search.timecontrol`)."""
        if playouts is None and seconds is None and stop is None:
            raise ValueError("give playouts, seconds or a stop event")
        share = None if playouts is None else -(-playouts // len(self.workers))
        if self._netp is not None and seconds is None and stop is None:
            self._netp.settle_root(self.trees(), self.board)  # the same seed, the same search
        ctl = _Run(share, seconds, max_seconds, early_stop, stop, len(self.workers))

        for trees in self._tree_sets:
            trees.start(sum(wk.trees is trees for wk in self.workers))
        reclaims = [(ts.reclaims, ts.reclaim_max) for ts in self._tree_sets]

        def work(i: int) -> None:
            try:
                if i == 0:
                    self._lead(ctl, on_progress, progress_every)
                else:
                    while not ctl.finished(i):
                        self._chunk(i, ctl, ctl.until())
            except BaseException:
                ctl.abort.set()  # an error in one thread (a report's write) stops all
                raise
            finally:
                self.workers[i].trees.leave()

        threads = [threading.Thread(target=work, args=(i,), daemon=True)
                   for i in range(1, len(self.workers))]
        for th in threads:
            th.start()
        try:
            work(0)
        finally:
            for th in threads:
                th.join()
        self._timing = {"stopped_early": int(ctl.stopped_early),
                        "extensions": ctl.extensions}
        self._log_reclaims(reclaims, time.perf_counter() - ctl.t0)
        return self.result(time.perf_counter() - ctl.t0)

    def _log_reclaims(self, before: list[tuple[int, float]], seconds: float) -> None:
        """One line (INFO) when the trees were reclaimed during a run."""
        n = sum(ts.reclaims for ts in self._tree_sets) - sum(r for r, _ in before)
        if n <= 0 or not self.log_reclaims:
            return
        longest = max(ts.reclaim_max for ts in self._tree_sets)
        st = self.tree_stats()
        log.info("search: the tree filled %d time%s in %.1f s and was reclaimed (%d nodes a "
                 "pool, %d MB in all; the longest pause %.3f s; %d reclaims since the "
                 "search began)", n, "" if n == 1 else "s", seconds, st["tree_capacity"],
                 st["tree_bytes"] >> 20, longest, st["reclaims"])

    def _lead(self, ctl: _Run, on_progress: Callable[[SearchResult], None] | None,
              every: float) -> None:
        """Thread 0: search, report, and manage the time."""
        next_report = ctl.t0 + every if on_progress is not None else math.inf
        next_check = ctl.t0 + TC.CHECK_EVERY
        while True:
            if ctl.finished(0):
                if ctl.at_deadline():
                    if ctl.can_extend() and self._unclear():
                        ctl.extend()
                        continue
                    ctl.abort.set()  # the others wait for this decision
                return
            until = min(next_report, next_check, ctl.deadline)
            self._chunk(0, ctl, until)
            if self._netp is not None:
                self._netp.step(self.trees(), self.board)
            now = time.perf_counter()
            if on_progress is not None and now >= next_report:
                on_progress(self.result(now - ctl.t0))
                next_report += every
            if now >= next_check:
                next_check = now + TC.CHECK_EVERY
                for trees in self._tree_sets:
                    trees.prefault()
                if ctl.early_stop and self._settled(ctl, now):
                    ctl.stopped_early = True
                    ctl.abort.set()

    def _top_two(self) -> tuple[float, float]:
        """Visits of the two most visited root moves, over the trees."""
        counts: dict[int, float] = {}
        for t in self.trees():
            f = int(t.first[0])
            if f < 0:
                continue
            k = int(t.nch[0])
            for m, n, fl in zip(t.move[f:f + k], t.N[f:f + k], t.flags[f:f + k],
                                strict=True):
                if not fl & 1:
                    counts[int(m)] = counts.get(int(m), 0.0) + float(n)
        top = [*sorted(counts.values(), reverse=True), 0.0, 0.0]
        return top[0], top[1]

    def _settled(self, ctl: _Run, now: float) -> bool:
        """True when the most visited move cannot be overtaken before the deadline
        (by the rate of iterations seen so far)."""
        elapsed = now - ctl.t0
        if ctl.seconds is None or elapsed < TC.EARLY_STOP_AFTER * ctl.seconds:
            return False
        best, second = self._top_two()
        return TC.settled(best, second, sum(ctl.done) / elapsed * (ctl.deadline - now))

    def _unclear(self) -> bool:
        best, second = self._top_two()
        return TC.unclear(best, second)

    def _chunk(self, i: int, ctl: _Run, until: float) -> None:
        wk = self.workers[i]
        color, p1, p2, passes = self._root_args()
        n = 64
        rate = wk.rate
        if rate > 0:
            n = max(8, int(rate * CHUNK_SECONDS))
        if ctl.share is not None:
            n = min(n, ctl.share - ctl.done[i])
        if until < math.inf:
            left = until - time.perf_counter()
            if rate > 0:
                n = max(1, min(n, int(rate * left) + 1))
        t0 = time.perf_counter()
        ran = K.run_iterations(wk.tree, self.board.state, color, p1, p2, passes, n,
                               self._prm, wk.pool, self._tables, self._pscratch[i],
                               self._pat3, wk.x, wk.stats, self._kind)
        dt = time.perf_counter() - t0
        if dt > 0 and ran == n:
            wk.rate = n / dt if wk.rate == 0 else 0.7 * wk.rate + 0.3 * n / dt
        ctl.done[i] += ran
        if ran < n:
            wk.trees.pause()

    # ------------------------------------------------------------------ results

    def result(self, seconds: float = 0.0) -> SearchResult:
        """Root statistics now, summed over the trees, most visited first."""
        w = self.size + 2
        agg: dict[int, list[float]] = {}
        trees = self.trees()
        for t in trees:
            f = int(t.first[0])
            for i in range(f, f + int(t.nch[0])) if f >= 0 else ():
                if t.flags[i] & 1:
                    continue
                a = agg.setdefault(int(t.move[i]), [0.0, 0.0, 0.0, 0.0, 0.0])
                a[0] += t.N[i]
                a[1] += t.W[i]
                a[2] += t.P[i] / len(trees)
                a[3] += t.RN[i]
                a[4] += t.RW[i]
        moves = []
        for m, (n, wins, p, rn, rw) in agg.items():
            pt = None if m == 0 else Point(m // w - 1, m % w - 1)
            moves.append(MoveStats(pt, int(n), wins / n if n else 0.5, p, int(rn),
                                   rw / rn if rn else 0.5))
        moves.sort(key=lambda s: (-s.visits, -s.winrate))
        stats = np.sum([wk.stats for wk in self.workers], axis=0)
        named = {n: int(v) for n, v in zip(K.STAT_NAMES, stats, strict=True)}
        named.update(self.tree_stats())
        named.update(self._timing)
        return SearchResult(tuple(moves), named["playouts"] + named["terminal"], seconds,
                            named)

    def tree_stats(self) -> dict[str, int]:
        """The trees' memory and reclaims since the search was made: ``tree_nodes``
        (in use now), ``tree_capacity`` (of a pool), ``tree_bytes`` (both pools of
        every tree, the budget), ``reclaims``, ``reclaim_ms`` (in all) and
        ``reclaim_ms_max`` (the longest pause), ``nodes_dropped``."""
        sets = self._tree_sets
        cap = int(sets[0].tree.first.shape[0])
        return {
            "tree_nodes": sum(min(int(ts.tree.meta[T_USED]), cap) for ts in sets),
            "tree_capacity": cap,
            "tree_bytes": 2 * cap * self.config.node_bytes * len(sets),
            "reclaims": sum(ts.reclaims for ts in sets),
            "reclaim_ms": round(1000 * sum(ts.reclaim_seconds for ts in sets)),
            "reclaim_ms_max": round(1000 * max(ts.reclaim_max for ts in sets)),
            "nodes_dropped": sum(ts.nodes_dropped for ts in sets),
        }

    def ownership(self) -> np.ndarray:
        """Mean final owner of each point over the playouts of the trees since the
        root was set: ``(size, size)`` in [-1, 1], +1 Black."""
        w = self.size + 2
        total = np.sum([wk.x.own for wk in self.workers], axis=0)
        n = max(sum(int(wk.stats[K.S_PLAYOUTS] + wk.stats[K.S_TERMINAL])
                    for wk in self.workers), 1)
        return (total / n).reshape(w, w)[1:-1, 1:-1]

    def pv(self, max_len: int = 12) -> list[Point | None]:
        """Principal variation of the first tree: most visited child, repeatedly."""
        t = self.workers[0].tree
        w = self.size + 2
        out: list[Point | None] = []
        node = 0
        while len(out) < max_len and t.first[node] >= 0:
            f = int(t.first[node])
            kids = range(f, f + int(t.nch[node]))
            best = max(kids, key=lambda i: (t.N[i], t.W[i]))
            if t.N[best] <= 0:
                break
            m = int(t.move[best])
            out.append(None if m == 0 else Point(m // w - 1, m % w - 1))
            node = best
        return out

    def color(self) -> Color:
        """The player to move at the root."""
        return self.board.to_play
