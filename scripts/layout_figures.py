"""Figures of the game service's layout (issue 29), printed so a note can cite them.

Run: ``.venv/bin/python scripts/layout_figures.py`` (from the repository root; it reads the
tree it sits in). Prints:

- the modules at the top of ``bot/service/`` and its sub-packages;
- the largest modules of ``bot/service/`` in lines, and the lines and methods of the class
  ``GameService``;
- the import depth: the longest chain of ``bot.service`` modules each importing the next (an
  import inside a function or a ``TYPE_CHECKING`` block counts; a package's ``__init__`` is not
  a link; a module that discovers a package's modules with ``pkgutil`` imports each of them);
- per command of the registry, the files of ``bot/`` that name its request classes (imported
  from where they are declared): where a new command's facts have to be written.
"""

from __future__ import annotations

import ast
import statistics
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ROOT / "bot" / "service"
sys.path.insert(0, str(ROOT))


def _modules() -> dict[str, Path]:
    """Every module of ``bot/`` by its dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in sorted((ROOT / "bot").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()
PACKAGES = {name for name, path in MODULES.items() if path.name == "__init__.py"}


def _imports(name: str) -> set[str]:
    """The ``bot.service`` modules ``name`` imports, at any depth of its file."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in MODULES else node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    if "iter_modules(" in MODULES[name].read_text(encoding="utf-8"):
        for package in {m for m in found if m in PACKAGES}:  # discovered, not named
            found.update(m for m in MODULES if m.rpartition(".")[0] == package)
    return {m for m in found if m in MODULES and m != name and m.startswith("bot.service")
            and m not in PACKAGES}


@cache
def _chain(name: str) -> tuple[str, ...]:
    """The longest chain of imports starting at ``name`` (the graph has no cycle)."""
    longest: tuple[str, ...] = ()
    for dep in sorted(_imports(name)):
        chain = _chain(dep)
        if len(chain) > len(longest):
            longest = chain
    return (name, *longest)


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def _game_service() -> tuple[int, int]:
    for path in SERVICE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name == "GameService":
                assert node.end_lineno is not None
                methods = [n for n in node.body
                           if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
                return node.end_lineno - node.lineno + 1, len(methods)
    raise LookupError("no class GameService")


def _registry() -> object:
    """The command registry, where this layout keeps it (before issue 29: ``bot.service``)."""
    import importlib

    for name in ("bot.service.router.registry", "bot.service.registry"):
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    raise LookupError("no command registry")


def _naming_files(classes: list[type]) -> set[str]:
    """The files of ``bot/`` that import one of ``classes`` from the module declaring it (or
    that module, and then name the class on it), besides that module itself."""
    files: set[str] = set()
    where = {(c.__module__, c.__name__) for c in classes}
    homes = {c.__module__ for c in classes}
    for name, path in MODULES.items():
        if name in homes:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases: set[str] = set()
        hit = False
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    if (node.module, alias.name) in where:
                        hit = True
                    if f"{node.module}.{alias.name}" in homes:
                        aliases.add(alias.asname or alias.name)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in aliases and node.attr in {c.__name__ for c in classes}):
                hit = True
        if hit:
            files.add(str(path.relative_to(ROOT)))
    return files


def main() -> None:
    top = sorted(p.name for p in SERVICE.glob("*.py"))
    packages = sorted(p.name for p in SERVICE.iterdir() if (p / "__init__.py").exists())
    print(f"bot/service/ top level: {len(top)} modules ({', '.join(top)})")
    print(f"bot/service/ sub-packages: {len(packages)} ({', '.join(packages) or 'none'})")
    sizes = sorted(((_lines(p), str(p.relative_to(ROOT))) for p in SERVICE.rglob("*.py")),
                   reverse=True)
    print("largest modules: " + ", ".join(f"{path} {lines}" for lines, path in sizes[:3]))
    lines, methods = _game_service()
    print(f"class GameService: {lines} lines, {methods} methods")
    chains = [_chain(name) for name in MODULES if name.startswith("bot.service")
              and name not in PACKAGES]
    deepest = max(chains, key=len)
    print(f"import depth: {len(deepest)} modules ({' -> '.join(deepest)})")
    registry = _registry()
    counts: list[tuple[int, str, list[str]]] = []
    for entry in registry.ENTRIES:  # type: ignore[attr-defined]
        files = sorted(_naming_files(list(entry.routes)))
        counts.append((len(files) + 1, entry.name, files))  # + 1: the module declaring it
    counts.sort(reverse=True)
    median = statistics.median(count for count, _, _ in counts)
    print(f"files declaring something about one command (its own module included): "
          f"max {counts[0][0]} ({counts[0][1]}), median {median}, over {len(counts)} commands")
    for count, name, files in counts[:5]:
        print(f"  {name}: {count} ({', '.join(files) or 'its module only'})")


if __name__ == "__main__":
    main()
