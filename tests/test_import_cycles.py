"""No import circle between igo's modules.

Every module under ``src/igo`` is parsed with :mod:`ast`; an edge ``a -> b`` is drawn for
each import of ``b`` that runs when ``a`` is imported (module level, class bodies, ``try``
and ``if`` blocks).  Imports inside functions run later and are left out, and so are those
under ``if TYPE_CHECKING:``.  The target of ``from p import n`` is ``p.n`` when that is a
module and ``p`` otherwise.  Cycles are the strongly connected components of the graph
(Tarjan); the test fails listing each one.

A circle hidden by deferring one of its imports (into a function or under
``TYPE_CHECKING``) is still a circle between the modules: the three igo had on 2026-12-07
(``engine/``, ``arena/executor.py`` and its executors, ``core/board.py`` and
``core/diagram.py``) were all hidden that way.  So the test also draws the graph with every
import statement of the module, wherever it stands (``deferred=True``), and asks it to be
free of circles as well.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"


def _modules(src: Path) -> dict[str, tuple[Path, bool]]:
    """Map each module name under ``src/igo`` to its file and whether it is a package."""
    found: dict[str, tuple[Path, bool]] = {}
    for path in sorted((src / "igo").rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        found[".".join(parts)] = (path, is_package)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _import_time_nodes(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements that run when the module is imported, nested blocks included."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        yield node
        if isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                yield from _import_time_nodes(node.body)
            yield from _import_time_nodes(node.orelse)
        elif isinstance(node, ast.ClassDef):
            yield from _import_time_nodes(node.body)
        elif isinstance(node, (ast.Try, ast.With, ast.For, ast.While)):
            for field in ("body", "orelse", "finalbody"):
                yield from _import_time_nodes(getattr(node, field, []))
            for handler in getattr(node, "handlers", []):
                yield from _import_time_nodes(handler.body)


def _targets(
    name: str, is_package: bool, node: ast.AST, modules: dict[str, tuple[Path, bool]]
) -> Iterator[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in modules:
                yield alias.name
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            package = name if is_package else name.rpartition(".")[0]
            for _ in range(node.level - 1):
                package = package.rpartition(".")[0]
            base = f"{package}.{node.module}" if node.module else package
        else:
            base = node.module or ""
        for alias in node.names:
            full = f"{base}.{alias.name}"
            if full in modules:
                yield full
            elif base in modules:
                yield base


def import_graph(src: Path = SRC, *, deferred: bool = False) -> dict[str, set[str]]:
    """Imports between igo's modules: module -> the modules it imports.

    Only the imports that run when the module is imported, or with ``deferred`` every
    import statement in it (in functions and under ``TYPE_CHECKING`` too).
    """
    modules = _modules(src)
    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        nodes: Iterable[ast.AST] = (
            ast.walk(tree) if deferred else _import_time_nodes(tree.body))
        edges: set[str] = set()
        for node in nodes:
            edges.update(t for t in _targets(name, is_package, node, modules) if t != name)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph.get(node, ())):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component: list[str] = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def _describe(component: list[str], graph: dict[str, set[str]]) -> str:
    members = set(component)
    edges = [f"{a} -> {b}" for a in component for b in sorted(graph[a] & members)]
    return "cycle of " + ", ".join(component) + ":\n    " + "\n    ".join(edges)


def test_cycles_finds_a_loop_and_ignores_a_chain() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_graph_skips_function_and_type_checking_imports(tmp_path: Path) -> None:
    package = tmp_path / "igo"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from . import b\n"
        "if TYPE_CHECKING:\n    from igo import c\n"
        "def f():\n    import igo.c\n"
    )
    (package / "b.py").write_text("try:\n    from igo.a import x\nexcept ImportError:\n    pass\n")
    (package / "c.py").write_text("import igo.a\n")
    graph = import_graph(tmp_path)
    assert graph["igo.a"] == {"igo.b"}
    assert graph["igo.b"] == {"igo.a"}
    assert graph["igo.c"] == {"igo.a"}
    assert cycles(graph) == [["igo.a", "igo.b"]]
    graph = import_graph(tmp_path, deferred=True)
    assert graph["igo.a"] == {"igo.b", "igo.c"}
    assert cycles(graph) == [["igo.a", "igo.b", "igo.c"]]


@pytest.mark.parametrize("deferred", [False, True], ids=["import-time", "every-import"])
def test_no_import_cycles(deferred: bool) -> None:
    graph = import_graph(deferred=deferred)
    assert {"igo.core.board", "igo.engine.engine", "igo.arena.executor"} <= set(graph)
    assert "igo.core.color" in graph["igo.core.board"]
    found = cycles(graph)
    assert not found, "\n".join(_describe(c, graph) for c in found)
