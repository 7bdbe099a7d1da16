"""The house rules of the code beside the engine's (tests/test_engine_layout.py): no import
cycle among the modules of engine/, render/ and bot/ (an import inside a function counts), and
no function in bot/ longer than a screen."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The longest a function of bot/ may be, in lines (its docstring included).
LONGEST = 50


def _modules() -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for package in ("engine", "render", "bot"):
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def _imports(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each module and the modules it imports, at any depth of the file (a function's own
    imports, ``TYPE_CHECKING`` blocks). A package's ``__init__`` re-exporting its modules, and a
    module importing its own package, are not edges that can close a cycle by themselves."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    found.add(full if full in modules else node.module)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
        graph[name] = {m for m in found if m in modules and m != name
                       and not name.startswith(m + ".") and not m.startswith(name + ".")}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> list[str] | None:
        if name in path:
            return [*path[path.index(name):], name]
        if name in done:
            return None
        for dep in sorted(graph[name]):
            found = visit(dep, [*path, name])
            if found:
                return found
        done.add(name)
        return None

    for name in sorted(graph):
        found = visit(name, [])
        if found:
            return found
    return None


def test_no_import_cycle_in_engine_render_or_bot() -> None:
    graph = _imports(_modules())
    assert "bot.service.service" in graph and "bot.cli" in graph and "render.png" in graph
    assert "bot.discord_app.bot" in graph and "bot.discord_app.cogs.slash" in graph
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])


def test_a_cycle_is_found_when_there_is_one() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def _long_functions(folder: Path) -> list[str]:
    long = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                lines = node.end_lineno - node.lineno + 1
                if lines > LONGEST:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines})")
    return long


def test_no_function_in_the_bot_is_longer_than_a_screen() -> None:
    assert _long_functions(ROOT / "bot") == []


def test_one_refuse_owns_nothing_was_changed() -> None:
    """"Nothing was changed." is written once, by ``outcome.refuse``; a handler gives only
    its reason."""
    writers = [path.relative_to(ROOT).as_posix()
               for path in sorted((ROOT / "bot" / "service").rglob("*.py"))
               if "Nothing was changed." in path.read_text(encoding="utf-8")]
    assert writers == ["bot/service/command/context.py"]


def test_the_turn_machine_stays_a_turn_machine() -> None:
    """engine/game.py walks from one decision to the next; what it keeps or shows lives in
    modules of its own (engine.kept, engine.view, engine.log)."""
    lines = (ROOT / "engine" / "game.py").read_text(encoding="utf-8").count("\n")
    assert lines <= 350, f"engine/game.py has {lines} lines"
