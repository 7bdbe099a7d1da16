"""The ratings through the service, as a table uses them: games played to their end (random
legal moves, seeded), then ``leaderboard``, ``rating``, ``stats``, ``vs``, the chances at
``start``, the changes in the final post, seasons, ``rated`` for an imported game, the assisted
setting, ``forget me``, and ``busbot ratings rebuild`` reproducing every stored number."""

from __future__ import annotations

import csv
import io
import json
import random
import re
from pathlib import Path

import pytest

from bot.api import Actor
from bot.cli import main
from bot.service.bots import BotPlayers
from bot.service.ratings import stored
from bot.service.ratings.model import LEVEL_SKILLS, PRIOR, Entrant, replay
from engine import GameLog
from engine import replay as replay_log
from engine.standings import places
from tests.service_support import Table, open_table, started

SERVER = "guild-1"
LEVELS_BEFORE = dict(LEVEL_SKILLS)
NAMES = ("Arcsyn", "Daemonis", "Hedgethorn", "discrider")


class ServerTable(Table):
    """A table on a Discord server (the ratings are per server)."""

    def say(self, name: str, text: str, **kw: object):  # type: ignore[no-untyped-def]
        manager = bool(kw.pop("manager", False))
        reply = self.service.handle(self.place, Actor(f"id-{name}", name, is_manager=manager,
                                                      server=SERVER), text)
        self.replies.append(reply)
        return reply


def table_at(tmp_path: Path, place: str = "channel-1") -> ServerTable:
    t = open_table(str(tmp_path / "bus.db"), place=place)
    return ServerTable(t.service, place)


def finish(table: Table, seed: int, players: int = 3, names: tuple[str, ...] = NAMES) -> str:
    """A game played to its end by random legal moves; the final post's text."""
    started(table, players, names=names)
    while table.to_act() is not None:
        table.play_random(50, seed=seed)
        seed += 1000
    return table.replies[-1].text


def finish_started(table: Table, seed: int) -> str:
    """A started game played to its end by random legal moves (every seat, the computer's
    too); the final post's text."""
    while table.to_act() is not None:
        table.play_random(50, seed=seed)
        seed += 1000
    return next(r.text for r in reversed(table.replies) if "Ratings:" in r.text
                or "does not count" in r.text)


def places_of(table: Table) -> dict[str, int]:
    """The places R15 gives the last game, from its exported log (independently of the
    ratings' own reading of the records)."""
    game = replay_log(GameLog.parse(table.export("txt")))
    assert game.is_over
    return places(game.state.players)


def shown(text: str, name: str) -> float:
    m = re.search(rf"{re.escape(name)}: rating (-?\d+\.\d)", text)
    assert m is not None, text
    return float(m.group(1))


def test_the_leaderboard_ranks_the_players_as_their_results_say(tmp_path: Path) -> None:
    table = table_at(tmp_path)
    results: list[dict[str, int]] = []
    for seed in (1, 2, 3):
        final = finish(table, seed)
        results.append(places_of(table))
        assert "Ratings:" in final, final  # each member's change in the final post
    expected = replay([Entrant(p, member=f"id-{n}".casefold()) for n, p in game.items()]
                      for game in results)
    board = table.ok("Arcsyn", "leaderboard").text
    order = sorted(expected, key=lambda m: (-expected[m].shown, m))
    listed = re.findall(r"^\d+\. (\w+):", board, re.M)
    assert [f"id-{n}".casefold() for n in listed] == order
    for name in NAMES[:3]:
        skill = expected[f"id-{name}".casefold()]
        answer = table.ok(name, "rating").text
        assert shown(answer, name) == round(skill.shown, 1)
        assert "after 3 rated games, provisional until 5" in answer


def test_the_final_post_gives_the_changes_and_start_the_chances(tmp_path: Path) -> None:
    table = table_at(tmp_path)
    final = finish(table, 7)
    places_of_previous = places_of(table)
    line = next(x for x in final.splitlines() if x.startswith("Ratings:"))
    for name in NAMES[:3]:
        assert re.search(rf"{name} 0\.0 → -?\d+\.\d \([+-]\d+\.\d\)", line), line
    table.ok("Arcsyn", "new game")
    for name in NAMES[:3]:
        table.ok(name, "join")
    start = table.ok("Arcsyn", "start").text
    chances = re.search(r"Chances of winning, from the ratings: (.*)\.", start)
    assert chances is not None, start
    shares = dict((n, int(p)) for n, p in re.findall(r"(\w+) (\d+)%", chances.group(1)))
    assert set(shares) == set(NAMES[:3]) and 97 <= sum(shares.values()) <= 103
    # the winner of the first game is the favourite of the second
    first = next(n for n, p in places_of_previous.items() if p == 1)
    assert shares[first] == max(shares.values())


def test_rebuild_reproduces_the_stored_numbers_exactly(tmp_path: Path) -> None:
    table = table_at(tmp_path)
    for seed in (11, 12):
        finish(table, seed)
    before = table.ok("Daemonis", "rating").text
    report = stored.rebuild(table.service.store)
    assert report.same and report.rated == 2, report
    assert table.ok("Daemonis", "rating").text == before


def test_an_undo_after_the_end_takes_the_game_out_until_it_ends_again(tmp_path: Path) -> None:
    table = table_at(tmp_path)
    finish(table, 21)
    assert "after 1 rated game" in table.ok("Arcsyn", "rating").text
    assert "takes back" in table.ok("Arcsyn", "undo").text  # the moderator takes the last move
    assert "has no rated game" in table.ok("Arcsyn", "rating").text
    assert "No rated game has finished" in table.ok("Arcsyn", "leaderboard").text
    table.ok("Arcsyn", "redo")
    assert "after 1 rated game" in table.ok("Arcsyn", "rating").text
    assert stored.rebuild(table.service.store).same


def test_games_that_do_not_count_say_why(tmp_path: Path) -> None:
    table = table_at(tmp_path)
    started(table, 3)
    abandoned = table.ok("Arcsyn", "abandon").text
    assert "Ratings:" not in abandoned
    practice = open_table(str(tmp_path / "bus.db"), place="practice")
    final = finish(practice, 5)
    assert "does not count for the ratings: a practice game" in final


def test_an_imported_game_counts_once_marked_rated(tmp_path: Path) -> None:
    source = table_at(tmp_path, place="elsewhere")
    finish(source, 31)
    log = source.export("txt")
    table = table_at(tmp_path)
    from bot.api import Attachment

    reply = table.service.handle(table.place, Actor("id-Arcsyn", "Arcsyn", server=SERVER),
                                 "import", attachments=[Attachment("game.txt", log.encode())])
    assert reply.ok, reply.text
    before = table.ok("Arcsyn", "leaderboard").text
    marked = table.ok("Arcsyn", "rated").text
    assert "counts for the ratings" in marked, marked
    after = table.ok("Arcsyn", "leaderboard").text
    assert after != before and "2 rated games" in after
    assert table.ok("Arcsyn", "rated off").ok
    assert "1 rated game" in table.ok("Arcsyn", "leaderboard").text
    assert not table.say("Daemonis", "rated").ok  # only the game's moderator marks it


def test_seasons_are_for_the_servers_moderators(tmp_path: Path) -> None:
    table = table_at(tmp_path)
    finish(table, 41)
    assert not table.say("Daemonis", "season start Spring").ok
    assert "Spring" in table.ok("Daemonis", "season start Spring", manager=True).text
    assert not table.say("Daemonis", "season start Summer", manager=True).ok  # one at a time
    assert "No rated game has finished on the table of the season Spring" in table.ok(
        "Arcsyn", "leaderboard season").text
    finish(table, 42)
    season_board = table.ok("Arcsyn", "leaderboard season").text
    assert "1 rated games" in season_board or "1 rated game" in season_board
    assert "2 rated games" in table.ok("Arcsyn", "leaderboard").text
    table.ok("Daemonis", "season end", manager=True)
    assert "Spring" in table.ok("Arcsyn", "leaderboard season Spring").text
    assert stored.rebuild(table.service.store).same


def test_stats_and_vs_answer(tmp_path: Path) -> None:
    table = table_at(tmp_path)
    for seed in (51, 52):
        finish(table, seed)
    stats = table.ok("Hedgethorn", "stats").text
    assert "over 2 rated games here" in stats and "average score" in stats
    assert "Favourite actions" in stats and "longest line" in stats
    vs = table.ok("Hedgethorn", "vs Arcsyn").text
    assert "Hedgethorn and Arcsyn played 2 rated games together here" in vs
    assert "Daemonis, over 2 rated games here" in table.ok("Hedgethorn", "stats Daemonis").text
    assert not table.say("Hedgethorn", "vs Hedgethorn").ok


def test_forget_me_removes_the_member_from_every_rating_table(tmp_path: Path) -> None:
    table = table_at(tmp_path)
    for seed in (61, 62):
        finish(table, seed)
    table.ok("Daemonis", "forget me")
    table.ok("Daemonis", "forget me confirm")
    with table.service.store.lock:
        db = table.service.store.db
        for name in ("ratings", "rating_changes", "rated_seats"):
            assert db.execute(f"SELECT COUNT(*) FROM {name} WHERE member = ?",
                              ["id-daemonis"]).fetchone()[0] == 0, name
    board = table.ok("Arcsyn", "leaderboard").text
    assert "Daemonis" not in board and "Player" not in board
    assert "has no rated game" in table.ok("Daemonis", "rating").text
    assert stored.rebuild(table.service.store).same


def test_the_computers_take_part_at_fixed_ratings(tmp_path: Path) -> None:
    """A member against two computer seats (which the bot plays): the member is rated against
    the levels' fixed skills, which no game moves, and no computer is on the board."""
    t = open_table(str(tmp_path / "bus.db"), announce=True)
    table = ServerTable(t.service, t.place)
    bots = BotPlayers(table.service, playouts=2)
    try:
        table.ok("Arcsyn", "new game")
        table.ok("Arcsyn", "join")
        table.ok("Arcsyn", "add bot hard")
        table.ok("Arcsyn", "add bot easy")
        table.ok("Arcsyn", "start order: Arcsyn, Hard Bot, Easy Bot")
        seed = 71
        while True:
            assert bots.wait_idle(120)
            if table.to_act() != "Arcsyn":
                break
            table.play_random(1, seed=seed)
            seed += 1
    finally:
        bots.close()
    posts = [a.text for a in table.service.unsent(table.place)] + [r.text for r in
                                                                  table.replies]
    assert any("Ratings: Arcsyn 0.0 → " in text for text in posts)
    with table.service.store.lock:
        db = table.service.store.db
        levels = db.execute("SELECT level FROM rated_seats WHERE level IS NOT NULL "
                            "ORDER BY seat").fetchall()
        members = {r[0] for r in db.execute("SELECT member FROM ratings").fetchall()}
    assert [r[0] for r in levels] == ["hard", "easy"]
    assert members == {"id-arcsyn"}
    assert "after 1 rated game" in table.ok("Arcsyn", "rating").text
    assert LEVEL_SKILLS == LEVELS_BEFORE


def test_table_talk_is_not_taken_for_a_ratings_command() -> None:
    from bot.service.router.chat import a_command

    for talk in ("stats are wild today", "rating this move 10/10", "vs them we have no chance",
                 "season is nearly over", "leaderboard when?"):
        assert not a_command(talk), talk
    for command in ("stats", "rating", "rating Bram", "rating @Normal Bot", "vs <@123>",
                    "leaderboard", "leaderboard season", "season end", "rating chart"):
        assert a_command(command), command


def test_a_game_left_to_its_dropped_seat_is_assisted_and_counts_by_the_servers_rule(
        tmp_path: Path) -> None:
    """Hedgethorn is dropped after the setup: the seat plays itself for the rest of the game,
    far more than a quarter of its decisions. By default the game counts, marked assisted; a
    server that says `ratings assisted skip` has it rated again without it."""
    table = table_at(tmp_path)
    started(table, 3, names=NAMES)
    table.play_random(6, seed=81)  # the setup's buildings
    assert "Hedgethorn" in table.ok("Arcsyn", "drop Hedgethorn").text
    seed = 82
    while table.to_act() is not None:
        table.play_random(50, seed=seed)
        seed += 1000
    final = next(r.text for r in reversed(table.replies) if "Ratings" in r.text)
    assert "an assisted game" in final and "Hedgethorn" in final, final
    assert "1 rated game" in table.ok("Arcsyn", "leaderboard").text
    assert not table.say("Arcsyn", "ratings assisted skip").ok  # the server's moderators
    assert "rated again" in table.ok("Mod", "ratings assisted skip", manager=True).text
    assert "No rated game has finished" in table.ok("Arcsyn", "leaderboard").text
    assert "do not count" in table.ok("Arcsyn", "ratings").text
    assert stored.rebuild(table.service.store).same
    table.ok("Mod", "ratings assisted count", manager=True)
    assert "1 rated game" in table.ok("Arcsyn", "leaderboard").text


def test_a_seat_is_rated_as_whoever_held_it_for_most_of_its_decisions(tmp_path: Path) -> None:
    """Hedgethorn's seat goes to Zed right after the setup's buildings: Zed made nearly all of
    its decisions and is rated for it; Hedgethorn, who left, is not."""
    table = table_at(tmp_path)
    started(table, 3, names=NAMES)
    table.play_random(6, seed=91)
    table.ok("Arcsyn", "replace Hedgethorn with Zed")  # a name: the seat is Zed's at once
    rng = random.Random(92)
    while (seat := table.to_act()) is not None:
        who = Actor(seat if seat == "Zed" else f"id-{seat}", seat, server=SERVER)
        reply = table.service.handle(table.place, who,
                                     rng.choice(table.service.choices(table.place, who)))
        assert reply.ok, reply.text
        table.replies.append(reply)
    final = next(r.text for r in reversed(table.replies) if "Ratings" in r.text)
    line = next(x for x in final.splitlines() if x.startswith("Ratings"))
    assert "Zed 0.0 → " in line and "Hedgethorn" not in line and "assisted" not in line
    assert "has no rated game" in table.ok("Hedgethorn", "rating").text


def test_the_rating_chart_is_a_picture_and_pictures_are_budgeted(tmp_path: Path) -> None:
    played = table_at(tmp_path)
    for seed in (101, 102):
        finish(played, seed)
    played.service.close()
    t = open_table(str(tmp_path / "bus.db"), rate_limits=True,  # the budgets, fresh
                   stories=True)
    table = ServerTable(t.service, t.place)
    reply = table.ok("Arcsyn", "rating chart")
    charts = [f for f in reply.files if f.filename == "bus-rating.png"]
    assert len(charts) == 1 and charts[0].data.startswith(b"\x89PNG")
    assert "Arcsyn's rating over 2 rated games" in charts[0].description
    assert not table.say("Arcsyn", "rating chart Nobody").ok  # no games, nothing to draw
    # the leaderboard draws a picture too, from the same allowance as `map`
    answers = [table.say("Daemonis", "leaderboard") for _ in range(12)]
    assert answers[0].ok and any(f.filename == "bus-leaderboard.png" for f in answers[0].files)
    refused = [a for a in answers if not a.ok]
    assert refused and "leaderboard" in refused[0].text


def test_busbot_ratings_rebuild_and_export(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    table = table_at(tmp_path)
    for seed in (111, 112):
        finish(table, seed)
    board = table.ok("Arcsyn", "leaderboard").text
    table.service.close()
    db = str(tmp_path / "bus.db")
    assert main(["ratings", "rebuild", "--db", db]) == 0
    assert "the stored numbers were reproduced exactly" in capsys.readouterr().out
    assert main(["ratings", "export", "--format", "csv", "--server", SERVER, "--db", db]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    all_time = [r for r in rows if r["scope"] == "all time"]
    listed = re.findall(r"^\d+\. (\w+):", board, re.M)
    assert [r["name"] for r in all_time] == listed
    assert {r["games"] for r in all_time} == {"2"}
    out = tmp_path / "ratings.json"
    assert main(["ratings", "export", "--format", "json", "--db", db, "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    (server,) = data["servers"]
    assert server["server"] == SERVER and len(server["games"]) == 2
    first = server["games"][0]["seats"][0]["all_time"]
    assert first["mu_before"] == PRIOR.mu and first["sigma_before"] == PRIOR.sigma
    # exact floats: the export's last numbers are the members' lines
    lines = {p["name"]: p for p in server["scopes"][0]["players"]}
    assert {float(r["mu"]) for r in all_time} == {line["mu"] for line in lines.values()}
    assert main(["ratings", "export", "--server", "nowhere", "--db", db]) == 1
