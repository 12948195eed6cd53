"""Layering of the GTP rooms (``../shared/ARCHITECTURE.md``): :mod:`igo.gtp` (wire format,
client) sits below :mod:`igo.players`, :mod:`igo.search` and :mod:`igo.influence`, and igo's
engine front end, :mod:`igo.engine`, above them all; inside the front end every import points
down: the handler modules type against the protocol :class:`~igo.engine.protocol.Engine` and
never import :mod:`igo.engine.engine`, not even for type checking.

Imports are read from the source (every ``import`` statement, in functions and under
``if TYPE_CHECKING:`` too), so nothing is imported to check them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import igo

SRC = Path(igo.__file__).resolve().parent
FRONT_END = "igo.engine"
#: rooms the front end sits above: none of their modules may import it
BELOW = ("igo.gtp", "igo.players", "igo.search", "igo.influence", "igo.movepred",
         "igo.analysis")


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: str) -> list[Path]:
    return sorted((SRC.parent / package.replace(".", "/")).rglob("*.py"))


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(path: Path) -> list[tuple[str, bool]]:
    """``(module, type_checking_only)`` for every import in ``path`` (``from m import x``
    gives ``m.x`` as well as ``m``, since ``x`` may be a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, guarded: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, guarded)
            return
        if isinstance(node, ast.Import):
            found.extend((alias.name, guarded) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.append((base, guarded))
            found.extend((f"{base}.{alias.name}", guarded) for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child, guarded)

    visit(tree, False)
    return found


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


@pytest.mark.parametrize("room", BELOW)
def test_rooms_below_never_import_the_front_end(room: str) -> None:
    files = modules(room)
    assert files, room
    bad = sorted({f"{module_name(p)} imports {name}" for p in files
                  for name, _ in imports(p) if within(name, FRONT_END)})
    assert not bad, bad


def test_gtp_keeps_only_the_protocol_pieces() -> None:
    names = {module_name(p) for p in modules("igo.gtp")}
    assert names == {"igo.gtp", "igo.gtp.args", "igo.gtp.client", "igo.gtp.errors",
                     "igo.gtp.protocol"}


def test_front_end_imports_point_down() -> None:
    """The import graph of :mod:`igo.engine` (run-time and type-checking imports) has no
    cycle, and none of its modules imports the engine class's module."""
    names = {module_name(p): p for p in modules(FRONT_END)}
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        graph[name] = {target for target, _ in imports(path)
                       if target in names and target != name}
    assert sorted(name for name in graph if f"{FRONT_END}.engine" in graph[name]) == [], \
        "the handlers type against igo.engine.protocol.Engine"
    assert graph[f"{FRONT_END}.analyze"].isdisjoint(names.keys() - {f"{FRONT_END}.state"}), \
        "the analysis registry imports no view"

    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            pytest.fail("import loop: " + " -> ".join([*path[path.index(node):], node]))
        if node in done:
            return
        for target in sorted(graph[node]):
            visit(target, [*path, node])
        done.add(node)

    for name in sorted(graph):
        visit(name, [])
