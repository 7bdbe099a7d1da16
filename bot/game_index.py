"""The game's index, like the first post of a forum thread: every picture posted, by round.

Each entry is the move number the picture showed; ``map N`` draws that table again, which is how
a player jumps to any update without scrolling the channel.
"""

from __future__ import annotations

from itertools import groupby

from bot.live_game import LiveGame
from bot.storage import PictureMoment
from bot.views import when

PER_LINE = 12


def index_text(live: LiveGame, game_id: int, moments: list[PictureMoment]) -> str:
    if not moments:
        return "No picture has been posted in this game yet."
    moves = live.record.moves
    lines = [f"Index of game {game_id}: the table was posted after these moves "
             f"(`map N` shows it again)."]
    for round_number, group in groupby(moments, key=lambda m: m.round):
        entries = []
        for m in group:
            stale = m.move_number > len(moves) or (
                m.move_number > 0 and moves[m.move_number - 1].seq > m.seq)
            mark = " (since taken back)" if stale else ""
            entries.append(f"{m.move_number} [{when(m.at)}] {m.caption}{mark}")
        title = "Setup" if round_number == 0 else f"Round {round_number}"
        lines.append(f"**{title}** ({len(entries)} pictures):")
        for start in range(0, len(entries), PER_LINE):
            lines.append("  " + " · ".join(entries[start:start + PER_LINE]))
    return "\n".join(lines)
