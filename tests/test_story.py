"""The game's story: the score chart, the animation, the end-of-game statistics, the commands."""

from __future__ import annotations

import io
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from bot import story_cli
from bot.cli import main as busbot
from engine import ChooseAction, ClockChoice, Game, GameLog, Pass, random_game, replay
from engine.stats import story, summary
from render import animation as animation_module
from render.animation import (
    DISCORD_LIMIT,
    AnimationTooLarge,
    animate,
    every_move,
    update_positions,
)
from render.chart import chart_png, chart_svg
from render.png import render_png
from render.theme import player_colour
from tests.render_support import at_move, parse, sample_game, with_class

SAMPLE = resources.files("engine").joinpath("data/sample-game.txt").read_text(encoding="utf-8")
SMALL = 300  # pixels: frames small enough to draw quickly


def clock_hoarders() -> tuple[Game, list[tuple[str, int]]]:
    """A 3-player game in which whoever can takes the clock and stops time until the stones run
    out, passing as soon as allowed otherwise; with the (player, round) of each stone taken."""
    game = Game(["Ada", "Bram", "Cleo"])
    taken: list[tuple[str, int]] = []
    while not game.is_over:
        decision = game.to_act()
        assert decision is not None
        if decision.kind == "clock":
            taken.append((decision.player, game.state.round))
            game.push(ClockChoice(True), decision.player)
            continue
        legal = game.legal_moves()
        thrifty = [m for m in (ChooseAction("clock"), Pass()) if m in legal]  # markers last
        game.push(thrifty[0] if thrifty else legal[0], decision.player)
    return game, taken


def frames_in(image: Image.Image) -> int:
    count: int = getattr(image, "n_frames", 1)
    return count


def frame_matches(frame: Image.Image, game: Game, moves: tuple[int, ...], index: int,
                  size: int = SMALL) -> None:
    """Frame ``index`` is the picture of its position as posted: everything since the previous
    frame's position highlighted, up to the animation's shared palette."""
    previous = at_move(game, moves[index - 1]) if index else None
    png = render_png(at_move(game, moves[index]), size=size, previous=previous,
                     layout="landscape")
    with Image.open(io.BytesIO(png)) as picture:
        expected = picture.convert("RGB")
    assert frame.size == expected.size
    diff = ImageChops.difference(frame.convert("RGB"), expected)
    assert max(ImageStat.Stat(diff).mean) < 2.0  # per channel, out of 255
    close = diff.convert("L").point(lambda v: 255 if v <= 24 else 0)
    assert ImageStat.Stat(close).mean[0] / 255 > 0.99


# ---- statistics ---------------------------------------------------------------------------------

def test_statistics_of_the_sample_game_agree_with_its_log() -> None:
    """Counted by hand in engine/data/sample-game.txt: Deliver lines, Choose lines, and the
    streets of each line (Start line plus one per Extend)."""
    tale = story(sample_game())
    lines = [line.split(":", 1) for line in SAMPLE.splitlines()
             if ":" in line and not line.startswith(("#", "players", "colours", "edition"))]
    delivered = Counter(who for who, what in lines if what.strip().startswith("Deliver"))
    assert {p.name: p.deliveries for p in tale.players} == {
        "Arcsyn": 7, "Daemonis": 0, "Hedgethorn": 2, "discrider": 1} == {
        p.name: delivered[p.name] for p in tale.players}
    streets = Counter(who for who, what in lines if what.strip().startswith(("Start", "Extend")))
    assert {p.name: p.streets for p in tale.players} == dict(streets)
    assert tale.longest_line == (["discrider"], 18)
    assert tale.favourite_actions == (["vroom"], 30)
    assert tale.over and tale.ended_by == "markers" and tale.rounds == 8
    text = summary(tale)
    assert text == ("Deliveries: Arcsyn 7, Hedgethorn 2, discrider 1, Daemonis 0. "
                    "Longest line: discrider's, 18 streets. "
                    "Most chosen action: Vrrooomm (30 times). "
                    "The game ended after round 8: at most one player had markers left.")


def test_statistics_name_who_took_the_last_clock_stone() -> None:
    game, taken = clock_hoarders()
    tale = story(game)
    assert tale.ended_by == "clock" and tale.last_stone == taken[-1][0]
    assert f"when {taken[-1][0]} took the last clock stone" in summary(tale)
    assert f"in round {taken[-1][1]}" in summary(tale)
    for p in tale.players:
        assert p.stones == tuple(r for who, r in taken if who == p.name)
        assert p.score == game.player(p.name).score == -len(p.stones)


def test_statistics_of_a_game_in_progress_say_so() -> None:
    tale = story(sample_game(40))
    assert not tale.over and tale.rounds == 2
    assert summary(tale).endswith("The game is still on, in round 2.")
    empty = story(sample_game(0))
    assert empty.favourite_actions == ([], 0)
    assert summary(empty) == ("Deliveries: Arcsyn 0, Daemonis 0, Hedgethorn 0, discrider 0. "
                              "No line has been started yet. The game is still in its setup.")


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 2**32 - 1))
def test_story_of_any_game_agrees_with_its_final_position(players: int, seed: int) -> None:
    game = random_game(players, seed)
    tale = story(game)
    assert tale.over and tale.rounds == game.state.round
    assert sum(tale.actions.values()) == sum(
        1 for _, move in game.history if isinstance(move, ChooseAction))
    for p in game.state.players:
        told = tale.player(p.name)
        assert told.score == p.score and told.deliveries == p.carried
        assert len(told.stones) == p.stones and list(told.stones) == sorted(told.stones)
        assert len(told.scores) == tale.rounds + 1 and told.scores[0] == 0
        assert all(1 <= r <= tale.rounds for r in told.stones)
    updates = update_positions(game)
    assert updates[0] == 0 and updates[-1] == len(game.history)
    assert all(a < b for a, b in zip(updates, updates[1:], strict=False))
    # every marker placed or pass is an update of its own; one update is one player's moves
    for n, (_, move) in enumerate(game.history, start=1):
        if isinstance(move, (ChooseAction, Pass)):
            assert n in updates and n - 1 in updates
    for a, b in zip(updates, updates[1:], strict=False):
        assert len({name for name, _ in game.history[a:b]}) == 1


def test_scores_round_by_round_are_the_scores_at_each_rounds_end() -> None:
    finished = sample_game()
    tale = story(finished)
    ends: dict[int, int] = {}  # round -> moves played when it ended
    for n in range(1, len(finished.history) + 1):
        before = at_move(finished, n - 1).state.round
        ends[before] = n
    for p in tale.players:
        assert len(p.scores) == tale.rounds + 1 and p.scores[0] == 0
        for round_number, moves in ends.items():
            assert p.scores[round_number] == at_move(finished, moves).player(p.name).score


# ---- the chart ----------------------------------------------------------------------------------

def test_chart_shows_every_player_final_score_and_stones_at_their_rounds() -> None:
    game, taken = clock_hoarders()
    root = parse(chart_svg(game))
    finals = {node.get("data-player"): node.text for node in with_class(root, "final-score")}
    assert finals == {p.name: str(p.score) for p in game.state.players}
    stones = sorted((node.get("data-player"), int(node.get("data-round") or -1))
                    for node in with_class(root, "stone"))
    assert stones == sorted(taken) and len(stones) == game.state.options.clock_stones
    lines = {node.get("data-player", ""): node.get("data-scores", "")
             for node in with_class(root, "player-line")}
    assert set(lines) == set(game.players)
    for name, scores in lines.items():
        assert scores.split()[-1] == str(game.player(name).score)


def test_chart_png_has_every_player_colour() -> None:
    game = sample_game()
    picture = Image.open(io.BytesIO(chart_png(game, size=800))).convert("RGB")
    assert picture.size == (800, 450)
    colours = [colour for _, colour in picture.getcolors(1 << 16) or []
               if isinstance(colour, tuple)]
    for p in game.state.players:
        wanted = player_colour(p.colour, p.seat)
        rgb = tuple(int(wanted[i:i + 2], 16) for i in (1, 3, 5))
        assert any(sum(abs(a - b) for a, b in zip(c, rgb, strict=True)) < 12 for c in colours)


# ---- the animation ------------------------------------------------------------------------------

def test_update_positions_are_one_per_decision() -> None:
    """The sample's first 20 moves: two buildings each (one message), a first street each, the
    second streets in reverse order, then one marker per message."""
    game = sample_game(20)
    assert update_positions(game) == [0, 2, 4, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
                                      19, 20]
    assert every_move(game) == list(range(21))


def test_animation_frames_are_the_pictures_of_those_positions() -> None:
    game = sample_game(20)
    made = animate(game, size=SMALL)
    assert made.note is None and made.format == "gif"
    assert made.moves == tuple(update_positions(game))
    assert len(made.data) <= DISCORD_LIMIT
    with Image.open(io.BytesIO(made.data)) as gif:
        assert gif.format == "GIF" and frames_in(gif) == 17 and gif.size == (300, 207)
        for index in (0, 5, 16):
            gif.seek(index)
            frame_matches(gif, game, made.moves, index)


def test_animation_as_apng_takes_positions_from_the_service() -> None:
    game = sample_game(30)
    posted = [30, 12, 0, 12, 25]  # as the service's index lists them, repeats and all
    made = animate(game, posted, fmt="png", size=SMALL)
    assert made.moves == (0, 12, 25, 30)
    with Image.open(io.BytesIO(made.data)) as apng:
        assert apng.format == "PNG" and frames_in(apng) == 4
        for index in range(len(made.moves)):
            apng.seek(index)
            frame_matches(apng, game, made.moves, index)


def test_animation_in_the_portrait_layout() -> None:
    made = animate(sample_game(8), [0, 8], size=SMALL, layout="portrait")
    with Image.open(io.BytesIO(made.data)) as gif:
        assert gif.size == (made.width, made.height) == (188, 300)
    with pytest.raises(ValueError, match="unknown picture layout 'square'"):
        animate(sample_game(8), layout="square")


@pytest.mark.long
def test_animation_shrinks_then_drops_frames_to_fit_and_says_so() -> None:
    game = sample_game(20)
    whole = animate(game, size=SMALL)
    limit = len(whole.data) // 3
    made = animate(game, size=SMALL, limit=limit, min_size=200)
    assert len(made.data) <= limit
    assert made.width < SMALL and len(made.moves) < 17
    assert made.moves[0] == 0 and made.moves[-1] == 20
    assert made.note == (f"To stay under the {limit / 1e6:.3g} MB attachment limit, the "
                         f"animation is {made.width} x {made.height} px instead of 300 x 207 "
                         f"and shows {len(made.moves)} of the 17 pictures.")
    with Image.open(io.BytesIO(made.data)) as gif:
        assert frames_in(gif) == len(made.moves)
        gif.seek(frames_in(gif) - 1)
        frame_matches(gif, game, made.moves, len(made.moves) - 1, size=made.width)


def test_animation_refuses_what_cannot_be_made() -> None:
    game = sample_game(6)
    with pytest.raises(AnimationTooLarge, match="does not fit in 0.001 MB"):
        animate(game, size=SMALL, limit=1000, min_size=200)
    with pytest.raises(ValueError, match="from 0 to 6"):
        animate(game, [0, 7], size=SMALL)
    with pytest.raises(ValueError, match="not 'webp'"):
        animate(game, fmt="webp")


def test_animation_keeps_to_the_frame_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(animation_module, "MAX_FRAMES", 4)
    game = sample_game(12)
    made = animate(game, every_move(game), size=SMALL)
    assert made.moves == (0, 4, 8, 12)
    assert made.note == ("An animation holds at most 4 frames: this one shows 4 of the 13 "
                         "pictures, evenly spread.")


# ---- the command line ---------------------------------------------------------------------------

@pytest.fixture()
def short_log(tmp_path: Path) -> Path:
    path = tmp_path / "game.txt"
    path.write_text(replay(GameLog.parse(SAMPLE), upto=16).log().format(), encoding="utf-8")
    return path


def test_busbot_chart_writes_the_chart_and_prints_the_statistics(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "sample.txt"
    log.write_text(SAMPLE, encoding="utf-8")
    out = tmp_path / "chart.png"
    assert busbot(["chart", str(log), "--out", str(out), "--size", "600"]) == 0
    assert Image.open(out).size == (600, 338)
    printed = capsys.readouterr().out
    assert "the scores over 8 rounds" in printed and "Deliveries: Arcsyn 7" in printed
    svg = tmp_path / "chart.svg"
    assert busbot(["chart", str(log), "--out", str(svg)]) == 0
    assert svg.read_text(encoding="utf-8") == chart_svg(sample_game())


def test_busbot_animate_writes_a_gif_or_an_apng(
        short_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gif = tmp_path / "game.gif"
    assert busbot(["animate", str(short_log), "--out", str(gif), "--size", "300"]) == 0
    with Image.open(gif) as picture:
        assert picture.format == "GIF" and frames_in(picture) == 13
    assert "(300 x 207 px, 13 frames" in capsys.readouterr().out
    apng = tmp_path / "game.png"
    assert busbot(["animate", str(short_log), "--out", str(apng), "--size", "300",
                   "--every-move"]) == 0
    with Image.open(apng) as picture:
        assert picture.format == "PNG" and frames_in(picture) == 17


@pytest.mark.long
def test_busbot_animate_reports_what_it_gave_up(
        short_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.gif"
    assert busbot(["animate", str(short_log), "--out", str(out), "--size", "300"]) == 0
    limit = len(out.read_bytes()) / 2
    assert busbot(["animate", str(short_log), "--out", str(out), "--size", "300",
                   "--limit", str(limit / 1e6)]) == 0
    assert len(out.read_bytes()) <= limit
    assert "of the 13 pictures." in capsys.readouterr().out.splitlines()[-1]
    assert busbot(["animate", str(short_log), "--out", str(out), "--size", "300",
                   "--limit", "0.001"]) == 1
    assert capsys.readouterr().err.startswith("the animation does not fit in 0.001 MB")


@pytest.mark.parametrize("command", ["chart", "animate"])
def test_story_commands_refuse_bad_input_in_one_sentence(
        command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / ("x.png" if command == "chart" else "x.gif")
    assert busbot([command, str(tmp_path / "nope.txt"), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cannot read ") and "No such file" in err and err.count("\n") == 1

    bad = tmp_path / "bad.txt"
    lines = SAMPLE.splitlines()
    lines[5] = "Arcsyn: Place Office at Q9"
    bad.write_text("\n".join(lines), encoding="utf-8")
    assert busbot([command, str(bad), "--out", str(out)]) == 1
    said = capsys.readouterr().out  # as busbot replay and render say it
    assert said.startswith("line 6, move 2: ") and said.count("\n") == 1

    headless = tmp_path / "headless.txt"
    headless.write_text("players: Ada\n", encoding="utf-8")
    assert busbot([command, str(headless), "--out", str(out)]) == 1
    said = capsys.readouterr().out
    assert said.endswith("Bus is played by 3 to 5 players, not 1\n") and said.count("\n") == 1

    wrong = tmp_path / "x.jpg"
    assert busbot([command, str(bad), "--out", str(wrong)]) == 2
    assert "--out must name a" in capsys.readouterr().err
    assert not out.exists() and not wrong.exists()


def test_story_commands_help_names_the_animation_defaults() -> None:
    assert story_cli.DISCORD_MB * 1_000_000 == DISCORD_LIMIT
    assert story_cli.FRAME_MS == animation_module.FRAME_MS


@pytest.mark.long
def test_gallery_shows_a_chart_and_a_short_animation(tmp_path: Path) -> None:
    out = tmp_path / "gallery"
    assert busbot(["gallery", "--out", str(out), "--size", "400"]) == 0
    page = (out / "README.md").read_text(encoding="utf-8")
    assert "](story/chart.png)" in page and "](story/round-1.gif)" in page
    assert Image.open(out / "story" / "chart.png").size == (400, 225)
    with Image.open(out / "story" / "round-1.gif") as gif:
        assert gif.size == (400, 276) and f"({frames_in(gif)} frames" in page
        assert 5 < frames_in(gif) < 40
