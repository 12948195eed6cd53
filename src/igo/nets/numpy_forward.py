"""The policy network's forward pass in plain numpy: a net without PyTorch (issue 63).

:func:`read_model_file` reads a model file (:mod:`igo.nets.model_file`, a
``torch.save`` zip) without importing PyTorch: a restricted unpickler that knows only
``collections.OrderedDict``, ``torch._utils._rebuild_tensor_v2`` and the storage types,
so no code runs from a file (as ``weights_only=True``). :class:`NumpyPolicyNet` runs
the net of :class:`igo.nets.model.PolicyNet` on it: batch norm folded into the
convolutions, activations channels-last ``(B, size, size, C)``, each 3x3 convolution one
matrix product of the nine shifted boards (im2col) by the weights, float32 throughout.
Its logits match PyTorch's within 1e-4 (``tests/nets/test_numpy_forward.py``).

A file whose net has heads (``config["value_channels"] > 0``) is read with them:
:meth:`NumpyPolicyNet.judge` runs the value tower, the value convolution, the ownership
convolution and the pooled value and score layers of :meth:`igo.nets.model.PolicyNet.heads`
on the same trunk, and :meth:`NumpyPolicyNet.judge_encoded` gives the
:class:`~igo.nets.judgement.Judgement` s of :meth:`igo.nets.policy.NetPolicy.judge_encoded`
(within 1e-4, ``tests/nets/test_heads.py``). :meth:`NumpyPolicyNet.logits` does not
run the heads.

:func:`planes_np` and :meth:`NumpyPolicyNet.evaluate` are numpy twins of
:func:`igo.nets.encode.planes` and :meth:`igo.nets.policy.NetPolicy.evaluate`.
"""

from __future__ import annotations

import pickle
import zipfile
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from igo.core.color import Color
from igo.nets.encode import N_PLANES, Encoded, fill_planes, stack
from igo.nets.judgement import Judgement, heads_sizes, judgements, komi_of_heads
from igo.nets.model_file import FORMAT, VERSION, NetFileError

#: Logit given to illegal moves, as :data:`igo.nets.model.MASKED`.
MASKED = -1.0e4
_BN_EPS = 1e-5  # torch.nn.BatchNorm2d's default
#: Scale of the score head's output, as :data:`igo.nets.model.SCORE_SCALE`.
SCORE_SCALE = 20.0
#: Board points a matrix product takes at most (whole boards; at least one): beyond
#: ~700, 16 boards of 19x19 in one product ran ~25 % slower a board than one at a time
#: (one core of this machine: 31.5 against 40.9 evaluations a second).
_ROWS = 700

_STORAGES = {"HalfStorage": np.float16, "FloatStorage": np.float32,
             "DoubleStorage": np.float64, "LongStorage": np.int64,
             "IntStorage": np.int32, "ShortStorage": np.int16, "CharStorage": np.int8,
             "ByteStorage": np.uint8, "BoolStorage": np.bool_}


class _Storage:
    def __init__(self, dtype: Any) -> None:
        self.dtype = dtype


def _rebuild_tensor_v2(storage: np.ndarray, offset: int, size: tuple[int, ...],
                       stride: tuple[int, ...], *_: Any) -> np.ndarray:
    if not size:
        return storage[offset].copy()
    item = storage.itemsize
    return np.lib.stride_tricks.as_strided(
        storage[offset:], shape=tuple(size), strides=tuple(s * item for s in stride)).copy()


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: Any, zf: zipfile.ZipFile, prefix: str) -> None:
        super().__init__(file)
        self._zf = zf
        self._prefix = prefix

    def find_class(self, module: str, name: str) -> Any:
        if module == "collections" and name == "OrderedDict":
            return OrderedDict
        if module == "torch._utils" and name == "_rebuild_tensor_v2":
            return _rebuild_tensor_v2
        if module == "torch" and name in _STORAGES:
            return _Storage(_STORAGES[name])
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a model file")

    def persistent_load(self, pid: Any) -> np.ndarray:
        _, kind, key, _location, _numel = pid
        raw = self._zf.read(f"{self._prefix}data/{key}")
        return np.frombuffer(raw, dtype=np.dtype(kind.dtype).newbyteorder("<"))


def read_model_file(path: str | Path) -> dict[str, Any]:
    """The dict of a model file (``format``, ``version``, ``config``, ``state_dict`` of
    numpy arrays, ``meta``), read without PyTorch.

    Raises
    ------
    NetFileError
        If the file is missing, damaged or not an igo policy network of this version.
    """
    try:
        with zipfile.ZipFile(Path(path)) as zf:
            pkl = [n for n in zf.namelist() if n.endswith("data.pkl")]
            if len(pkl) != 1:
                raise NetFileError(f"{path}: not a readable model file (no data.pkl)")
            prefix = pkl[0][: -len("data.pkl")]
            order = zf.read(f"{prefix}byteorder").decode() if f"{prefix}byteorder" in \
                zf.namelist() else "little"
            if order != "little":
                raise NetFileError(f"{path}: big-endian model files are not read")
            with zf.open(pkl[0]) as fh:
                blob = _Unpickler(fh, zf, prefix).load()
    except FileNotFoundError as exc:
        raise NetFileError(f"{path}: no such model file") from exc
    except NetFileError:
        raise
    except Exception as exc:
        raise NetFileError(f"{path}: not a readable model file ({exc})") from exc
    if not isinstance(blob, dict) or blob.get("format") != FORMAT:
        raise NetFileError(f"{path}: not an igo policy network")
    if blob.get("version") != VERSION:
        raise NetFileError(f"{path}: version {blob.get('version')}, expected {VERSION}")
    return blob


#: The thread setters of the OpenBLAS builds that numpy's wheels bundle (scipy-openblas,
#: 64-bit and 32-bit integers) and of a system OpenBLAS.
_BLAS_SETTERS = ("scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads",
                 "openblas_set_num_threads64_", "openblas_set_num_threads")


def set_blas_threads(threads: int) -> bool:
    """Set the threads of the OpenBLAS that numpy runs on, as ``torch.set_num_threads``
    does for PyTorch (the search asks the net for one thread, beside its own: OpenBLAS
    takes every core by default, and its threads spin while they wait). Returns False
    where numpy's BLAS is not an OpenBLAS found here (its threads are then left alone)."""
    import ctypes
    import ctypes.util
    import glob
    import os

    root = os.path.dirname(np.__file__)
    libs = sorted(glob.glob(os.path.join(root, "..", "numpy.libs", "*openblas*"))
                  + glob.glob(os.path.join(root, ".libs", "*openblas*")))
    system = ctypes.util.find_library("openblas")
    for lib in libs + ([system] if system else []):
        try:
            dll = ctypes.CDLL(lib)
        except OSError:
            continue
        for name in _BLAS_SETTERS:
            setter = getattr(dll, name, None)
            if setter is not None:
                setter(max(1, int(threads)))
                return True
    return False


def _fold(state: dict[str, np.ndarray], conv: str, bn: str) -> tuple[np.ndarray, np.ndarray]:
    """Weights ``(k*k*Cin, Cout)`` (rows in (dy, dx, c) order) and bias of a convolution
    without bias followed by a batch norm, the two folded into one."""
    w = state[f"{conv}.weight"].astype(np.float64)
    scale = state[f"{bn}.weight"] / np.sqrt(state[f"{bn}.running_var"] + _BN_EPS)
    bias = state[f"{bn}.bias"] - state[f"{bn}.running_mean"] * scale
    w = w * scale[:, None, None, None]
    cout, cin, kh, kw = w.shape
    mat = w.transpose(2, 3, 1, 0).reshape(kh * kw * cin, cout)
    return np.ascontiguousarray(mat, np.float32), bias.astype(np.float32)


def _conv3(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """3x3 convolution, zero padding, of channels-last ``x`` ``(B, S, S, C)``."""
    bsz, s, _, c = x.shape
    xp = np.zeros((bsz, s + 2, s + 2, c), np.float32)
    xp[:, 1:-1, 1:-1] = x
    cols = np.empty((bsz, s, s, 9 * c), np.float32)
    k = 0
    for dy in range(3):
        for dx in range(3):
            cols[..., k * c:(k + 1) * c] = xp[:, dy:dy + s, dx:dx + s]
            k += 1
    out = cols.reshape(-1, 9 * c) @ w
    out += b
    return out.reshape(bsz, s, s, -1)


class NumpyPolicyNet:
    """The policy net of a model file, run in numpy (see the module docstring)."""

    engine = "numpy"

    def __init__(self, path: str | Path) -> None:
        blob = read_model_file(path)
        self.path = Path(path)
        self.config = dict(blob["config"])
        self.meta = dict(blob.get("meta", {}))
        st = {k: np.asarray(v, np.float32) for k, v in blob["state_dict"].items()
              if not k.endswith("num_batches_tracked")}
        try:
            self.stem = _fold(st, "stem.0", "stem.1")
            self.blocks = [(_fold(st, f"tower.{i}.c1", f"tower.{i}.b1"),
                            _fold(st, f"tower.{i}.c2", f"tower.{i}.b2"))
                           for i in range(int(self.config["blocks"]))]
            self.head1 = _fold(st, "head.0", "head.1")
            self.head2 = (np.ascontiguousarray(st["head.3.weight"].reshape(1, -1).T),
                          st["head.3.bias"].copy())
            self.pass_w = np.ascontiguousarray(st["pass_logit.weight"].T)
            self.pass_b = st["pass_logit.bias"].copy()
            self.heads = _Heads(st, self.config) if self.has_heads else None
        except KeyError as exc:
            raise NetFileError(f"{path}: weights do not fit the network (no {exc})") from exc
        if self.stem[0].shape[0] != 9 * N_PLANES:
            raise NetFileError(f"{path}: the net takes {self.stem[0].shape[0] // 9} planes, "
                               f"igo encodes {N_PLANES}")

    @property
    def name(self) -> str:
        """``b10c128`` and the like."""
        return f"b{self.config['blocks']}c{self.config['channels']}"

    @property
    def has_heads(self) -> bool:
        """True if the net judges positions (value, score, ownership: :meth:`judge`)."""
        return int(self.config.get("value_channels", 0)) > 0

    @property
    def heads_komi(self) -> float:
        """The komi of the games the heads learned from (model meta, else 6.5)."""
        return komi_of_heads(self.meta)

    def judges(self, size: int) -> bool:
        """True if the heads judge ``size`` boards (:meth:`igo.nets.policy.NetPolicy.judges`)."""
        return self.has_heads and size in heads_sizes(self.meta)

    @staticmethod
    def set_threads(threads: int) -> bool:
        """The BLAS threads of this process (:func:`set_blas_threads`)."""
        return set_blas_threads(threads)

    def trunk(self, x: np.ndarray) -> np.ndarray:
        """The tower's output, channels-last ``(B, size, size, channels)``, of input
        planes ``(B, planes, size, size)`` (one product for the whole batch)."""
        h = np.ascontiguousarray(x.transpose(0, 2, 3, 1), np.float32)
        h = np.maximum(_conv3(h, *self.stem), 0.0)
        return _tower(h, self.blocks)

    def logits(self, x: np.ndarray) -> np.ndarray:
        """Logits ``(B, size*size + 1)`` of input planes ``(B, planes, size, size)``
        (PyTorch's layout; the last logit: pass)."""
        bsz, _, s, _ = x.shape
        step = max(1, _ROWS // (s * s))
        if bsz > step:  # a few boards at a time: the im2col buffer stays in the cache
            return np.concatenate([self.logits(x[i:i + step]) for i in range(0, bsz, step)])
        return self._policy(self.trunk(x))

    def judge(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``(move logits (B, size*size + 1), value logit (B,), score (B,) in points,
        ownership (B, size*size) in [-1, 1])`` of input planes, for the player to move,
        as :meth:`igo.nets.model.PolicyNet.judge` gives them.

        Raises
        ------
        ValueError
            If the net has no heads (:attr:`has_heads`).
        """
        if self.heads is None:
            raise ValueError(f"the net {self.path.name} has no value heads")
        bsz, _, s, _ = x.shape
        step = max(1, _ROWS // (s * s))
        if bsz > step:
            parts = [self.judge(x[i:i + step]) for i in range(0, bsz, step)]
            return (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]),
                    np.concatenate([p[2] for p in parts]), np.concatenate([p[3] for p in parts]))
        h = np.ascontiguousarray(x.transpose(0, 2, 3, 1), np.float32)
        h = np.maximum(_conv3(h, *self.stem), 0.0)
        cut = len(self.blocks) - int(self.config.get("value_skip", 0))
        h = _tower(h, self.blocks[:cut])
        return (self._policy(_tower(h, self.blocks[cut:])), *self.heads(h))

    def _policy(self, h: np.ndarray) -> np.ndarray:
        """Move logits of the tower's output ``h`` (channels-last)."""
        bsz, s = h.shape[0], h.shape[1]
        flat = h.reshape(bsz * s * s, -1)
        w, b = self.head1
        hd = np.maximum(flat @ w + b, 0.0)
        board = (hd @ self.head2[0] + self.head2[1]).reshape(bsz, s * s)
        passing = h.mean(axis=(1, 2)) @ self.pass_w + self.pass_b
        return np.concatenate([board, passing], axis=1)

    def evaluate(self, positions: Sequence[Encoded]) -> np.ndarray:
        """Probabilities ``(n, size*size + 1)`` of encoded positions of one size, as
        :meth:`igo.nets.policy.NetPolicy.evaluate` gives them."""
        size = positions[0].size
        st, mv, hist, tm = stack(positions)
        return _masked_softmax(self.logits(planes_np(st, mv, hist, tm, size)), mv)

    def judge_encoded(self, positions: Sequence[Encoded]) -> list[Judgement]:
        """The heads' judgements (Black's view) of encoded positions of one size, in one
        batch, as :meth:`igo.nets.policy.NetPolicy.judge_encoded` gives them.

        Raises
        ------
        ValueError
            If the net has no heads (:attr:`has_heads`).
        """
        if not self.has_heads:
            raise ValueError(f"the net {self.path.name} has no value heads")
        size = positions[0].size
        st, mv, hist, tm = stack(positions)
        raw, v, score, own = self.judge(planes_np(st, mv, hist, tm, size))
        probs = _masked_softmax(raw, mv)
        win = np.exp(-np.logaddexp(0.0, -v.astype(np.float64)))  # sigmoid, no overflow
        return judgements(probs, win, score.astype(np.float64), own.astype(np.float64),
                          tm, size, self.heads_komi)


class _Heads:
    """The value, score and ownership heads of :class:`igo.nets.model.PolicyNet`, folded."""

    def __init__(self, st: dict[str, np.ndarray], config: dict[str, Any]) -> None:
        self.blocks = [(_fold(st, f"value_tower.{i}.c1", f"value_tower.{i}.b1"),
                        _fold(st, f"value_tower.{i}.c2", f"value_tower.{i}.b2"))
                       for i in range(int(config.get("value_blocks", 0)))]
        self.conv = _fold(st, "value_conv.0", "value_conv.1")
        self.own_w = np.ascontiguousarray(st["ownership.weight"].reshape(1, -1).T)
        self.own_b = st["ownership.bias"].copy()
        self.fc1 = (np.ascontiguousarray(st["value_fc.0.weight"].T), st["value_fc.0.bias"].copy())
        self.fc2 = (np.ascontiguousarray(st["value_fc.2.weight"].T), st["value_fc.2.bias"].copy())

    def __call__(self, h: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(value logit (B,), score (B,), ownership (B, size*size))`` of the tower's
        output ``h`` (channels-last)."""
        bsz, s = h.shape[0], h.shape[1]
        h = _tower(h, self.blocks)
        w, b = self.conv
        v = np.maximum(h.reshape(bsz * s * s, -1) @ w + b, 0.0)
        own = np.tanh((v @ self.own_w + self.own_b).reshape(bsz, s * s))
        v = v.reshape(bsz, s * s, -1)
        mean = v.mean(axis=1)
        pooled = np.concatenate([mean, mean * np.float32((s - 14.0) / 10.0), v.max(axis=1)],
                                axis=1)
        hid = np.maximum(pooled @ self.fc1[0] + self.fc1[1], 0.0)
        out = hid @ self.fc2[0] + self.fc2[1]
        return out[:, 0], out[:, 1] * np.float32(SCORE_SCALE), own


def _tower(h: np.ndarray, blocks: list[tuple[tuple[np.ndarray, np.ndarray],
                                             tuple[np.ndarray, np.ndarray]]]) -> np.ndarray:
    """Residual blocks (folded) over channels-last ``h``."""
    for (w1, b1), (w2, b2) in blocks:
        y = np.maximum(_conv3(h, w1, b1), 0.0)
        y = _conv3(y, w2, b2)
        y += h
        h = np.maximum(y, 0.0)
    return h


def _masked_softmax(raw: np.ndarray, moves: np.ndarray) -> np.ndarray:
    """Probabilities (float64) of logits ``raw`` over the legal points (``moves > 0``)
    and the pass, as :func:`igo.nets.model.masked_logits` and a softmax give them."""
    legal = np.concatenate([moves > 0, np.ones((len(moves), 1), bool)], axis=1)
    lg = np.where(legal, raw, np.float32(MASKED))
    lg -= lg.max(axis=1, keepdims=True)
    e = np.exp(lg)
    return (e / e.sum(axis=1, keepdims=True)).astype(np.float64)


def planes_np(stones: np.ndarray, moves: np.ndarray, hist: np.ndarray,
              to_move: np.ndarray, size: int) -> np.ndarray:
    """Input planes ``(B, N_PLANES, size, size)`` float32 of encoded positions: the
    numpy twin of :func:`igo.nets.encode.planes`."""
    b, n2 = stones.shape
    out = np.zeros((b, N_PLANES, n2), np.float32)
    black = (to_move == int(Color.BLACK)).astype(np.float32)[:, None]
    fill_planes(out, stones.astype(np.int64), moves.astype(np.int64),
                hist.astype(np.int64), black)
    return out.reshape(b, N_PLANES, size, size)
