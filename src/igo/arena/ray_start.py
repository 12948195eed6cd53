"""Every Ray start igo makes: on 127.0.0.1 only when the address is local.

:func:`start_ray` is the one place where igo (and its tests) start or join Ray. With no
address, or with an address on this machine (``127.0.0.1``, ``localhost``, ``::1``), it
applies the loopback recipe checked on Ray 2.60 (``../shared/ray-loopback.md``): every
Ray server binds 127.0.0.1, no process asks 8.8.8.8 for the machine's address, the
dashboard process does not probe cloud metadata endpoints and the usage-stats report
goes to a closed loopback port. With the address of another machine it joins that
cluster with Ray's own settings.

The recipe in code:

- environment, read by the driver at ``import ray`` and by every Ray process started
  (they copy the environment when they start): ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0``
  (node IP 127.0.0.1, never rewritten to the interface address), usage stats off and
  their report URL on loopback, ``RAY_AUTH_MODE=token``, ``HOME`` a fresh folder whose
  ``ray_bootstrap_config.yaml`` holds ``{}`` (this stops the metadata probe),
  ``RAY_TMPDIR`` the same short temporary folder (Unix socket paths are limited to 107
  bytes, and Ray's address file stays in it);
- ``_node_ip_address="127.0.0.1"`` and ``include_dashboard=False``;
- the driver's copy of the environment switch, ``ray_constants.ENABLE_RAY_CLUSTER``,
  which Ray computed when it was first imported (perhaps before igo was asked), is set
  for the duration of the start.

The user's environment is left as it was: the variables are set in ``os.environ`` only
while Ray is imported, started (the Ray processes inherit them then) and stopped, then
the previous values are put back (see :func:`_environment`). The driver keeps what it
needs from them: its node IP, and the authentication token that Ray's C++ loader read
and caches. Ray workers run with the temporary ``HOME``; ``PYTHONUSERBASE`` keeps the
user's site-packages visible to them. ``PYTHONBREAKPOINT``, which a connecting Ray driver
sets, is put back on close (``RAY_CLIENT_MODE=0``, set by ``import ray`` itself, stays).
A driver that joins a local cluster started elsewhere keeps the user's ``HOME`` and
``RAY_AUTH_MODE``: the cluster's token is wherever the user's environment says.

Ray 2.60 cannot join a second ``ray start`` node to a head on 127.0.0.1 (``ray start
--address`` aborts with the loopback setting); :func:`loopback_cluster` starts extra
nodes from Python instead (``ray.cluster_utils.Cluster``). Stopping only ever stops the
processes that this start created (never ``ray stop``, which kills every Ray process on
the machine by name).

Ray is imported only inside the functions of this module.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.util
import ipaddress
import os
import shutil
import site
import tempfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from igo.core.errors import IgoError

LOOPBACK = "127.0.0.1"
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
BOOTSTRAP_CONFIG = "ray_bootstrap_config.yaml"
CLUSTER_SWITCH = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
_RAY_INIT_QUIET: dict[str, Any] = {"log_to_driver": False, "configure_logging": False}


class RayAddressError(IgoError, ValueError):
    """A Ray cluster address that is not ``HOST:PORT``."""


class RayStartError(IgoError, RuntimeError):
    """Ray is not installed, or could not be started or joined."""


def parse_address(address: str) -> tuple[str, int]:
    """Split ``HOST:PORT`` (``[::1]:PORT`` for an IPv6 host) into host and port.

    Raises
    ------
    RayAddressError
        When ``address`` has no host, no port, or a port outside 1..65535.
    """
    host, sep, port_text = address.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not sep or not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise RayAddressError(f"Ray address {address!r}: expected HOST:PORT "
                              "(for instance 127.0.0.1:6379 or 10.0.0.5:6379)")
    return host, int(port_text)


def is_local_address(address: str) -> bool:
    """Whether ``address`` (``HOST:PORT``) names this machine's loopback interface."""
    host, _ = parse_address(address)
    if host in LOCAL_HOSTS:
        return True
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(host).is_loopback
    return False


@dataclass(frozen=True, slots=True)
class RayStart:
    """What :func:`start_ray` starts or joins.

    Parameters
    ----------
    address
        ``None``: start Ray here, on 127.0.0.1. ``HOST:PORT``: join that cluster (with
        the loopback settings when the host is this machine's loopback).
    num_cpus
        CPUs of each node started here (default: Ray counts the cores). Only without
        ``address``.
    nodes
        Nodes started here, all on 127.0.0.1; more than one starts a cluster of that
        many nodes on this machine. Only without ``address``.
    """

    address: str | None = None
    num_cpus: int | None = None
    nodes: int = 1

    def __post_init__(self) -> None:
        if self.address is not None:
            parse_address(self.address)
            if self.num_cpus is not None or self.nodes != 1:
                raise ValueError("num_cpus and nodes apply only to a Ray started here, "
                                 "not to a cluster joined at an address")
        if self.num_cpus is not None and self.num_cpus < 1:
            raise ValueError(f"num_cpus must be at least 1, got {self.num_cpus}")
        if self.nodes < 1:
            raise ValueError(f"nodes must be at least 1, got {self.nodes}")

    @property
    def local(self) -> bool:
        """Whether the loopback recipe applies (Ray started here, or a local address)."""
        return self.address is None or is_local_address(self.address)


@dataclass(slots=True)
class RaySession:
    """A started or joined Ray; :meth:`close` disconnects and stops what it started.

    ``address`` is the cluster's GCS address; ``temp_dir`` the folder of a start with the
    loopback recipe (removed on close), else ``None``.
    """

    address: str
    temp_dir: Path | None
    _env: dict[str, str] = field(default_factory=dict, repr=False)
    _stops: list[Callable[[], None]] = field(default_factory=list, repr=False)
    _closed: bool = field(default=False, repr=False)

    def on_close(self, stop: Callable[[], None]) -> None:
        """Call ``stop`` on :meth:`close` (the last one given runs first)."""
        self._stops.append(stop)

    def close(self) -> None:
        """Disconnect the driver, stop the nodes this session started, remove its
        temporary folder. Calling it again does nothing."""
        if self._closed:
            return
        self._closed = True
        with _environment(self._env):  # Ray reads RAY_TMPDIR while stopping
            for stop in reversed(self._stops):
                stop()
        if self.temp_dir is not None:
            shutil.rmtree(self.temp_dir, ignore_errors=True)

    def __enter__(self) -> RaySession:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


@contextlib.contextmanager
def _environment(values: Mapping[str, str]) -> Iterator[None]:
    """Set ``values`` in ``os.environ`` for the ``with`` block, then put back what was
    there before (a variable that was absent is removed again).

    Child processes started inside the block inherit the values; the rest of the user's
    process sees its own environment. ``os.environ`` is process-wide, so a thread that
    reads it meanwhile sees the values too.
    """
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, old in saved.items():
            _put_back(name, old)


@contextlib.contextmanager
def _cluster_switch(enabled: bool) -> Iterator[None]:
    """Set the driver's ``ray_constants.ENABLE_RAY_CLUSTER`` for the block.

    Ray reads ``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER`` once, when ``ray`` is first
    imported; ``services.get_node_ip_address`` then returns 127.0.0.1 when the
    constant is false and asks the default route (a UDP connect to 8.8.8.8) when it is
    true. Setting it here makes the start right even when ``ray`` was imported earlier.
    """
    from ray._private import ray_constants

    saved = ray_constants.ENABLE_RAY_CLUSTER
    ray_constants.ENABLE_RAY_CLUSTER = enabled
    try:
        yield
    finally:
        ray_constants.ENABLE_RAY_CLUSTER = saved


def _user_cluster_switch() -> bool:
    """The value Ray gives ``ENABLE_RAY_CLUSTER`` in the user's environment (Linux: on)."""
    text = os.environ.get(CLUSTER_SWITCH)
    if text is None:
        return True
    return text.strip().lower() in ("1", "true")


def loopback_environment(temp_dir: Path, *, joining: bool = False) -> dict[str, str]:
    """The environment of the loopback recipe for Ray processes started with
    ``temp_dir`` (a short folder; its ``home`` subfolder becomes ``HOME``).

    ``joining``: the driver joins a local cluster started elsewhere, so ``HOME`` and
    ``RAY_AUTH_MODE`` stay the user's (the cluster's token is found where the user's
    environment says: ``$HOME/.ray/auth_token``, ``RAY_AUTH_TOKEN_PATH`` or
    ``RAY_AUTH_TOKEN``).
    """
    env = {
        CLUSTER_SWITCH: "0",
        "RAY_USAGE_STATS_ENABLED": "0",
        "RAY_USAGE_STATS_REPORT_URL": f"http://{LOOPBACK}:9/",
        "RAY_TMPDIR": str(temp_dir),  # Ray's folder is then temp_dir/ray
    }
    if joining:
        return env
    home = temp_dir / "home"
    home.mkdir(exist_ok=True)
    (home / BOOTSTRAP_CONFIG).write_text("{}\n", encoding="utf-8")
    env.update({
        "RAY_AUTH_MODE": "token",
        "HOME": str(home),
        "PYTHONUSERBASE": os.environ.get("PYTHONUSERBASE") or site.getuserbase(),
    })
    return env


def _short_temp_dir() -> Path:
    """A new folder with a short path (``/tmp/igo-ray-`` and 8 random characters) for Ray's sockets;
    Ray's own folder is its subfolder ``ray``, as under Ray's default ``/tmp``."""
    base = "/tmp" if os.path.isdir("/tmp") else None
    temp_dir = Path(tempfile.mkdtemp(prefix="igo-ray-", dir=base))
    (temp_dir / "ray").mkdir()
    return temp_dir


def start_ray(start: RayStart | None = None) -> RaySession:
    """Start Ray here, or join a cluster; the only way igo starts Ray.

    Parameters
    ----------
    start
        What to start or join (default: one local node with as many CPUs as cores).

    Returns
    -------
    RaySession
        Close it (or use it as a context manager) to disconnect and to stop the
        processes it started, and only those.

    Raises
    ------
    RayStartError
        Ray is not installed, a Ray driver is already connected in this process, or
        Ray failed to start or to join.
    """
    start = start or RayStart()
    if importlib.util.find_spec("ray") is None:  # checked without importing it
        raise RayStartError("Ray is not installed: pip install 'igo[ray]'")
    if start.address is not None and not start.local:
        return _join_remote(start.address)
    return _start_local(start)


def _join_remote(address: str) -> RaySession:
    """Join the cluster at ``address`` on another machine, with Ray's own settings."""
    import ray

    session = RaySession(address, None)
    _prepare_driver(ray, session)
    with _start_errors(address), _cluster_switch(_user_cluster_switch()):
        ray.init(address=address, **_RAY_INIT_QUIET)
    session.on_close(ray.shutdown)
    return session


def _start_local(start: RayStart) -> RaySession:
    """Start or join Ray on 127.0.0.1 with the loopback recipe."""
    temp_dir = _short_temp_dir()
    env = loopback_environment(temp_dir, joining=start.address is not None)
    session = RaySession("", temp_dir, env)
    try:
        with _environment(env):  # set before `import ray`: Ray reads it at import
            import ray

            _prepare_driver(ray, session)
            with _start_errors(start.address or "a local Ray"), _cluster_switch(False):
                session.address = _start_nodes(ray, start, temp_dir / "ray", session)
    except BaseException:
        session.close()
        raise
    return session


def _prepare_driver(ray: Any, session: RaySession) -> None:
    """Refuse a second driver; make this one read ``RAY_AUTH_MODE`` and its token again
    from the environment of this start; put ``PYTHONBREAKPOINT`` back on close.

    Ray caches the authentication mode and token in C++ the first time it needs them,
    perhaps in an earlier session with another ``HOME``. They are reloaded before a
    start, never after a stop: a core-worker thread still draining may reload the token
    then (Ray's own test helper ``reset_auth_token_state`` makes the same two calls in
    this order). A connecting driver sets ``PYTHONBREAKPOINT`` and Ray leaves it set.
    """
    raylet: Any = importlib.import_module("ray._raylet")  # compiled: no type stubs

    if ray.is_initialized():
        raise RayStartError("a Ray driver is already connected in this process")
    raylet.Config.initialize("")
    raylet.AuthenticationTokenLoader.instance().reset_cache()
    session.on_close(functools.partial(_put_back, "PYTHONBREAKPOINT",
                                       os.environ.get("PYTHONBREAKPOINT")))


def _put_back(name: str, value: str | None) -> None:
    """Set ``os.environ[name]`` to ``value``, or remove it when ``value`` is ``None``."""
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value


@contextlib.contextmanager
def _start_errors(where: str) -> Iterator[None]:
    """Ray's failures to start or connect, as :class:`RayStartError`."""
    try:
        yield
    except RayStartError:
        raise
    except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
        raise RayStartError(f"Ray could not start or join {where}: {exc}") from exc


def _start_nodes(ray: Any, start: RayStart, ray_dir: Path, session: RaySession) -> str:
    """Start (or join) the local nodes of ``start`` and connect the driver; returns the
    GCS address. Each way to stop is given to ``session`` as soon as there is one."""
    if start.address is not None:
        ray.init(address=start.address, _node_ip_address=LOOPBACK, **_RAY_INIT_QUIET)
        session.on_close(ray.shutdown)
        return start.address
    if start.nodes == 1:
        info = ray.init(num_cpus=start.num_cpus, include_dashboard=False,
                        _node_ip_address=LOOPBACK, _temp_dir=str(ray_dir), **_RAY_INIT_QUIET)
        session.on_close(ray.shutdown)
        return str(info.address_info["gcs_address"])
    from ray._private.authentication.authentication_token_setup import (
        ensure_token_if_auth_enabled,
    )
    from ray.cluster_utils import Cluster

    # ray.init makes the token of a new cluster, Cluster does not: make it in HOME
    ensure_token_if_auth_enabled(None, create_token_if_missing=True)
    node: dict[str, Any] = {"node_ip_address": LOOPBACK, "num_cpus": start.num_cpus or 1}
    cluster = Cluster()
    session.on_close(cluster.shutdown)
    cluster.add_node(include_dashboard=False, temp_dir=str(ray_dir), **node)
    for _ in range(start.nodes - 1):
        cluster.add_node(**node)  # from Python: `ray start --address` cannot join
    cluster.wait_for_nodes()
    ray.init(address=cluster.address, _node_ip_address=LOOPBACK, **_RAY_INIT_QUIET)
    session.on_close(ray.shutdown)
    return str(cluster.address)


def loopback_cluster(nodes: int = 2, cpus_per_node: int = 1) -> RaySession:
    """A Ray cluster of ``nodes`` nodes on this machine, all on 127.0.0.1, with the
    driver connected (the multi-machine path, tried on one machine).

    The head is started with ``ray.cluster_utils.Cluster`` and the other nodes are added
    from Python (in Ray 2.60 a ``ray start`` node cannot join a head on 127.0.0.1).
    Closing the session stops exactly these nodes' processes.

    Raises
    ------
    RayStartError
        As :func:`start_ray`.
    """
    return start_ray(RayStart(num_cpus=cpus_per_node, nodes=nodes))
