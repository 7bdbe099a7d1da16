"""The Discord layer's own pieces: settings, start-up, long replies, pings, the invite link."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

import bot.console
import bot.discord_app.runner
from bot.api import Actor, Attachment, Command, Reply, Update
from bot.cli import main as cli_main
from bot.config import Config, ConfigError, load_config
from bot.discord_app.bot import INVITE_PERMISSIONS, BusBot, invite_url, split_prefix
from bot.discord_app.cogs import slash as slash_cog
from bot.discord_app.guards import (
    NAME_THE_PLAYER,
    missing_permissions,
    opens_a_game,
    permission_refusal,
)
from bot.discord_app.outgoing import compose
from bot.discord_app.runner import NoGames
from bot.discord_app.splitting import MESSAGE_LIMIT, split_message
from bot.service import Addressed
from bot.service.command.forms import Slash
from bot.service.router import registry
from bot.service.words.catalogue import words_for
from engine.text import Msg
from tests.discord_support import PNG_SIGNATURE, FakeDiscord, Post, busbot_table, fake_discord

ROOT = Path(__file__).resolve().parent.parent
PICTURE = PNG_SIGNATURE + b"a picture"


# ---- settings -------------------------------------------------------------------------------


def test_the_example_settings_load_and_the_environment_token_wins(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text((ROOT / "config.example.toml").read_text(encoding="utf-8"), encoding="utf-8")

    config = load_config(path, environ={})
    assert config.token is None
    assert config.prefix == "!bus"
    assert config.db_path == str(tmp_path / "busbot.db")
    assert config.moderator_role == "Bus moderator"
    assert config.reminder_hours == 24
    assert config.picture_dir is None and config.render_workers == 2

    assert config.api_base == "https://discord.com/api/v10"
    assert config.gateway_url == "wss://gateway.discord.gg/"
    assert config.dev_guild is None and config.log_level == "INFO" and config.log_file is None
    assert config.shard_count is None and config.shard_ids is None
    assert load_config(path, environ={}) == Config(
        db_path=str(tmp_path / "busbot.db"), moderator_role="Bus moderator",
        reminder_hours=24)

    config = load_config(path, environ={"DISCORD_TOKEN": "from-the-environment"})
    assert config.token == "from-the-environment"
    assert "from-the-environment" not in repr(config)


def test_the_environment_points_busbot_at_another_discord(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('api_base = "https://chat.example/api/v10"\n', encoding="utf-8")
    config = load_config(path, environ={})
    assert config.api_base == "https://chat.example/api/v10"
    assert config.web_base == "https://chat.example"
    config = load_config(path, environ={"DISCORD_API_BASE": "http://127.0.0.1:8080/api/v10",
                                        "DISCORD_GATEWAY_URL": "ws://127.0.0.1:8080/gw"})
    assert config.api_base == "http://127.0.0.1:8080/api/v10"
    assert config.gateway_url == "ws://127.0.0.1:8080/gw"
    with pytest.raises(ConfigError, match="DISCORD_GATEWAY_URL must be a ws:// or wss://"):
        load_config(path, environ={"DISCORD_GATEWAY_URL": "https://gateway.discord.gg"})


def test_a_token_in_the_file_is_used_when_the_environment_has_none(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('token = "from-the-file"\ndb_path = "/srv/bus.db"\n', encoding="utf-8")
    config = load_config(path, environ={"DISCORD_TOKEN": ""})
    assert config.token == "from-the-file"
    assert config.db_path == "/srv/bus.db"


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("prefx = '!bus'\n", "unknown setting prefx"),
        ("render_workers = 0\n", "render_workers must be a whole number of workers from 1"),
        ("reminder_hours = 'daily'\n", "reminder_hours must be a number"),
        ("prefix = \n", "not valid TOML"),
        ("api_base = 'discord.com'\n", "api_base must be a http:// or https:// address"),
        ("log_level = 'loud'\n", "log_level must be one of DEBUG, INFO, WARNING, ERROR"),
        ("dev_guild = 'my server'\n", "dev_guild must be a whole number"),
        ("shard_ids = [0]\n", "shard_ids needs shard_count"),
        ("shard_count = 2\nshard_ids = [2]\n", "shard_ids must be distinct numbers from 0 to 1"),
    ],
)
def test_a_bad_setting_is_named(tmp_path: Path, text: str, complaint: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=complaint):
        load_config(path, environ={})


def test_no_file_means_the_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert load_config(None, environ={}) == Config(db_path=str(tmp_path / "busbot.db"))
    with pytest.raises(ConfigError, match="copy config.example.toml"):
        load_config(tmp_path / "missing.toml", environ={})


# ---- busbot run -----------------------------------------------------------------------------


def test_without_a_token_run_explains_and_opens_the_console(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    consoles: list[Config] = []

    def console(config: Config) -> int:
        consoles.append(config)
        return 0

    monkeypatch.setattr(bot.console, "main", console)
    monkeypatch.setattr(bot.discord_app.runner, "run_bot", _no_discord)

    assert cli_main(["run"]) == 0
    assert consoles == [load_config(None, environ={})]
    told = capsys.readouterr().err
    assert "DISCORD_TOKEN" in told and "docs/discord-setup.md" in told
    assert "busbot console" in told

    # Started through ./play, the hints name what works there.
    monkeypatch.setenv("BUSBOT_PROG", "./play")
    assert cli_main(["run"]) == 0
    told = capsys.readouterr().err
    assert "`./play console`" in told and "Run `./play` again" in told
    assert "`busbot" not in told


def test_with_a_token_run_starts_the_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    started: list[Config] = []

    def run_bot(config: Config) -> int:
        started.append(config)
        return 0

    monkeypatch.setattr(bot.discord_app.runner, "run_bot", run_bot)
    monkeypatch.setattr(bot.console, "main", _no_console)

    assert cli_main(["run"]) == 0
    assert [config.token for config in started] == ["a-token"]


def test_run_reports_a_broken_settings_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.toml"
    path.write_text("colour = 'red'\n", encoding="utf-8")
    assert cli_main(["run", "--config", str(path)]) == 2
    assert "unknown setting colour" in capsys.readouterr().err


def _no_discord(config: Config) -> int:
    raise AssertionError("the bot must not start without a token")


def _no_console(config: Config) -> int:
    raise AssertionError("the console must not start when there is a token")


# ---- the setup guide ------------------------------------------------------------------------


def test_the_guide_gives_exactly_the_permissions_the_bot_asks_for() -> None:
    guide = (ROOT / "docs" / "discord-setup.md").read_text(encoding="utf-8")
    granted = {name for name, value in INVITE_PERMISSIONS if value}
    assert granted == {
        "read_messages", "send_messages", "send_messages_in_threads", "attach_files",
        "embed_links", "read_message_history", "use_application_commands",
    }
    assert f"**{INVITE_PERMISSIONS.value}**" in guide
    template = invite_url(123456789).replace("123456789", "YOUR_APPLICATION_ID")
    assert template in guide
    assert "scope=bot+applications.commands" in template
    assert "Message Content Intent" in guide


def test_the_prefix_is_a_symbol_and_the_command_word() -> None:
    assert split_prefix("!bus") == ("!", "bus")
    assert split_prefix("?game") == ("?", "game")
    assert split_prefix("bus") == ("", "bus")
    with pytest.raises(ValueError, match="must end in a word"):
        split_prefix("!")


# ---- long replies and pings -----------------------------------------------------------------


def test_a_long_log_is_cut_between_lines_and_keeps_its_code_block() -> None:
    lines = [f"{n}. Arcsyn: Extend line from C{n % 4 + 1} to N{n % 8 + 1}" for n in range(200)]
    text = "The log so far:\n```\n" + "\n".join(lines) + "\n```\nNext: Daemonis."
    parts = split_message(text)
    assert len(parts) > 2
    assert all(len(part) <= MESSAGE_LIMIT for part in parts)
    assert all(part.count("```") == 2 for part in parts)
    kept = [line for part in parts for line in part.splitlines() if line != "```"]
    assert kept == [line for line in text.splitlines() if line != "```"]


def test_an_overlong_line_is_cut_at_spaces() -> None:
    text = " ".join(["Place Office at C1"] * 300)
    parts = split_message(text)
    assert all(len(part) <= MESSAGE_LIMIT for part in parts)
    assert " ".join(part.strip() for part in parts) == text


def test_the_picture_and_the_pings_travel_on_the_last_part() -> None:
    reply = Reply(
        "x\n" * 3000, picture=PICTURE, picture_name="table.png", mentions=["42", "console-seat"],
        files=[Attachment("bus-game1.txt", b"players: A, B, C\n")],
    )
    parts = compose(reply)
    assert len(parts) == 4
    assert all(part.attachments == () and part.pings == () for part in parts[:-1])
    last = parts[-1]
    assert [a.filename for a in last.attachments] == ["table.png", "bus-game1.txt"]
    assert last.pings == (42,) and last.content.endswith("<@42>")
    allowed = last.allowed_mentions()
    assert (allowed.everyone, allowed.roles, allowed.replied_user) == (False, False, False)
    assert isinstance(allowed.users, list) and [user.id for user in allowed.users] == [42]


def test_nothing_to_say_sends_nothing() -> None:
    assert compose(Reply("  ")) == []


class _Verbose(NoGames):
    """Answers every command with a reply longer than Discord allows, naming everyone."""

    def __init__(self) -> None:
        super().__init__()
        self.pinged = ""

    async def handle(self, place: str, actor: Actor, message: str | Command, *,
                     message_id: str | None = None,
                     attachments: list[Attachment] | None = None,
                     addressed: Addressed | None = None, draw: bool = True) -> Reply:
        text = "@everyone look:\n" + "\n".join(f"line {n} <@{actor.user_id}>" for n in range(300))
        return Update(text, picture=PICTURE, mentions=[self.pinged])


@pytest.fixture
async def verbose(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                  ) -> AsyncIterator[tuple[FakeDiscord, _Verbose]]:
    monkeypatch.chdir(tmp_path)
    game = _Verbose()
    async with fake_discord(BusBot(Config(), game, sync_commands=False)) as server:
        yield server, game


async def test_a_long_answer_arrives_in_parts_with_one_ping(
    verbose: tuple[FakeDiscord, _Verbose],
) -> None:
    server, game = verbose
    asker, next_player = server.person("Arcsyn"), server.person("Daemonis")
    game.pinged = str(next_player.id)

    posts = await server.say(asker, "!bus log all")
    assert len(posts) > 1
    assert all(len(post.content) <= MESSAGE_LIMIT for post in posts)
    assert [bool(post.files) for post in posts] == [False] * (len(posts) - 1) + [True]
    assert posts[-1].pictures == [PICTURE]
    # The asker is named on every line and @everyone is written, but only the player whose
    # turn it is gets a notification.
    assert [post.pings for post in posts] == [frozenset()] * (len(posts) - 1) + [
        {next_player.id}
    ]
    assert not any(post.pings_everyone for post in posts)

    answer = await server.slash(asker, "log", everything=True)
    assert answer.deferred_ephemeral and len(answer.private) == len(posts)
    assert answer.private[-1].pictures == [PICTURE]


async def test_the_slash_commands_cover_the_game() -> None:
    bus = BusBot(Config(), NoGames(), sync_commands=False)
    await bus.load_extension("bot.discord_app.cogs.slash")
    group = bus.tree.get_command("bus")
    assert isinstance(group, discord.app_commands.Group)
    built = {command.name: command.description for command in group.commands}
    assert built == {s.name: s.description.english() for s in registry.SLASH} | {
        "do": "Anything you could write after the prefix"}
    assert {"move", "preview", "story", "redo", "undo", "as", "import"} <= set(built)


EVERY_PICTURE = Msg("test.slash.index", "Every picture posted in the game, by round")


async def test_a_command_with_a_slash_form_and_no_subcommand_gets_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new command in bot/service/verbs/ declaring ``Slash(...)`` is ``/bus NAME [arguments]``
    without a line in the Discord adapter: its word and arguments, read as typed."""
    monkeypatch.chdir(tmp_path)
    index = Slash("index", EVERY_PICTURE(), private=True)
    made = slash_cog._by_words("index", index)
    assert (made.name, made.description) == ("index", index.description.english())
    assert [p.name for p in made.parameters] == ["arguments"]
    async with busbot_table(tmp_path / "busbot.db") as table:
        server = table.server
        group = table.bot.tree.get_command("bus")
        assert isinstance(group, discord.app_commands.Group)
        group.add_command(made._copy_with(parent=group, binding=table.bot.get_cog("Slash")))
        await server.say(server.person("Arcsyn"), "!bus new game")
        by_slash = await server.slash(server.person("Zed"), "index")
        by_text = await server.say(server.person("Zed"), "!bus index")
        assert [p.content for p in by_slash.posts] == [p.content for p in by_text]
        assert by_slash.deferred_ephemeral  # a lookup, as its slash form declares


class _Slow(NoGames):
    """A service that takes as long as the test says: a slow render, a busy database."""

    def __init__(self) -> None:
        super().__init__()
        self.release = asyncio.Event()
        self.asked = asyncio.Event()

    async def handle(self, place: str, actor: Actor, message: str | Command, *,
                     message_id: str | None = None,
                     attachments: list[Attachment] | None = None,
                     addressed: Addressed | None = None, draw: bool = True) -> Reply:
        self.asked.set()
        await self.release.wait()
        return Update("Arcsyn: Place Office at C1", picture=PICTURE)


async def test_a_slash_command_is_deferred_before_the_service_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    game = _Slow()
    async with fake_discord(BusBot(Config(), game, sync_commands=False)) as server:
        answer = server.begin_slash(server.person("Arcsyn"), "move", move="Place Office at C1")
        await asyncio.wait_for(game.asked.wait(), timeout=5)
        # Discord gives three seconds for the first answer; the bot has already given it.
        assert answer.deferred and not answer.deferred_ephemeral
        assert answer.posts == []
        # Meanwhile the bot keeps serving others.
        assert await server.say(server.person("Daemonis"), "just chatting") == []

        game.release.set()
        await server.settle()
        assert only_post(answer.public).pictures == [PICTURE]


def only_post(posts: list[Post]) -> Post:
    assert len(posts) == 1
    return posts[0]


async def test_an_oversized_file_is_refused_without_reading_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    huge = tmp_path / "bus-game1.txt"
    huge.write_bytes(b"#" * 2_000_000)
    async with fake_discord(BusBot(Config(), NoGames(), sync_commands=False)) as server:
        moderator = server.person("Mod")
        refused = only_post(await server.say(moderator, "!bus import", files=(huge,)))
        assert refused.reply_to == server.last_message_id
        assert "bus-game1.txt" in refused.content and "kB" in refused.content

        answer = await server.slash(moderator, "import", file=huge)
        assert answer.public == []
        assert "bus-game1.txt" in only_post(answer.private).content


# ---- what the Discord layer checks before the service ---------------------------------------


def test_only_opening_or_starting_a_game_checks_permissions() -> None:
    assert opens_a_game("new game clock_stones=1") and opens_a_game("  Start ")
    assert opens_a_game("start order: Ada, Bram, Cleo") and opens_a_game("start game")
    assert not opens_a_game("Start line between C1 and W3")
    assert not opens_a_game("start C1-W3") and not opens_a_game("status")


def test_a_thread_also_needs_send_messages_in_threads() -> None:
    granted = discord.Permissions(view_channel=True, send_messages=True, attach_files=True,
                                  read_message_history=True)
    assert permission_refusal(granted, in_thread=False) is None
    refusal = permission_refusal(granted, in_thread=True)
    assert refusal is not None
    assert "lack the Send Messages in Threads permission in this thread" in str(refusal)
    bare = discord.Permissions(view_channel=True)
    assert [str(m) for m in missing_permissions(bare, in_thread=False)] == [
        "Send Messages", "Attach Files", "Read Message History"]
    # as a German member's Discord names them, in one German sentence
    german = words_for("de")(permission_refusal(bare, in_thread=True) or NAME_THE_PLAYER())
    assert german.startswith("Ich kann hier keine Partie leiten: Mir fehlen in diesem Thread "
                             "die Berechtigungen Nachrichten senden, Dateien anhängen, "
                             "Nachrichtenverlauf lesen, Nachrichten in Threads senden.")
