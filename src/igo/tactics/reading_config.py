"""The limits and switches of the tactical reading search (:mod:`igo.tactics.reading`).

:class:`ReadingConfig` is one frozen dataclass of integers (and booleans); the numba
kernels (:mod:`igo.tactics._reading_kernels`) read it as one int64 vector,
:meth:`ReadingConfig.vector`, with one slot a field, in the order of the fields. The
kernels' slot constants (``C_NODE_BUDGET``, ``C_DEPTH3``, ...: ``C_`` and the field's
name in capitals) are made at import by :func:`slot`, so the fields are the one list
of slots: a field added here gets its slot, and its constant, with no index to keep
by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter

import numpy as np


@dataclass(frozen=True, kw_only=True)
class ReadingConfig:
    """Limits of the reading search (plies counted from the question's position).

    The fields come in four groups: the limits, the attacker's move generators
    (``att_*``), the defender's (``def_*``) and the rules. A generator's field is the
    ply before which it is tried (0: never; 200: at every ply), for the target's
    liberty counts its text names (``_3libs``, ``_4libs``: against a string of that
    many liberties). Every field is mirrored by the plain reference
    (``tests/reference/tactics_reading.py``) but the move ordering (``def_order``),
    which changes no result of a search that finishes, and ``budget_root_loses``
    (the reference gives up when its budget runs out). The generators tried and
    left off by default were removed on 2026-12-07; their results, the commit that
    last had them and the names these fields had before are in
    ``experiments/tactics/LOG.md``.

    Attributes
    ----------
    node_budget
        Nodes (positions) read before giving up; an unread line counts as lost for
        the side to move, and the result says it was incomplete.
    max_depth
        Deepest ply (a ladder across a 19x19 board takes about 40).
    depth3, depth4
        Plies before which strings of 3 (4) liberties are attacked; strings of up
        to 2 are attacked at any ply, strings of more are safe.
    att_second_order
        Plies before which the attacker of a string of 2 liberties or fewer also
        plays the empty neighbours of its liberties (nets, loose ladders).
    att_second_order_3libs
        The same against a string of 3 liberties.
    att_cut_off
        Plies before which the attacker of a string of 2 liberties also plays the
        liberties of the target colour's strings of at most 2 liberties that touch
        one of its liberties (cutting it off from the strings it would join; against
        a string in atari, always).
    att_cut_off_3libs
        The same against a string of 3 liberties.
    att_reinforce
        Plies before which the attacker also plays the liberties of its own strings
        of 2 liberties next to the target.
    att_backfill
        Plies before which the attacker, for a liberty that would be a self-atari
        for it, also plays the other liberties of its own strings next to that
        liberty and the liberty's empty neighbours (GNU Go's backfilling).
    att_superstring
        Plies before which the attacker of a string of 2 or 3 liberties also plays
        the liberties of the target's superstring (GNU Go's: its colour's strings
        joined through points where the opponent would be in atari, bamboo joints
        and empty diagonals; strings of at most 3 liberties, 4 for a target of 4)
        when it has at most 5, off the target's own, where the attacker would not be
        in atari, and the liberty of its stone on one that would have only that
        one, when a stone there would have 3 (GNU Go's ``superstring_moves``).
    att_superstring_2libs
        The same against a string of 2 liberties (GNU Go's ``attack2`` reads them at
        every ply); with ``def_superstring_break`` at least one ply deeper, so that
        the defender's superstring break-chain answers them.
    att_back_capture
        Plies before which the attacker of 2 liberties, where its stone on a liberty
        would have one liberty, captures the target colour's strings in atari next
        to its strings beside that liberty (GNU Go's ``attack2`` back-capture).
    att_backfill_atari
        Plies before which the attacker of a string in atari also plays the
        liberties (at most 5) the defender's stone on the last liberty would have,
        not self-ataris (GNU Go's ``attack1`` backfilling: a capture that is only a
        ko or a snapback made clean).
    def_break_chain2
        Plies before which the defender attacks the attacker's neighbours of 2
        liberties (GNU Go's ``break_chain2``), for a string of at most
        ``def_break_chain2_max_libs`` liberties.
    def_break_chain2_max_libs
        Most liberties of the defender's string for which it attacks neighbours of
        2 liberties.
    def_break_chain3
        Plies before which the defender of a string of 2 liberties or fewer also
        attacks neighbours of 3 liberties (``break_chain3``).
    def_break_chain_in_atari
        Plies before which the defender of a string in atari also attacks its
        neighbours of 2 or 3 liberties (``def_break_chain2``, ``def_break_chain3``);
        GNU Go's ``defend1`` does not (a liberty, captures, the snapback set-up).
    def_break_chain2_backfill
        Plies before which the defender of a string of 3 liberties or fewer, for an
        attacker neighbour of 2 liberties that are both self-ataris for it, plays
        the liberties (not self-ataris) the attacker's stone would have on one of
        them when it would have exactly two (GNU Go's ``break_chain2_moves``
        backfilling).
    def_second_order
        Plies before which the defender of a string of 2 liberties or fewer also
        plays the empty neighbours of its liberties (running out).
    def_second_order_3libs
        The same for a string of 3 liberties.
    def_second_order_4libs
        The same for a string of 4 liberties (at the root: the move that makes an
        eye).
    def_ally_libs
        Plies before which the defender of a string of 2 liberties or fewer also
        plays the liberties of its own strings of at most 3 liberties that touch
        one of its liberties (the strings it would join).
    def_ally_libs_3libs
        The same for a string of 3 liberties.
    def_attack_blockers
        Plies before which the defender also plays the liberties of the attacker
        strings of at most 2 liberties that touch one of its liberties (the stones
        that hold its liberties).
    def_capture_near_allies
        Plies before which the defender also captures attacker strings in atari
        next to its strings that touch one of its liberties.
    def_attack_sharing
        Plies before which the defender of a string of 2 or 3 liberties also plays
        the outer liberties (not self-ataris) of the attacker strings touching one
        of its liberties that have at most one liberty more than it and two or more
        in common with it (GNU Go's ``special_rescue5``).
    def_superstring
        Plies before which the defender of 2 liberties or more plays the liberties
        of its superstring as ``att_superstring`` does, and the empty neighbours of
        each where the attacker's stone would have 2 liberties or fewer (GNU Go's
        ``special_rescue``).
    def_superstring_break
        Plies before which the defender of 2 liberties or more also captures the
        attacker strings in atari next to the other strings of its superstring
        (strings of at most 4 liberties) and plays the liberties, not self-ataris,
        of those of 2 or 3 liberties (GNU Go's ``superstring_break_chain_moves``).
    def_backfill
        Plies before which the defender of 2 liberties also plays, for a liberty that
        is a self-atari for the attacker, the liberties (at most 5) its own stone
        there would have, next to its stones, and for a liberty where the attacker's
        stone would have 2 liberties or fewer, those (not self-ataris): GNU Go's
        ``defend2`` backfilling.
    def_edge_clamp
        Plies before which the defender of 3 liberties or more plays GNU Go's
        ``special_rescue6`` moves: from a liberty on the edge beside a target stone,
        the point beside the attacker stone next to that stone (the edge clamp).
    def_order
        Plies before which each defender's node has its candidates sorted by GNU
        Go's ``order_moves`` scores (liberties gained, captures, ataris, stones
        saved, open points, the edge), best first, as GNU Go's selection sort leaves
        them; else (and always for the attacker) they are read in the order they are
        generated. The result of a search that finishes does not change, only the
        move reported among equal ones and the nodes spent.
    snapback
        Plies before which a single stone taken where its owner may retake at once
        with a stone of two liberties or more is not captured (a proper snapback,
        GNU Go's ``attack1``): the defender's one move is the retake. The default
        reads it at every ply.
    no_pass_at_ko
        The defender does not pass while a ko point is set: the attacker has just
        taken a ko, and a pass would let the attacker's next move reopen it for the
        defender without a threat.
    no_pass_in_atari
        The defender of a string in atari does not pass (GNU Go's ``defend1`` tries
        only its moves): a pass there only lets the attacker take the string, a
        capture that is at best a ko.
    ko_capture_is_ko
        GNU Go's convention: a win that starts with a legal ko capture, which the
        opponent may retake after a threat, is a ko (``KO_A``), not a ``WIN``.
    gray_ko
        GNU Go's gray komaster (bit 1): once a side has retaken a ko after a threat
        (the komaster), a legal ko capture by the other side turns the komaster
        gray, and below it nobody may take a ko. Bit 2: the komaster may not take
        another ko either (GNU Go's rule for captures that are not nested; no gain
        on the regression tests, off).
    budget_root_loses
        When the node budget runs out, an unread line counts as lost for the side
        that moves at the root (not for the side to move at that node): an
        exhausted search never claims a success it has not read.
    """

    # the limits
    node_budget: int = 50_000
    max_depth: int = 60
    depth3: int = 14
    depth4: int = 5
    # the attacker's moves
    att_second_order: int = 8
    att_second_order_3libs: int = 7
    att_cut_off: int = 2
    att_cut_off_3libs: int = 2
    att_reinforce: int = 2
    att_backfill: int = 2
    att_superstring: int = 1
    att_superstring_2libs: int = 3
    att_back_capture: int = 4
    att_backfill_atari: int = 1
    # the defender's moves
    def_break_chain2: int = 8
    def_break_chain2_max_libs: int = 3
    def_break_chain3: int = 8
    def_break_chain_in_atari: int = 0
    def_break_chain2_backfill: int = 5
    def_second_order: int = 6
    def_second_order_3libs: int = 2
    def_second_order_4libs: int = 1
    def_ally_libs: int = 8
    def_ally_libs_3libs: int = 2
    def_attack_blockers: int = 1
    def_capture_near_allies: int = 4
    def_attack_sharing: int = 3
    def_superstring: int = 1
    def_superstring_break: int = 4
    def_backfill: int = 1
    def_edge_clamp: int = 1
    def_order: int = 1
    # the rules
    snapback: int = 200
    no_pass_at_ko: bool = True
    no_pass_in_atari: bool = True
    ko_capture_is_ko: bool = True
    gray_ko: int = 1
    budget_root_loses: bool = True

    def __post_init__(self) -> None:
        if self.node_budget < 1 or not 2 <= self.max_depth <= 200:
            raise ValueError(f"bad reading limits: {self}")

    def vector(self) -> np.ndarray:
        """The int64 vector the kernels read: field ``i`` (booleans as 0 / 1) at
        index ``i`` (the kernels' ``C_*`` constants, :func:`slot`)."""
        return np.array(_VALUES(self), np.int64)


#: the fields of :class:`ReadingConfig`, in order: the slots of its vector
SLOTS: tuple[str, ...] = tuple(f.name for f in fields(ReadingConfig))
_VALUES = attrgetter(*SLOTS)  # a config's field values in that order


def slot(name: str) -> int:
    """The index of the field ``name`` in :meth:`ReadingConfig.vector`.

    Raises
    ------
    ValueError
        If ``name`` is not a field of :class:`ReadingConfig`.
    """
    if name not in SLOTS:
        raise ValueError(f"ReadingConfig has no field {name!r}")
    return SLOTS.index(name)
