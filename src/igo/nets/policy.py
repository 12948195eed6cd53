"""A policy network's move probabilities for a :class:`~igo.core.board.Board`, on the CPU.

:class:`NetPolicy` wraps a model file (:mod:`igo.nets.model_file`): the position is
encoded by the numba kernels of :mod:`igo.nets.encode`, the planes go through the net
(float32, in PyTorch, :mod:`igo.nets.torch_forward`, where it is installed, else in plain
numpy, :mod:`igo.nets.numpy_forward`: :func:`net_engine`), and the softmax runs over the
legal moves and the pass only, as the Bradley-Terry model's
:meth:`~igo.movepred.model.MoveModel.probabilities`.
Results are cached by position (stones, the side to move, the ko point and the last
moves, which are inputs of the net), so that a search or a review that asks twice pays
once. Thread-safe: one lock around the net, another around the cache, so that asking
the cache never waits for an evaluation.

The default net is ``src/igo/models/policy-19.pt`` (:func:`default_net_path`); without
the file, :func:`load_default_net` returns ``None`` and callers use the Bradley-Terry
model.
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from igo.core.board import Board
from igo.core.color import Color
from igo.nets.encode import Encoded, encode_board
from igo.nets.judgement import Judgement
from igo.nets.model_file import NetFileError

log = logging.getLogger(__name__)

MODELS_DIR = Path(__file__).resolve().parents[1] / "models"
#: The default net's file: trained on the 19x19 9-dan games, fully convolutional.
DEFAULT_NET = "policy-19.pt"


def default_net_path() -> Path:
    """Path of the committed default net (it may be absent in a stripped install)."""
    return MODELS_DIR / DEFAULT_NET


class NetForward(Protocol):
    """A net's forward pass in one engine (:class:`igo.nets.torch_forward.TorchPolicyNet`,
    :class:`igo.nets.numpy_forward.NumpyPolicyNet`): what :class:`NetPolicy` runs."""

    engine: str
    meta: dict[str, Any]

    @property
    def name(self) -> str: ...

    @property
    def has_heads(self) -> bool: ...

    @property
    def heads_komi(self) -> float: ...

    def judges(self, size: int) -> bool: ...

    def set_threads(self, threads: int) -> Any: ...

    def evaluate(self, positions: Sequence[Encoded]) -> np.ndarray: ...

    def judge_encoded(self, positions: Sequence[Encoded]) -> list[Judgement]: ...


class NetPolicy:
    """Move probabilities of a policy network (see the module docstring).

    Parameters
    ----------
    path
        A model file.
    cache_size
        Positions kept in the cache.
    threads
        The engine's threads for this process (``None`` leaves its setting alone;
        the search asks for one, so that the net and the search share the cores).
    engine
        ``"torch"`` or ``"numpy"``; ``None``: :func:`net_engine`'s choice.

    Raises
    ------
    ImportError
        If the engine asked for is PyTorch and PyTorch is not installed.
    igo.nets.model_file.NetFileError
        If the file is missing, damaged or not an igo policy network.
    """

    def __init__(self, path: str | Path, cache_size: int = 8192,
                 threads: int | None = None, engine: str | None = None) -> None:
        self.path = Path(path)
        self.engine = net_engine(engine)
        t0 = time.perf_counter()
        self._fw: NetForward = _forward(self.engine, self.path)
        log.info("net %s (%s) loaded in %s, %.2f s", self.path.name, self._fw.name,
                 self.engine, time.perf_counter() - t0)
        if threads is not None:
            self._fw.set_threads(threads)
        self.meta = self._fw.meta
        self._cache: OrderedDict[tuple[Any, ...], np.ndarray] = OrderedDict()
        self._judged: OrderedDict[tuple[Any, ...], Judgement] = OrderedDict()
        self._cache_size = cache_size
        # two locks: the cache's, held for microseconds (a search asks it between its
        # chunks of iterations), and the net's, held for a whole evaluation
        self._lock = threading.Lock()
        self._net_lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._pending: OrderedDict[tuple[Any, ...], tuple[Board, Color, bool]] = OrderedDict()
        self._worker: threading.Thread | None = None
        self._closed = False
        self.evaluations = 0
        self.failures = 0

    @property
    def net(self) -> Any:
        """The engine's net: a :class:`igo.nets.model.PolicyNet` (PyTorch), else the
        :class:`igo.nets.numpy_forward.NumpyPolicyNet` itself."""
        return getattr(self._fw, "net", self._fw)

    @property
    def name(self) -> str:
        """``b10c128`` and the like."""
        return str(self._fw.name)

    @property
    def has_heads(self) -> bool:
        """True if the net judges positions (value, score, ownership: :meth:`judge`)."""
        return bool(self._fw.has_heads)

    @property
    def heads_komi(self) -> float:
        """The komi of the games the heads learned from (model meta, else 6.5)."""
        return float(self._fw.heads_komi)

    def judges(self, size: int) -> bool:
        """True if the heads judge ``size`` boards: the net has heads and learned them
        on that size (:func:`igo.nets.judgement.heads_sizes`)."""
        return bool(self._fw.judges(size))

    def set_threads(self, threads: int) -> None:
        """The engine's threads in this process (PyTorch's, or numpy's BLAS)."""
        self._fw.set_threads(threads)

    def judge(self, board: Board, color: Color, encoded: Encoded | None = None) -> Judgement:
        """The heads' judgement of ``board`` with ``color`` to move (cached by position;
        the move probabilities come with it and fill :meth:`probabilities`' cache).

        Raises
        ------
        ValueError
            If the net has no heads (:attr:`has_heads`).
        """
        key = self.key(board, color)
        with self._lock:
            hit = _recall(self._judged, key)
        if hit is not None:
            return hit
        enc = encoded if encoded is not None else encode_board(board, color)
        out = self.judge_encoded([enc])[0]
        with self._lock:
            _keep(self._judged, key, out, self._cache_size)
            _keep(self._cache, key, out.policy, self._cache_size)
        return out

    def judge_encoded(self, positions: Sequence[Encoded]) -> list[Judgement]:
        """:meth:`judge` of encoded positions of one size (no cache), in one batch (the
        engine raises ``ValueError`` for a net without heads)."""
        with self._net_lock:
            out = self._fw.judge_encoded(positions)
            self.evaluations += len(positions)
        return out

    @staticmethod
    def key(board: Board, color: Color) -> tuple[Any, ...]:
        """What the net's answer depends on: the stones, the side to move, the ko
        point and the last four moves."""
        last = tuple(mv.point for mv in board.history[-4:])
        return (board.size, board.hash, int(color), board.ko_point, last)

    def probabilities(self, board: Board, color: Color,
                      encoded: Encoded | None = None) -> np.ndarray:
        """``(size*size + 1,)`` probabilities (row-major points, then pass; 0 on
        illegal points, superko aside); ``encoded`` is the position as
        :func:`~igo.nets.encode.encode_board` gives it, when the caller has it already."""
        key = self.key(board, color)
        with self._lock:
            hit = _recall(self._cache, key)
        if hit is not None:
            return hit
        out = self.evaluate([encoded if encoded is not None else encode_board(board, color)])[0]
        with self._lock:
            _keep(self._cache, key, out, self._cache_size)
        return out

    def cached(self, board: Board, color: Color) -> np.ndarray | None:
        """The probabilities if this position was evaluated already (no evaluation)."""
        return self.cached_key(self.key(board, color))

    def cached_key(self, key: tuple[Any, ...]) -> np.ndarray | None:
        """:meth:`cached` by a :meth:`key`."""
        with self._lock:
            return self._cache.get(key)

    def cached_judgement(self, key: tuple[Any, ...]) -> Judgement | None:
        """The heads' judgement of the position of a :meth:`key`, if it was judged
        already (no evaluation)."""
        with self._lock:
            return self._judged.get(key)

    def request(self, board: Board, color: Color, judge: bool = False) -> None:
        """Evaluate the position in the background (one daemon thread a net, started
        at the first request): :meth:`cached` answers once it is done, and with
        ``judge`` (a net whose heads judge the board's size) :meth:`cached_judgement`
        too. Requests made while the thread is busy wait, the latest first; a queue past
        64 drops its oldest."""
        key = self.key(board, color)
        judge = judge and self.judges(board.size)
        with self._lock:
            if key in self._judged or key in self._pending or (
                    not judge and key in self._cache):
                return
            self._pending[key] = (board.copy(), color, judge)
            while len(self._pending) > 64:
                self._pending.popitem(last=False)
            if self._worker is None:
                self._worker = threading.Thread(target=self._serve, daemon=True,
                                                name=f"net-{self.name}")
                self._worker.start()
            self._wake.notify()

    def close(self) -> None:
        """Stop the evaluation thread (it ends after the position in hand)."""
        with self._lock:
            self._closed = True
            self._wake.notify_all()
            worker = self._worker
        if worker is not None:
            worker.join(timeout=5.0)

    def _serve(self) -> None:
        while True:
            with self._lock:
                while not self._pending and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
                _, (board, color, judge) = self._pending.popitem(last=True)
            try:
                if judge:
                    self.judge(board, color)
                else:
                    self.probabilities(board, color)
            except Exception:  # a position the net cannot take: never stop the service
                with self._lock:
                    self.failures += 1

    def evaluate(self, positions: Sequence[Encoded]) -> np.ndarray:
        """Probabilities ``(n, size*size + 1)`` of encoded positions of one size."""
        with self._net_lock:
            out = self._fw.evaluate(positions)
            self.evaluations += len(positions)
        return out


def _recall(cache: OrderedDict[Any, Any], key: Any) -> Any:
    """``cache[key]`` made the most recent, or ``None`` (the caller holds the lock)."""
    hit = cache.get(key)
    if hit is not None:
        cache.move_to_end(key)
    return hit


def _keep(cache: OrderedDict[Any, Any], key: Any, value: Any, size: int) -> None:
    """Store ``value`` under ``key``, dropping the oldest past ``size`` entries."""
    cache[key] = value
    while len(cache) > size:
        cache.popitem(last=False)


#: The engines that run a net: PyTorch (the ``torch`` extra, which also trains) and plain
#: numpy (every install: :mod:`igo.nets.numpy_forward`).
ENGINES = ("torch", "numpy")
#: The environment variable that names the engine (:func:`net_engine`).
ENGINE_ENV = "IGO_NET_ENGINE"


def net_engine(asked: str | None = None) -> str:
    """The engine that runs nets: ``asked``, else the ``IGO_NET_ENGINE`` environment
    variable, else PyTorch where it is installed and numpy otherwise (so a plain install
    plays with the net too; the two agree within 1e-5, ``tests/nets/test_numpy_forward.py``,
    and run at about the same speed on one core, ``results/net-backends.json``).

    Raises
    ------
    ValueError
        If the name is not one of :data:`ENGINES`.
    ImportError
        If PyTorch is asked for and is not installed.
    """
    import importlib.util
    import os

    name = (asked or os.environ.get(ENGINE_ENV, "") or "").strip().lower()
    has_torch = importlib.util.find_spec("torch") is not None
    if not name or name == "auto":
        return "torch" if has_torch else "numpy"
    if name not in ENGINES:
        where = "the caller" if asked else ENGINE_ENV
        raise ValueError(f"unknown net engine {name!r} (from {where}); "
                         f"expected one of {', '.join(ENGINES)}")
    if name == "torch" and not has_torch:
        raise ImportError("the net engine 'torch' was asked for and PyTorch is not installed")
    return name


def _forward(engine: str, path: Path) -> NetForward:
    """The forward pass of ``engine`` on the model file ``path``."""
    if engine == "numpy":
        from igo.nets.numpy_forward import NumpyPolicyNet

        return NumpyPolicyNet(path)
    from igo.nets.torch_forward import TorchPolicyNet

    return TorchPolicyNet(path)


def load_net_policy(spec: str) -> NetPolicy:
    """The net of ``spec`` (``default`` for igo's, else a model file), loaded once a
    process (searches share it, its cache and its evaluation thread).

    The engine is :func:`net_engine`'s (PyTorch where it is installed, else numpy).

    Raises
    ------
    igo.nets.model_file.NetFileError
        If the file is missing or not a policy net.
    ImportError
        If ``IGO_NET_ENGINE`` asks for PyTorch and it is not installed.
    ValueError
        If ``IGO_NET_ENGINE`` names no engine.
    """
    path = net_path(spec)
    engine = net_engine()
    with _DEFAULT_LOCK:
        net = _LOADED.get((str(path), engine))
        if net is None:
            net = _LOADED[(str(path), engine)] = NetPolicy(path, engine=engine)
        return net


def net_path(spec: str) -> Path:
    """The model file of ``spec``: igo's default net for ``default``, a file of igo's
    models folder by its bare name (when no such file is in the working folder), else
    the file named."""
    if spec == "default":
        return default_net_path()
    given = Path(spec)
    if given.parent == Path(".") and not given.exists() and (MODELS_DIR / spec).is_file():
        return MODELS_DIR / spec
    return given.resolve()


def net_spec(path: str | Path) -> str:
    """How a file that records its net (a strength model) names a net file: the bare
    name of one of igo's nets, which :func:`net_path` finds in any install, else its
    absolute path."""
    resolved = Path(path).resolve()
    return resolved.name if resolved.parent == MODELS_DIR.resolve() else str(resolved)


_LOADED: dict[tuple[str, str], NetPolicy] = {}


class NetLoad:
    """A net loading on a thread of its own (:func:`load_net_policy_async`), so that
    a search starts on the move model's priors instead of waiting for the engine and the
    file (about 1.5 s with PyTorch on an idle core of this machine, 0.05 s with numpy;
    tens of seconds on a loaded one).

    :meth:`net` answers without waiting: the net once it is loaded, else ``None``;
    :attr:`error` holds what stopped a load that failed (no PyTorch, a missing or
    damaged file); :meth:`wait` waits for the load and raises that error.
    """

    def __init__(self, spec: str, threads: int | None = None,
                 net: NetPolicy | None = None) -> None:
        self.spec = spec
        self.threads = threads
        self.error: ImportError | NetFileError | None = None
        self._net: NetPolicy | None = None
        self._done = threading.Event()
        if net is not None:  # loaded already
            self._ready(net)
            return
        threading.Thread(target=self._load, daemon=True, name=f"load-net-{spec}").start()

    def _ready(self, net: NetPolicy) -> None:
        if self.threads is not None:
            net.set_threads(self.threads)
        self._net = net
        self._done.set()

    def _load(self) -> None:
        try:
            self._ready(load_net_policy(self.spec))
        except (ImportError, NetFileError) as exc:
            self.error = exc
        except Exception as exc:  # whatever else stops a load is said, not lost with the thread
            self.error = NetFileError(f"{self.spec}: the net could not be loaded ({exc!r})")
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        """True once the load has ended (loaded or failed)."""
        return self._done.is_set()

    def wait_done(self, timeout: float | None = None) -> bool:
        """Wait for the load to end, loaded or failed; False after ``timeout``."""
        return self._done.wait(timeout)

    def net(self) -> NetPolicy | None:
        """The net if it is loaded (never waits)."""
        return self._net if self._done.is_set() else None


def load_net_policy_async(spec: str, threads: int | None = None) -> NetLoad:
    """The net of ``spec`` as :func:`load_net_policy` gives it, loaded on a thread of
    its own: a :class:`NetLoad`, shared by every caller that asks for the same file
    (one load a process and engine; one that failed stays failed). ``threads`` sets the
    engine's threads once the net is there (the search asks for one: the net's thread
    beside the search's).

    Raises
    ------
    ImportError, NetFileError
        At once, without importing PyTorch, if ``IGO_NET_ENGINE`` asks for PyTorch and it
        is not installed, or if the file is not there (a damaged file is found by the
        load: :attr:`NetLoad.error`).
    ValueError
        If ``IGO_NET_ENGINE`` names no engine.
    """
    engine = net_engine()
    path = net_path(spec)
    if not path.is_file():
        raise NetFileError(f"{path}: no such model file")
    key = (str(path), engine)
    with _LOADING_LOCK:  # not _DEFAULT_LOCK, which a load holds while it imports and reads
        load = _LOADING.get(key)
        if load is None:
            load = _LOADING[key] = NetLoad(spec, threads, _LOADED.get(key))
    return load


_LOADING: dict[tuple[str, str], NetLoad] = {}
_LOADING_LOCK = threading.Lock()


_EXIT_WAIT_S = 60.0  # the longest a process that ends waits for a net's load in hand


@atexit.register
def _close_all() -> None:
    """Let the loads in hand end, then stop the evaluation threads, before the
    interpreter goes: a thread stopped inside PyTorch (its import too) aborts the
    process ("terminate called without an active exception", exit status -6), as
    ``igo gtp`` did when its input closed while the net still loaded."""
    with _LOADING_LOCK:
        loads = list(_LOADING.values())
    for load in loads:
        if not load.wait_done(_EXIT_WAIT_S):
            log.warning("the net %s is still loading after %.0f s: exiting anyway",
                        load.spec, _EXIT_WAIT_S)
    for net in list(_LOADED.values()):
        net.close()


_DEFAULT_LOCK = threading.Lock()


def load_default_net() -> NetPolicy | None:
    """The default net (loaded once per process), or ``None`` when the model file is
    missing or damaged, or ``IGO_NET_ENGINE`` asks for PyTorch where it is missing
    (callers then use the Bradley-Terry model; a damaged file is said once on the log)."""
    if not default_net_path().is_file():
        return None
    try:
        return load_net_policy("default")
    except ImportError:
        return None
    except NetFileError as exc:
        log.warning("the default policy net cannot be used, the move model is: %s", exc)
        return None
