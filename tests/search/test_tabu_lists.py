"""Direct tests of the tabu-list kernels of paper 001 (:mod:`igo.search._tabu_kernels`)
and of how the playout kernel (:func:`igo.search._kernels._playout`) uses them.

The documented semantics under test: each leaf owns one slot of two FIFO queues
(queue 0: after the first playout move, queue 1: after the second) of at most ``L``
entries; a key already in its queue makes the playout drop the queue's oldest entry and
restart from its first move; entries older than the tenure (in trials of the leaf) are
dropped when a key is added; slots are handed out in turn and a wrapped-around pool
takes the slot of its oldest owner (counted in ``TB_STOLEN``); lists are never shared.
"""

from __future__ import annotations

import numpy as np
import pytest

from igo.core import _kernels as CK
from igo.core.board import Board
from igo.search import PAPER
from igo.search import _kernels as K
from igo.search import _tabu_kernels as TB
from igo.search.patterns3 import pattern3_table
from igo.search.search import _TreeWorker

SIZE = 3


def h(v: int) -> np.uint64:
    return np.uint64(v)


def queue(pool: TB.TabuPool, sl: int, q: int) -> list[int]:
    """Keys of queue ``q`` of slot ``sl``, oldest first."""
    n = pool.hashes.shape[2]
    st = int(pool.start[sl, q])
    return [int(pool.hashes[sl, q, (st + i) % n]) for i in range(int(pool.filled[sl, q]))]


def fresh(slots: int = 4, length: int = 3) -> tuple[TB.TabuPool, np.ndarray]:
    return TB.new_pool(slots, length), np.full(16, -1, np.int32)


# ------------------------------------------------------------------------ queues


def test_push_keeps_at_most_l_entries_and_drops_the_oldest() -> None:
    pool, tslot = fresh(length=3)
    sl = TB.acquire(pool, tslot, 0)
    for v in (11, 12, 13):
        TB.push(pool, sl, 0, h(v), 3, 1000)
    assert queue(pool, sl, 0) == [11, 12, 13]
    TB.push(pool, sl, 0, h(14), 3, 1000)  # the L+1-th push evicts the oldest only
    assert queue(pool, sl, 0) == [12, 13, 14]
    assert not TB.contains(pool, sl, 0, h(11))
    assert all(TB.contains(pool, sl, 0, h(v)) for v in (12, 13, 14))
    for v in range(15, 40):  # many wrap-arounds of the ring buffer
        TB.push(pool, sl, 0, h(v), 3, 1000)
        assert queue(pool, sl, 0) == [v - 2, v - 1, v]
        assert not TB.contains(pool, sl, 0, h(v - 3))


def test_push_uses_the_length_argument_below_the_capacity() -> None:
    pool, tslot = fresh(length=6)
    sl = TB.acquire(pool, tslot, 0)
    for v in range(1, 6):
        TB.push(pool, sl, 1, h(v), 2, 1000)
    assert queue(pool, sl, 1) == [4, 5]


def test_shift_drops_the_oldest_entry_and_contains_ignores_dropped_ones() -> None:
    pool, tslot = fresh(length=4)
    sl = TB.acquire(pool, tslot, 0)
    TB.shift(pool, sl, 0)  # on an empty queue: nothing happens
    assert queue(pool, sl, 0) == []
    for v in (21, 22, 23):
        TB.push(pool, sl, 0, h(v), 4, 1000)
    TB.shift(pool, sl, 0)
    assert queue(pool, sl, 0) == [22, 23]
    assert not TB.contains(pool, sl, 0, h(21))  # still in the array, but not in the queue
    TB.push(pool, sl, 0, h(24), 4, 1000)
    TB.push(pool, sl, 0, h(25), 4, 1000)
    assert queue(pool, sl, 0) == [22, 23, 24, 25]
    for _ in range(5):
        TB.shift(pool, sl, 0)
    assert queue(pool, sl, 0) == []
    assert not any(TB.contains(pool, sl, 0, h(v)) for v in range(20, 26))


def test_contains_handles_full_64_bit_keys() -> None:
    pool, tslot = fresh(length=3)
    sl = TB.acquire(pool, tslot, 0)
    big = np.uint64(0xFFFF_FFFF_FFFF_FFF1)
    TB.push(pool, sl, 0, big, 3, 1000)
    assert TB.contains(pool, sl, 0, big)
    assert not TB.contains(pool, sl, 0, big - np.uint64(1))  # equal as float64


def test_tenure_drops_entries_older_than_the_tenure_when_a_key_is_added() -> None:
    pool, tslot = fresh(length=8)
    sl = TB.acquire(pool, tslot, 0)
    tenure = 3
    pool.trials[sl] = 0
    TB.push(pool, sl, 0, h(1), 8, tenure)  # stamped 0
    pool.trials[sl] = 2
    TB.push(pool, sl, 0, h(2), 8, tenure)  # stamped 2
    pool.trials[sl] = 3  # age of key 1 is 3 = tenure: kept
    TB.push(pool, sl, 0, h(3), 8, tenure)
    assert queue(pool, sl, 0) == [1, 2, 3]
    pool.trials[sl] = 4  # age 4 > tenure: key 1 goes, key 2 (age 2) stays
    TB.push(pool, sl, 0, h(4), 8, tenure)
    assert queue(pool, sl, 0) == [2, 3, 4]
    pool.trials[sl] = 20  # all older than the tenure: only the new key is left
    TB.push(pool, sl, 0, h(5), 8, tenure)
    assert queue(pool, sl, 0) == [5]
    assert pool.stamp[sl, 0, int(pool.start[sl, 0])] == 20


def test_expire_drops_stale_keys_before_a_lookup() -> None:
    """A key older than the tenure is not tabu, even if nothing was added since."""
    pool, tslot = fresh(length=4)
    sl = TB.acquire(pool, tslot, 0)
    TB.push(pool, sl, 1, h(42), 4, 3)  # stamped 0
    TB.push(pool, sl, 1, h(43), 4, 3)
    pool.trials[sl] = 3  # age 3 = tenure: still tabu
    TB.expire(pool, sl, 1, 3)
    assert TB.contains(pool, sl, 1, h(42))
    pool.trials[sl] = 100
    TB.expire(pool, sl, 0, 3)  # the other queue is untouched
    assert queue(pool, sl, 1) == [42, 43]
    TB.expire(pool, sl, 1, 3)
    assert queue(pool, sl, 1) == []
    assert not TB.contains(pool, sl, 1, h(42))


def test_tenure_zero_keeps_only_keys_of_the_same_trial() -> None:
    pool, tslot = fresh(length=4)
    sl = TB.acquire(pool, tslot, 0)
    TB.push(pool, sl, 0, h(1), 4, 0)
    TB.push(pool, sl, 0, h(2), 4, 0)
    assert queue(pool, sl, 0) == [1, 2]
    pool.trials[sl] += 1
    TB.push(pool, sl, 0, h(3), 4, 0)
    assert queue(pool, sl, 0) == [3]


def test_the_two_queues_of_a_slot_are_independent() -> None:
    pool, tslot = fresh(length=3)
    sl = TB.acquire(pool, tslot, 0)
    for v in (1, 2, 3, 4):
        TB.push(pool, sl, 0, h(v), 3, 1000)
    assert queue(pool, sl, 1) == []
    assert not TB.contains(pool, sl, 1, h(4))
    TB.push(pool, sl, 1, h(100), 3, 2)  # stamped 0
    pool.trials[sl] = 10
    TB.push(pool, sl, 0, h(5), 3, 2)  # ages out queue 0 only
    assert queue(pool, sl, 0) == [5]
    assert queue(pool, sl, 1) == [100]
    TB.shift(pool, sl, 0)
    assert queue(pool, sl, 1) == [100]
    TB.shift(pool, sl, 1)
    assert queue(pool, sl, 1) == []
    TB.push(pool, sl, 0, h(6), 3, 1000)
    assert queue(pool, sl, 0) == [6]


# ------------------------------------------------------------------------ slots


def test_acquire_gives_a_leaf_the_same_slot_and_other_leaves_their_own() -> None:
    pool, tslot = fresh(slots=4, length=3)
    a = TB.acquire(pool, tslot, 5)
    b = TB.acquire(pool, tslot, 9)
    assert a != b
    assert (tslot[5], tslot[9]) == (a, b)
    assert (pool.owner[a], pool.owner[b]) == (5, 9)
    TB.push(pool, a, 0, h(7), 3, 1000)
    TB.push(pool, a, 1, h(8), 3, 1000)
    pool.trials[a] = 4
    assert TB.acquire(pool, tslot, 5) == a  # lists and trial count kept
    assert queue(pool, a, 0) == [7] and queue(pool, a, 1) == [8]
    assert pool.trials[a] == 4
    assert queue(pool, b, 0) == [] and queue(pool, b, 1) == []
    assert not TB.contains(pool, b, 0, h(7))
    assert pool.meta[TB.TB_STOLEN] == 0


def test_a_wrapped_pool_takes_the_oldest_slot_and_clears_it() -> None:
    pool, tslot = fresh(slots=2, length=3)
    s1 = TB.acquire(pool, tslot, 1)
    s2 = TB.acquire(pool, tslot, 2)
    assert (s1, s2) == (0, 1)
    TB.push(pool, s1, 0, h(11), 3, 1000)
    TB.push(pool, s1, 1, h(12), 3, 1000)
    pool.trials[s1] = 7
    s3 = TB.acquire(pool, tslot, 3)  # handed out in turn: node 1's slot is reused
    assert s3 == s1
    assert pool.owner[s3] == 3 and tslot[3] == s3
    assert tslot[1] == -1  # node 1 lost its lists
    assert pool.meta[TB.TB_STOLEN] == 1
    assert queue(pool, s3, 0) == [] and queue(pool, s3, 1) == []
    assert pool.trials[s3] == 0
    assert not TB.contains(pool, s3, 0, h(11))
    s1b = TB.acquire(pool, tslot, 1)  # node 1 comes back: the next slot, node 2's
    assert s1b == s2
    assert tslot[2] == -1 and tslot[1] == s2 and tslot[3] == s3
    assert pool.meta[TB.TB_STOLEN] == 2


def test_release_frees_a_slot_without_counting_a_theft() -> None:
    pool, tslot = fresh(slots=2, length=3)
    s1 = TB.acquire(pool, tslot, 1)
    TB.acquire(pool, tslot, 2)
    TB.release(pool, tslot, 1)
    assert tslot[1] == -1 and pool.owner[s1] == -1
    assert TB.acquire(pool, tslot, 3) == s1
    assert pool.meta[TB.TB_STOLEN] == 0
    TB.release(pool, tslot, 4)  # a leaf without a slot: nothing happens
    assert list(pool.owner) == [3, 2]


def test_reset_and_stale_slot_numbers_never_share_a_list() -> None:
    pool, tslot = fresh(slots=3, length=3)
    assert (TB.acquire(pool, tslot, 1), TB.acquire(pool, tslot, 3)) == (0, 1)
    TB.push(pool, 0, 0, h(5), 3, 1000)
    TB.reset_pool(pool)  # the tree was replaced; tslot[1] and tslot[3] still name slots
    assert list(pool.owner) == [-1, -1, -1] and list(pool.filled.ravel()) == [0] * 6
    assert list(pool.meta) == [0, 0]
    assert (TB.acquire(pool, tslot, 2), TB.acquire(pool, tslot, 4)) == (0, 1)
    TB.push(pool, 0, 0, h(6), 3, 1000)
    again = TB.acquire(pool, tslot, 1)  # a stale number must not hand node 2's lists over
    assert again == 2 and tslot[1] == 2
    assert queue(pool, again, 0) == []
    assert queue(pool, 0, 0) == [6] and pool.owner[0] == 2 and tslot[2] == 0
    TB.release(pool, tslot, 3)  # a stale number must not free node 4's slot
    assert tslot[3] == -1 and pool.owner[1] == 4 and tslot[4] == 1


def test_random_acquires_never_share_a_slot() -> None:
    """Against a plain model of the documented policy (slots in turn, the owner of a
    reused slot loses it): a slot has one owner, a leaf at most one slot."""
    rng = np.random.default_rng(4)
    slots, nodes = 5, 12
    pool = TB.new_pool(slots, 2)
    tslot = np.full(nodes, -1, np.int32)
    owner = [-1] * slots
    mine: dict[int, int] = {}
    turn = stolen = 0
    for step in range(400):
        node = int(rng.integers(nodes))
        if rng.random() < 0.15:
            TB.release(pool, tslot, node)
            if node in mine:
                owner[mine.pop(node)] = -1
            continue
        sl = TB.acquire(pool, tslot, node)
        if node not in mine:
            if owner[turn] >= 0:
                stolen += 1
                del mine[owner[turn]]
            owner[turn] = node
            mine[node] = turn
            turn = (turn + 1) % slots
            TB.push(pool, sl, 0, h(1000 + node), 2, 10**6)
        assert sl == mine[node], step
        assert list(pool.owner) == owner
        assert pool.meta[TB.TB_STOLEN] == stolen
        for n in range(nodes):
            assert int(tslot[n]) == mine.get(n, -1)
        for n, s in mine.items():  # each slot holds only its owner's key
            assert queue(pool, s, 0) == [1000 + n]


# ------------------------------------------------------------------------ playouts


class Rig:
    """One leaf position on a 3x3 board, scratch arrays and a pool, to call
    :func:`_playout` directly."""

    def __init__(self, *, tabu: int, seed: int, tenure: int = 1000, max_tries: int = 1000,
                 key: str = "move", slots: int = 8) -> None:
        cfg = PAPER.with_options(tabu=tabu, tabu_tenure=tenure, tabu_max_tries=max_tries,
                                 tabu_key=key)
        self.prm = cfg.params(0.5, SIZE, False)
        self.worker = _TreeWorker(cfg, SIZE, seed)
        self.x = self.worker.x
        self.tree = self.worker.tree
        self.stats = self.worker.stats
        self.pool = TB.new_pool(slots, max(tabu, 1))
        self.pat3 = pattern3_table()
        self.board = Board(SIZE)

    def playout(self, leaf: int = 0) -> list[int]:
        CK.restore_state(self.x.work, self.board.state)
        n = K._playout(self.tree, leaf, 1, 0, 0, self.prm, self.pool, self.pat3, self.x, 0,
                       self.stats, K.policy_kind(int(self.prm[K.P_POLICY])))
        moves = [int(m) for m in self.x.seq[:n]]
        # the final board is the leaf plus exactly these moves: a restart went back
        # to the leaf before replaying
        s = CK.copy_state(self.board.state)
        c = 1
        for m in moves:
            if m == 0:
                CK.pass_move(s)
            else:
                assert CK.check_move(s, m, c, False) == CK.OK
                CK.place_checked(s, m, c)
            c = 3 - c
        assert np.array_equal(s.color, self.x.work.color)
        return moves

    def slot(self, leaf: int = 0) -> int:
        return TB.acquire(self.pool, self.tree.tslot, leaf)


def points() -> list[int]:
    w = SIZE + 2
    return [(r + 1) * w + c + 1 for r in range(SIZE) for c in range(SIZE)]


@pytest.mark.parametrize("seed", range(1, 40, 3))
def test_a_first_move_in_queue_0_shifts_it_and_restarts(seed: int) -> None:
    """All first moves tabu: every try hits, drops the oldest key and restarts, until
    the move drawn is one that was dropped; it is then added as the newest key."""
    rig = Rig(tabu=9, seed=seed)
    sl = rig.slot()
    order = [p + 1 for p in np.random.default_rng(seed).permutation(points())]
    for k in order:
        TB.push(rig.pool, sl, 0, h(k), 9, 1000)
    moves = rig.playout()
    j = int(rig.stats[K.S_RESTARTS])
    assert j >= 1
    assert rig.stats[K.S_TRIES] == j + 1 and rig.pool.trials[sl] == j + 1
    assert moves[0] + 1 in order[:j]
    assert queue(rig.pool, sl, 0) == [*order[j:], moves[0] + 1]
    assert queue(rig.pool, sl, 1) == [moves[1] + 1]  # only the accepted try got there


@pytest.mark.parametrize("seed", range(2, 40, 3))
def test_a_second_move_in_queue_1_shifts_it_and_restarts(seed: int) -> None:
    rig = Rig(tabu=10, seed=seed)
    sl = rig.slot()
    keys = [1] + [p + 1 for p in points()]  # the pass, then the nine points
    order = [int(v) for v in np.random.default_rng(seed).permutation(keys)]
    for k in order:
        TB.push(rig.pool, sl, 1, h(k), 10, 1000)
    moves = rig.playout()
    q1 = queue(rig.pool, sl, 1)
    j = len(order) + 1 - len(q1)  # hits on queue 1
    assert 1 <= j <= int(rig.stats[K.S_RESTARTS])
    assert moves[1] + 1 in order[:j]
    assert q1 == [*order[j:], moves[1] + 1]
    assert queue(rig.pool, sl, 0)[-1] == moves[0] + 1


def test_stale_second_moves_cause_no_restart() -> None:
    """Queue 1 full of every second move, all older than the tenure: no restart."""
    rig = Rig(tabu=10, seed=5, tenure=3)
    sl = rig.slot()
    for k in [1] + [p + 1 for p in points()]:
        TB.push(rig.pool, sl, 1, h(k), 10, 3)
    rig.pool.trials[sl] = 1000
    rig.playout()
    assert rig.stats[K.S_RESTARTS] == 0
    assert len(queue(rig.pool, sl, 1)) == 1  # the stale keys went, the new one came


def test_max_tries_ends_the_restarts() -> None:
    for max_tries, restarts in ((1, 0), (2, 1)):
        rig = Rig(tabu=9, seed=7, max_tries=max_tries)
        sl = rig.slot()
        order = [p + 1 for p in points()]
        for k in order:
            TB.push(rig.pool, sl, 0, h(k), 9, 1000)
        rig.playout()
        assert rig.stats[K.S_RESTARTS] == restarts
        assert rig.stats[K.S_TRIES] == restarts + 1
        # the last try runs with the lists ignored: nothing is added
        assert queue(rig.pool, sl, 0) == order[restarts:]
        assert queue(rig.pool, sl, 1) == []


def test_without_tabu_nothing_restarts_and_no_slot_is_taken() -> None:
    rig = Rig(tabu=0, seed=3)
    for _ in range(60):
        rig.playout()
    assert rig.stats[K.S_RESTARTS] == 0
    assert rig.stats[K.S_TRIES] == 60
    assert rig.tree.tslot[0] == -1
    assert list(rig.pool.owner) == [-1] * 8 and not rig.pool.filled.any()


@pytest.mark.parametrize("key", ["move", "position"])
def test_repeated_playouts_keep_the_queues_consistent(key: str) -> None:
    """Playouts from one leaf: restarts happen, every try is counted, the queues hold at
    most L distinct keys, the newest being the accepted playout's first and second
    keys (the move + 1, or the position reached)."""
    L = 3
    rig = Rig(tabu=L, seed=11, tenure=L, key=key)
    restarts_before = 0
    for i in range(80):
        moves = rig.playout()
        sl = int(rig.tree.tslot[0])
        assert sl >= 0 and rig.pool.owner[sl] == 0
        if key == "move":
            want = [moves[0] + 1, moves[1] + 1]
        else:
            s = CK.copy_state(rig.board.state)
            want = []
            for k, m in enumerate(moves[:2]):
                if m == 0:
                    CK.pass_move(s)
                else:
                    CK.place_checked(s, m, 1 + k)
                want.append(int(s.hashv[0]))
        for q in (0, 1):
            keys = queue(rig.pool, sl, q)
            assert 1 <= len(keys) <= L and len(set(keys)) == len(keys)
            assert keys[-1] == want[q], (i, q)
        restarts = int(rig.stats[K.S_RESTARTS])
        assert rig.pool.trials[sl] == rig.stats[K.S_TRIES]
        assert restarts >= restarts_before
        restarts_before = restarts
    assert rig.stats[K.S_TRIES] == 80 + rig.stats[K.S_RESTARTS]
    assert rig.stats[K.S_RESTARTS] > 0


def test_two_leaves_never_share_lists_in_playouts() -> None:
    rig = Rig(tabu=9, seed=5)
    s0 = rig.slot(0)
    for p in points():
        TB.push(rig.pool, s0, 0, h(p + 1), 9, 1000)
    before = queue(rig.pool, s0, 0)
    moves = rig.playout(leaf=1)  # leaf 1: its own fresh lists, no hit
    s1 = int(rig.tree.tslot[1])
    assert s1 >= 0 and s1 != s0
    assert rig.stats[K.S_RESTARTS] == 0
    assert queue(rig.pool, s1, 0) == [moves[0] + 1]
    assert queue(rig.pool, s0, 0) == before and queue(rig.pool, s0, 1) == []
    rig.playout(leaf=0)  # leaf 0 still sees its own full list
    assert rig.stats[K.S_RESTARTS] >= 1
    assert queue(rig.pool, s1, 0) == [moves[0] + 1]
