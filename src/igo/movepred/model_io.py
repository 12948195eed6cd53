"""Model files: self-describing ``.npz`` archives, checked on loading.

A model file holds ``meta`` (UTF-8 JSON: format name and version, feature
configuration, pattern-key seed, group sizes, training summary), ``theta``,
``pattern_hashes`` and ``broad_keys``. No pickles. :func:`load_model` raises
:class:`ModelFileError` (a ``ValueError``) naming the file and what is wrong: not a
zip/npz, missing entries, another format or version, keys made with other seeds,
or arrays whose shapes do not match the declared layout.
"""

from __future__ import annotations

import json
import zipfile
from os import PathLike
from pathlib import Path
from typing import Any

import numpy as np

from igo.features.broad import BroadConfig
from igo.features.extract import FeatureConfig
from igo.features.patterns import KEY_SEED
from igo.movepred.model import MoveModel

FORMAT = "igo-movepred-model"
VERSION = 1
_ENTRIES = ("meta", "theta", "pattern_hashes", "broad_keys")


class ModelFileError(ValueError):
    """A model file that is missing, corrupt or of another kind."""


def _config_dict(cfg: FeatureConfig) -> dict[str, Any]:
    b = cfg.broad
    return {"groups": list(cfg.groups), "pattern_size": cfg.pattern_size,
            "pattern_threshold": cfg.pattern_threshold,
            "broad": {"a": b.a, "b": b.b, "c": b.c, "metric": b.metric,
                      "splits": [[s, list(x)] for s, x in b.splits],
                      "threshold": b.threshold}}


def _config_from(d: dict[str, Any]) -> FeatureConfig:
    b = d["broad"]
    broad = BroadConfig(a=float(b["a"]), b=float(b["b"]), c=int(b["c"]), metric=b["metric"],
                        splits=tuple((int(s), tuple(int(v) for v in x))
                                     for s, x in b["splits"]),
                        threshold=int(b["threshold"]))
    return FeatureConfig(groups=tuple(d["groups"]), pattern_size=int(d["pattern_size"]),
                         pattern_threshold=int(d["pattern_threshold"]), broad=broad)


def save_model(model: MoveModel, path: str | PathLike[str], compress: bool = True) -> None:
    """Write ``model`` to ``path`` (``.npz``, compressed unless ``compress`` is false).

    An uncompressed file is ~40 % larger (4.1 MB for the default 19x19 model's features,
    2.9 MB compressed) and loads 3–4 times faster (10–13 ms against 38–43 ms in
    ``benchmarks/bench_movepred.py``, the difference zlib):
    Sato & Takahashi's loop writes its hundreds of models so, since its workers load one for
    nearly every game."""
    meta = {"format": FORMAT, "version": VERSION, "key_seed": KEY_SEED,
            "config": _config_dict(model.config), "group_sizes": model.sizes,
            "n_params": model.n_params, "summary": model.summary}
    raw = np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8)
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    with open(tmp, "wb") as fh:
        write = np.savez_compressed if compress else np.savez
        write(fh, meta=raw, theta=model.theta,
              pattern_hashes=model.pattern_hashes, broad_keys=model.broad_keys)
    tmp.replace(p)


def load_model(path: str | PathLike[str]) -> MoveModel:
    """Read a model written by :func:`save_model`.

    Raises
    ------
    ModelFileError
        If the file is missing, corrupt, not a model file, or inconsistent.
    """
    p = Path(path)
    try:
        with np.load(p, allow_pickle=False) as z:
            missing = [k for k in _ENTRIES if k not in z.files]
            if missing:
                raise ModelFileError(f"{p}: not an igo move model (missing {missing})")
            arrays = {k: z[k] for k in _ENTRIES}
    except ModelFileError:
        raise
    except FileNotFoundError as exc:
        raise ModelFileError(f"{p}: no such model file") from exc
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError) as exc:
        raise ModelFileError(f"{p}: corrupt or not a model file ({exc})") from exc
    try:
        meta = json.loads(arrays["meta"].tobytes().decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ModelFileError(f"{p}: unreadable metadata ({exc})") from exc
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise ModelFileError(f"{p}: not an igo move model (format {meta.get('format')!r})"
                             if isinstance(meta, dict) else f"{p}: bad metadata")
    if meta.get("version") != VERSION:
        raise ModelFileError(f"{p}: model format version {meta.get('version')}, "
                             f"this igo reads version {VERSION}")
    if meta.get("key_seed") != KEY_SEED:
        raise ModelFileError(f"{p}: pattern hashes made with other keys")
    try:
        config = _config_from(meta["config"])
        model = MoveModel(config, arrays["pattern_hashes"], arrays["broad_keys"],
                          np.asarray(arrays["theta"], dtype=np.float64),
                          dict(meta.get("summary", {})))
    except (KeyError, TypeError, ValueError) as exc:
        raise ModelFileError(f"{p}: inconsistent model file ({exc})") from exc
    declared = meta.get("group_sizes")
    used = {g: model.sizes[g] for g in config.groups}
    if not isinstance(declared, dict) or any(declared.get(g) != n for g, n in used.items()):
        raise ModelFileError(f"{p}: group sizes {declared} do not match the feature "
                             f"layout of this igo ({used})")
    if not np.all(np.isfinite(model.theta)):
        raise ModelFileError(f"{p}: parameters are not finite")
    return model
