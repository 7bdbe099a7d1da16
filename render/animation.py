"""The whole game as one moving picture: an animated GIF (or PNG), a frame per posted picture.

Each frame is ``render_png`` of one position with the previous frame's position as
``previous`` (what changed since glows), so the animation shows the pictures the channel saw,
in the configured layout. Which positions: the service knows which pictures it posted (its
index holds the move number of each) and passes them; from a log alone, ``update_positions``
gives one frame per player's update: the table before the first move, then after each decision
the bot asked for (a marker placed, or all the streets or deliveries one action space gave,
which a player sends in one message). ``every_move`` gives a frame per move instead.

The frames share one 255-colour palette taken from the first and last pictures, so a pixel that
did not change keeps its colour index; each frame then stores only what changed, with
transparent holes around it (the GIF writer does this itself, ``_holed`` does it for APNG), and
a whole game at 800 pixels takes about a megabyte and a half either way. Should the file still
exceed the limit (Discord's default of 10 MB), it is drawn again smaller, down to ``min_size``
pixels, and then with frames dropped evenly (the first and last always kept);
``Animation.said`` says what was given up, in a sentence for the user (a ``Text``, written in
the reader's language by the caller; ``Animation.note`` is its English).

Memory: positions are replayed one at a time and each picture is drawn, decoded and reduced to
its palette at once; Pillow's writer holds every frame until it writes the file, but as one byte
per pixel (0.44 MB a frame at 800 pixels; twice that for APNG, whose writer reads the frames
twice), never as RGB. ``MAX_FRAMES`` caps the count.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from PIL import Image, ImageChops
from PIL.PngImagePlugin import Blend

from engine.game import Game
from engine.history import walk
from engine.text import ENGLISH, Msg, Plural, Text, Words
from render.layout import Layout, default_layout, layout_named
from render.png import pixel_size, render_png

#: Discord's default attachment limit (10 MB), in bytes
DISCORD_LIMIT = 10_000_000
#: frames are this much of the layout's own size (800 px landscape), and shrink to at most
#: MIN_SCALE of it (480 px) before frames are dropped
SCALE = 0.8
MIN_SCALE = 0.48
MAX_FRAMES = 300
FRAME_MS = 700
FIRST_MS = 1500
LAST_MS = 5000
FORMATS = ("gif", "png")
#: one palette index is kept free for the pixels a frame leaves as they were
_PALETTE_COLOURS = 255
_HOLE = 255
_ATTEMPTS = 8


#: What was given up to stay under the attachment limit (``megabytes`` is the limit), one
#: whole sentence for each way: smaller pictures, fewer of them, or both.
SHRUNK = Msg("render.animation.shrunk",
             "To stay under the {megabytes:.3g} MB attachment limit, the animation is {width} x "
             "{height} px instead of {wide} x {high}.")
DROPPED = Plural("render.animation.dropped",
                 "To stay under the {megabytes:.3g} MB attachment limit, the animation shows "
                 "{shown} of the {asked} picture.",
                 "To stay under the {megabytes:.3g} MB attachment limit, the animation shows "
                 "{shown} of the {asked} pictures.", count="asked")
SHRUNK_AND_DROPPED = Plural(
    "render.animation.shrunk_and_dropped",
    "To stay under the {megabytes:.3g} MB attachment limit, the animation is {width} x {height} "
    "px instead of {wide} x {high} and shows {shown} of the {asked} picture.",
    "To stay under the {megabytes:.3g} MB attachment limit, the animation is {width} x {height} "
    "px instead of {wide} x {high} and shows {shown} of the {asked} pictures.", count="asked")
CAPPED = Plural("render.animation.capped",
                "An animation holds at most {most} frames: this one shows {most} of the {asked} "
                "picture, evenly spread.",
                "An animation holds at most {most} frames: this one shows {most} of the {asked} "
                "pictures, evenly spread.", count="asked")
TOO_LARGE = Plural("render.animation.too_large",
                   "the animation does not fit in {megabytes:.3g} MB, even as {n} frame of "
                   "{width} x {height} px",
                   "the animation does not fit in {megabytes:.3g} MB, even as {n} frames of "
                   "{width} x {height} px")


class AnimationTooLarge(ValueError):
    """Not even the first and last pictures at the smallest size fit under the limit; ``text``
    says so, for the reader's language (``str()`` is its English)."""

    def __init__(self, text: Text) -> None:
        super().__init__(str(text))
        self.text = text


@dataclass(frozen=True, slots=True)
class Animation:
    data: bytes
    format: str  # "gif" or "png" (an animated PNG)
    width: int
    height: int
    #: the position (moves played) each frame shows, in order
    moves: tuple[int, ...]
    #: how many pictures were asked for, and their width and height as asked
    asked: int
    asked_pixels: tuple[int, int]
    limit: int

    @property
    def said(self) -> tuple[Text, ...]:
        """What was given up to stay under the limit (or the frame cap), sentence by sentence;
        none when every picture asked for is there at the size asked for."""
        shrunk = (self.width, self.height) != self.asked_pixels
        dropped = len(self.moves) < min(self.asked, MAX_FRAMES)
        wide, high = self.asked_pixels
        sizes = {"width": self.width, "height": self.height, "wide": wide, "high": high}
        counts = {"shown": len(self.moves), "asked": self.asked}
        megabytes = self.limit / 1_000_000
        out: list[Text] = []
        if shrunk and dropped:
            out.append(SHRUNK_AND_DROPPED(megabytes=megabytes, **sizes, **counts))
        elif shrunk:
            out.append(SHRUNK(megabytes=megabytes, **sizes))
        elif dropped:
            out.append(DROPPED(megabytes=megabytes, **counts))
        if self.asked > MAX_FRAMES and len(self.moves) == MAX_FRAMES:
            out.append(CAPPED(most=MAX_FRAMES, asked=self.asked))
        return tuple(out)

    @property
    def note(self) -> str | None:
        """``said`` in English, or None."""
        return " ".join(str(sentence) for sentence in self.said) or None


def update_positions(game: Game) -> list[int]:
    """The start, then the position after each of the players' updates: a frame per decision.

    A decision is what the bot asks one player at a time: each marker placed (or pass) while
    choosing actions, each setup step, and each action space resolved (all the streets,
    passengers, buildings or deliveries a player makes for one space come in one message).
    """
    total = len(game.history)
    keys: list[tuple[int, str, int | None, int] | None] = []
    for played, table in walk(game):
        if played == total:
            break
        state = table.state
        task = state.task
        keys.append(None if state.phase == "choosing" or task is None
                    else (state.round, task.action, task.seat, task.space))
    ends = [i + 1 for i in range(total)
            if i + 1 == total or keys[i] is None or keys[i] != keys[i + 1]]
    return [0, *ends]


def every_move(game: Game) -> list[int]:
    """The start and the position after every move."""
    return list(range(len(game.history) + 1))


def _spread(moves: list[int], count: int) -> list[int]:
    """``count`` of ``moves``, evenly spaced, the first and the last always among them."""
    if count >= len(moves):
        return list(moves)
    if count <= 1:
        return [moves[-1]]
    last = len(moves) - 1
    return [moves[round(i * last / (count - 1))] for i in range(count)]


def _picture(game: Game, size: int, layout: Layout, words: Words,
             previous: Game | None = None) -> Image.Image:
    drawn = render_png(game, size=size, previous=previous, layout=layout.name, words=words)
    with Image.open(io.BytesIO(drawn)) as png:
        return png.convert("RGB")


def _palette(game: Game, first: int, last: int, size: int, layout: Layout,
             words: Words) -> Image.Image:
    """One palette for every frame, from the first and last pictures (the emptiest and the
    fullest table between them hold nearly every colour the animation will show)."""
    pictures: list[Image.Image] = []
    for played, position in walk(game):
        if played in (first, last):
            pictures.append(_picture(position, size, layout, words))
        if played == last:
            break
    both = Image.new("RGB", (pictures[0].width, pictures[0].height * len(pictures)))
    for i, picture in enumerate(pictures):
        both.paste(picture, (0, i * picture.height))
    return both.quantize(_PALETTE_COLOURS, method=Image.Quantize.MEDIANCUT)


def _frames(game: Game, moves: list[int], size: int, layout: Layout,
            words: Words) -> Iterator[Image.Image]:
    """Each picture as the channel saw it: what changed since the previous one highlighted."""
    palette = _palette(game, moves[0], moves[-1], size, layout, words)
    wanted = set(moves)
    last = moves[-1]
    shown: Game | None = None  # the position of the previous frame
    for played, position in walk(game):
        if played in wanted:
            picture = _picture(position, size, layout, words, shown)
            yield picture.quantize(palette=palette, dither=Image.Dither.NONE)
            shown = position.copy()
        if played == last:
            return


def _holed(frames: Iterator[Image.Image]) -> Iterator[Image.Image]:
    """The frames after the first with every pixel that did not change made transparent.

    The GIF writer does this itself; the APNG writer only crops each frame to what changed, so
    it is done here, and the frames are laid over the picture before them (``Blend.OP_OVER``).
    """
    previous: Image.Image | None = None
    for frame in frames:
        if previous is None:
            holed = frame.copy()
        else:
            same = ImageChops.difference(frame, previous).point([255] + [0] * 255, "1")
            holed = frame.copy()
            holed.paste(_HOLE, mask=same)
        # the hole's entry, after the frames' 255 colours, so that the file can say it is clear
        holed.putpalette(bytes(frame.getpalette() or []) + b"\0\0\0")
        yield holed
        previous = frame


def _encode(game: Game, moves: list[int], size: int, layout: Layout, fmt: str,
            frame_ms: int, words: Words) -> bytes:
    count = len(moves)
    durations = [LAST_MS] if count == 1 else [FIRST_MS] + [frame_ms] * (count - 2) + [LAST_MS]
    frames = _frames(game, moves, size, layout, words)
    out = io.BytesIO()
    if fmt == "gif":  # the GIF writer reads the frames once, as they come
        first = next(frames)
        first.save(out, "GIF", save_all=True, append_images=frames, duration=durations, loop=0,
                   optimize=True)
    else:  # the APNG writer reads them twice
        first, *rest = _holed(frames)
        first.save(out, "PNG", save_all=True, append_images=rest, duration=durations, loop=0,
                   transparency=_HOLE, blend=Blend.OP_OVER)
    return out.getvalue()


def animate(game: Game, positions: Sequence[int] | None = None, *, fmt: str = "gif",
            size: int | None = None, layout: str | None = None, limit: int = DISCORD_LIMIT,
            frame_ms: int = FRAME_MS, min_size: int | None = None,
            words: Words = ENGLISH) -> Animation:
    """The game's pictures at ``positions`` (moves played; by default one per update) as one
    animation of at most ``limit`` bytes.

    Each frame is ``render_png`` of its position with the previous frame's position as
    ``previous``, so it highlights all that changed since, as the posted picture did. Positions
    are shown in game order and each once. ``layout`` is the picture's (the configured one by
    default); ``size`` the frames' long side (by default ``SCALE`` of the layout's own), and
    ``min_size`` the smallest it may shrink to (``MIN_SCALE`` of it); ``words`` writes the
    pictures' labels (the reader's language). ``ValueError`` for a
    position outside the game, an unknown format or layout, or a size too small to read;
    ``AnimationTooLarge`` (a ValueError) when not even two frames at ``min_size`` fit.
    """
    if fmt not in FORMATS:
        raise ValueError(f"an animation is a gif or an animated png, not {fmt!r}")
    chosen = layout_named(layout) if layout is not None else default_layout()
    size = size or round(chosen.size * SCALE)
    min_size = min(size, min_size or round(chosen.size * MIN_SCALE))
    pixel_size(min_size, chosen)  # refuses an unreadable size
    total = len(game.history)
    asked = sorted(set(update_positions(game) if positions is None else positions))
    if not asked:
        raise ValueError("there is no picture to animate")
    if asked[0] < 0 or asked[-1] > total:
        raise ValueError(f"a position is a number of moves from 0 to {total}, this game's moves")
    moves = _spread(asked, MAX_FRAMES)
    now = size
    for _ in range(_ATTEMPTS):
        data = _encode(game, moves, now, chosen, fmt, frame_ms, words)
        if len(data) <= limit:
            width, height = pixel_size(now, chosen)
            return Animation(data, fmt, width, height, tuple(moves), len(asked),
                             pixel_size(size, chosen), limit)
        if now <= min_size and len(moves) <= 2:
            break
        ratio = 0.9 * limit / len(data)
        smaller = max(min_size, min(now, math.floor(now * math.sqrt(ratio))))
        left = ratio * (now / smaller) ** 2
        if left < 1 or smaller == now:
            count = max(2, min(len(moves) - 1, math.floor(len(moves) * left)))
            moves = _spread(asked, count)
        now = smaller
    width, height = pixel_size(now, chosen)
    raise AnimationTooLarge(TOO_LARGE(megabytes=limit / 1_000_000, n=len(moves), width=width,
                                      height=height))
