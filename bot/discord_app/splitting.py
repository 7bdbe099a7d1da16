"""Cutting long replies into messages Discord accepts.

Discord refuses messages over 2000 characters, and game logs or rules easily exceed that. The cut
falls between lines where it can, so a log line or a board row is never torn apart, and a fenced
code block that spans a cut is closed and reopened so every part still renders as code.
"""

from __future__ import annotations

MESSAGE_LIMIT = 2000
FENCE = "```"


def split_message(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Split ``text`` into parts of at most ``limit`` characters; an empty text gives no parts."""
    if limit < 2 * len(FENCE) + 20:
        raise ValueError(f"limit {limit} is too small to split fenced text")
    if len(text) <= limit:
        return [text] if text else []
    parts: list[str] = []
    current = ""
    opener: str | None = None  # the fence line of the code block open at the end of ``current``
    closing = f"\n{FENCE}"
    # Half the room for a line keeps a reopened fence line plus one line within the limit.
    for line in _lines(text, (limit - 2 * len(closing)) // 2):
        if current and len(current) + len(line) + len(closing) > limit:
            parts.append(current.rstrip("\n") + (closing if opener is not None else ""))
            current = f"{opener}\n" if opener is not None else ""
        current += line
        if line.lstrip().startswith(FENCE):
            opener = None if opener is not None else _opener(line)
    if current.strip() and current != f"{opener}\n":
        parts.append(current.rstrip("\n"))
    return parts


def _opener(line: str) -> str:
    """The fence to reopen with: the language tag is kept, anything else on the line is not."""
    tag = line.strip()
    return tag if len(tag) <= 20 and " " not in tag else FENCE


def _lines(text: str, width: int) -> list[str]:
    """The lines of ``text`` with their line ends, any longer than ``width`` cut at spaces."""
    pieces: list[str] = []
    for line in text.splitlines(keepends=True):
        while len(line) > width:
            cut = line.rfind(" ", 0, width)
            cut = width if cut <= 0 else cut + 1
            pieces.append(line[:cut])
            line = line[cut:]
        pieces.append(line)
    return pieces
