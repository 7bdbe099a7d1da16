"""The engine's house rules: one rule per step, no import cycle among its modules."""

from __future__ import annotations

import ast
from pathlib import Path

import engine
from engine import DecisionKind
from engine.rules import RULES

ROOT = Path(engine.__file__).parent


def _imports() -> dict[str, set[str]]:
    """Each engine module and the engine modules it imports (at any depth of the file)."""
    modules: dict[str, Path] = {}
    for path in ROOT.rglob("*.py"):
        parts = ["engine", *path.relative_to(ROOT).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    found.add(full if full in modules else node.module)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        # a package's __init__ re-exports its modules; a module importing its own package is
        # the only edge that may point "up"
        graph[name] = {m for m in found if m in modules and m != name
                       and not (m == "engine" or name == "engine")
                       and not name.startswith(m + ".")}
    return graph


def test_every_step_of_the_game_has_its_rule() -> None:
    assert set(RULES) == set(DecisionKind)
    for kind, rule in RULES.items():
        assert rule.kind is kind and rule.rule.startswith("R")


def test_the_engine_modules_import_each_other_without_a_cycle() -> None:
    graph = _imports()
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        assert name not in path, " -> ".join([*path, name])
        if name in done:
            return
        for dep in graph[name]:
            visit(dep, [*path, name])
        done.add(name)

    for name in graph:
        visit(name, [])
    assert "engine.game" in graph and "engine.rules.vrrooomm" in graph
