"""Ray starts on 127.0.0.1 only: addresses, the loopback environment and its restoring,
and, from the operating system's view (``/proc``), every socket of the Ray processes a
start created; a two-node cluster on one machine, stopped process by process."""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from igo.arena.ray_start import (
    BOOTSTRAP_CONFIG,
    RayAddressError,
    RaySession,
    RayStart,
    _environment,
    is_local_address,
    loopback_cluster,
    loopback_environment,
    parse_address,
    start_ray,
)
from processes import HAS_PROC, PROC, descendants, wait_gone

#: The variables of the recipe, and the one a connecting Ray driver sets.
WATCHED = ("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "RAY_USAGE_STATS_ENABLED",
           "RAY_USAGE_STATS_REPORT_URL", "RAY_AUTH_MODE", "RAY_TMPDIR", "HOME",
           "PYTHONUSERBASE", "PYTHONBREAKPOINT")
needs_proc = pytest.mark.skipif(not HAS_PROC, reason="needs Linux /proc")


# --- sockets from /proc --------------------------------------------------------------

def decode_address(hex_address: str) -> tuple[ipaddress.IPv4Address | ipaddress.IPv6Address,
                                              int]:
    """``0100007F:1F90`` (as in ``/proc/net/tcp``; each 32-bit word in host order,
    little-endian here) -> (127.0.0.1, 8080)."""
    host, port = hex_address.split(":")
    raw = b"".join(bytes.fromhex(host[i:i + 8])[::-1] for i in range(0, len(host), 8))
    address = ipaddress.ip_address(raw)
    return address, int(port, 16)


def on_loopback(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback


def socket_table(pid: int) -> dict[int, tuple[str, str, str, str]]:
    """Every inet socket of ``pid``'s network namespace: inode -> (protocol, local,
    remote, state)."""
    table = {}
    for proto in ("tcp", "tcp6", "udp", "udp6"):
        path = PROC / str(pid) / "net" / proto
        for line in path.read_text().splitlines()[1:]:
            fields = line.split()
            table[int(fields[9])] = (proto, fields[1], fields[2], fields[3])
    return table


def socket_inodes(pid: int) -> set[int]:
    inodes = set()
    fd_dir = PROC / str(pid) / "fd"
    for fd in fd_dir.iterdir() if fd_dir.is_dir() else ():
        try:
            link = os.readlink(fd)
        except OSError:  # closed meanwhile
            continue
        if link.startswith("socket:["):
            inodes.add(int(link[8:-1]))
    return inodes


def inet_sockets(pids: set[int]) -> list[tuple[int, str, str, str, str]]:
    """(pid, protocol, local, remote, state) of every inet socket the processes hold."""
    table = socket_table(os.getpid())
    out = []
    for pid in sorted(pids):
        out += [(pid, *table[inode]) for inode in socket_inodes(pid) if inode in table]
    return out


def check_loopback_only(sockets: list[tuple[int, str, str, str, str]]) -> None:
    listening = [s for s in sockets if s[1].startswith("tcp") and s[4] == "0A"]
    assert len(listening) >= 3, sockets  # GCS, raylet, driver core worker at least
    for pid, proto, local, remote, state in sockets:
        local_ip, _ = decode_address(local)
        remote_ip, remote_port = decode_address(remote)
        where = f"pid {pid} {proto} {local_ip} -> {remote_ip}:{remote_port} state {state}"
        assert on_loopback(local_ip), where
        assert on_loopback(remote_ip) or (remote_ip.is_unspecified and remote_port == 0), where


def test_the_socket_check_tells_loopback_from_the_rest() -> None:
    assert decode_address("0100007F:1F90") == (ipaddress.ip_address("127.0.0.1"), 8080)
    ipv6 = "0000000000000000FFFF00000100007F:0050"
    assert decode_address(ipv6)[0] == ipaddress.ip_address("::ffff:127.0.0.1")
    assert decode_address("00000000000000000000000001000000:0000")[0].is_loopback
    ours = [(1, "tcp", "0100007F:1F90", "00000000:0000", "0A")] * 3
    check_loopback_only(ours)
    for bad in ("00000000:1F90", "0500000A:1F90", "00000000000000000000000000000000:1F90"):
        with pytest.raises(AssertionError):  # 0.0.0.0, 10.0.0.5, ::
            check_loopback_only([*ours, (1, "tcp", bad, "00000000:0000", "0A")])
    with pytest.raises(AssertionError):  # connected to 8.8.8.8:53
        check_loopback_only([*ours, (1, "udp", "0100007F:9999", "08080808:0035", "01")])


# --- addresses and environment (no Ray needed) ---------------------------------------

def test_addresses() -> None:
    assert parse_address("127.0.0.1:6379") == ("127.0.0.1", 6379)
    assert parse_address("[::1]:6379") == ("::1", 6379)
    assert parse_address("head.example:10001") == ("head.example", 10001)
    for local in ("127.0.0.1:1", "localhost:2", "[::1]:3", "127.0.0.2:4"):
        assert is_local_address(local)
    for remote in ("10.0.0.5:6379", "head.example:6379", "[2001:db8::1]:6379"):
        assert not is_local_address(remote)
    for bad in ("auto", "127.0.0.1", ":6379", "host:0", "host:70000", "host:port"):
        with pytest.raises(RayAddressError, match="expected HOST:PORT"):
            parse_address(bad)
    assert RayStart().local and RayStart(address="localhost:6379").local
    assert not RayStart(address="10.0.0.5:6379").local
    with pytest.raises(ValueError, match="only to a Ray started here"):
        RayStart(address="10.0.0.5:6379", num_cpus=2)
    with pytest.raises(ValueError, match="nodes must be at least 1"):
        RayStart(nodes=0)


def test_loopback_environment(tmp_path: Path) -> None:
    env = loopback_environment(tmp_path)
    assert env["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] == "0"
    assert env["RAY_USAGE_STATS_ENABLED"] == "0"
    assert env["RAY_USAGE_STATS_REPORT_URL"].startswith("http://127.0.0.1:")
    assert env["RAY_AUTH_MODE"] == "token" and env["RAY_TMPDIR"] == str(tmp_path)
    home = Path(env["HOME"])
    assert home.parent == tmp_path and (home / BOOTSTRAP_CONFIG).read_text().strip() == "{}"
    joining = loopback_environment(tmp_path, joining=True)
    assert "HOME" not in joining and "RAY_AUTH_MODE" not in joining


def test_environment_is_put_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IGO_TEST_KEPT", "old")
    monkeypatch.delenv("IGO_TEST_ABSENT", raising=False)
    with _environment({"IGO_TEST_KEPT": "new", "IGO_TEST_ABSENT": "set"}):
        assert os.environ["IGO_TEST_KEPT"] == "new" and os.environ["IGO_TEST_ABSENT"] == "set"
    assert os.environ["IGO_TEST_KEPT"] == "old" and "IGO_TEST_ABSENT" not in os.environ


# --- Ray itself ------------------------------------------------------------------------

@pytest.fixture
def user_env() -> Iterator[dict[str, str | None]]:
    """The watched variables before the test; after it, they must be the same."""
    ray = pytest.importorskip("ray")
    assert not ray.is_initialized()
    before = {name: os.environ.get(name) for name in WATCHED}
    yield before
    assert not ray.is_initialized()
    assert {name: os.environ.get(name) for name in WATCHED} == before


def check_session(session: RaySession, node_ips: list[str], user_env: dict[str, str | None],
                  before: set[int]) -> set[int]:
    """Loopback only, from /proc and from the tasks, and the user's environment back
    while Ray runs; returns the processes started below this one since ``before``."""
    assert node_ips and set(node_ips) == {"127.0.0.1"}
    assert session.address.startswith("127.0.0.1:")
    assert {name: os.environ.get(name) for name in WATCHED[:-1]} == {
        name: user_env[name] for name in WATCHED[:-1]}
    started = descendants(os.getpid()) - before
    assert started, "no Ray process found below the test process"
    check_loopback_only(inet_sockets(started | {os.getpid()}))
    return started


@pytest.mark.ray
@needs_proc
def test_local_ray_listens_and_connects_on_loopback_only(
        user_env: dict[str, str | None]) -> None:
    import ray

    before = descendants(os.getpid())
    with start_ray(RayStart(num_cpus=1)) as session:
        node_ip = ray.remote(ray.util.get_node_ip_address)  # workers cannot import tests
        ips = ray.get([node_ip.remote() for _ in range(2)])
        started = check_session(session, ips, user_env, before)
        temp_dir = session.temp_dir
    assert temp_dir is not None and not temp_dir.exists()
    assert wait_gone(started) == set()  # every process it started has stopped


@pytest.mark.ray
@needs_proc
def test_two_node_loopback_cluster(user_env: dict[str, str | None]) -> None:
    import ray
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    before = descendants(os.getpid())
    with loopback_cluster(nodes=2, cpus_per_node=1) as session:
        nodes = [n["NodeID"] for n in ray.nodes() if n["Alive"]]
        assert len(nodes) == 2
        task = ray.remote(num_cpus=1)(lambda: (ray.get_runtime_context().get_node_id(),
                                               ray.util.get_node_ip_address()))
        placed = [task.options(scheduling_strategy=NodeAffinitySchedulingStrategy(
            node, soft=False)).remote() for node in nodes]
        ran = ray.get(placed)
        assert [node for node, _ in ran] == nodes  # one task on each node
        started = check_session(session, [ip for _, ip in ran], user_env, before)
    assert wait_gone(started) == set()
