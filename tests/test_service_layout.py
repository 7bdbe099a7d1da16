"""The game service's layout keeps its promises (issue 29): the service split by job with a
small facade, the face the adapters see declared once and everything else made from it, the
layers shown by sub-packages (``game/`` on the engine alone), and a top level that stays small."""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path

from bot.api import GameFace
from bot.delivery import OutboxBackend
from bot.discord_app.backend import GameBackend
from bot.discord_app.runner import NoGames
from bot.service import AsyncGameService, GameService, async_face
from bot.service.pipeline import Pipeline

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ROOT / "bot" / "service"
#: The modules at the top of ``bot/service/``: the facade, the parts it is made of, the
#: asynchronous face, the computer players and the worker processes they think on, and nothing
#: that belongs in a sub-package.
TOP = {"__init__.py", "service.py", "core.py", "pipeline.py", "live_games.py", "budgets.py",
       "announcements.py", "ledger.py", "scheduler.py", "lookups.py", "exchange.py",
       "async_face.py", "bots.py", "thinking.py"}


def _face() -> list[str]:
    """The methods ``GameFace`` declares."""
    return [name for name, _ in inspect.getmembers(GameFace, inspect.isfunction)
            if not name.startswith("_")]


def test_the_top_of_the_service_stays_small_and_the_layers_are_packages() -> None:
    assert {p.name for p in SERVICE.glob("*.py")} == TOP
    packages = {p.name for p in SERVICE.iterdir() if (p / "__init__.py").exists()}
    assert packages == {"command", "drawing", "game", "ratings", "router", "store", "verbs",
                        "words"}


def test_game_imports_only_the_pure_layers() -> None:
    """``game/`` (records, payloads, the fold, the live game, seat policies, deadlines) is the
    service's picture of a stored game: it imports the engine (and the computer player, which
    plays through the engine), never the store, the commands or the adapters."""
    found = set()
    for path in (SERVICE / "game").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module.split(".")[0] if not node.module.startswith("bot.")
                          else node.module)
            elif isinstance(node, ast.Import):
                found.update(a.name.split(".")[0] for a in node.names)
    ours = {m for m in found if m.startswith("bot.")}
    assert all(m.startswith("bot.service.game") for m in ours), ours
    assert found - ours <= {"engine", "ai", "__future__"} | set(sys.stdlib_module_names)


def test_the_service_is_a_small_facade_over_its_parts() -> None:
    tree = ast.parse((SERVICE / "service.py").read_text(encoding="utf-8"))
    facade = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "GameService")
    assert facade.end_lineno is not None
    assert facade.end_lineno - facade.lineno < 150
    for node in ast.walk(facade):  # each method hands the work to a part: one statement
        if isinstance(node, ast.FunctionDef) and node.name != "assemble":
            body = [s for s in node.body if not isinstance(s, ast.Expr)
                    or not isinstance(s.value, ast.Constant)]
            assert len(body) <= 2, node.name
    largest = max(len(p.read_text(encoding="utf-8").splitlines()) for p in SERVICE.rglob("*.py"))
    assert largest < 650


def test_the_pipeline_names_each_step_once() -> None:
    """admit -> load -> decide -> commit, then draw (``Prepared.complete``); one entry,
    ``handle``, and no second name for it anywhere in the service."""
    steps = [name for name in ("handle", "admit", "load", "decide", "commit", "unchanged")
             if callable(getattr(Pipeline, name, None))]
    assert steps == ["handle", "admit", "load", "decide", "commit", "unchanged"]
    for path in SERVICE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        assert not names & {"prepare", "_prepare"}, path


def test_the_service_is_the_face_the_adapters_are_promised() -> None:
    for name in _face():
        declared = inspect.signature(getattr(GameFace, name))
        made = inspect.signature(getattr(GameService, name))
        assert list(made.parameters)[:len(declared.parameters)] == list(declared.parameters)


def test_the_asynchronous_face_is_made_from_the_declaration() -> None:
    """Every method of ``GameFace`` is awaited on the asynchronous face, each one line made
    from the declaration (but the three that draw on its pools), and the adapters hold that
    face: the Discord bot, the courier, and the bot that keeps no games."""
    drawn = {"handle", "owed", "run_due"}
    for name in _face():
        method = getattr(AsyncGameService, name)
        assert inspect.iscoroutinefunction(method) if name in drawn else \
            isinstance(method, async_face._OnDb), name
    made = {name for name, value in vars(AsyncGameService).items()
            if isinstance(value, async_face._OnDb)}
    assert made == set(_face()) - drawn
    assert GameBackend is AsyncGameService and OutboxBackend is AsyncGameService
    own = {name for name in vars(NoGames) if not name.startswith("_")}
    assert issubclass(NoGames, AsyncGameService) and own <= {"refusal"}


async def test_the_bot_without_games_answers_every_look_up_with_nothing() -> None:
    from bot.api import Actor, Position

    game = NoGames()
    try:
        refusal = await game.handle("1", Actor("2", "Ada"), "status")
        assert not refusal.ok and "only publishing its commands" in refusal.text
        assert await game.read_chat("1", "Place Office at C1") is None
        assert await game.choices("1", Actor("2", "Ada")) == []
        assert await game.table_now("1") is None
        assert await game.unsent() == [] and await game.open_places() == []
        assert await game.run_due() == [] and await game.unanswered("1") == []
        assert await game.waiting_user("1") is None
        assert "gone" in await game.since("1", Position(1, 0, 0))
    finally:
        await game.aclose()


def _schema_writers() -> set[str]:
    """The modules of ``bot/`` that create or change a table, an index or a column."""
    writers = set()
    for path in (ROOT / "bot").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            sql = node.value.upper() if isinstance(node, ast.Constant) and isinstance(
                node.value, str) else ""
            made = (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("create", "create_index", "add_column")
                    and ".table(" in ast.unparse(node.func.value))
            if made or any(k in sql for k in ("CREATE TABLE", "CREATE INDEX", "ALTER TABLE")):
                writers.add(path.relative_to(ROOT).as_posix())
    return writers


def test_the_whole_schema_is_declared_in_one_module(tmp_path: Path) -> None:
    """Every table, index and column of the database is declared in ``store/schema.py`` (the
    Discord adapter's two tables as statements it runs), and a new database holds exactly the
    tables declared there: a newcomer finds any table in one step."""
    import sqlite3

    from bot.service.store import schema

    assert _schema_writers() == {"bot/service/store/schema.py"}
    GameService(str(tmp_path / "g.db"), renderer=None).close()
    with sqlite3.connect(tmp_path / "g.db") as conn:
        conn.execute(schema.CATCHING_UP)
        conn.execute(schema.PUBLISHED_COMMANDS)
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    versioned = {"meta", "games", "records", "handled", "pictures", "reminders"}
    assert tables == versioned | set(schema.SIDE_TABLES) | {"catching_up", "published_commands"}


def test_the_renderer_is_imported_plainly() -> None:
    """The renderer is loaded by plain imports where something is drawn (mypy and a reader see
    them); ``importlib`` is left to the registry, which discovers the command modules."""
    users = sorted(path.relative_to(ROOT).as_posix() for path in SERVICE.rglob("*.py")
                   if "importlib" in path.read_text(encoding="utf-8"))
    assert users == ["bot/service/router/registry.py"]
