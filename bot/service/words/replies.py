"""The sentences several commands say: moves played (with the automatic ones), whose turn it
is, how a game ended, where things stand, counts and times, a moderator-only refusal, and the
acts between moves as the log and the page show them. A sentence one command alone says is
written in its module of ``verbs/`` (``status``, ``moves``, ``rules``, ``index``...).

Only text is built here; every function takes the game as it is and has no effect.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from bot.service.game import deadlines, payloads
from bot.service.game.live_game import LiveGame, Played
from bot.service.game.records import GameStatus, Record
from engine import Game
from engine.limits import MAX_AUTO_LINES

#: engine events that only repeat the move they follow
_ECHO_KINDS = frozenset(("choose", "pass"))
#: how many legal choices ``moves`` lists before summing up the rest
MAX_CHOICES = 40
#: how a reply marks a move the service made, by its reason
AUTO_TAGS = {
    "dropped": " (automatic: this player has left)",
    "single": " (automatic: the only legal choice)",
    "away": " (automatic: the player is away)",
    "plan": " (planned)",
    "timeout": " (automatic: time ran out)",
}


def when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))


def count_of(count: int, word: str, many: str | None = None) -> str:
    """``1 move``, ``2 moves``, ``1 bus``, ``3 buses``."""
    return f"{count} {word if abs(count) == 1 else many or word + 's'}"


def played_lines(played: list[Played]) -> list[str]:
    """One line per move, with the automatic steps that followed it indented below; past
    ``MAX_AUTO_LINES`` automatic moves the rest are only counted, so a long automatic stretch
    (every seat dropped) is one reply, not hundreds of messages."""
    out: list[str] = []
    shown_auto = hidden = 0
    for p in played:
        if p.auto is not None:
            if shown_auto >= MAX_AUTO_LINES:
                hidden += 1
                continue
            shown_auto += 1
        tag = AUTO_TAGS.get(p.auto or "", "")
        if p.auto is not None and p.auto.startswith("bot:"):
            tag = f" (computer player, {p.auto[4:]})"
        elif p.by is not None:
            tag = f" (by moderator {p.by})"
        echo = next((e.text for e in p.events if e.kind in _ECHO_KINDS and e.player == p.seat),
                    None)
        out.append(f"{p.seat}: {p.move}{tag}" if echo is None else f"{echo}{tag}")
        out.extend(f"  · {e.text}" for e in p.events if e.kind not in _ECHO_KINDS)
    if hidden:
        out.append(f"… and {hidden} more automatic move{'s' if hidden != 1 else ''} "
                   f"(`log` lists them, `status` shows the table).")
    return out


def next_line(live: LiveGame) -> str:
    """Whom the game waits for, in one line (or how it ended)."""
    status = live.status
    if status == GameStatus.LOBBY:
        n = len(live.record.seats)
        return f"Waiting for players: {n} seated (3 to 5 play)."
    if status == GameStatus.ABANDONED:
        return "This game was abandoned."
    game = live.game
    assert game is not None
    if status == GameStatus.OVER:
        return final_scores(game)
    decision = game.to_act()
    assert decision is not None
    paused = (f" The game is paused by {live.record.paused_by}."
              if status == GameStatus.PAUSED else "")
    seat = live.record.seat(decision.player)
    extra = ""
    if seat is not None and seat.user_id is None:
        extra = (f" Nobody sits in {seat.name}'s seat yet: a moderator can offer it with "
                 f"`replace {seat.name} with @user`.")
    elif seat is not None and not seat.agreed:
        extra = (f" {seat.name}'s seat is offered to {seat.user_name}, who takes it with "
                 f"`accept`.")
    return f"Next: {decision.text}.{extra}{paused}"


def where_things_stand(live: LiveGame, game_id: int) -> str:
    """Game N, who plays, how far it is, and whom it waits for: the line a returning player
    needs first."""
    record = live.record
    players = ", ".join(s.name for s in record.seats) or "nobody seated yet"
    played = (f"; {count_of(len(record.moves), 'move')} played, round {live.game.state.round}"
              if live.game is not None else "")
    state = {GameStatus.LOBBY: "being set up", GameStatus.ACTIVE: "under way"}.get(
        live.status, live.status)
    return (f"Game {game_id} here ({record.edition} edition; {players}) is {state}"
            f"{played}. {next_line(live)}")


def final_scores(game: Game) -> str:
    parts = []
    for name in game.ranking():
        p = game.player(name)
        parts.append(f"{p.name} {p.score} ({p.carried} carried, "
                     f"{count_of(p.stones, 'clock stone')})")
    return f"The game is over: {game.winner} wins. Final scores: {'; '.join(parts)}."


def correction_slots(records: Sequence[Record]) -> dict[int, int]:
    """A correction's seq -> the seq of the first move in its place: where the log lists it
    (an act comes after the moves that were in the log before it)."""
    slot: dict[int, int] = {}
    for rec in records:
        if isinstance(correct := rec.payload, payloads.Corrected):
            slot[rec.seq] = slot.get(correct.target, correct.target)
    return slot


def _players_then(records: list[Record]) -> dict[int, str | None]:
    """For each move record, the user who sat in its seat when it was made."""
    owner: dict[str, str | None] = {}
    then: dict[int, str | None] = {}
    for rec in records:
        seat = (rec.seat or "").casefold()
        match rec.payload:
            case payloads.Joined(named=named, user_id=user_id):
                owner[seat] = user_id if named else rec.user_id
            case payloads.Replaced(user_id=user_id, name=name):
                owner[seat] = user_id
                if name is not None:
                    owner[name.casefold()] = owner.pop(seat)
            case payloads.Moved():
                then[rec.seq] = owner.get(seat)
    return then


def act_text(rec: Record) -> str:
    """A record other than a move, as the log shows it."""
    who = rec.user_name
    match rec.payload:
        case payloads.Started(order=order, seed=seed, order_by=order_by):
            how = {"random": f"seat order drawn at random (seed {seed})",
                   "moderator": "seat order given by the moderator",
                   "import": "imported"}.get(order_by, "")
            return f"{who} started the game: {', '.join(order)} ({how})"
        case payloads.Undone(targets=targets):
            return f"{who} took back {count_of(len(targets), 'move')}"
        case payloads.Redone(reverted=reverted) if reverted is not None:
            return f"{who} reversed the last correction (redo)"
        case payloads.Redone(restored=restored):
            return f"{who} put back {count_of(len(restored), 'move')} (redo)"
        case payloads.Replaced(user_name=user_name, name=name):
            renamed = f" (named {name} from then on)" if name else ""
            return f"{who} gave {rec.seat}'s seat to {user_name}{renamed}"
        case payloads.Dropped():
            return f"{who} dropped {rec.seat}: the bot plays for them from now on"
        case payloads.Imported(source=source):
            return f"{who} imported this game ({source})"
        case payloads.Nudged():
            return f"{who} nudged {rec.seat or 'the table'}"
    return _waiting_act(rec) or f"{who}: {rec.kind}"


def _waiting_act(rec: Record) -> str | None:
    """A record about waiting (a setting, time away, a plan, a reminder), as the log shows it:
    a plan's steps are the player's own business and never shown."""
    seat = rec.seat
    match rec.payload:
        case payloads.SettingChanged(name="deadline", value=value):
            took = deadlines.hours(value) if isinstance(value, float) else "off"
            return f"{rec.user_name} set the deadline to {took}"
        case payloads.SettingChanged(name=name, value=value):
            shown = ("on" if value else "off") if isinstance(value, bool) else value
            return f"{rec.user_name} set {name} to {shown}"
        case payloads.WentAway(until=until):
            return f"{seat} is away until {when(until)}"
        case payloads.CameBack():
            return f"{seat} is back"
        case payloads.PlanChanged(steps=steps, broken=broken):
            if steps:
                return f"{seat} made a plan"
            return f"{seat}'s plan stopped" if broken else f"{seat}'s plan ended"
        case payloads.Reminded(stages=stages):
            if "passed" in stages:
                return f"{seat}'s time ran out"
            return f"{seat} was reminded ({'halfway' if 'half' in stages else 'an hour left'})"
    return None


def moderator_refusal(what: str) -> str:
    return (f"Only a moderator can {what}: the game's creator, members with the moderator role, "
            f"or the server's managers.")
