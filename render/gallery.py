"""The picture gallery in ``docs/``: the sample game's table at a few telling moments.

The moments are found by replaying the game, not hard-coded by move number, so the gallery
stays right when the sample game is replaced: the start of the first round, a board full of
markers, a line growing, a delivery, a preview of the move after it, and the end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from engine import Deliver, ExtendLine, Game, GameLog, replay
from render.gallery_changes import GALLERY_COMMAND, changes_section
from render.gallery_layouts import layouts_section
from render.page import gallery_page
from render.png import pixel_size, render_png
from render.story import gallery_section

#: the mark a preview's picture carries (the service's ``bot.service.preview.NOTE``; a test
#: keeps the two alike, as the renderer may not import the service)
PREVIEW_NOTE = "Preview: not played"


@dataclass(frozen=True, slots=True)
class Moment:
    name: str  # the picture's file name without .png
    title: str
    caption: str
    moves: int  # how many of the log's moves were played
    #: the position the picture highlights changes since (None: the update's start)
    since: int | None = None
    note: str = ""  # marked on the picture (a preview's)


def sample_log() -> GameLog:
    """The sample game shipped with the engine."""
    text = resources.files("engine").joinpath("data/sample-game.txt").read_text(encoding="utf-8")
    return GameLog.parse(text)


def moments(log: GameLog) -> list[Moment]:
    """Six positions of the game worth a picture, in the order they were played.

    The choosing picture is the fullest action board of the middle round; the line and the
    delivery are the first of their kind after it.
    """
    game = replay(log)
    # (moves played, position) after every move
    seen = [(n, game.position_at(n)) for n in range(1, len(game.history) + 1)]
    if not seen:
        raise ValueError("the game log has no moves to draw")
    rounds = max(g.state.round for _, g in seen)
    middle = max(1, (rounds + 1) // 2)

    def first(test: Callable[[Game], bool], after: int) -> int:
        """The first position after move ``after`` that passes ``test`` (else ``after``)."""
        return next((n for n, g in seen if n > after and test(g)), after)

    def last_is(g: Game, kind: type) -> bool:
        return g.last_move is not None and isinstance(g.last_move[1], kind)

    start = first(lambda g: g.state.phase == "choosing", 0)
    busy = max((n for n, g in seen if g.state.phase == "choosing" and g.state.round == middle),
               default=start)
    growing = first(lambda g: g.state.phase == "resolving" and last_is(g, ExtendLine), busy)
    while (growing < len(seen) and last_is(seen[growing][1], ExtendLine)  # the whole message
           and log.moves[growing][0] == log.moves[growing - 1][0]):
        growing += 1
    delivery = first(lambda g: g.state.phase == "resolving" and last_is(g, Deliver), growing)
    end = seen[-1][0]
    return [
        Moment("start", "Round 1 begins",
               "Setup is done: every player has placed two buildings and the first two streets "
               "of a line; the first player chooses an action.", start),
        Moment("choosing", f"Round {middle}: choosing actions",
               "Markers on the action board show who took which space; the letters give the "
               "order in which the spaces fill, and the numbers what each space gives now "
               "(streets, a bus, passengers, buildings), on a free space or on a marker's edge.",
               busy),
        Moment("expansion", "A line grows",
               "Every street built since the previous picture glows under its line, and the "
               "banner lists the moves; where lines share a street they run side by side.",
               growing),
        Moment("delivery", "Vrrooomm: a delivery",
               "The arrow shows the passenger just carried; dark badges count the passengers "
               "who want to leave under the current clock, each touching its own crossing.",
               delivery),
        Moment("preview", "A preview",
               "`preview MOVE` draws the table as it would be after the next move, against the "
               "table as it stands (the delivery above), and marks the banner so that nobody "
               "takes it for the table; nothing is played.", min(delivery + 1, end),
               since=delivery, note=PREVIEW_NOTE),
        Moment("end", "The end of the game",
               "The winner and the final scores; the city as it was left.", end),
    ]


def update_start(log: GameLog, moves: int) -> int:
    """Where the update that ended after ``moves`` moves began, had the player who made the last
    of them sent all their moves in a row in one message (the bot's previous picture)."""
    start = moves
    while start > 0 and log.moves[start - 1][0] == log.moves[moves - 1][0]:
        start -= 1
    return start


def write_gallery(out: Path, log: GameLog | None = None, size: int = 1000) -> list[Path]:
    """Draw every moment into ``out`` and write the markdown page that shows them."""
    log = log or sample_log()
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    width, height = pixel_size(size)
    lines = [
        "# The table picture",
        "",
        "What busbot posts after every update, drawn from the sample game "
        "(`engine/data/sample-game.txt`) at a few moments. Regenerate this page and its "
        f"pictures with `{GALLERY_COMMAND}`. Each picture highlights what changed since the "
        "previous one, as if the player who moved last had sent all their moves in one message. "
        "These are drawn in the landscape layout; the layouts for tablets and phones are shown "
        "further down (try `busbot render LOG --out phone.png --layout phone`).",
        "",
    ]
    # Before and after: what a whole game at the table changed (render/gallery_changes.py).
    change_lines, change_files = changes_section(out, log)
    lines += change_lines
    written += change_files
    positions: dict[str, tuple[Game, Game]] = {}  # each moment's table and the one before
    for moment in moments(log):
        game = replay(log, upto=moment.moves)
        since = moment.since if moment.since is not None else update_start(log, moment.moves)
        before = replay(log, upto=since)
        target = out / f"{moment.name}.png"
        target.write_bytes(render_png(game, size=size, previous=before, note=moment.note,
                                      layout="landscape"))
        written.append(target)
        positions[moment.name] = (game, before)
        lines += [
            f"## {moment.title}",
            "",
            f"After move {moment.moves} of {len(log.moves)}. {moment.caption}",
            "",
            f"![{moment.title}]({target.name})",
            "",
        ]
    # Each layout, a phone's screen, and the ways of tying lots (render/gallery_layouts.py),
    # at the choosing moment: its board shows markers and what each space gives, its city
    # waiting passengers at the park and both stations.
    layout_lines, layout_files = layouts_section(out, *positions["choosing"],
                                                 shown_as="the choosing picture above")
    lines += layout_lines
    written += layout_files
    # The game's story (render/story.py): a score chart and a short animation.
    story_lines, story_files = gallery_section(out, log, size)
    lines += story_lines
    written += story_files
    # The game's page (render/page.py): every position, the log and the chart in one file.
    page_lines, page_files = gallery_page(out, log)
    lines += page_lines
    written += page_files
    page = out / "README.md"
    page.write_text("\n".join(lines), encoding="utf-8")
    written.append(page)
    drawn = [p for p in written if p.suffix in (".png", ".gif")]
    print(f"{len(drawn)} pictures of {width} x {height} px, the game's page and {page} written")
    return written
