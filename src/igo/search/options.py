"""The search's options by concern, one frozen dataclass each, composed by
:class:`igo.search.config.SearchConfig`:

=============  ==============  =====================================================
group          class           what it sets
=============  ==============  =====================================================
selection      :class:`Selection`   the descent: UCB, the prior term, AMAF, criticality,
                               first-play urgency, expansion, depth
prior          :class:`Prior`       the move model's priors at expansion and their
                               ladder factors
playouts       :class:`Playouts`    the playout policy (light, heavy, moggy), last good
                               reply, the tabu lists of Ohta and Itoh (2013)
resources      :class:`Resources`   memory of the trees and the threads that share them
netprior       :class:`NetPrior`    the policy net's priors beside the search
=============  ==============  =====================================================

Every option has a name unique over the groups (``rave_equiv``, ``tabu``, ``net``):
the flat name that player specs (``igo:mcts:rave_equiv=1000``), ``igo tune`` and
``igo-search_params`` use. A field that the kernels read names its slot of the kernel
parameter vector (:mod:`igo.search._kernels`, ``P_*``) in its metadata
(:func:`slot`); :meth:`SearchConfig.params` fills the vector from those fields.
Why each board-size default is what it is: ``docs/engine-defaults.md``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import Field, dataclass, field, fields
from typing import Any

from igo.search import _kernels as K
from igo.search._moggy_kernels import MOGGY
from igo.search._policy_kernels import HEAVY, LIGHT

#: Playout policies by name, and their codes in the kernel parameter vector.
POLICIES = {"light": LIGHT, "heavy": HEAVY, "moggy": MOGGY}
#: What the tabu lists hold, and its code.
TABU_KEYS = {"move": 0, "position": 1}
#: How threads share the work.
PARALLEL = ("tree", "root")
#: The options that take one of a few names, and those names.
CHOICES: dict[str, tuple[str, ...]] = {"policy": tuple(POLICIES), "tabu_key": tuple(TABU_KEYS),
                                       "parallel": PARALLEL}

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


def slot(index: int, codes: Mapping[str, int] | None = None) -> dict[str, Any]:
    """Field metadata: the field's value goes to slot ``index`` of the kernel parameter
    vector (a bool as 1 or 0, a name as its code in ``codes``)."""
    return {"slot": index, "codes": codes}


def kernel_value(f: Field[Any], value: Any) -> float:
    """The number a field's value puts in its slot."""
    codes = f.metadata.get("codes")
    if codes is not None:
        return float(codes[value])
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    return float(value)


def _probabilities(obj: object, *names: str) -> None:
    for name in names:
        v = getattr(obj, name)
        if not 0.0 <= v <= 1.0:
            raise ValueError(f"{name} must be a probability, got {v}")


@dataclass(frozen=True)
class Selection:
    """How the descent picks a child (:func:`igo.search._kernels.select_child`).

    Attributes
    ----------
    c_ucb : float
        UCB1 exploration constant ``C`` in ``mean + C sqrt(ln N / n)`` (the plain search
        of Ohta and Itoh 2013: sqrt 2).
    c_puct : float
        Weight of the prior exploration term ``P sqrt(N) / (1 + n)``; 0 (the default)
        leaves exploration to the priors' pseudo-visits, RAVE and first-play urgency,
        as in Pachi (the matches that chose 0: ``docs/engine-defaults.md``).
    root_puct : float
        The same prior exploration term at the root only, where the prior is the
        net's (0: none): visits there follow the prior among moves of about equal
        value, where without it the prior's pseudo-visits fade as the real ones grow.
    rave_equiv : float
        RAVE equivalence parameter (visits at which AMAF and real values weigh the
        same); 0 turns AMAF off. 1,000 on 9x9 (:mod:`igo.search.size_defaults`).
    rave_distance : int
        AMAF weight of moves played soon after a node: ``1 + D * (moves after the
        first play) // (moves after the node + 1)`` (Pachi's ``distance_rave``; 0:
        every AMAF result weighs 1). 3 on 9x9.
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
        Visits of a leaf before it is expanded (Ohta and Itoh 2013: 100).
    max_depth : int
        Deepest descent in the tree.
    """

    c_ucb: float = field(default=0.0, metadata=slot(K.P_C_UCB))
    c_puct: float = field(default=0.0, metadata=slot(K.P_C_PUCT))
    root_puct: float = field(default=0.0, metadata=slot(K.P_ROOT_PUCT))
    rave_equiv: float = field(default=3000.0, metadata=slot(K.P_RAVE_EQUIV))
    rave_distance: int = field(default=0, metadata=slot(K.P_DIST_RAVE))
    crit_rave: float = field(default=0.0, metadata=slot(K.P_CRIT))
    crit_min: int = field(default=2000, metadata=slot(K.P_CRIT_MIN))
    fpu: float = field(default=1.0, metadata=slot(K.P_FPU))
    expand_threshold: int = field(default=4, metadata=slot(K.P_EXPAND))
    max_depth: int = 200

    def __post_init__(self) -> None:
        if self.expand_threshold < 0:
            raise ValueError("expand_threshold, tabu and tabu_tenure must be >= 0")
        if self.crit_rave < 0.0 or self.crit_min < 0:
            raise ValueError(f"crit_rave and crit_min must be >= 0, got {self.crit_rave}, "
                             f"{self.crit_min}")
        if self.rave_distance < 0:
            raise ValueError(f"rave_distance must be >= 0, got {self.rave_distance}")


@dataclass(frozen=True)
class Prior:
    """The priors a node's children get at expansion (:mod:`igo.search.priors`).

    Attributes
    ----------
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
        ``W = 300`` (:mod:`igo.search.size_defaults`).
    pass_prior : float
        Prior probability of the pass.
    ladder_escape, ladder_atari : float
        Factors of the priors, at expansion, of escapes from working ladders and of
        ataris that start working ladders (1.0: not read; each reading takes at most
        the playouts' ``ladder_budget`` nodes;
        :mod:`igo.search._tactic_prior_kernels`).
    """

    use_priors: bool = field(default=True, metadata=slot(K.P_USE_PRIORS))
    prior_eqex: float = field(default=20.0, metadata=slot(K.P_PRIOR_EQEX))
    prior_sharpness: float = field(default=0.25, metadata=slot(K.P_PRIOR_SHARP))
    prior_wins: float = field(default=0.0, metadata=slot(K.P_PRIOR_WINS))
    pass_prior: float = field(default=1e-3, metadata=slot(K.P_PASS_PRIOR))
    ladder_escape: float = field(default=1.0, metadata=slot(K.P_LADDER_ESCAPE))
    ladder_atari: float = field(default=1.0, metadata=slot(K.P_LADDER_ATARI))

    def __post_init__(self) -> None:
        if self.ladder_escape < 0.0 or self.ladder_atari < 0.0:
            raise ValueError("ladder_escape and ladder_atari must be >= 0")


@dataclass(frozen=True)
class Playouts:
    """The playouts: their policy, last good reply and the tabu lists.

    Attributes
    ----------
    policy : str
        Playout policy: ``light``, ``heavy`` or ``moggy`` (the heavy policy with
        ladders, two-liberty tactics, nakade and a self-atari test on every move,
        :mod:`igo.search._moggy_kernels`).
    p_capture, p_pattern, p_reject : float
        Heavy and moggy policies: probabilities of trying captures/escapes, 3x3
        patterns, and of rejecting a self-atari (heavy: of a string; moggy: of a
        single stone, a bad self-atari of a string being always refused).
    p_atari, p_ccap : float
        Moggy policy: probabilities of the two-liberty step and of answering an own
        string in atari only by counter-capturing when it can.
    p_nakade : float
        Moggy policy: probability of the nakade step (the vital point of the last
        mover's enclosed eye space of 3-6 points next to its move); also the heavy
        moves of a moggy playout past ``moggy_moves``.
    heavy_nakade : float
        Heavy policy: probability of the same nakade step (off by default: the
        matches, ``docs/engine-defaults.md``).
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
    moggy_moves : int
        Moggy policy: the first playout moves it plays, the rest of the playout being
        the heavy policy's (0: the whole playout), to spend the tactics' cost where
        the playout is still near the tree.
    lgrf : int
        Last good reply with forgetting (Baier and Drake 2010) in the playouts of every
        policy: 0 off; 1, a playout's move is the move that last answered the move
        before it in a playout its player won (forgotten once it answers it in a lost
        one), where ``lgrf_first`` says; 2, the reply to the last two moves first, then
        to the last one (:func:`igo.search._kernels.lgr_reply`). The tables live as
        long as the search (a game's moves share them), one per search thread.
    lgrf_first : bool
        Play the reply before every step of the playout policy (as Baier and Drake's
        Orego), or (False) only when the policy's captures and escapes step (moggy:
        its step 1, ataris) plays nothing.
    tabu : int
        Tabu list length ``L`` (0: no tabu; Ohta and Itoh 2013, section 3).
    tabu_tenure : int
        Tenure in playout trials of the leaf (0: the same as ``tabu``).
    tabu_max_tries : int
        Tries of one playout before the tabu lists are ignored for it.
    tabu_key : str
        What the lists hold: ``move``, the point played at playout move 1 (2), as
        the lists of the paper's Fig. 3; or ``position``, the whole position reached
        (the two differ at move 2, which then also depends on move 1).
    tabu_slots : int
        Leaves that can hold tabu lists at once.
    """

    policy: str = field(default="heavy", metadata=slot(K.P_POLICY, POLICIES))
    p_capture: float = field(default=0.9, metadata=slot(K.P_CAPTURE))
    p_pattern: float = field(default=0.9, metadata=slot(K.P_PATTERN))
    p_reject: float = field(default=0.9, metadata=slot(K.P_REJECT))
    p_atari: float = field(default=1.0, metadata=slot(K.P_ATARI))
    p_nakade: float = 0.8
    heavy_nakade: float = 0.0
    p_ccap: float = field(default=0.4, metadata=slot(K.P_CCAP))
    ladder_budget: int = field(default=200, metadata=slot(K.P_LADDER_BUDGET))
    ladder_middle: bool = field(default=True, metadata=slot(K.P_LADDER_MIDDLE))
    ladder_shape: bool = field(default=False, metadata=slot(K.P_LADDER_SHAPE))
    moggy_moves: int = field(default=0, metadata=slot(K.P_MOGGY_MOVES))
    lgrf: int = field(default=0, metadata=slot(K.P_LGRF))
    lgrf_first: bool = field(default=False, metadata=slot(K.P_LGRF_FIRST))
    tabu: int = field(default=0, metadata=slot(K.P_TABU_L))
    tabu_tenure: int = 0
    tabu_max_tries: int = field(default=50, metadata=slot(K.P_TABU_MAX_TRIES))
    tabu_key: str = field(default="move", metadata=slot(K.P_TABU_KEY, TABU_KEYS))
    tabu_slots: int = 65_536

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise ValueError(f"unknown playout policy {self.policy!r} "
                             f"(known: {', '.join(POLICIES)})")
        if self.tabu_key not in TABU_KEYS:
            raise ValueError(f"tabu_key must be move or position, got {self.tabu_key!r}")
        if self.tabu < 0 or self.tabu_tenure < 0:
            raise ValueError("expand_threshold, tabu and tabu_tenure must be >= 0")
        if self.moggy_moves < 0:
            raise ValueError(f"moggy_moves must be >= 0, got {self.moggy_moves}")
        if self.lgrf not in (0, 1, 2):
            raise ValueError(f"lgrf must be 0, 1 or 2, got {self.lgrf}")
        if self.ladder_budget < 0:
            raise ValueError(f"ladder_budget must be >= 0, got {self.ladder_budget}")
        _probabilities(self, "p_capture", "p_pattern", "p_reject", "p_atari", "p_nakade",
                       "heavy_nakade", "p_ccap")

    @property
    def nakade(self) -> float:
        """The nakade step's probability in the policy played (moggy's ``p_nakade``,
        heavy's ``heavy_nakade``)."""
        return self.p_nakade if self.policy == "moggy" else self.heavy_nakade

    @property
    def tenure(self) -> int:
        """The tabu tenure in trials (``tabu_tenure``, or ``tabu`` when 0)."""
        return self.tabu_tenure or self.tabu


@dataclass(frozen=True)
class Resources:
    """Memory of the trees and the threads that search them (:mod:`igo.search.search`).

    Attributes
    ----------
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
    """

    max_tree_mb: int = 0
    tree_capacity: int = 0
    reclaim_keep: float = 0.5
    threads: int = 1
    parallel: str = "tree"
    virtual_loss: float = 1.0

    def __post_init__(self) -> None:
        if self.parallel not in PARALLEL:
            raise ValueError(f"parallel must be tree or root, got {self.parallel!r}")
        if self.virtual_loss < 0.0:
            raise ValueError(f"virtual_loss must be >= 0, got {self.virtual_loss}")
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

    @property
    def tree_mb(self) -> int:
        """The memory budget of the trees in MB (``max_tree_mb``, or the machine's
        default)."""
        return self.max_tree_mb or default_tree_mb()


@dataclass(frozen=True)
class NetPrior:
    """The policy net's priors (:mod:`igo.search.netprior`).

    Attributes
    ----------
    net : str
        Policy network whose priors replace the move model's at the root and at the
        nodes the search visits most: ``""`` none, ``default`` igo's net, or a model
        file. It runs beside the search, which never waits for it. From 9x9 up the
        default is ``default`` at the root only (:mod:`igo.search.size_defaults`;
        ``net=`` turns it off, and on 9x9 and 13x13 the prior's form with it).
    net_visits : int
        Visits from which a node gets the net's priors (the root always does); 0: the
        root only.
    net_mix : float
        Share of the net in those priors (the rest: the move model's).
    net_value : float
        AlphaGo's λ: the weight of the value head's judgement of those nodes beside
        their playouts (the root aside; a net whose heads judge the board's size only).
        A node judged at ``n`` visits gains ``n * λ / (1 - λ)`` visits of the net's
        value, it and its ancestors (:func:`igo.search._net_kernels.add_value`), so
        that its mean is ``λ`` the net's and ``1 - λ`` the playouts' when it is judged;
        0: the playouts alone.
    """

    net: str = ""
    net_visits: int = 16
    net_mix: float = 1.0
    net_value: float = 0.0

    def __post_init__(self) -> None:
        if self.net_visits < 0 or not 0.0 <= self.net_mix <= 1.0:
            raise ValueError(f"net_visits must be >= 0 and net_mix in [0, 1], got "
                             f"{self.net_visits}, {self.net_mix}")
        if not 0.0 <= self.net_value < 1.0:
            raise ValueError(f"net_value must be in [0, 1), got {self.net_value}")


#: The groups of :class:`igo.search.config.SearchConfig`: its field name -> the class.
GROUPS: dict[str, type] = {"selection": Selection, "prior": Prior, "playouts": Playouts,
                           "resources": Resources, "netprior": NetPrior}

#: Each option's flat name -> the group that holds it.
GROUP_OF: dict[str, str] = {}
for _group, _cls in GROUPS.items():
    for _f in fields(_cls):
        if _f.name in GROUP_OF:
            raise RuntimeError(f"search option {_f.name!r} in two groups")
        GROUP_OF[_f.name] = _group

#: Slots of the kernel parameter vector that no single field fills: the position's
#: (komi, the playout length cap, suicide) and those that combine fields (the tabu
#: tenure, the virtual loss of a shared tree, the nakade step of the policy played).
DERIVED_SLOTS = (K.P_KOMI, K.P_MAX_MOVES, K.P_SUICIDE, K.P_TABU_TENURE, K.P_VLOSS,
                 K.P_NAKADE)


def _check_slots() -> None:
    """Every slot of the kernel parameter vector is filled exactly once."""
    taken = [f.metadata["slot"] for cls in GROUPS.values() for f in fields(cls)
             if "slot" in f.metadata]
    taken += DERIVED_SLOTS
    if sorted(taken) != list(range(K.N_PARAMS)):
        raise RuntimeError(f"the search options fill kernel slots {sorted(taken)}, "
                           f"not 0..{K.N_PARAMS - 1} once each")


_check_slots()
