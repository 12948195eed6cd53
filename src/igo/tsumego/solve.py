"""Solving a problem: one search of the framed board per run, its first move judged.

Ohta & Itoh, section 4.3: a problem is answered correctly when the search's first move
(its most visited root move) is one of the problem's correct first moves. A run is
one search from scratch with its own seed, drawn from ``(seed, problem.index, run)``
so that any subset of problems or runs gives the same answers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from igo.core.coords import Point
from igo.movepred.model import MoveModel
from igo.search import Search, SearchConfig
from igo.search.search import nearest_default_model
from igo.tsumego.frame import Frame, FrameConfig, build_frame
from igo.tsumego.problems import Problem


@dataclass(frozen=True)
class Attempt:
    """One run on one problem.

    Attributes
    ----------
    index : int
        The problem's line number.
    run : int
        The run number (0-based).
    move : Point or None
        The search's first move (``None``: pass, or no frame fits the problem).
    correct : bool
        ``move`` is one of the problem's solutions.
    seconds : float
        Search time.
    error : str
        Why the problem could not be searched (empty when it was).
    """

    index: int
    run: int
    move: Point | None
    correct: bool
    seconds: float
    error: str = ""

    def to_json(self) -> dict[str, object]:
        """``{"index", "run", "move" (SGF point or null), "correct", "seconds",
        "error"}``."""
        return {"index": self.index, "run": self.run,
                "move": None if self.move is None else self.move.to_sgf(),
                "correct": self.correct, "seconds": round(self.seconds, 4),
                "error": self.error}


def run_seed(seed: int, index: int, run: int) -> int:
    """The search seed of run ``run`` of problem ``index``."""
    return int(np.random.SeedSequence([seed, index, run]).generate_state(1, np.uint64)[0])


class Solver:
    """Searches framed problems with one configuration.

    Parameters
    ----------
    config
        Search parameters (a preset, possibly with ``tabu``), taken as they are: the
        board-size defaults of games (:meth:`SearchConfig.for_size`: the 19x19 prior
        and net) do not reach a problem's frame, since the solve rates were measured
        without them.
    playouts
        Playouts per search.
    seed
        Base seed of the runs.
    frame
        Frame parameters.
    model
        Move model for the priors and the kernel tables (default: igo's model of each
        board size met, loaded once per size).
    """

    def __init__(self, config: SearchConfig, playouts: int, seed: int = 0,
                 frame: FrameConfig | None = None, model: MoveModel | None = None) -> None:
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, got {playouts}")
        self.config = config.as_set()
        self.playouts = playouts
        self.seed = seed
        self.frame_config = frame or FrameConfig()
        self.model = model
        self._models: dict[int, MoveModel] = {}
        self._frames: dict[int, Frame] = {}

    def _model(self, size: int) -> MoveModel:
        if self.model is not None:
            return self.model
        if size not in self._models:
            self._models[size] = nearest_default_model(size)
        return self._models[size]

    def frame(self, problem: Problem) -> Frame:
        """The problem's frame (the last one built is kept for the next runs)."""
        if problem.index not in self._frames:
            self._frames = {problem.index: build_frame(problem, self.frame_config)}
        return self._frames[problem.index]

    def attempt(self, problem: Problem, run: int) -> Attempt:
        """Search the framed problem once and judge the first move. A problem no
        frame fits gives an incorrect attempt with the reason in ``error``."""
        from igo.tsumego.frame import FrameError

        try:
            frame = self.frame(problem)
        except FrameError as exc:
            return Attempt(problem.index, run, None, False, 0.0, str(exc))
        search = Search(frame.board, frame.komi, self.config, self._model(problem.size),
                        seed=run_seed(self.seed, problem.index, run))
        t0 = time.perf_counter()
        result = search.run(playouts=self.playouts)
        seconds = time.perf_counter() - t0
        move = result.best.move if result.best is not None else None
        return Attempt(problem.index, run, move, move in problem.solutions, seconds)
