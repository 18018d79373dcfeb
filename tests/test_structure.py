"""The package's shape: imports point one way, nothing reaches into another package's private
modules, and no source file grows past what a reader takes in at once."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "src" / "statesearch"
MAX_LINES = 450


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """Every statesearch module ``path`` imports, at any depth of the file (inside functions and
    ``if TYPE_CHECKING:`` blocks too). ``from . import x`` counts as importing ``x`` when ``x`` is
    a module."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("statesearch"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("statesearch"):
                continue
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                found.add(candidate if _is_module(candidate) else target)
    found.discard(here)
    return found


def _is_module(name: str) -> bool:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


SOURCES = sorted(PACKAGE.rglob("*.py"))
GRAPH = {module_name(p): imported_modules(p) for p in SOURCES}


def test_no_module_imports_a_private_module_of_another_package() -> None:
    offenders = []
    for module, imports in GRAPH.items():
        for target in imports:
            *owner, last = target.split(".")
            private = last.startswith("_") and not last.startswith("__")
            if private and not module.startswith(".".join(owner)):
                offenders.append(f"{module} -> {target}")
    assert not offenders


def test_no_two_modules_import_each_other() -> None:
    """Not even for type checking, and not through a longer cycle."""
    cycles = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(GRAPH.get(module, ())):
            if target not in GRAPH or _is_package_of(target, module):
                continue
            if state.get(target) == 1:
                cycles.append(" -> ".join([*path[path.index(target) :], target]))
            elif target not in state:
                visit(target, [*path, target])
        state[module] = 2

    for module in GRAPH:
        if module not in state:
            visit(module, [module])
    assert not cycles


def _is_package_of(package: str, module: str) -> bool:
    """A module importing its own package's ``__init__`` (for a sibling) is not a cycle of
    modules: the package only collects names."""
    return module.startswith(package + ".")


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_source_files_stay_short(path: Path) -> None:
    assert len(path.read_text().splitlines()) <= MAX_LINES


def test_the_graph_sees_lazy_and_type_checking_imports() -> None:
    """The checks above are only as good as the graph: it must include imports inside
    functions (``NPuzzle.compiled``'s delegate) and under ``TYPE_CHECKING``."""
    assert "statesearch.npuzzle.compiled" in GRAPH["statesearch.npuzzle.problem"]
    assert "statesearch.npuzzle.pdb_lookup" in GRAPH["statesearch.npuzzle.problem"]


INTERFACES = ("statesearch.cli", "statesearch.web", "statesearch.batch", "statesearch.notebook")
ENGINE = ("statesearch.algorithms", "statesearch.facade", "statesearch.solving")
DOMAINS = (
    "statesearch.npuzzle",
    "statesearch.maze",
    "statesearch.tilt",
    "statesearch.cube",
    "statesearch.examples",
)


def _in(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def test_imports_point_down() -> None:
    """Domains never reach the engine's loops, the facade or an interface; the engine never
    reaches a domain or an interface (they meet in the contract: problem, limits, outcome,
    result, trace)."""
    offenders = []
    for module, imports in GRAPH.items():
        for target in imports:
            if _in(module, DOMAINS) and _in(target, (*ENGINE, *INTERFACES)):
                offenders.append(f"{module} -> {target}")
            if _in(module, ENGINE) and _in(target, (*DOMAINS, *INTERFACES)):
                offenders.append(f"{module} -> {target}")
    assert not offenders
