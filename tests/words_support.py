"""Stand-in catalogues for tests of words that are not English: every template made longer (a
translation's words are often a third to a half longer than the English, German's compounds
longer still, without a space to break at), or chosen templates replaced.

They are ``Words`` as the catalogue loader makes them (``engine.text.write`` does the writing,
so placeholders and numbers behave as in any language), and hashable, so the renderer's caches
can key a drawing by its language.
"""

from __future__ import annotations

import math
import string
from collections.abc import Mapping

from engine.text import ENGLISH, Msg, Plural, Text, write

_FORMATTER = string.Formatter()

#: How much longer every word of a stretched template is: 40% (issue 29's test language).
STRETCH = 1.4


def stretched(template: str, stretch: float = STRETCH) -> str:
    """``template`` with each word of its own text (not its placeholders) longer by
    ``stretch``: letters repeated, no space added, so a word can only shrink, never wrap."""
    out: list[str] = []
    for literal, name, spec, conversion in _FORMATTER.parse(template):
        words = literal.split(" ")
        longer = [w + w[:math.ceil(len(w) * (stretch - 1))] if any(c.isalpha() for c in w)
                  else w for w in words]
        out.append(" ".join(longer).replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append("{" + name + (f"!{conversion}" if conversion else "")
                       + (f":{spec}" if spec else "") + "}")
    return "".join(out)


class Longer:
    """Every text of the catalogue ``STRETCH`` times as long as its English (the words of its
    template, not what is put into it: names and numbers stay as they are)."""

    language = "en"  # its moves keep the English notation

    def __init__(self, stretch: float = STRETCH) -> None:
        self.stretch = stretch

    def template(self, msg: Msg | Plural, count: int | None) -> str:
        return stretched(ENGLISH.template(msg, count), self.stretch)

    def number(self, value: int | float, spec: str) -> str:
        return format(value, spec)

    def __call__(self, text: Text) -> str:
        return write(self, text)


class Replaced:
    """English, except the messages whose ids are given: those read as the template given;
    moves named in sentences in the notation of ``language`` (English unless told)."""

    def __init__(self, templates: Mapping[str, str], language: str = "en") -> None:
        self.templates = dict(templates)
        self.language = language

    def template(self, msg: Msg | Plural, count: int | None) -> str:
        return self.templates.get(msg.id) or ENGLISH.template(msg, count)

    def number(self, value: int | float, spec: str) -> str:
        return format(value, spec)

    def __call__(self, text: Text) -> str:
        return write(self, text)


#: One longer language for every test, so the renderer's caches keep one set of its layers.
LONGER = Longer()
