"""Move a module's inline sentences into ``Msg`` constants: a helper for converting code to
the catalogue of words (issue 29), whose every change is then reviewed by hand.

Run: ``.venv/bin/python scripts/to_catalogue.py PREFIX path/to/module.py [...]``: each string
literal or f-string ``scripts/literals.py`` finds written inline in the module (not through a
constant) becomes a module-level ``Msg("PREFIX.slug", "template")`` declared after the imports,
and the literal a call of it: ``refuse("You cannot.")`` -> ``refuse(CANNOT())``;
``f"{seat.name} left."`` -> ``LEFT(name=seat.name)``. An f-string placeholder that is not a
plain name or attribute (a call, a sum, a conversion) is left for a person: the module is
written with what could be done and the rest listed. The values are passed as they are, so
mypy points out any that is no text, number or ``Text``.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.literals import AREAS, SINKS, Checker, _has_words  # noqa: E402


def _slug(text: str, words: int = 5) -> str:
    found = re.findall(r"[a-z0-9]+", re.sub(r"\{[^{}]*\}", " ", text).lower())
    return "_".join(found[:words]) or "text"


def _placeholder(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _template(node: ast.JoinedStr | ast.Constant) -> tuple[str, dict[str, str]] | None:
    """The template and its arguments (name -> source), or None where a person must look."""
    if isinstance(node, ast.Constant):
        assert isinstance(node.value, str)
        return node.value.replace("{", "{{").replace("}", "}}"), {}
    out: list[str] = []
    args: dict[str, str] = {}
    for value in node.values:
        if isinstance(value, ast.Constant):
            out.append(str(value.value).replace("{", "{{").replace("}", "}}"))
            continue
        assert isinstance(value, ast.FormattedValue)
        if value.conversion != -1:
            return None
        name = _placeholder(value.value)
        if name is None:
            return None
        source = ast.unparse(value.value)
        if args.get(name, source) != source:
            return None
        args[name] = source
        spec = ""
        if value.format_spec is not None:
            spec_node = value.format_spec
            if not isinstance(spec_node, ast.JoinedStr) or not all(
                    isinstance(v, ast.Constant) for v in spec_node.values):
                return None
            spec = ":" + "".join(str(v.value) for v in spec_node.values
                                 if isinstance(v, ast.Constant))
        out.append("{" + name + spec + "}")
    return "".join(out), args


def _inline_nodes(checker: Checker, path: Path, area: str
                  ) -> tuple[list[ast.JoinedStr | ast.Constant], dict[int, str]]:
    """The literal nodes with words written inline in a sink of ``path``, and the role of
    those that are a command's usage or help (by ``id`` of the node)."""
    dotted = path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
    module = checker.module(dotted.removesuffix(".__init__"))
    assert module is not None
    found = {(line, lit) for line, lit in checker._in_module(module, SINKS[area], True)}
    nodes: list[ast.JoinedStr | ast.Constant] = []
    role: dict[int, str] = {}
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "Entry":
            if len(node.args) > 2:
                role[id(node.args[2])] = "usage"
            for kw in node.keywords:
                if kw.arg == "help":
                    for sub in ast.walk(kw.value):
                        role[id(sub)] = "help"
                if kw.arg == "usage":
                    role[id(kw.value)] = "usage"
        if isinstance(node, ast.Constant | ast.JoinedStr):
            words = _has_words(node)
            if words is not None and (node.lineno, words) in found:
                nodes.append(node)
    return nodes, role


def _declared(name: str, msg_id: str, template: str) -> str:
    """``NAME = Msg("id", "template")`` in lines of at most 100 characters."""
    head = f"{name} = Msg({_quoted(msg_id)}, "
    indent = " " * len(f"{name} = Msg(")
    if len(head) + len(_quoted(template)) + 2 <= 100:
        return head + _quoted(template) + ")\n"
    chunks: list[str] = []
    rest = template
    width = 100 - len(indent) - 3
    first = 100 - len(head) - 2
    while rest:
        room = first if not chunks else width
        if len(_quoted(rest)) <= room - 1:
            chunks.append(rest)
            break
        cut = rest.rfind(" ", 0, room - 2)
        if cut <= 0:
            cut = room - 2
        chunks.append(rest[:cut + 1])
        rest = rest[cut + 1:]
    if len(chunks) > 1 and len(head) + len(_quoted(chunks[0])) > 100:
        chunks.insert(0, "")
    out = head + _quoted(chunks[0])
    for chunk in chunks[1:]:
        out += "\n" + indent + _quoted(chunk)
    return out + ")\n"


def _quoted(text: str) -> str:
    if '"' not in text:
        return '"' + text.replace("\\", "\\\\").replace("\n", "\\n") + '"'
    return repr(text)


def convert(prefix: str, path: Path) -> list[str]:
    """Rewrite ``path``; the literals left for a person, as ``line: literal``."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    area = "discord" if "discord_app" in path.as_posix() else next(
        a for a, folders in AREAS.items() if path.relative_to(ROOT).parts[0] in folders)
    checker = Checker(ROOT)
    nodes, role = _inline_nodes(checker, path, area)
    taken = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    ids: set[str] = set(re.findall(r'Msg\("([^"]+)"', source))
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def at(lineno: int, col: int) -> int:
        return offsets[lineno - 1] + len(lines[lineno - 1].encode()[:col].decode())

    edits: list[tuple[int, int, str]] = []
    constants: list[str] = []
    left: list[str] = []
    for node in sorted(nodes, key=lambda n: (n.lineno, n.col_offset)):
        made = _template(node)
        if made is None:
            left.append(f"{node.lineno}: {ast.unparse(node)}")
            continue
        template, args = made
        slug = role.get(id(node)) or _slug(template)
        name = slug.upper()[:40].rstrip("_") or "TEXT"
        if name[0].isdigit():
            name = "N_" + name
        base, n = name, 2
        while name in taken:
            name, n = f"{base}_{n}", n + 1
        taken.add(name)
        msg_id, n = f"{prefix}.{slug}", 2
        while msg_id in ids:
            msg_id, n = f"{prefix}.{slug}_{n}", n + 1
        ids.add(msg_id)
        constants.append(_declared(name, msg_id, template))
        call = f"{name}(" + ", ".join(f"{k}={v}" for k, v in args.items()) + ")"
        assert node.end_lineno is not None and node.end_col_offset is not None
        edits.append((at(node.lineno, node.col_offset), at(node.end_lineno, node.end_col_offset),
                      call))
    if not edits:
        return left
    for start, end, call in sorted(edits, reverse=True):
        source = source[:start] + call + source[end:]
    tree = ast.parse(source)
    last_import = max((s.end_lineno or 0) for s in tree.body
                      if isinstance(s, ast.Import | ast.ImportFrom))
    body = source.splitlines(keepends=True)
    has_msg = re.search(r"^from engine\.text import .*\bMsg\b", source, re.M)
    head = ([] if has_msg else ["from engine.text import Msg\n"]) + ["\n"] + constants
    body[last_import:last_import] = head
    path.write_text("".join(body), encoding="utf-8")
    return left


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    prefix, paths = argv[0], argv[1:]
    for p in paths:
        for line in convert(prefix, Path(p).resolve()):
            print(f"{p}:{line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
