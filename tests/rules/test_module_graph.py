"""The rules package's shape (issue 19): every module of games/ imports alone in a fresh
interpreter, the import graph read from the source has no cycle (function-level imports count:
an import hidden in a function to dodge a cycle is still a cycle), and no module is above 800
lines."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "games"
MAX_LINES = 800


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(GAMES.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


MODULES = _modules()


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _imports(name: str) -> set[str]:
    """The games modules `name` imports when it runs (TYPE_CHECKING blocks never run)."""
    tree = ast.parse(MODULES[name].read_text())
    package = name if _is_package(name) else name.rpartition(".")[0]
    found: set[str] = set()
    names_from_package: set[str] = set()  # `from p import name` where name is not a submodule of p

    def visit(node: ast.AST) -> None:
        if _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            submodules = {f"{target}.{a.name}" for a in node.names} & set(MODULES)
            found.update(submodules)  # `from . import x`: x may be a submodule
            if len(submodules) < len(node.names):
                names_from_package.add(target)
            found.add(target)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    edges = set()
    for target in found:
        if not target.startswith("games"):
            continue
        parts = target.split(".")
        # importing a.b.c runs a, a.b and a.b.c; a package the importer lives in is already running
        for i in range(1, len(parts) + 1):
            dep = ".".join(parts[:i])
            if dep in MODULES and dep != name and not name.startswith(dep + "."):
                edges.add(dep)
        if target in names_from_package and name.startswith(target + "."):
            edges.add(target)  # a name the enclosing package defines: read before it is done, a cycle
    return edges


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                return stack[stack.index(dep):] + [dep]
            if dep not in state:
                found = walk(dep)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = walk(node)
            if found:
                return found
    return None


def test_no_import_cycle_in_games():
    graph = {name: _imports(name) for name in MODULES}
    cycle = _cycle(graph)
    assert cycle is None, "import cycle: " + " → ".join(cycle)


def test_the_graph_reader_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_module_above_800_lines():
    long = {name: n for name, path in MODULES.items() if (n := len(path.read_text().splitlines())) > MAX_LINES}
    assert not long, f"modules above {MAX_LINES} lines: {long}"


def test_each_module_imports_alone_in_a_fresh_interpreter():
    """Each module first, alone: an import order that only works after another module was
    imported (a hidden cycle) fails here. The interpreters run side by side."""
    runs = {name: subprocess.Popen([sys.executable, "-c", f"import {name}"], cwd=ROOT, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True)
            for name in MODULES}
    failed = {}
    for name, run in runs.items():
        out, _ = run.communicate(timeout=120)
        if run.returncode:
            failed[name] = out.strip().splitlines()[-1:]
    assert not failed, failed


@pytest.mark.parametrize("name", ["games.bgcc.engine", "games.bgcc.dice_flow", "games.bgcc.versus"])
def test_the_untangled_modules_are_in_the_graph(name):
    assert name in MODULES
