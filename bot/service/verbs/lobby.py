"""Before the first move: creating a game, taking and leaving seats, colours, and the start."""

from __future__ import annotations

import random
import secrets

from bot.service.command.context import Context, GameContext, Outcome, refuse, table_outcome
from bot.service.command.words import Colour, Join, Leave, NewGame, Start
from bot.service.game import payloads
from bot.service.game.live_game import Draft, LiveGame, build_game, build_options
from bot.service.game.records import PLAYING_STATUSES, GameRecord
from bot.service.words.replies import next_line, played_lines
from engine import COLOURS, EDITIONS, BusError
from engine.limits import MAX_SEATS as MAX_PLAYERS
from engine.limits import MIN_SEATS as MIN_PLAYERS
from engine.limits import LimitError, look_alike, shown
from engine.limits import check_name as checked_name


def new_game(ctx: Context[LiveGame | None], cmd: NewGame) -> Outcome:
    live = ctx.live
    if live is not None and live.is_open:
        return refuse(f"There is already a game here ({live.status}); a moderator can `abandon` "
                      f"it before a new one starts.")
    edition = cmd.edition or EDITIONS[0]
    overrides = dict(cmd.options)
    try:
        build_options(edition, MIN_PLAYERS, overrides)
    except ValueError as err:
        return refuse(f"Cannot create the game: {err}.")
    draft = Draft(GameRecord(0, ctx.place), None, ctx.actor, ctx.now, ctx.message_id)
    options = "".join(f", {k}={v}" for k, v in overrides.items())
    # single choices play themselves unless the creator says otherwise (`auto_single off`
    # turns it off later); written down, so an older game keeps what it had
    overrides.setdefault("auto_single", "true")
    draft.add(payloads.Create(edition, overrides))
    text = (f"New game of Bus ({edition} edition{options}) created by {ctx.actor.name}. "
            f"Take a seat with `join` or `join COLOUR` ({', '.join(COLOURS)}); a moderator "
            f"starts the game with `start` once {MIN_PLAYERS} to {MAX_PLAYERS} players sit.")
    return Outcome(text, draft=draft)


def check_name(name: str, taken: list[str]) -> str:
    """The name as a seat will carry it, or ``LimitError`` saying why it cannot be used: the
    limits of ``engine.limits`` and no look-alike of a name already seated."""
    clean = checked_name(name)
    twin = look_alike(clean, taken)
    if twin is not None:
        raise LimitError(f"that name is taken (it looks like {twin}, already seated)")
    return clean


def takes_offer(ctx: GameContext, cmd: Join) -> bool:
    """``join`` (or ``join as NAME``) in a running game by the user a seat is offered to means
    taking that seat, as ``accept`` does."""
    live = ctx.live
    offered = live.record.offered_to(ctx.actor.user_id)
    return (live.status in PLAYING_STATUSES and offered is not None
            and (cmd.name is None or live.record.seat(cmd.name) is offered))


def join(ctx: GameContext, cmd: Join) -> Outcome:
    record = ctx.live.record
    mine = record.seat_of_user(ctx.actor.user_id)
    if mine is not None:
        return refuse(f"You already sit at this table as {mine.name} ({mine.colour}).")
    if len(record.seats) >= MAX_PLAYERS:
        return refuse(f"The table is full ({MAX_PLAYERS} players).")
    given = cmd.name or ctx.actor.name
    try:
        name = check_name(given, [s.name for s in record.seats])
    except LimitError as err:
        return refuse(f"You cannot join as {shown(given, 40)!r}: {err}. "
                      f"Try `join as OTHERNAME`.")
    taken = {s.colour for s in record.seats}
    colour = cmd.colour
    if colour is not None:
        if colour not in COLOURS:
            return refuse(f"{colour} is not a colour of the game; choose {', '.join(COLOURS)}.")
        if colour in taken:
            return refuse(f"{colour} is taken; free colours: {_free(taken)}.")
    else:
        colour = next(c for c in COLOURS if c not in taken)
    draft = ctx.draft()
    draft.add(payloads.Join(colour), seat=name)
    seated = ", ".join(f"{s.name} ({s.colour})" for s in draft.record.seats)
    return Outcome(f"{name} joins the game as {colour}. Seated ({len(draft.record.seats)} of "
                   f"{MAX_PLAYERS}): {seated}.", draft=draft)


def accept(ctx: GameContext, cmd: object = None) -> Outcome:
    """Take the seat offered to you: from now on you play it and are pinged for it."""
    live = ctx.live
    seat = live.record.offered_to(ctx.actor.user_id)
    if seat is None:
        return refuse("No seat is offered to you in this game; a moderator offers one with "
                      "`replace NAME with @you`.")
    if live.status not in PLAYING_STATUSES:
        return refuse(f"The game is {live.status}, so no seat can be taken now.")
    old_name, new_name = seat.name, live.record.name_for(seat, seat.user_name)
    draft = ctx.draft()
    draft.add(payloads.Accept(new_name or None), seat=seat.name)
    if new_name is None:
        return Outcome(f"{ctx.actor.name} takes {old_name}'s seat.\n{next_line(draft.live)}",
                       draft=draft, position_changed=True)
    draft.game = build_game(draft.record)  # the picture shows the new name
    return Outcome(f"{ctx.actor.name} takes {old_name}'s seat; the seat plays as {new_name} "
                   f"from now on.\n{next_line(draft.live)}", draft=draft, position_changed=True,
                   picture=draft.game)


def _free(taken: set[str | None]) -> str:
    return ", ".join(c for c in COLOURS if c not in taken) or "none"


def leave(ctx: GameContext, cmd: Leave) -> Outcome:
    seat = ctx.live.record.seat_of_user(ctx.actor.user_id)
    if seat is None:
        return refuse("You are not seated at this table.")
    draft = ctx.draft()
    draft.add(payloads.Leave(), seat=seat.name)
    return Outcome(f"{seat.name} leaves the table ({len(draft.record.seats)} seated).",
                   draft=draft)


def colour(ctx: GameContext, cmd: Colour) -> Outcome:
    record = ctx.live.record
    seat = record.seat_of_user(ctx.actor.user_id)
    if seat is None:
        return refuse("You are not seated at this table; `join` first.")
    taken = {s.colour for s in record.seats if s is not seat}
    if cmd.colour not in COLOURS:
        return refuse(f"{cmd.colour} is not a colour of the game; choose {', '.join(COLOURS)}.")
    if cmd.colour in taken:
        return refuse(f"{cmd.colour} is taken; free colours: {_free(taken)}.")
    draft = ctx.draft()
    draft.add(payloads.Colour(cmd.colour), seat=seat.name)
    return Outcome(f"{seat.name} now plays {cmd.colour}.", draft=draft)


def start(ctx: GameContext, cmd: Start) -> Outcome:
    record = ctx.live.record
    names = [s.name for s in record.seats]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        return refuse(f"Bus needs {MIN_PLAYERS} to {MAX_PLAYERS} players; {len(names)} seated.")
    seed: int | None = None
    if cmd.order is not None:
        order = []
        for given in cmd.order:
            seat = record.seat(given)
            if seat is None:
                return refuse(f"{given} is not seated here; the seats are {', '.join(names)}.")
            order.append(seat.name)
        if sorted(order) != sorted(names):
            return refuse(f"The order must name every seat once: {', '.join(names)}.")
        how = "given by the moderator"
    else:
        seed = secrets.randbits(32)
        order = list(names)
        random.Random(seed).shuffle(order)
        how = f"drawn at random, seed {seed}"
    # every seat has its colour from ``join`` on
    colours = [s.colour or "" for s in (record.seat(n) for n in order) if s is not None]
    draft = ctx.draft()
    draft.add(payloads.Start(tuple(order), tuple(colours), seed,
                             "moderator" if cmd.order is not None else "random"))
    try:
        draft.game = build_game(draft.record)
    except (BusError, ValueError) as err:
        return refuse(f"The game cannot start: {err}.")
    assert draft.game is not None
    seating = ", ".join(f"{s.name} ({s.colour})" for s in draft.record.seats)
    lines = [f"The game begins! Seat order ({how}): {seating}."]
    lines.extend(f"  · {e.text}" for e in draft.game.opening_events)
    lines.extend(played_lines(draft.run_automatic()))
    return table_outcome(draft, lines)
