"""Find the sentences a person reads that bypass the catalogue of words (issue 29).

Run: ``.venv/bin/python scripts/literals.py [--list]``: how many player-facing literals are
outside the catalogue, per area and module (``--list``: each with its line).

A *player-facing literal* is a string literal or f-string with a word in it (two letters or
more) that reaches a place where text reaches a person (``SINKS``: the service's replies and
refusals, ``Outcome(...)``, a reply's ``.text``, lines of a reply, console and command-line
prints, engine errors, SVG text, Discord sends, embeds and components, pieces of a post),
directly, through a module-level string constant, or through a local of the function it is
said in (``line = f"..."``, then ``Outcome(line)``: every value the function gives that
name). Text inside ``Msg(...)``/``Plural(...)`` is in the catalogue.
``tests/test_catalogue.py`` fails on any such literal outside its allow-list (``ALLOWED``).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: the areas checked, by folder; ``bot`` is everything of ``bot/`` but the Discord adapter
AREAS: dict[str, tuple[str, ...]] = {
    "engine": ("engine",), "render": ("render",), "bot": ("bot",),
    "discord": ("bot/discord_app",),
}

_WORD = re.compile(r"[A-Za-z]{2,}")
#: what a sentence or label looks like in a helper's return value: two words, or a capital
_SENTENCE = re.compile(r"[A-Za-z]{2,}[^{}\n]*? [A-Za-z]{2,}|\b[A-Z][a-z]+")
#: areas whose helpers returning text are checked too (``RETURNING``)
_HELPERS = frozenset(("bot", "discord"))
#: return annotations of a helper that writes words: its returns, yields and appends are sinks
_RETURNING = re.compile(r"\b(str|Said|Text|Listing)\b")

#: where text reaches a person: a callee's name -> (positions, keywords) that carry text;
#: ``None`` for positions: every positional argument
_REPLIES: dict[str, tuple[tuple[int, ...] | None, tuple[str, ...]]] = {
    "Outcome": ((0,), ("text",)),
    "refuse": ((0,), ("reason", "then", "unchanged")),
    "refusal_text": ((0, 1), ("reason", "unchanged")),
    "Reply": ((0,), ("text", "picture_alt")), "Refusal": ((0,), ("text",)),
    "Update": ((0,), ("text",)), "Lookup": ((0,), ("text",)),
    "Previewed": ((0,), ("text",)), "Duplicate": ((0,), ("text",)),
    "Reminder": ((2,), ("text",)), "Announcement": ((3,), ("text",)),
    "Attachment": ((2,), ("description",)),
    "lines": (None, ()), "joined": (None, ()), "say": ((0,), ("text",)),
    "Listing": ((0,), ("items",)), "listing": ((0,), ("items",)),
    "table_outcome": ((1,), ("said",)),
    # a command's piece of ``help`` and the usage a mistyped one is answered with
    "Entry": ((2,), ("usage", "help")),
    # what a need says its command would do ("take back several moves"): a phrase of a refusal
    "moderator": ((0,), ("doing",)), "status": ((0,), ("doing",)),
    "lobby_only": ((0,), ("doing",)), "seated": ((0,), ("doing",)),
    "players_seat": ((1,), ("doing",)), "moderator_refusal": ((0,), ("what",)),
    # why a file cannot be imported or a game exported (said in the refusal)
    "ExchangeError": ((0,), ()),
    # a piece of a post the courier sends (``bot.delivery.Block``), and why a place refused
    # a post (told to the game's moderator)
    "Block": ((0,), ("text",)), "NotPosted": ((0,), ()), "Refused": ((0,), ()),
    # the Discord layer's own refusals, before the service
    "UnknownMember": ((0,), ()), "AttachmentTooLarge": ((0,), ()),
}
_PRINTS: dict[str, tuple[tuple[int, ...] | None, tuple[str, ...]]] = {
    "print": (None, ()), "SystemExit": ((0,), ()), "write": ((0,), ()),
}
_ENGINE: dict[str, tuple[tuple[int, ...] | None, tuple[str, ...]]] = {
    name: ((0,), ("message",)) for name in (
        "BusError", "ParseError", "NotYourTurn", "IllegalMove", "GameOver", "NothingPlayed",
        "LimitError")
}
_RENDER: dict[str, tuple[tuple[int, ...] | None, tuple[str, ...]]] = {
    "text": ((2,), ("content",)), "fit_text": ((0,), ()), "shorten": ((0,), ()),
    "wrap": ((0,), ()), "label": (None, ("content", "label", "title")),
}
_DISCORD: dict[str, tuple[tuple[int, ...] | None, tuple[str, ...]]] = {
    "send": ((0,), ("content",)), "send_message": ((0,), ("content",)),
    "reply": ((0,), ("content",)), "edit": ((), ("content",)),
    "edit_message": ((), ("content",)), "edit_original_response": ((), ("content",)),
    "Embed": ((), ("title", "description")), "add_field": ((), ("name", "value")),
    "set_footer": ((), ("text",)), "Button": ((), ("label",)),
    "SelectOption": ((0,), ("label", "description")), "Select": ((), ("placeholder",)),
    "TextInput": ((), ("label", "placeholder")),
}
SINKS: dict[str, dict[str, tuple[tuple[int, ...] | None, tuple[str, ...]]]] = {
    "engine": _ENGINE,
    "render": _RENDER,
    "bot": {**_REPLIES, **_PRINTS},
    "discord": {**_REPLIES, **_DISCORD},
}
#: calls whose text arguments are no words for a person (names of things, parsing)
_NOT_WORDS = frozenset((
    "getattr", "hasattr", "get", "startswith", "endswith", "split", "rsplit", "replace",
    "strip", "rstrip", "lstrip", "removeprefix", "removesuffix", "count", "index", "find",
    "strftime", "isinstance", "Msg", "Plural", "log", "debug", "info", "warning", "error",
    "exception", "open", "Path", "environ", "pop", "setdefault",
    # a stored choice looked up by its kind (``languages.chosen(store, languages.MEMBER, ...)``)
    "chosen",
))
#: an attribute a reply's text is written to (``reply.text += "..."``)
_TEXT_ATTRS = frozenset(("text",))


_Function = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True, slots=True)
class Found:
    """One literal that reaches a person outside the catalogue."""

    area: str
    module: str
    line: int
    literal: str

    def __str__(self) -> str:
        return f"{self.module}:{self.line}: {self.literal!r}"


#: a literal that is SQL, not words
_SQL = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|WITH|PRAGMA)\b")


def _has_words(node: ast.AST) -> str | None:
    """The literal's text when it has a word in it (and is no SQL), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if _WORD.search(node.value) and not _SQL.match(node.value) else None
    if isinstance(node, ast.JoinedStr):
        parts = "".join(v.value for v in node.values
                        if isinstance(v, ast.Constant) and isinstance(v.value, str))
        return ast.unparse(node) if _WORD.search(parts) and not _SQL.match(parts) else None
    return None


def _callee(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


class _Module:
    """One module's tree and its module-level string constants."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        self.constants: dict[str, ast.expr] = {}
        self.imports: dict[str, tuple[str, str]] = {}
        for stmt in self.tree.body:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 \
                    and isinstance(stmt.targets[0], ast.Name):
                self.constants[stmt.targets[0].id] = stmt.value
            elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) \
                    and stmt.value is not None:
                self.constants[stmt.target.id] = stmt.value
            elif isinstance(stmt, ast.ImportFrom) and stmt.module:
                for alias in stmt.names:
                    self.imports[alias.asname or alias.name] = (stmt.module, alias.name)
        #: each node's innermost function (by ``id``), and each function's locals: a name ->
        #: every value assigned to it there (``x = ...``, ``x: T = ...``, ``x += ...``)
        self.scope: dict[int, _Function] = {}
        self.locals: dict[int, dict[str, list[ast.expr]]] = {}
        self._scan(self.tree, None)

    def _scan(self, node: ast.AST, function: _Function | None) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node
            self.locals[id(node)] = {}
        if function is not None:
            self.scope[id(node)] = function
            values = self.locals[id(function)]
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        values.setdefault(target.id, []).append(node.value)
            elif isinstance(node, ast.AnnAssign | ast.AugAssign) and node.value is not None \
                    and isinstance(node.target, ast.Name):
                values.setdefault(node.target.id, []).append(node.value)
        for child in ast.iter_child_nodes(node):
            self._scan(child, function)

    def local(self, node: ast.AST, name: str) -> list[ast.expr] | None:
        """The values the function ``node`` is in gives ``name`` (None: not one of its
        locals)."""
        function = self.scope.get(id(node))
        if function is None:
            return None
        return self.locals[id(function)].get(name)


class Checker:
    """Walks the areas' modules and finds the literals."""

    def __init__(self, root: Path = ROOT) -> None:
        self.root = root
        self.modules: dict[str, _Module] = {}
        self.sinks: dict[str, tuple[tuple[int, ...] | None, tuple[str, ...]]] = {}

    def module(self, dotted: str) -> _Module | None:
        if dotted not in self.modules:
            path = self.root / (dotted.replace(".", "/") + ".py")
            if not path.exists():
                path = self.root / dotted.replace(".", "/") / "__init__.py"
            if not path.exists():
                return None
            self.modules[dotted] = _Module(path)
        return self.modules[dotted]

    def files(self, area: str) -> Iterator[Path]:
        for folder in AREAS[area]:
            for path in sorted((self.root / folder).rglob("*.py")):
                rel = path.relative_to(self.root).as_posix()
                if area == "bot" and rel.startswith("bot/discord_app/"):
                    continue
                yield path

    def found(self, area: str) -> list[Found]:
        out: list[Found] = []
        for path in self.files(area):
            dotted = path.relative_to(self.root).with_suffix("").as_posix().replace("/", ".")
            dotted = dotted.removesuffix(".__init__")
            module = self.module(dotted)
            assert module is not None
            seen: set[tuple[int, str]] = set()
            for line, literal in self._in_module(module, SINKS[area], area in _HELPERS):
                if (line, literal) not in seen:
                    seen.add((line, literal))
                    out.append(Found(area, path.relative_to(self.root).as_posix(), line,
                                     literal))
        return out

    def _in_module(self, module: _Module, sinks: dict[str, tuple[tuple[int, ...] | None,
                                                                 tuple[str, ...]]],
                   helpers: bool = False) -> Iterator[tuple[int, str]]:
        self.sinks = sinks
        if helpers:
            yield from self._in_helpers(module)
        for node in ast.walk(module.tree):
            if isinstance(node, ast.Call) and (sink := sinks.get(_callee(node))) is not None:
                positions, keywords = sink
                for i, arg in enumerate(node.args):
                    if positions is None or i in positions:
                        yield from self._literals(module, arg, set())
                for kw in node.keywords:
                    if kw.arg in keywords:
                        yield from self._literals(module, kw.value, set())
            elif isinstance(node, ast.AugAssign | ast.Assign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Attribute) and t.attr in _TEXT_ATTRS
                       for t in targets) and sinks is not _ENGINE and sinks is not _RENDER:
                    yield from self._literals(module, node.value, set())

    def _in_helpers(self, module: _Module) -> Iterator[tuple[int, str]]:
        """Sentences a helper returns, yields or appends to what it returns (a function whose
        return annotation names ``str``, ``Said``, ``Text`` or ``Listing``)."""
        for fn in ast.walk(module.tree):
            if not isinstance(fn, ast.FunctionDef) or fn.returns is None \
                    or not _RETURNING.search(ast.unparse(fn.returns)):
                continue
            for node in ast.walk(fn):
                value: ast.AST | None = None
                if isinstance(node, ast.Return | ast.Yield):
                    value = node.value
                elif isinstance(node, ast.Call) and _callee(node) in ("append", "extend",
                                                                      "insert") and node.args:
                    value = node.args[-1]
                if value is None:
                    continue
                for line, literal in self._literals(module, value, set()):
                    if _SENTENCE.search(re.sub(r"\{[^{}]*\}", "", literal)):
                        yield line, literal

    def _literals(self, module: _Module, node: ast.AST, resolving: set[str]
                  ) -> Iterator[tuple[int, str]]:
        """The literals with words in ``node``, following names of module-level constants."""
        words = _has_words(node)
        if words is not None:
            yield getattr(node, "lineno", 0), words
            if isinstance(node, ast.Constant):
                return
        if isinstance(node, ast.Call) and _callee(node) in _NOT_WORDS:
            return
        callee = _callee(node) if isinstance(node, ast.Call) else ""
        if callee[:1].isupper() and not callee.isupper() and callee not in self.sinks:
            return  # a value made of data (a move, a position), not words
        if isinstance(node, ast.Compare):
            return
        if isinstance(node, ast.Subscript):
            yield from self._literals(module, node.value, resolving)
            return
        if isinstance(node, ast.Name) and node.id not in resolving:
            values = module.local(node, node.id)
            if values is not None:  # a local of the function: each value it is given
                for value in values:
                    # what a call returns is its own (a helper's sentences are checked in the
                    # helper); its arguments are its input (``service.where_things_stand(PLACE)``)
                    if isinstance(value, ast.Call) and _callee(value) not in self.sinks:
                        continue
                    yield from self._literals(module, value, resolving | {node.id})
            else:
                yield from self._named(module, node.id, resolving | {node.id})
            return
        if isinstance(node, ast.Attribute) and node.attr.isupper():
            # MODULE.CONSTANT of an imported module
            if isinstance(node.value, ast.Name) and node.value.id in module.imports:
                source, name = module.imports[node.value.id]
                imported = self.module(f"{source}.{name}")
                if imported is not None:
                    yield from self._named(imported, node.attr, resolving | {node.attr})
            return
        for child in ast.iter_child_nodes(node):
            if isinstance(node, ast.JoinedStr):
                break
            yield from self._literals(module, child, resolving)

    def _named(self, module: _Module, name: str, resolving: set[str]
               ) -> Iterator[tuple[int, str]]:
        """The literals of a module-level string constant ``name`` (local or imported)."""
        value = module.constants.get(name)
        if value is not None:
            if _is_text(value):
                words = _has_words(value) if not isinstance(value, ast.BinOp) else None
                if words is not None:
                    yield value.lineno, words
                elif isinstance(value, ast.BinOp | ast.IfExp):
                    yield from self._literals(module, value, resolving)
            return
        if name in module.imports:
            source, original = module.imports[name]
            key = f"{source}:{original}"
            imported = self.module(source)
            if imported is not None and imported is not module and key not in resolving:
                yield from self._named(imported, original, resolving | {key})


def _is_text(node: ast.expr) -> bool:
    """A constant that is a string template (not a tuple, dict or call)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.BinOp):
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.IfExp):
        return _is_text(node.body) or _is_text(node.orelse)
    return isinstance(node, ast.JoinedStr)


def all_found(root: Path = ROOT) -> list[Found]:
    checker = Checker(root)
    return [f for area in AREAS for f in checker.found(area)]


def main(argv: list[str]) -> int:
    found = all_found()
    by_module: dict[str, int] = {}
    for f in found:
        by_module[f.module] = by_module.get(f.module, 0) + 1
        if "--list" in argv:
            print(f)
    for area in AREAS:
        n = sum(1 for f in found if f.area == area)
        print(f"{area}: {n} player-facing literals outside the catalogue")
    if "--modules" in argv:
        for module, n in sorted(by_module.items(), key=lambda kv: -kv[1]):
            print(f"  {n:4} {module}")
    print(f"all: {len(found)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
