"""The game's index, like the first post of a forum thread: every picture posted, by round.

Each entry is the move number the picture showed; ``map N`` draws that table again, which is how
a player jumps to any update without scrolling the channel.
"""

from __future__ import annotations

import time
from itertools import groupby

from bot.live_game import LiveGame
from bot.storage import PictureMoment


def index_text(live: LiveGame, game_id: int, moments: list[PictureMoment]) -> str:
    if not moments:
        return "No picture has been posted in this game yet."
    moves = live.record.moves
    lines = [f"Index of game {game_id}: the move number after which each picture was posted, "
             f"and when (UTC); `map N` shows that table again."]
    day = ""
    for round_number, group in groupby(moments, key=lambda m: m.round):
        entries = []
        for m in group:
            stamp = time.strftime("%Y-%m-%d %H:%M", time.gmtime(m.at))
            shown = stamp if stamp[:10] != day else stamp[11:]
            day = stamp[:10]
            stale = m.move_number > len(moves) or (
                m.move_number > 0 and moves[m.move_number - 1].seq > m.seq)
            note = f" ({m.caption})" if m.caption else ""
            mark = " (since taken back)" if stale else ""
            entries.append(f"{m.move_number} at {shown}{note}{mark}")
        title = "Setup" if round_number == 0 else f"Round {round_number}"
        lines.append(f"**{title}**: {', '.join(entries)}")
    return "\n".join(lines)
