"""``busbot render`` and ``busbot gallery``: pictures from a log file, and the docs gallery."""

from __future__ import annotations

import io
import shutil
from importlib import resources
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import main
from engine import GameLog, replay
from render import render_svg
from tests.render_support import parse, with_class

ROOT = Path(__file__).resolve().parent.parent

SAMPLE = resources.files("engine").joinpath("data/sample-game.txt").read_text(encoding="utf-8")


@pytest.fixture()
def log_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.txt"
    path.write_text(SAMPLE, encoding="utf-8")
    return path


def test_render_draws_the_table_after_the_nth_move(log_file: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    png, svg = tmp_path / "map.png", tmp_path / "map.svg"
    assert main(["render", str(log_file), "--out", str(png), "--svg", str(svg),
                 "--move", "40", "--size", "800"]) == 0
    picture = Image.open(io.BytesIO(png.read_bytes()))
    assert picture.size == (800, 552)
    expected = render_svg(replay(GameLog.parse(SAMPLE), upto=40))
    assert svg.read_text(encoding="utf-8") == expected
    out = capsys.readouterr().out
    assert "after move 40 of 202" in out and "waiting for" in out


def test_render_without_move_draws_the_end(log_file: Path, tmp_path: Path) -> None:
    png = tmp_path / "end.png"
    svg = tmp_path / "end.svg"
    assert main(["render", str(log_file), "--out", str(png), "--svg", str(svg)]) == 0
    assert Image.open(png).size == (1000, 690)
    assert with_class(parse(svg.read_text(encoding="utf-8")), "winner")


def test_render_refuses_a_move_beyond_the_log(log_file: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "map.png"
    assert main(["render", str(log_file), "--out", str(png), "--move", "999"]) == 2
    assert "between 0 and 202" in capsys.readouterr().err
    assert not png.exists()


def _bad_log(tmp_path: Path) -> tuple[Path, list[str]]:
    """The sample log with an unknown crossing on its sixth line."""
    bad = tmp_path / "bad.txt"
    lines = SAMPLE.splitlines()
    lines[5] = "Arcsyn: Place Office at Q9"
    bad.write_text("\n".join(lines), encoding="utf-8")
    return bad, lines


def test_render_names_the_bad_line_of_a_log(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    bad, _ = _bad_log(tmp_path)
    assert main(["render", str(bad), "--out", str(tmp_path / "x.png")]) == 1
    assert "line 6" in capsys.readouterr().out


def test_render_reports_a_missing_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", str(tmp_path / "nope.txt"), "--out", str(tmp_path / "x.png")]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.long
def test_gallery_writes_pictures_and_a_page_that_shows_them(tmp_path: Path) -> None:
    out = tmp_path / "gallery"
    assert main(["gallery", "--out", str(out), "--size", "600"]) == 0
    page = (out / "README.md").read_text(encoding="utf-8")
    pictures = sorted(p.name for p in out.glob("*.png"))
    assert pictures == ["choosing.png", "delivery.png", "end.png", "expansion.png",
                        "preview.png", "start.png"]
    for name in pictures:
        assert f"]({name})" in page
        assert Image.open(out / name).size == (600, 414)
    layouts = sorted(p.name for p in (out / "layouts").glob("*.png"))
    assert layouts == ["landscape-on-phone.png", "phone-screen.png", "phone.png",
                       "portrait.png", "ties-connector.png", "ties-touching.png"]
    for name in layouts:
        assert f"](layouts/{name})" in page
    assert Image.open(out / "layouts" / "phone-screen.png").size == (780, 1688)  # 390 px at 2x
    assert "| phone | 9." in page  # the smallest print on a phone, measured
    # six moments, each layout, the story and the game's page
    assert page.count("\n## ") == 9 and "busbot gallery" in page
    assert "](game.html)" in page and (out / "game.html").read_text().startswith("<!doctype")


def test_the_gallery_marks_its_preview_as_the_service_does() -> None:
    from bot.service.verbs.preview import NOTE
    from render.gallery import PREVIEW_NOTE, moments, sample_log

    assert NOTE.en == PREVIEW_NOTE
    marked = [m for m in moments(sample_log()) if m.note]
    assert [m.name for m in marked] == ["preview"] and marked[0].note == NOTE.en


def test_render_counts_moves_the_way_its_errors_do(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    bad, lines = _bad_log(tmp_path)
    assert main(["render", str(bad), "--out", str(tmp_path / "x.png")]) == 1
    error = capsys.readouterr().out
    move = len([t for t in lines[:6] if ":" in t and not t.startswith(("#", "players",
                                                                        "colours", "edition"))])
    assert f"line 6, move {move}:" in error
    assert main(["render", str(bad), "--out", str(tmp_path / "x.png"),
                 "--move", str(move - 1)]) == 0
    assert f"after move {move - 1} of" in capsys.readouterr().out


def test_the_gallery_shows_each_change_beside_its_kept_before_picture(tmp_path: Path) -> None:
    from render.gallery import sample_log
    from render.gallery_changes import CHANGES, changes_section, crop

    kept = ROOT / "docs" / "gallery" / "changes" / "before"
    out = tmp_path / "gallery"
    (out / "changes").mkdir(parents=True)
    shutil.copytree(kept, out / "changes" / "before")
    link, written = changes_section(out, sample_log())
    assert "](changes/README.md)" in "".join(link)
    page = (out / "changes" / "README.md").read_text(encoding="utf-8")
    log = sample_log()
    for change in CHANGES:
        assert f"](before/{change.name}.png) ![Today" in page
        assert f"]({change.name}.png)" in page
        with Image.open(kept / f"{change.name}.png") as before:
            # the same box of the same position: the two crops line up
            assert before.size == crop(log, change).size, change.name
    assert out / "changes" / "README.md" in written
