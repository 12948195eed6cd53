"""Loading an experiment's script (``experiments/<name>/<script>.py``, not a package) as
a module, so that tests can call its functions."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

EXPERIMENTS = Path(__file__).resolve().parents[1] / "experiments"


def load_script(experiment: str, script: str) -> ModuleType:
    """``experiments/<experiment>/<script>.py`` as the module ``<experiment>_<script>``."""
    path = EXPERIMENTS / experiment / f"{script}.py"
    spec = importlib.util.spec_from_file_location(f"{experiment}_{script}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module
