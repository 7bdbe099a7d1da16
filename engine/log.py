"""Game logs: a game is its seating, options and list of canonical moves.

The text form is meant to be read and edited by people::

    # comment
    players: Arcsyn, Daemonis, Hedgethorn, discrider
    colours: red, blue, yellow, green
    edition: capstone
    option: first_line_on_empty_street = true
    setting: auto_single = true
    Arcsyn: Place Office at C1

Seat order is the order of ``players:``; the first starts. ``engine.replay`` rebuilds the game
from a log.

Two kinds of ``name = value`` header tell the game apart from the table it was played at:

- ``option:`` lines are **rule options** (the fields of ``engine.state.Options``: the
  components and the rule variants). They change what is legal, so a reader that does not know
  one must refuse the log (``replay`` does): it could not play the same game.
- ``setting:`` lines are **table settings**: how the table ran the game (``auto_single``: single
  choices played themselves; ``hints``: whether ``hint`` was allowed). They change no rule;
  ``replay`` ignores them, and any reader may skip the ones it does not know. busbot's
  ``import`` reads them back (and refuses one it does not know).

Logs written before settings had a header of their own wrote ``auto_single`` as an option
(``option: auto_single = true``); such a line is read as the setting (``FORMER_OPTIONS``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.decisions import either
from engine.errors import LogError, OptionError
from engine.limits import (
    MAX_RECORDS,
    LimitError,
    check_name,
    check_records,
    check_seats,
)
from engine.state import EDITIONS, UNKNOWN_EDITION, truth
from engine.text import Msg, Text

NOT_A_LINE = Msg("log.not_a_line", "expected 'Name: move' or a 'players:' header")
OPTION_LINE = Msg("log.option_line", "an option line reads 'option: name = value'")
SETTING_LINE = Msg("log.setting_line", "a setting line reads 'setting: name = value'")
PLAYERS_FIRST = Msg("log.players_first", "the 'players:' line must come before the first move")
NO_MOVE_AFTER = Msg("log.no_move_after", "no move after '{name}:'")
NO_PLAYERS = Msg("log.no_players", "a game log needs a 'players:' line")
WRITE_NAME_AS = Msg("log.write_name_as", "write the name {name} as {written}")

#: table settings that logs written before the ``setting:`` header wrote as ``option:`` lines,
#: each true or false: read as settings
FORMER_OPTIONS = ("auto_single",)


@dataclass(slots=True)
class GameLog:
    players: list[str]
    edition: str = "capstone"
    options: dict[str, str] = field(default_factory=dict)
    colours: list[str] | None = None
    #: (player name, move text), in order
    moves: list[tuple[str, str]] = field(default_factory=list)
    #: the 1-based line of each move in the text it was read from (for error reports)
    move_lines: list[int] = field(default_factory=list)
    #: the 1-based line of each header ("players", "colours", "edition", "option NAME",
    #: "setting NAME")
    header_lines: dict[str, int] = field(default_factory=dict)
    #: the table settings (``setting:`` lines): how the table ran the game, no rule
    settings: dict[str, str] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> GameLog:
        """Read a text log; ``LogError`` names the first line that cannot be read."""
        players: list[str] | None = None
        colours: list[str] | None = None
        edition = "capstone"
        options: dict[str, str] = {}
        settings: dict[str, str] = {}
        moves: list[tuple[str, str]] = []
        lines: list[int] = []
        headers: dict[str, int] = {}
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            key, sep, value = line.partition(":")
            if not sep:
                raise LogError(NOT_A_LINE(), line=number)
            key = key.strip()
            value = value.strip()
            header = key.lower()
            if header == "players" and not moves:
                players = [p.strip() for p in value.split(",") if p.strip()]
                headers["players"] = number
                _check_players(players, number)
            elif header in ("colours", "colors") and not moves:
                colours = [c.strip().lower() for c in value.split(",") if c.strip()]
                headers["colours"] = number
            elif header == "edition" and not moves:
                if value not in EDITIONS:
                    raise LogError(UNKNOWN_EDITION(edition=repr(value),
                                                   editions=either(EDITIONS)), line=number)
                edition = value
                headers["edition"] = number
            elif header == "option" and not moves:
                name, setting = _name_value(value, OPTION_LINE(), number)
                if name in FORMER_OPTIONS:
                    try:
                        truth(name, setting)
                    except OptionError as err:
                        raise LogError(err.text, line=number) from None
                    settings[name] = setting
                    headers[f"setting {name}"] = number
                else:
                    options[name] = setting
                    headers[f"option {name}"] = number
            elif header == "setting" and not moves:
                name, setting = _name_value(value, SETTING_LINE(), number)
                settings[name] = setting
                headers[f"setting {name}"] = number
            else:
                if players is None:
                    raise LogError(PLAYERS_FIRST(), line=number)
                if not value:
                    raise LogError(NO_MOVE_AFTER(name=key), line=number)
                moves.append((key, value))
                lines.append(number)
                if len(moves) > MAX_RECORDS:
                    _check_records(len(moves), number)
        if players is None:
            raise LogError(NO_PLAYERS())
        return cls(players, edition, options, colours, moves, lines, headers, settings)

    def format(self) -> str:
        """The text form; ``GameLog.parse(log.format())`` gives the same log back."""
        out = [f"players: {', '.join(self.players)}"]
        if self.colours:
            out.append(f"colours: {', '.join(self.colours)}")
        out.append(f"edition: {self.edition}")
        for name, value in self.options.items():
            out.append(f"option: {name} = {value}")
        for name, value in self.settings.items():
            out.append(f"setting: {name} = {value}")
        out.extend(f"{player}: {move}" for player, move in self.moves)
        return "\n".join(out) + "\n"


def _name_value(value: str, form: Text, line: int) -> tuple[str, str]:
    """``name = value`` of an ``option:`` or ``setting:`` line (``LogError`` saying ``form``
    when it has no ``=``)."""
    name, eq, setting = value.partition("=")
    if not eq:
        raise LogError(form, line=line)
    return name.strip(), setting.strip()


def _check_players(players: list[str], line: int) -> None:
    """The seats of a log go through the same limits as ``join`` (engine.limits); look-alike
    names are the importer's to refuse (``check_distinct``), as they need the confusables
    table that a replay has no use for."""
    try:
        check_seats(len(players))
        for name in players:
            if check_name(name) != name:
                raise LimitError(WRITE_NAME_AS(name=repr(name), written=repr(check_name(name))))
    except LimitError as err:
        raise LogError(err.text, line=line) from None


def _check_records(count: int, line: int) -> None:
    try:
        check_records(count)
    except LimitError as err:
        raise LogError(err.text, line=line) from None


def option_text(value: object) -> str:
    """An option's value as a log's ``option:`` line writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
