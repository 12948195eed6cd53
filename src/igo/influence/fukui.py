"""Fukui et al.: an influence model close to human intuition.

Section 4.1 of the paper, per stone (Black positive, White negative):

1. four directional **sources** ``P_n, P_e, P_s, P_w``, each starting at
   ``p = a·e + a'`` where ``e`` is the eye-shape degree of the stone's group
   (:mod:`igo.influence.eyes`);
2. **strengthening** when a friendly stone stands in a nobi, kosumi, ikken or
   kogeima relation and the points on that side are empty; a cutting point
   (kizu) held by the opponent cancels the relation (:data:`RULES`);
3. **spreading** of each source in its direction with the decay ``f(d)``
   (Fig. 7: slope ``k = k_scale / P`` up to ``d_break``, then ``k_far``) over a
   fan that widens by one point sideways per step (45°, Fig. 8) and stops there;
   a sideways step costs ``lateral`` of a step forward. The four fans tile the
   plane; the points on a fan's diagonal edge belong to two fans and get half
   of each;
4. **shielding**: influence does not pass beyond a stone (of either colour):
   a fan point is reached only through the chain of points toward the source
   (the nearest lattice point on the straight line), all empty (with
   ``pass_friend``/``pass_enemy`` above 0, a share passes each stone);
5. the stone's own point gets the mean of its four sources; the map is the sum
   over stones.

The rule tables
---------------
Each relation is drawn for the stone ``S`` with its partner ``T`` to the east
(or north-east); the other orientations are its rotations and reflections.
``a`` and ``b`` are the points that must be empty for side ``a`` / side ``b``
to be strengthened (the source named beside the table gets ``+k·p``), ``X`` a
cutting point: an enemy stone on any ``X`` cancels the whole relation (for the
kosumi and the kogeima, an enemy stone on one ``X`` threatens the cut; for the
ikken, the gap held or peeped at). ``.`` is not looked at.

=========  ===============  ==================  =====================
relation   diagram          side a / side b     gain
=========  ===============  ==================  =====================
nobi       ``a  a``         a: P_n, b: P_s      ``k_nobi`` (paper k1)
           ``S  T``
           ``b  b``
kosumi     ``aX T``         a: P_n, b: P_e      ``k_kosumi``
           ``S  bX``
ikken      ``a  aX a``      a: P_n, b: P_s      ``k_ikken``
           ``S  X  T``
           ``b  bX b``
kogeima    ``a  aX T``      a: P_n, b: P_s      ``k_kogeima``
           ``S  X  .``
           ``b  b  .``
=========  ===============  ==================  =====================

The nobi row is exactly the paper's Fig. 6 rule (A1, A2 empty → ``P_n += k1·p``;
B1, B2 empty → ``P_s += k1·p``). A pair thus pushes its influence out to the
sides it faces (perpendicular to the pair), which is the direction of Fig. 1;
a stone with several partners adds the gains, capped at ``max_gain``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from igo.influence import _fukui_kernels as FK
from igo.influence.distance import check_stones
from igo.influence.eyes import EyeParams, eye_degree

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
_DIR_VEC = ((-1, 0), (0, 1), (1, 0), (0, -1))

#: The relations, as read by :func:`parse_rule`: (name, diagram, side a, side b).
RULES: tuple[tuple[str, str, int, int], ...] = (
    ("nobi", """
        a  a
        S  T
        b  b
        """, NORTH, SOUTH),
    ("kosumi", """
        aX T
        S  bX
        """, NORTH, EAST),
    ("ikken", """
        a  aX a
        S  X  T
        b  bX b
        """, NORTH, SOUTH),
    ("kogeima", """
        a  aX T
        S  X  .
        b  b  .
        """, NORTH, SOUTH),
)


@dataclass(frozen=True, slots=True)
class Rule:
    """One relation in one orientation, offsets relative to the stone ``S``."""

    name: str
    partner: tuple[int, int]
    kizu: tuple[tuple[int, int], ...]
    side_points: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
    side_dirs: tuple[int, int]


def parse_rule(name: str, diagram: str, side_a: int, side_b: int) -> Rule:
    """Read a rule diagram (see the module docstring).

    Raises
    ------
    ValueError
        If the diagram lacks exactly one ``S`` and one ``T`` or has an unknown token.
    """
    rows = [line.split() for line in diagram.strip().splitlines() if line.strip()]
    cells = {(r, c): tok for r, row in enumerate(rows) for c, tok in enumerate(row)}
    s = [pos for pos, tok in cells.items() if tok == "S"]
    t = [pos for pos, tok in cells.items() if tok == "T"]
    if len(s) != 1 or len(t) != 1:
        raise ValueError(f"rule {name!r}: need one S and one T")
    (sr, sc), (tr, tc) = s[0], t[0]
    kizu, side_a_pts, side_b_pts = [], [], []
    for (r, c), tok in cells.items():
        if set(tok) - set("STXab."):
            raise ValueError(f"rule {name!r}: unknown token {tok!r}")
        off = (r - sr, c - sc)
        if "X" in tok:
            kizu.append(off)
        if "a" in tok:
            side_a_pts.append(off)
        if "b" in tok:
            side_b_pts.append(off)
    return Rule(name, (tr - sr, tc - sc), tuple(sorted(kizu)),
                (tuple(sorted(side_a_pts)), tuple(sorted(side_b_pts))), (side_a, side_b))


def _transform(off: tuple[int, int], k: int) -> tuple[int, int]:
    r, c = off
    if k >= 4:
        r, c = c, r
    for _ in range(k % 4):
        r, c = c, -r  # rotate a quarter turn
    return r, c


def _dir_of(vec: tuple[int, int]) -> int:
    return _DIR_VEC.index(vec)


def all_orientations(rule: Rule) -> list[Rule]:
    """The rule under the 8 symmetries of the square, one per partner offset."""
    out: dict[tuple[int, int], Rule] = {}
    for k in range(8):
        partner = _transform(rule.partner, k)
        if partner in out:
            continue
        out[partner] = Rule(
            rule.name, partner, tuple(_transform(o, k) for o in rule.kizu),
            (tuple(_transform(o, k) for o in rule.side_points[0]),
             tuple(_transform(o, k) for o in rule.side_points[1])),
            (_dir_of(_transform(_DIR_VEC[rule.side_dirs[0]], k)),
             _dir_of(_transform(_DIR_VEC[rule.side_dirs[1]], k))))
    return list(out.values())


#: The eye-shape constants of the tuned defaults (``fukui_tuned.json``).
TUNED_EYES = EyeParams(eye_weight=0.32587396309631367, lib_weight=0.18219675110047112,
                       lib_cap=59.10272838365057, region_max=12)


@dataclass(frozen=True, slots=True)
class FukuiParams:
    """Every constant of the model.

    **Defaults: tuned, not hand-set.** The defaults are the constants of
    ``experiments/influence/fukui_tuned.json``, found by
    ``experiments/influence/tune.py 500 3`` (:func:`igo.influence.tuning.tune_fukui`:
    a local random search from the hand-set constants for the best mean accuracy of
    the sign of the map against the final owner, stages 20–250, on the first 90
    tuning games of 9-dan Tygem games; 500 trials, best of 3 restarts). On the held-out
    test games they beat the hand-set constants at every stage (0.749 against 0.650
    at move 100; ``experiments/influence/README.md``). They switch most of the paper
    off: ``a`` and ``max_gain`` near 0 (no eye-shape degree, almost no shape rules),
    stones let 0.6–0.8 of the influence through, a sharp peak at the stone and a
    long, slowly falling tail. They are measured quantities of one search, not
    reasons (another restart finds other constants of similar accuracy).

    The paper's hand-set constants are :data:`PAPER` (``--params paper`` in the CLI,
    its own view in GTP); below, the reason for each of them.

    Attributes
    ----------
    a, a0
        ``p = a·e + a0`` (paper: ``a``, ``a'``). Paper preset ``a = 1``,
        ``a0 = 0.5``: a clearly living group (``e = 1``) radiates three times as
        strongly as a group without eye shape or liberties, and a lone stone still
        radiates. Tuned: 0.004, 0.96.
    k_nobi, k_kosumi, k_ikken, k_kogeima
        Gains of the strengthening rules (paper ``k1`` for nobi). Paper preset:
        solid links strengthen most (0.5 nobi, 0.4 kosumi), looser ones less (0.3
        ikken, 0.3 kogeima), as a player trusts a wall more than a loose shape.
        Tuned: 0.54, 0.69, 0.58, 2.07 (but capped by ``max_gain``).
    max_gain
        Cap on the sum of gains of one source. Paper preset 1.0: a source at most
        doubles, so a long wall does not grow without bound. Tuned: 0.017.
    k_scale
        The first slope of ``f(d)`` is ``k_scale / P`` (paper: "k set by the
        source"): a strong source falls slowly. Paper preset 0.15. Tuned: 0.71.
    d_break
        Distance where the slope becomes ``k_far``. Paper preset 2.0 (the stone's
        close neighbourhood, where shape matters). Tuned: 1.08.
    k_far
        Constant far slope (paper ``k'``). Paper preset 0.1: a source of 1 reaches
        about 9 points forward, a lone stone about 4 (a stone's sphere on an open
        board). Tuned: 0.033 (a long tail).
    lateral
        Cost of a sideways step in the fan, relative to a step forward. Paper
        preset 0.5 (the fan is wider than a line, weaker at its sides). Tuned: 0.89.
    pass_friend, pass_enemy
        Share of the influence that passes a friendly / an enemy stone on its
        way (multiplied once per stone passed). Paper preset 0 and 0: the paper's
        shielding, "other stones block the influence" (section 4.1, step 3); the
        paper does not say whether a friendly stone blocks too, so the two are
        separate. Tuned: 0.79, 0.58.
    max_reach
        Length of the fans (points); 12 in both (the table's size only).
    eyes
        Constants of the eye-shape degree (:class:`~igo.influence.eyes.EyeParams`):
        tuned :data:`TUNED_EYES` by default, ``EyeParams()`` (two eyes give
        ``e = 1``) in the paper preset.
    """

    a: float = 0.004252025488177181
    a0: float = 0.9647216331145988
    k_nobi: float = 0.5422236218323744
    k_kosumi: float = 0.6867563850425937
    k_ikken: float = 0.5765265717867546
    k_kogeima: float = 2.073874161049858
    max_gain: float = 0.01657847826337929
    k_scale: float = 0.7123221582200691
    d_break: float = 1.0776414512739625
    k_far: float = 0.03253409533518902
    lateral: float = 0.8937659278077343
    pass_friend: float = 0.7871459120553588
    pass_enemy: float = 0.5754658928875648
    max_reach: int = 12
    eyes: EyeParams = field(default_factory=lambda: TUNED_EYES)

    def __post_init__(self) -> None:
        nonneg = (self.a, self.a0, self.k_nobi, self.k_kosumi, self.k_ikken, self.k_kogeima,
                  self.max_gain, self.k_scale, self.d_break, self.k_far, self.lateral,
                  self.pass_friend, self.pass_enemy)
        if (min(nonneg) < 0 or max(self.pass_friend, self.pass_enemy) > 1
                or self.max_reach < 1 or self.a + self.a0 <= 0):
            raise ValueError(f"bad Fukui parameters {self}")

    def gain(self, relation: str) -> float:
        """The gain of a relation name (``nobi``, ``kosumi``, ``ikken``, ``kogeima``)."""
        return float(getattr(self, f"k_{relation}"))


#: The paper's model with hand-set constants (the reasons are on :class:`FukuiParams`).
PAPER = FukuiParams(a=1.0, a0=0.5, k_nobi=0.5, k_kosumi=0.4, k_ikken=0.3, k_kogeima=0.3,
                    max_gain=1.0, k_scale=0.15, d_break=2.0, k_far=0.1, lateral=0.5,
                    pass_friend=0.0, pass_enemy=0.0, max_reach=12, eyes=EyeParams())
#: The tuned constants (the defaults).
TUNED = FukuiParams()
#: Named constant sets, for ``--params NAME`` and the GTP views.
PRESETS: dict[str, FukuiParams] = {"tuned": TUNED, "paper": PAPER}


def fan_offsets(max_reach: int) -> tuple[np.ndarray, np.ndarray]:
    """The four fans: ``off[d, i] = (drow, dcol, parent, along, sideways)`` and the
    weights ``w[i]`` (parents listed before children; parent -1 = the stone)."""
    canon: list[tuple[int, int]] = []
    index: dict[tuple[int, int], int] = {}
    for dx in range(1, max_reach + 1):
        for dy in range(-dx, dx + 1):
            index[(dx, dy)] = len(canon)
            canon.append((dx, dy))
    n = len(canon)
    off = np.zeros((4, n, 5), dtype=np.int64)
    w = np.empty(n, dtype=np.float64)
    for i, (dx, dy) in enumerate(canon):
        if dx == 1:
            parent = -1
        else:
            py = int(np.floor(abs(dy) * (dx - 1) / dx + 0.5 - 1e-9)) * (1 if dy >= 0 else -1)
            parent = index[(dx - 1, py)]
        w[i] = 0.5 if abs(dy) == dx else 1.0
        rot = ((-dx, dy), (dy, dx), (dx, -dy), (-dy, -dx))  # N, E, S, W
        for d in range(4):
            off[d, i] = (rot[d][0], rot[d][1], parent, dx, abs(dy))
    return off, w


def rule_arrays(params: FukuiParams) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                              np.ndarray]:
    """The rule table as kernel arrays (partner, kizu, side points, side dirs, gain)."""
    rules = [r for spec in RULES for r in all_orientations(parse_rule(*spec))]
    n = len(rules)
    partner = np.array([r.partner for r in rules], dtype=np.int64).reshape(n, 2)
    kizu = np.full((n, 4, 2), -99, dtype=np.int64)
    side_pts = np.full((n, 2, 4, 2), -99, dtype=np.int64)
    side_dir = np.array([r.side_dirs for r in rules], dtype=np.int64).reshape(n, 2)
    gain = np.array([params.gain(r.name) for r in rules], dtype=np.float64)
    for i, r in enumerate(rules):
        for j, o in enumerate(r.kizu):
            kizu[i, j] = o
        for s in range(2):
            for j, o in enumerate(r.side_points[s]):
                side_pts[i, s, j] = o
    return partner, kizu, side_pts, side_dir, gain


class FukuiModel:
    """Fukui et al.'s influence model with fixed parameters (tables built once).

    Parameters
    ----------
    params : FukuiParams, optional
        The constants (documented on :class:`FukuiParams`; default: the tuned ones,
        :data:`PAPER` for the paper's hand-set ones).
    """

    name = "fukui"

    def __init__(self, params: FukuiParams | None = None) -> None:
        self.params = params or FukuiParams()
        self._rules = rule_arrays(self.params)
        self._off, self._w = fan_offsets(self.params.max_reach)

    def sources(self, stones: np.ndarray) -> np.ndarray:
        """``(size, size, 4)`` unsigned sources (N, E, S, W) of every stone (0 elsewhere)."""
        arr = check_stones(stones)
        emap = eye_degree(arr, self.params.eyes)
        out = np.zeros((*arr.shape, 4), dtype=np.float64)
        src = np.empty(4, dtype=np.float64)
        for r, c in zip(*np.nonzero(arr), strict=True):
            p = self.params.a * emap[r, c] + self.params.a0
            FK.stone_sources(arr, int(r), int(c), p, *self._rules, self.params.max_gain, src)
            out[r, c] = src
        return out

    def __call__(self, stones: np.ndarray) -> np.ndarray:
        """The influence map (float64, Black positive) of ``stones``.

        ``stones`` is a ``(size, size)`` array, signed or board-encoded.
        """
        arr = check_stones(stones)
        prm = self.params
        emap = np.empty(arr.shape, dtype=np.float64)
        eye = prm.eyes
        FK.eye_degree_map(arr, eye.eye_weight, eye.lib_weight, eye.lib_cap, eye.region_max,
                          emap)
        out = np.empty(arr.shape, dtype=np.float64)
        FK.fukui_map(arr, emap, prm.a, prm.a0, *self._rules, prm.max_gain, self._off, self._w,
                     prm.lateral, prm.k_scale, prm.d_break, prm.k_far, prm.pass_friend,
                     prm.pass_enemy, out)
        return out


def fukui_influence(stones: np.ndarray, params: FukuiParams | None = None) -> np.ndarray:
    """Fukui et al.'s influence map of ``stones`` (see the module docstring).

    Parameters
    ----------
    stones : numpy.ndarray
        ``(size, size)`` stones, signed (+1/-1/0) or board-encoded (1/2/0).
    params : FukuiParams, optional
        Model constants (default: the tuned ones).

    Returns
    -------
    numpy.ndarray
        ``float64`` map, Black positive.
    """
    return FukuiModel(params)(stones)
