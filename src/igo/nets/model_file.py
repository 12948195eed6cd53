"""One self-describing file a policy network (as KataGo's checkpoints carry their config).

A model file is a ``torch.save`` of a dict: ``format`` (:data:`FORMAT`), ``version``,
``config`` (:class:`igo.nets.model.NetConfig` as a dict), ``state_dict`` (the weights)
and ``meta`` (how it was made: the command, the data, steps, hardware, its measured
top-1). It is read with ``weights_only=True``: no code runs from a file. A file that is
missing, damaged or of another kind raises :class:`NetFileError` with the reason.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

FORMAT = "igo-policy-net"
VERSION = 1


class NetFileError(ValueError):
    """A file that is not a readable igo policy network."""


def save_net(net: Any, path: str | Path, meta: dict[str, Any] | None = None,
             half: bool = False) -> None:
    """Write ``net`` (a :class:`igo.nets.model.PolicyNet`) to ``path`` atomically;
    ``half`` stores the weights as float16 (half the file; read back as float32)."""
    import torch

    state = {k: (v.detach().to("cpu").half() if half and v.is_floating_point()
                 else v.detach().to("cpu")) for k, v in net.state_dict().items()}
    blob = {"format": FORMAT, "version": VERSION, "config": net.config.as_dict(),
            "state_dict": state, "meta": dict(meta or {})}
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    torch.save(blob, tmp)
    tmp.replace(path)


def load_net(path: str | Path, device: str = "cpu") -> tuple[Any, dict[str, Any]]:
    """``(net, meta)`` of a model file, the net in eval mode on ``device``.

    Raises
    ------
    NetFileError
        If the file is missing, damaged, of another format or version, or its
        weights do not fit its configuration.
    """
    import torch

    from igo.nets.model import NetConfig, PolicyNet

    try:
        blob = torch.load(Path(path), map_location="cpu", weights_only=True)
    except FileNotFoundError as exc:
        raise NetFileError(f"{path}: no such model file") from exc
    except Exception as exc:  # torch raises many kinds on a damaged file
        raise NetFileError(f"{path}: not a readable model file ({exc})") from exc
    if not isinstance(blob, dict) or blob.get("format") != FORMAT:
        raise NetFileError(f"{path}: not an igo policy network")
    if blob.get("version") != VERSION:
        raise NetFileError(f"{path}: version {blob.get('version')}, expected {VERSION}")
    try:
        net = PolicyNet(NetConfig(**blob["config"]))
        net.load_state_dict({k: v.float() if v.is_floating_point() else v
                             for k, v in blob["state_dict"].items()})
    except (KeyError, TypeError, ValueError, RuntimeError) as exc:
        raise NetFileError(f"{path}: weights do not fit the network ({exc})") from exc
    net.eval()
    return net.to(device), dict(blob.get("meta", {}))
