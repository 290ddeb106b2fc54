"""The shape of the code (issues 19 and 29): no module above 800 lines and no import cycle in
`api/`, `games/`, `bench/` (the import graph read from the source: function-level imports count, an
import hidden in a function to dodge a cycle is still a cycle) and `pwa/js` (its static `import ...
from "./x.js"` lines); every module of `api/` and `games/` imports alone in a fresh process."""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("api", "games")  # imported as packages: api.store, games.bgcc.engine
SCRIPTS = ROOT / "bench"  # scripts run from their folder: `capacity` imports `capacity_net`
JS = ROOT / "pwa" / "js"
MAX_LINES = 800


def _modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    for path in sorted(SCRIPTS.glob("*.py")):
        out[path.stem] = path
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
    """The modules of MODULES `name` imports when it runs (TYPE_CHECKING blocks never run)."""
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


def test_no_import_cycle_in_api_games_and_bench():
    graph = {name: _imports(name) for name in MODULES}
    cycle = _cycle(graph)
    assert cycle is None, "import cycle: " + " → ".join(cycle)


def test_the_graph_reader_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_graph_covers_api_games_and_bench():
    assert {"api.store", "api.resources.tables", "games.bgcc.engine", "games.registry", "capacity"} <= set(MODULES)
    assert "games.bgcc.registry" in _imports("games.bgcc.game")  # the edges are read, not just the names
    assert not any(m.startswith(("games.bgcc", "games.bmg", "games.gcsg"))
                   for n in MODULES if n.startswith("api") for m in _imports(n))  # api/ reaches games through the seam


# ------------------------------------------------------------------ pwa/js

JS_IMPORT = re.compile(r"""^\s*(?:import|export)\s+(?:[\w*{}\s,$]+?\s+from\s+)?["'](\.{1,2}/[^"']+)["']""", re.M)


def _js_modules() -> dict[str, Path]:
    return {path.relative_to(JS.parent).as_posix(): path for path in sorted(JS.rglob("*.js"))}


def _js_imports(name: str, text: str) -> set[str]:
    """The modules `name` (a path under pwa/, e.g. js/app.js) imports statically (`import ... from
    "./x.js"`, `import "./x.js"`, `export ... from`), as paths under pwa/."""
    here = (JS.parent / name).parent
    return {(here / found).resolve().relative_to(JS.parent.resolve()).as_posix() for found in JS_IMPORT.findall(text)}


def test_the_js_import_reader_reads_every_form():
    text = 'import { a,\n  b } from "./x.js";\nimport "../y.js";\nexport { c } from "./z/w.js";\nimport * as q from "./q.js";'
    assert _js_imports("js/screens/s.js", text) == {"js/screens/x.js", "js/y.js", "js/screens/z/w.js", "js/screens/q.js"}


def test_no_import_cycle_in_pwa_js():
    modules = _js_modules()
    graph = {name: _js_imports(name, path.read_text(encoding="utf-8")) for name, path in modules.items()}
    assert "js/screens/table.js" in graph and "js/i18n.js" in graph["js/app.js"]
    missing = {name: {d for d in deps if not (JS.parent / d).exists()} for name, deps in graph.items()}
    assert not any(missing.values()), f"imports of files that do not exist: {missing}"
    cycle = _cycle(graph)
    assert cycle is None, "import cycle in pwa/js: " + " → ".join(cycle)


def test_no_module_above_800_lines():
    files = {**MODULES, **{f"pwa/{n}": p for n, p in _js_modules().items()}}
    long = {name: n for name, path in files.items() if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules above {MAX_LINES} lines: {long}"


# One process imports the third-party packages once, then forks a child per module of games/ (and
# api), each importing that one module first: an import order that only works after another of
# our modules was imported (a hidden cycle) fails there, as in a fresh interpreter, without ~130
# interpreter start-ups.
ALONE = r"""
import importlib, os, sys
for name in sys.argv[2:]:
    try:
        importlib.import_module(name)
    except Exception:
        pass
failed = []
for name in sys.argv[1].split(","):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        ours = [m for m in sys.modules if m.split(".")[0] in ("api", "games")]
        try:
            assert not ours, f"already imported: {ours}"
            importlib.import_module(name)
            code = 0
        except BaseException as exc:
            os.write(write, f"{type(exc).__name__}: {exc}"[:500].encode())
            code = 1
        os._exit(code)
    os.close(write)
    with os.fdopen(read, "rb") as r:
        said = r.read().decode(errors="replace")
    _, status = os.waitpid(pid, 0)
    if status:
        failed.append(f"{name}: {said or status}")
print("\n".join(failed))
sys.exit(1 if failed else 0)
"""


def _third_party() -> set[str]:
    """The top-level packages our modules import that are not ours."""
    found = set()
    for path in MODULES.values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                found.add(node.module.split(".")[0])
    return found - {*PACKAGES, *(n for n in MODULES if "." not in n), "__future__", "tests"}


CHUNKS = 4  # the modules in 4 tests, which the test processes share out


@pytest.mark.long  # a fork and a package import per module (36 s of CPU): the cycle checks above run always
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_each_module_imports_alone_in_a_fresh_process(chunk):
    """Every module of games/, and api (importing any module of api/ runs api/__init__.py first,
    which imports the app: one import of `api` is each of them in the same order)."""
    names = ["api", *(n for n in MODULES if n.split(".")[0] == "games")][chunk::CHUNKS]
    run = subprocess.run([sys.executable, "-c", ALONE, ",".join(names), *sorted(_third_party())], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_module_that_needs_another_imported_first_fails_alone(tmp_path):
    """The check above catches a hidden cycle: a.py imports b.py before it defines X, which b.py
    reads (works when b is imported first, fails when a is)."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "__init__.py").write_text("")
    (tmp_path / "games" / "a.py").write_text("from games import b\nX = 1\n")
    (tmp_path / "games" / "b.py").write_text("from games.a import X\n")
    run = subprocess.run([sys.executable, "-c", ALONE, "games.a,games.b"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 1 and "games.a: ImportError" in run.stdout and "games.b:" not in run.stdout, run.stdout


@pytest.mark.parametrize("name", ["games.bgcc.engine", "games.bgcc.dice_flow", "games.bgcc.versus"])
def test_the_untangled_modules_are_in_the_graph(name):
    assert name in MODULES
