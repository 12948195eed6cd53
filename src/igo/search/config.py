"""Search parameters: one frozen dataclass, two presets.

- ``paper``: the plain MCTS of Ohta & Itoh, section 2: UCB1 ``mean + sqrt(2 ln N / n)``
  (``c_ucb = sqrt(2)``), a leaf expanded after 100 playouts, light playouts, no
  priors and no AMAF.
- ``strong``: the strongest engine measured on this machine (see
  ``experiments/tabu_mcts/README.md`` for the matches that chose each default):
  move-model priors given as equivalent experience (``prior_eqex`` pseudo-visits at a
  pseudo win rate sharpened by ``prior_sharpness``; the PUCT term ``c_puct`` is off since
  the matches chose 0), RAVE, heavy playouts, early expansion.

Tabu (Ohta & Itoh, section 3) is an option of both: ``tabu=L`` lists of length ``L``,
tenure ``L`` unless given.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field, fields, replace
from typing import Any

import numpy as np

from igo.search import _kernels as K
from igo.search._moggy_kernels import MOGGY
from igo.search._policy_kernels import HEAVY, LIGHT
from igo.search.tree import CRIT_BYTES, NODE_BYTES

POLICIES = {"light": LIGHT, "heavy": HEAVY, "moggy": MOGGY}

#: The largest default memory budget of a search's trees (MB); the default is the
#: smaller of this and a quarter of the machine's memory (:func:`default_tree_mb`).
DEFAULT_TREE_MB_CAP = 2048
MB = 1 << 20


def default_tree_mb() -> int:
    """The default memory budget of a search's trees: the smaller of a quarter of the
    machine's physical memory and :data:`DEFAULT_TREE_MB_CAP` (2 GB; 64 MB when the
    memory cannot be read)."""
    try:
        ram = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 64
    return max(16, min(DEFAULT_TREE_MB_CAP, ram // 4 // MB))


@dataclass(frozen=True)
class SearchConfig:
    """Every constant of the search (see :mod:`igo.search._kernels` for their roles).

    Attributes
    ----------
    c_ucb : float
        UCB1 exploration constant ``C`` in ``mean + C sqrt(ln N / n)`` (paper: sqrt 2).
    c_puct : float
        Weight of the prior exploration term ``P sqrt(N) / (1 + n)``; 0 (the default)
        leaves exploration to the priors' pseudo-visits, RAVE and first-play urgency,
        as in Pachi: without the term the engine scored 0.630 over 92 games at 1,000
        playouts and 0.679 over 67 games at 5,000 against the term at 1.0 (SPRT,
        ``experiments/tabu_mcts/LOG.md``, "choosing the strong preset").
    root_puct : float
        The same prior exploration term at the root only, where the prior is the
        net's (0: none): visits there follow the prior among moves of about equal
        value, where without it the prior's pseudo-visits fade as the real ones grow
        (on 19x19 after 240,000 playouts it kept moves the net rules out off the top
        four; on 9x9 at 5,000 playouts a move it scored 96-20-100 against the
        default, SPRT [0, +50] H0: ``experiments/tabu_mcts/README.md``).
    rave_equiv : float
        RAVE equivalence parameter (visits at which AMAF and real values weigh the
        same); 0 turns AMAF off. 1,000 on 9x9 (:data:`SIZE_DEFAULTS`).
    rave_distance : int
        AMAF weight of moves played soon after a node: ``1 + D * (moves after the
        first play) // (moves after the node + 1)`` (Pachi's ``distance_rave``; 0:
        every AMAF result weighs 1). 3 on 9x9 (:data:`SIZE_DEFAULTS`).
    crit_rave : float
        Weight of a child's *criticality* in its AMAF value (Pachi's ``crit_rave``,
        1.1 in Pachi 12.90; 0: off): once the child has more than ``crit_min``
        visits, ``crit * crit_rave * RN`` pseudo-results join its AMAF statistics,
        wins when owning the move's point at the end of the playouts goes with
        winning, losses when against, ``crit`` being twice the covariance of the two
        over its visits (:func:`igo.search._kernels.criticality`).
    crit_min : int
        Visits of a child before its criticality counts (Pachi: 2,000).
    fpu : float
        Value of a child with no visit and no prior experience.
    expand_threshold : int
        Visits of a leaf before it is expanded (paper: 100).
    use_priors : bool
        Move-model priors at expansion (else uniform).
    prior_eqex : float
        Equivalent experience of a prior (pseudo-visits); 0 for none.
    prior_sharpness : float
        Pseudo win rate of a prior ``0.5 + 0.5 tanh(s ln(P n))``.
    prior_wins : float
        Optimistic prior, Pachi's form of its pattern prior: ``W sqrt(P)`` more
        pseudo-visits, all of them wins, for every move but the pass (0: none). With
        ``prior_sharpness=0`` (an even prior) and ``prior_eqex=14``, ``W = 210`` is
        Pachi 12.90's 9x9 prior (``uct/prior.c``: 14 even visits, pattern ``eqex`` 210).
        From 9x9 up the default is Pachi's 19x19 form, ``prior_sharpness=0`` and
        ``W = 300`` (:data:`SIZE_DEFAULTS`).
    pass_prior : float
        Prior probability of the pass.
    policy : str
        Playout policy: ``light``, ``heavy`` or ``moggy`` (the heavy policy with
        ladders, two-liberty tactics, nakade and a self-atari test on every move,
        :mod:`igo.search._moggy_kernels`).
    p_capture, p_pattern, p_reject : float
        Heavy and moggy policies: probabilities of trying captures/escapes, 3x3
        patterns, and of rejecting a self-atari (heavy: of a string; moggy: of a
        single stone, a bad self-atari of a string being always refused).
    p_nakade : float
        Moggy policy: probability of the nakade step (the vital point of the last
        mover's enclosed eye space of 3-6 points next to its move); also the heavy
        moves of a moggy playout past ``moggy_moves``.
    heavy_nakade : float
        Heavy policy: probability of the same nakade step. Off by default: against
        Pachi 12.90 heavy with the step (0.8) scored 0.275 over 60 games at 2,000
        playouts a move (heavy 0.250 over 30), and at 1 s a move 0.370 against heavy's
        0.515 over 100 games each, with a fifth fewer playouts
        (``experiments/tabu_mcts/README.md``).
    p_atari, p_ccap : float
        Moggy policy: probabilities of the two-liberty step and of answering an own
        string in atari only by counter-capturing when it can.
    moggy_moves : int
        Moggy policy: the first playout moves it plays, the rest of the playout being
        the heavy policy's (0: the whole playout), to spend the tactics' cost where
        the playout is still near the tree.
    lgrf : int
        Last good reply with forgetting (Baier and Drake 2010) in the playouts of every
        policy: 0 off; 1, a playout's move is the move that last answered the move
        before it in a playout its player won (forgotten once it answers it in a lost
        one), where ``lgrf_first`` says; 2, the reply to the last two moves first, then
        to the last one
        (:func:`igo.search._kernels.lgr_reply`). The tables live as long as the search
        (a game's moves share them), one per search thread.
    lgrf_first : bool
        Play the reply before every step of the playout policy (as Baier and Drake's
        Orego), or (False) only when the policy's captures and escapes step (moggy:
        its step 1, ataris) plays nothing.
    ladder_budget : int
        Nodes a ladder reading may take (moggy policy: before an escape is allowed,
        0: escapes are never read; priors: before a move's prior is left alone).
    ladder_middle : bool
        Moggy policy: read ladders wherever the string's liberty is (True), or only on
        the first line (False: Pachi's playouts by default, ``middle_ladder`` off).
    ladder_shape : bool
        Moggy policy: judge a ladder whose liberty is on the first line by Pachi's
        shape test (``is_border_ladder``: attackers beside the liberty with liberties
        to block, no defender stones two points away on both sides) instead of
        reading it; with ``ladder_middle`` off this is Pachi's playouts' ladder check.
    ladder_escape, ladder_atari : float
        Factors of the priors, at expansion, of escapes from working ladders and of
        ataris that start working ladders (1.0: not read;
        :mod:`igo.search._tactic_prior_kernels`).
    tabu : int
        Tabu list length ``L`` (0: no tabu).
    tabu_tenure : int
        Tenure in playout trials of the leaf (0: the same as ``tabu``).
    tabu_max_tries : int
        Tries of one playout before the tabu lists are ignored for it.
    tabu_key : str
        What the lists hold: ``move``, the point played at playout move 1 (2), as
        the lists of the paper's Fig. 3; or ``position``, the whole position reached
        (the two differ at move 2, which then also depends on move 1).
    max_tree_mb : int
        Memory of the search's trees in MB (0, the default: :func:`default_tree_mb`,
        the smaller of a quarter of the machine's memory and 2 GB). A node takes
        69 bytes (85 with ``crit_rave``); a search holds two pools (the second
        receives what a reclaim or the next move keeps), and root parallelism two per
        thread, so one pool holds ``max_tree_mb MB / (2 * trees * node_bytes)``
        nodes. Pages are committed as nodes are written: a short search stays small.
    tree_capacity : int
        Nodes of one pool, when not 0 (tests, and the warm-up's throw-away search);
        it overrides ``max_tree_mb``.
    reclaim_keep : float
        When a pool is full, the share of it that a reclaim keeps (the families of
        the most visited nodes) before the search goes on expanding; the same share
        bounds the subtree kept for the next move.
    tabu_slots : int
        Leaves that can hold tabu lists at once.
    threads : int
        Search threads.
    parallel : str
        How threads share the work: ``tree``, one tree that all threads search
        (lock-free, with a virtual loss; tabu searches fall back to ``root``, since a
        leaf's tabu lists belong to one thread), or ``root``, a tree per thread whose
        root statistics are summed.
    virtual_loss : float
        Visits (lost ones) that a thread adds to each node of its path while its
        iteration runs, so that threads sharing a tree spread out.
    max_depth : int
        Deepest descent in the tree.
    net : str
        Policy network whose priors replace the move model's at the root and at the
        nodes the search visits most (:mod:`igo.search.netprior`): ``""`` none,
        ``default`` igo's net, or a model file. It runs beside the search, which
        never waits for it. From 9x9 up the default is ``default`` at the root
        only (:data:`SIZE_DEFAULTS`; ``net=`` turns it off, and on 9x9 and 13x13 the
        prior's form with it).
    net_visits : int
        Visits from which a node gets the net's priors (the root always does); 0: the
        root only (against Pachi 12.90 at 1 s a move on 9x9, one core each, the root
        alone and nodes of 1,024 visits scored alike, 0.480 and 0.490 over 100 games;
        the root alone cost 2 % of the playouts, the other 4-11 %:
        ``experiments/tabu_mcts/README.md``).
    net_mix : float
        Share of the net in those priors (the rest: the move model's).
    """

    c_ucb: float = 0.0
    c_puct: float = 0.0
    root_puct: float = 0.0
    rave_equiv: float = 3000.0
    rave_distance: int = 0
    crit_rave: float = 0.0
    crit_min: int = 2000
    fpu: float = 1.0
    expand_threshold: int = 4
    use_priors: bool = True
    prior_eqex: float = 20.0
    prior_sharpness: float = 0.25
    prior_wins: float = 0.0
    pass_prior: float = 1e-3
    policy: str = "heavy"
    p_capture: float = 0.9
    p_pattern: float = 0.9
    p_reject: float = 0.9
    p_atari: float = 1.0
    p_nakade: float = 0.8
    heavy_nakade: float = 0.0
    p_ccap: float = 0.4
    ladder_budget: int = 200
    ladder_middle: bool = True
    ladder_shape: bool = False
    moggy_moves: int = 0
    lgrf: int = 0
    lgrf_first: bool = False
    ladder_escape: float = 1.0
    ladder_atari: float = 1.0
    tabu: int = 0
    tabu_tenure: int = 0
    tabu_max_tries: int = 50
    tabu_key: str = "move"
    max_tree_mb: int = 0
    tree_capacity: int = 0
    reclaim_keep: float = 0.5
    tabu_slots: int = 65_536
    threads: int = 1
    parallel: str = "tree"
    virtual_loss: float = 1.0
    max_depth: int = 200
    net: str = ""
    net_visits: int = 16
    net_mix: float = 1.0
    #: fields set by :meth:`with_options` (kept from :meth:`for_size`'s board-size defaults)
    fixed: frozenset[str] = field(default=frozenset(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise ValueError(f"unknown playout policy {self.policy!r} "
                             f"(known: {', '.join(POLICIES)})")
        if self.tabu_key not in ("move", "position"):
            raise ValueError(f"tabu_key must be move or position, got {self.tabu_key!r}")
        if self.expand_threshold < 0 or self.tabu < 0 or self.tabu_tenure < 0:
            raise ValueError("expand_threshold, tabu and tabu_tenure must be >= 0")
        if self.parallel not in ("tree", "root"):
            raise ValueError(f"parallel must be tree or root, got {self.parallel!r}")
        if self.virtual_loss < 0.0:
            raise ValueError(f"virtual_loss must be >= 0, got {self.virtual_loss}")
        if self.net_visits < 0 or not 0.0 <= self.net_mix <= 1.0:
            raise ValueError(f"net_visits must be >= 0 and net_mix in [0, 1], got "
                             f"{self.net_visits}, {self.net_mix}")
        if self.threads < 1:
            raise ValueError(f"threads must be at least 1, got {self.threads}")
        if self.tree_capacity != 0 and self.tree_capacity < 1000:
            raise ValueError(f"tree_capacity must be 0 (by board size) or at least 1000, "
                             f"got {self.tree_capacity}")
        if self.max_tree_mb < 0:
            raise ValueError(f"max_tree_mb must be >= 0 (0: by the machine), "
                             f"got {self.max_tree_mb}")
        if not 0.05 <= self.reclaim_keep <= 0.95:
            raise ValueError(f"reclaim_keep must be between 0.05 and 0.95, "
                             f"got {self.reclaim_keep}")
        if self.moggy_moves < 0:
            raise ValueError(f"moggy_moves must be >= 0, got {self.moggy_moves}")
        if self.lgrf not in (0, 1, 2):
            raise ValueError(f"lgrf must be 0, 1 or 2, got {self.lgrf}")
        if self.crit_rave < 0.0 or self.crit_min < 0:
            raise ValueError(f"crit_rave and crit_min must be >= 0, got {self.crit_rave}, "
                             f"{self.crit_min}")
        if self.rave_distance < 0:
            raise ValueError(f"rave_distance must be >= 0, got {self.rave_distance}")
        if self.ladder_escape < 0.0 or self.ladder_atari < 0.0:
            raise ValueError("ladder_escape and ladder_atari must be >= 0")
        if self.ladder_budget < 0:
            raise ValueError(f"ladder_budget must be >= 0, got {self.ladder_budget}")
        for name in ("p_capture", "p_pattern", "p_reject", "p_atari", "p_nakade", "heavy_nakade",
                     "p_ccap"):
            v = getattr(self, name)
            if not 0.0 <= v <= 1.0:
                raise ValueError(f"{name} must be a probability, got {v}")

    @property
    def shared_tree(self) -> bool:
        """Whether the threads search one tree (see ``parallel``)."""
        return self.threads > 1 and self.parallel == "tree" and self.tabu == 0

    @property
    def tree_mb(self) -> int:
        """The memory budget of the trees in MB (``max_tree_mb``, or the machine's
        default)."""
        return self.max_tree_mb or default_tree_mb()

    def capacity(self, trees: int = 1) -> int:
        """Nodes of one pool when the search holds ``trees`` trees (a pool and its
        spare each; see ``max_tree_mb`` and ``tree_capacity``)."""
        if self.tree_capacity:
            return self.tree_capacity
        return max(1000, self.tree_mb * MB // (2 * trees * self.node_bytes))

    @property
    def node_bytes(self) -> int:
        """Bytes of one node: 69, and 16 more for the counts of ``crit_rave``."""
        return NODE_BYTES + (CRIT_BYTES if self.crit_rave > 0.0 else 0)

    def tree_count(self) -> int:
        """Trees a search holds: one shared by the threads, or one per thread."""
        return 1 if self.shared_tree or self.threads == 1 else self.threads

    def params(self, komi: float, size: int, suicide: bool) -> np.ndarray:
        """The kernel parameter array (:mod:`igo.search._kernels`)."""
        prm = np.zeros(K.N_PARAMS)
        prm[K.P_C_UCB] = self.c_ucb
        prm[K.P_C_PUCT] = self.c_puct
        prm[K.P_RAVE_EQUIV] = self.rave_equiv
        prm[K.P_FPU] = self.fpu
        prm[K.P_EXPAND] = self.expand_threshold
        prm[K.P_PRIOR_EQEX] = self.prior_eqex
        prm[K.P_PRIOR_SHARP] = self.prior_sharpness
        prm[K.P_PRIOR_WINS] = self.prior_wins
        prm[K.P_KOMI] = komi
        prm[K.P_POLICY] = POLICIES[self.policy]
        prm[K.P_CAPTURE] = self.p_capture
        prm[K.P_PATTERN] = self.p_pattern
        prm[K.P_REJECT] = self.p_reject
        prm[K.P_TABU_L] = self.tabu
        prm[K.P_TABU_TENURE] = self.tabu_tenure or self.tabu
        prm[K.P_MAX_MOVES] = 3 * size * size + 20
        prm[K.P_USE_PRIORS] = 1.0 if self.use_priors else 0.0
        prm[K.P_SUICIDE] = 1.0 if suicide else 0.0
        prm[K.P_PASS_PRIOR] = self.pass_prior
        prm[K.P_TABU_MAX_TRIES] = self.tabu_max_tries
        prm[K.P_TABU_KEY] = 1.0 if self.tabu_key == "position" else 0.0
        prm[K.P_VLOSS] = self.virtual_loss if self.shared_tree else 0.0
        prm[K.P_ATARI] = self.p_atari
        prm[K.P_NAKADE] = self.p_nakade if self.policy == "moggy" else self.heavy_nakade
        prm[K.P_CCAP] = self.p_ccap
        prm[K.P_LADDER_BUDGET] = self.ladder_budget
        prm[K.P_LADDER_MIDDLE] = 1.0 if self.ladder_middle else 0.0
        prm[K.P_LADDER_SHAPE] = 1.0 if self.ladder_shape else 0.0
        prm[K.P_LADDER_ESCAPE] = self.ladder_escape
        prm[K.P_LADDER_ATARI] = self.ladder_atari
        prm[K.P_DIST_RAVE] = self.rave_distance
        prm[K.P_MOGGY_MOVES] = self.moggy_moves
        prm[K.P_LGRF] = self.lgrf
        prm[K.P_LGRF_FIRST] = 1.0 if self.lgrf_first else 0.0
        prm[K.P_ROOT_PUCT] = self.root_puct
        prm[K.P_CRIT] = self.crit_rave
        prm[K.P_CRIT_MIN] = self.crit_min
        return prm

    def with_options(self, **options: Any) -> SearchConfig:
        """A copy with some fields changed (values converted to the fields' types).

        Raises
        ------
        ValueError
            For an unknown field or a value of the wrong type.
        """
        types = {f.name: f.type for f in fields(self) if f.name != "fixed"}
        changes: dict[str, Any] = {}
        for key, value in options.items():
            if key not in types:
                raise ValueError(f"unknown search option {key!r} (known: {', '.join(types)})")
            changes[key] = _convert(key, str(types[key]), value)
        return replace(self, fixed=self.fixed | frozenset(changes), **changes)

    def as_set(self) -> SearchConfig:
        """This configuration with every field counted as set by an option, so that
        :meth:`for_size` changes nothing (a search whose figures were measured with
        these very values, such as ``igo tsumego``'s on its 19x19 frames)."""
        return replace(self, fixed=frozenset(_DEFAULTS))

    def values(self) -> dict[str, Any]:
        """The fields and their values (without the record of what options set)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "fixed"}

    def for_size(self, size: int) -> SearchConfig:
        """This configuration on a board of ``size``: each group of
        :data:`SIZE_DEFAULTS` that applies to the size replaces its fields' values, as a
        whole, when each of them still has its class default and no
        :meth:`with_options` set any of them (``prior_wins=0`` keeps the small-board
        prior whole on 19x19)."""
        changes: dict[str, Any] = {}
        for sizes, values in SIZE_DEFAULTS:
            if size in sizes and all(name not in self.fixed
                                        and getattr(self, name) == _DEFAULTS[name]
                                        for name in values):
                changes.update(values)
        return replace(self, **changes) if changes else self

    def partial_groups(self, size: int) -> list[str]:
        """The groups of :data:`SIZE_DEFAULTS` for ``size`` that :meth:`for_size` leaves
        out because an option set some, not all, of their fields, each described in
        words (setting ``prior_wins`` alone on 9x9 also leaves out the net's priors)."""
        out = []
        for sizes, values in SIZE_DEFAULTS:
            set_ = [name for name in values if name in self.fixed]
            if size in sizes and set_ and len(set_) < len(values):
                rest = ", ".join(f"{k}={v}" for k, v in values.items() if k not in self.fixed)
                out.append(f"{', '.join(set_)} set, so the {size}x{size} defaults of the "
                           f"same group are left out too ({rest}); give them as options "
                           f"to keep them")
        return out


def _convert(key: str, type_name: str, value: Any) -> Any:
    try:
        if type_name == "bool":
            if isinstance(value, str):
                if value.lower() not in ("1", "0", "true", "false", "yes", "no"):
                    raise ValueError(value)
                return value.lower() in ("1", "true", "yes")
            return bool(value)
        if type_name == "int":
            return int(value)
        if type_name == "float":
            return float(value)
    except ValueError:
        raise ValueError(f"search option {key}={value!r}: expected {type_name}") from None
    return str(value)


_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(SearchConfig)}

#: Defaults that depend on the board size, groups of ``(sizes, {field: value})``
#: applied by :meth:`SearchConfig.for_size` (every search does) unless an option set a
#: field of the group.
#:
#: From 15x15 up (Pachi's "large board"), two groups: Pachi's form of the prior, 20
#: even pseudo-visits and ``300 sqrt(P)`` pseudo-wins (``uct/prior.c`` on 19x19), and
#: the policy net's priors at the root (where the net cannot be loaded, the move
#: model's). On 19x19 9-dan positions the 2,000-playout search plays the 9-dan's move
#: 0.192 of the time before, 0.349 with the prior's form and 0.477 with the net too
#: (172 positions; the move model alone 0.326, the net 0.517); against Pachi 12.90 at
#: 2,000 playouts a move each it won 0 of 13 games before, 2 of 11 with the prior's form
#: and 20 of 22 with the net too, and 12 of 15 at 5 s a move (the old default 2 of 14).
#:
#: On 9x9 and 13x13 the two as one group (the prior's form alone lost on 9x9, −45 Elo
#: at 2,000 playouts, so ``net=`` there gives back the whole small-board default): at
#: 2,000 playouts a move against the default before, 35-5-12 on 9x9 (+165 Elo, SPRT H1)
#: and 26-0-3 on 13x13 (+375, SPRT H1); on 9x9 against Pachi at 2,000 playouts each
#: 0.567 over 150 games (the default before 0.367), at 1 s a move each on one core
#: 0.470 over 100 games (the default before 0.385 over 100).
#: (``experiments/tabu_mcts/LOG.md``, "19x19, the prior's weight and the net" and
#: "The pair on 9x9 and 13x13".)
#:
#: On 9x9, AMAF that yields sooner to the real values and weighs the moves played soon
#: after a node more (``rave_equiv`` 1,000, ``rave_distance`` 3; each a group of its
#: own): with 3,000 a child needs about 3,000 real visits before its own results count
#: half, and a refutation whose AMAF is poor (the move is good only when played now)
#: is never tried: of 29 positions where Pachi 12.90 refuted igo's move, a 9x9 search
#: node without the net found Pachi's move 26 times in 58 at 20,000 playouts and 28 at
#: 45,000, with the change 35 at 20,000. At 20,000 playouts a move against the default
#: before: 49-10-36 over 95 games (+48 Elo [-22, +118], SPRT [0, +50] undecided; with
#: ``rave_equiv=500`` 13-5-8); against Pachi 12.90 at 4 s a move each by the engines'
#: logs, 53-6-41 over 100 games (0.560 [0.462, 0.653]) where the default before had 10-2-22
#: over 34 on the same seeds (``experiments/tabu_mcts/LOG.md``, "refutations igo did
#: not see"); at 1 s a move 55-3-42 and at 20,000 playouts each 55-4-41 over 100 games
#: (0.565 and 0.570; the default before 0.470 and 0.445 on the same seeds; "1 s and
#: 20,000 playouts with the 9x9 AMAF change"). 13x13 and 19x19 keep 3,000 and 0 (not
#: measured there).
SIZE_DEFAULTS: tuple[tuple[range, dict[str, Any]], ...] = (
    (range(9, 15), {"prior_sharpness": 0.0, "prior_wins": 300.0, "net": "default",
                    "net_visits": 0}),
    (range(15, 26), {"prior_sharpness": 0.0, "prior_wins": 300.0}),
    (range(15, 26), {"net": "default", "net_visits": 0}),
    (range(9, 10), {"rave_equiv": 1000.0}),
    (range(9, 10), {"rave_distance": 3}),
)

#: The plain MCTS of Ohta & Itoh (section 2).
PAPER = SearchConfig(c_ucb=math.sqrt(2.0), c_puct=0.0, rave_equiv=0.0, fpu=0.5,
                     expand_threshold=100, use_priors=False, prior_eqex=0.0,
                     pass_prior=1.0, policy="light", fixed=frozenset(_DEFAULTS))

#: The strongest settings measured (the defaults of :class:`SearchConfig`).
STRONG = SearchConfig()

PRESETS: dict[str, SearchConfig] = {"paper": PAPER, "strong": STRONG}


def preset(name: str) -> SearchConfig:
    """The preset called ``name``.

    Raises
    ------
    ValueError
        For an unknown name.
    """
    if name not in PRESETS:
        raise ValueError(f"unknown search preset {name!r} (known: {', '.join(PRESETS)})")
    return PRESETS[name]
