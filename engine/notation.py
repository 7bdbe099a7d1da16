"""The command language: player text in, typed moves out.

Forgiving the way forum players write: case, punctuation and filler words do not matter, so
``Place Office at C1``, ``place office c1`` and ``C1: Office`` are one move. A message may hold
several moves, separated by ``;``, new lines, commas or ``and``/``then`` before a new verb; a
clause without a verb borrows the one before it (``place office at C1, pub at W4``). The parser
knows nothing of the game state: legality is the game's business.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from engine.board import BOARD
from engine.errors import ParseError
from engine.moves import (
    MOST_SPACES,
    ActionName,
    BuildingType,
    ChooseAction,
    ClockChoice,
    Deliver,
    ExtendLine,
    Move,
    Pass,
    PlaceBuilding,
    PlacePassenger,
    StartLine,
)

_TOKEN = re.compile(r"[a-z]+\d+|[a-z]+|\d+")
_LABEL_LIKE = re.compile(r"^(?:[cnsew]\d+|ws|es)$")
_CLAUSE_SPLIT = re.compile(r"[;\n\r,]+|\bthen\b")

_VERBS: dict[str, str] = {
    **dict.fromkeys(("place", "put", "build", "erect", "add", "construct", "places"), "place"),
    **dict.fromkeys(("start", "begin", "open"), "start"),
    **dict.fromkeys(("extend", "expand", "extends", "continue", "grow", "lay", "connect"),
                    "extend"),
    **dict.fromkeys(("choose", "take", "pick", "select", "claim", "chose", "grab", "chooses",
                     "takes"), "choose"),
    **dict.fromkeys(("pass", "passes", "done", "finished"), "pass"),
    **dict.fromkeys(("stop", "halt", "freeze", "stops"), "stop"),
    **dict.fromkeys(("advance", "let", "advances"), "advance"),
    **dict.fromkeys(("deliver", "carry", "transport", "drive", "ride", "bring", "move",
                     "delivers"), "deliver"),
}
_NEGATIONS = frozenset(("don", "dont", "not", "no", "never", "without"))
_FILLER = frozenset((
    "the", "a", "an", "at", "on", "to", "from", "between", "and", "my", "line", "lines",
    "please", "i", "will", "ll", "in", "of", "with", "street", "streets", "lot", "lots", "road",
    "route", "into", "onto", "for", "me", "s", "new", "one", "marker", "action", "space", "t",
    "station", "stations", "time", "clock", "run", "go", "by", "player", "it", "here", "there",
    "via", "up", "which", "is", "also", "too", "again", "more", "another", "then", "now",
    "thanks", "thank", "you", "ok", "okay", "cheers", "so", "guess", "think",
))
_TYPES: dict[str, BuildingType] = {
    **dict.fromkeys(("house", "houses", "home", "homes"), "house"),
    **dict.fromkeys(("office", "offices"), "office"),
    **dict.fromkeys(("pub", "pubs", "bar", "bars"), "pub"),
}
_PASSENGER_WORDS = frozenset(("passenger", "passengers", "pax", "people", "person"))
_ACTION_WORDS: dict[str, ActionName] = {
    **dict.fromkeys(("line", "lines", "expansion", "expand", "route", "extension"), "lines"),
    **dict.fromkeys(("bus", "buses", "busses"), "buses"),
    **dict.fromkeys(("passenger", "passengers"), "passengers"),
    **dict.fromkeys(("building", "buildings"), "buildings"),
    **dict.fromkeys(("clock", "time"), "clock"),
    **dict.fromkeys(("start", "starting", "first", "lead", "startbus", "starter"), "start"),
    **dict.fromkeys(("transport",), "vroom"),
}
_VROOM = re.compile(r"^v+r+o+m+$")
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "a": 1, "an": 1}
_STATION_WORDS = {"west": "WS", "east": "ES", "ws": "WS", "es": "ES"}
_VOCABULARY = sorted(set(_VERBS) | set(_TYPES) | set(_ACTION_WORDS) | {"vrrooomm", "passenger"})

EXAMPLES = ("Place Office at C1", "Start line between C1 and W3", "Extend line from C1 to C4",
            "Choose Buildings", "Pass", "Place 2 passengers at west", "Stop time",
            "Advance clock", "Deliver from W5 to C1")


def label_hint(text: str) -> str:
    """Why a label is unknown, with the nearest real label ("W9 is not a crossing; ...")."""
    label = text.strip().upper()
    match = re.fullmatch(r"([A-Z]+)(\d+)", label)
    guess: str | None = None
    if match:
        letters, number = match.group(1), int(match.group(2))
        same = [x for x in BOARD.labels if re.fullmatch(letters + r"\d+", x)]
        if same:
            guess = min(same, key=lambda x: (abs(int(x[len(letters):]) - number), x))
    if guess is None:
        close = difflib.get_close_matches(label, BOARD.labels, n=1, cutoff=0.3)
        guess = close[0] if close else None
    tail = f"; did you mean {guess}?" if guess else ""
    return f"{label} is not a crossing{tail}"


def _label(token: str) -> str | None:
    """The board label a token names, None for a non-label; raises for label-like typos."""
    station = _STATION_WORDS.get(token)
    if station:
        return station
    if _LABEL_LIKE.match(token):
        label = token.upper()
        if BOARD.is_label(label):
            return label
        raise ParseError(label_hint(label))
    return None


def _number(token: str) -> int | None:
    """A count written as digits or a word ("2", "two"); "a"/"an" are left to the filler."""
    if token.isdigit():
        return int(token)
    if token in ("a", "an"):
        return None
    return _NUMBERS.get(token)


def _clauses(text: str) -> list[list[str]]:
    out: list[list[str]] = []
    for part in _CLAUSE_SPLIT.split(text.lower()):
        tokens = _TOKEN.findall(part)
        current: list[str] = []
        for i, tok in enumerate(tokens):
            # "and" before a new verb starts a new clause ("choose clock and pass")
            if tok == "and" and i + 1 < len(tokens) and tokens[i + 1] in _VERBS and current:
                out.append(current)
                current = []
                continue
            current.append(tok)
        if current:
            out.append(current)
    return out


def _unknown_words(tokens: list[str]) -> list[str]:
    out = []
    for tok in tokens:
        if (tok in _VERBS or tok in _FILLER or tok in _TYPES or tok in _ACTION_WORDS
                or tok in _NUMBERS or tok in _NEGATIONS or tok in _PASSENGER_WORDS
                or tok.isdigit() or _VROOM.match(tok) or tok in _STATION_WORDS
                or _LABEL_LIKE.match(tok)):
            continue
        out.append(tok)
    return out


def _fail(what: str, tokens: list[str]) -> ParseError:
    unknown = _unknown_words(tokens)
    hints = []
    for word in unknown:
        close = difflib.get_close_matches(word, _VOCABULARY, n=1, cutoff=0.75)
        if close:
            hints.append(f"'{word}' (did you mean {close[0]}?)")
    extra = f" I could not read {', '.join(hints)}." if hints else ""
    return ParseError(f"{what}.{extra} Examples: {'; '.join(EXAMPLES[:5])}.")


@lru_cache(maxsize=8192)
def _parse_cached(text: str) -> tuple[Move, ...]:
    moves: list[Move] = []
    verb: str | None = None
    for tokens in _clauses(text):
        if all(t in _FILLER for t in tokens):  # "..., please"
            continue
        found, verb = _parse_clause(tokens, verb)
        moves.extend(found)
    if not moves:
        raise _fail("There is no move in that message", _TOKEN.findall(text.lower()))
    return tuple(moves)


def parse_moves(text: str) -> list[Move]:
    """Every move in a message, in order; ``ParseError`` when any part cannot be read."""
    if not text or not text.strip():
        raise ParseError("The message is empty. Examples: " + "; ".join(EXAMPLES[:5]) + ".")
    if len(text) > 2000:
        raise ParseError("That message is too long to be a list of moves.")
    return list(_parse_cached(text.strip()))


def parse_move(text: str) -> Move:
    """Exactly one move (a log line); ``ParseError`` for none or several."""
    moves = parse_moves(text)
    if len(moves) != 1:
        raise ParseError(f"expected one move, found {len(moves)}")
    return moves[0]


def _parse_clause(tokens: list[str], carried: str | None) -> tuple[list[Move], str | None]:
    verb: str | None = None
    negated = False
    for tok in tokens:
        if tok in _NEGATIONS:
            negated = True
        if tok in _VERBS:
            verb = _VERBS[tok]
            break
    if verb is None:
        verb = _infer_verb(tokens) or carried
    if verb is None:
        raise _fail(f"I do not understand \"{' '.join(tokens)}\"", tokens)
    if verb == "pass":
        return [Pass()], verb
    if verb in ("stop", "advance"):
        stop = verb == "stop" and not negated
        return [ClockChoice(stop)], verb
    if verb == "choose":
        return _parse_choose(tokens), verb
    if verb == "place":
        return _parse_place(tokens), verb
    labels = [lab for tok in tokens if (lab := _label(tok)) is not None]
    if verb == "start":
        if any(_VROOM.match(t) or t in ("player", "starting") for t in tokens):
            return _parse_choose(tokens), "choose"
        if len(labels) != 2:
            raise _fail(f"Start a line between two crossings, e.g. Start line between C1 and W3 "
                        f"(found {len(labels)} crossing{'s' if len(labels) != 1 else ''})", tokens)
        return [StartLine(labels[0], labels[1])], verb
    if verb == "extend":
        if len(labels) < 2:
            raise _fail("Name the head and the next crossing, e.g. Extend line from C1 to C4",
                        tokens)
        return [ExtendLine(a, b) for a, b in zip(labels, labels[1:], strict=False)], verb
    if verb == "deliver":
        if len(labels) < 2 or len(labels) % 2:
            raise _fail("Name where the passenger waits and where they go, e.g. "
                        "Deliver from W5 to C1", tokens)
        return [Deliver(labels[i], labels[i + 1]) for i in range(0, len(labels), 2)], verb
    raise AssertionError(verb)


def _infer_verb(tokens: list[str]) -> str | None:
    """A clause without a verb: "C1: Office", "vroom", "2 passengers west"."""
    has_type = any(t in _TYPES for t in tokens)
    has_label = any(_LABEL_LIKE.match(t) or t in _STATION_WORDS for t in tokens)
    if has_type and has_label:
        return "place"
    if any(t in _PASSENGER_WORDS for t in tokens) and has_label:
        return "place"
    if has_label:
        return None
    names_action = any(t in _ACTION_WORDS or _VROOM.match(t) for t in tokens)
    only_action_words = all(t in _ACTION_WORDS or t in _FILLER or t.isdigit() for t in tokens)
    if names_action and (only_action_words or any(_VROOM.match(t) for t in tokens)):
        return "choose"
    return None


def _parse_choose(tokens: list[str]) -> list[Move]:
    moves: list[Move] = []
    count = 1
    last: ActionName | None = None
    for tok in tokens:
        n = _number(tok)
        if n is not None:
            count = n
            last = None
            continue
        action: ActionName | None = "vroom" if _VROOM.match(tok) else _ACTION_WORDS.get(tok)
        if action is None:
            if tok in _VERBS and _VERBS[tok] in ("choose",):
                continue
            if tok not in _FILLER:
                last = None if tok in ("and",) else last
            continue
        if action == last:  # "line expansion", "starting player": one action, two words
            continue
        if count > MOST_SPACES:
            raise ParseError(f"{count} markers on one action is more than its six spaces")
        moves.extend([ChooseAction(action)] * count)
        count = 1
        last = action
    if not moves:
        raise _fail("Which action? Choose Line expansion, Buses, Passengers, Buildings, Clock, "
                    "Vrrooomm or Starting player", tokens)
    return moves


def _parse_place(tokens: list[str]) -> list[Move]:
    if any(t in _TYPES for t in tokens):
        return _parse_buildings(tokens)
    if any(t in _PASSENGER_WORDS for t in tokens) or any(t in _STATION_WORDS for t in tokens):
        return _parse_passengers(tokens)
    raise _fail("Place what? Name a house, office or pub and a crossing (Place Office at C1), "
                "or passengers and a station (Place 2 passengers at west)", tokens)


def _parse_buildings(tokens: list[str]) -> list[Move]:
    moves: list[Move] = []
    pending: list[tuple[BuildingType, int]] = []
    pending_label: str | None = None
    count = 1
    for tok in tokens:
        n = _number(tok)
        if n is not None:
            count = n
            continue
        kind = _TYPES.get(tok)
        if kind is not None:
            if pending_label is not None and not pending:
                moves.extend([PlaceBuilding(kind, pending_label)] * count)
                pending_label = None
            else:
                pending.append((kind, count))
            count = 1
            continue
        label = _label(tok)
        if label is None:
            continue
        if label in ("WS", "ES"):
            raise ParseError(f"the station {label} has no building lots")
        if pending:
            for k, c in pending:
                moves.extend([PlaceBuilding(k, label)] * c)
            pending = []
        elif pending_label is not None:
            raise ParseError(f"which building goes at {pending_label}? e.g. "
                             f"Place House at {pending_label}")
        else:
            pending_label = label
    if pending:
        names = " and ".join(k for k, _ in pending)
        raise ParseError(f"where should the {names} go? e.g. Place "
                         f"{pending[0][0].capitalize()} at C1")
    if pending_label is not None:
        raise ParseError(f"which building goes at {pending_label}? e.g. "
                         f"Place House at {pending_label}")
    if len(moves) > 12:
        raise ParseError("that is more buildings than anyone may place at once")
    return moves


def _parse_passengers(tokens: list[str]) -> list[Move]:
    moves: list[Move] = []
    count: int | None = None
    for tok in tokens:
        n = _number(tok)
        if n is not None:
            count = n
            continue
        label = _label(tok)
        if label is None:
            continue
        if label not in ("WS", "ES"):
            raise ParseError(f"passengers arrive at a station: WS (west) or ES (east), "
                             f"not {label}")
        moves.extend([PlacePassenger(label)] * (1 if count is None else count))
        count = None
    if not moves:
        raise ParseError("at which station? e.g. Place 2 passengers at west, or Place passenger "
                         "at ES")
    if len(moves) > 15:
        raise ParseError("there are only 15 passengers in the game")
    return moves
