"""A PNG of one scene, rendered headless: `python tools/screenshot.py SCENE --out FILE.png`."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SCENES = (
    "menu",
    "menu-continue",
    "menu-koenigrufen",
    "settings",
    "houserules",
    "houserules-announcing",
    "houserules-kontra",
    "rules",
    "rules-koenigrufen",
    "falkenstein",
    "hotseat",
    "hotseat-story",
    "editor",
    "editor-challenge",
    "editor-ending",
    "editor-graph",
    "editor-import",
    "fireworks",
    "score",
    "handover",
    "koenigrufen",
    "koenigrufen-call",
    "koenigrufen-talon",
    "koenigrufen-discard",
    "koenigrufen-score",
    "koenigrufen-hint",
    "koenigrufen-auction",
    "koenigrufen-auction-hint",
    "koenigrufen-announce",
    "koenigrufen-besserrufer",
    "koenigrufen-bonus-score",
    "koenigrufen-sechserdreier",
    "koenigrufen-ouvert",
    "koenigrufen-trischaken",
    "koenigrufen-dreier-score",
    "koenigrufen-piccolo-score",
    "koenigrufen-names-score",
    "koenigrufen-resumed",
    "koenigrufen-handover",
    "koenigrufen-turn",
    "twotenjack",
    "twotenjack-6",
    "twotenjack-score",
    "twotenjack-hint",
    "history",
    "saved",
    "saved-delete",
    "menu-saved",
    "statistics",
    "statistics-falkenstein",
    *(f"learn-{game}-{moment}" for game in ("koenigrufen", "twotenjack", "falkenstein") for moment in "123"),
    "learn-koenigrufen-end",
    "learn-twotenjack-end",
    "host",
    "host-resume",
    "host-falkenstein",
    "join",
    "lobby",
    "lobby-falkenstein",
    "falkenstein-net",
    "host-gone",
    "falkenstein-net-host",
    "end-table",
    "review",
    "review-summary",
    "review-twotenjack",
    "review-sheet",
    "review-running",
)


def build(app, scene: str, **options):
    """The scene, brought to a representative moment (`options`: the rules page's profile and scroll)."""
    if scene == "menu":
        from game.scenes.menu import MenuScene

        return MenuScene(app), 0.0
    if scene == "menu-continue":  # a Königrufen match left unfinished: the menu offers to continue it
        from game.scenes.menu import MenuScene

        table = _koenigrufen(app, "austria", None)
        table.enter()  # its journal written, as a table does when it opens
        table.leave()
        return MenuScene(app), 0.0
    if scene == "menu-koenigrufen":  # its start section, the rules chosen beside the seats
        from game.scenes.menu import MenuScene

        menu = MenuScene(app)
        menu.game = "koenigrufen"
        return menu, 0.0
    if scene in ("host", "host-resume", "host-falkenstein", "join", "lobby", "lobby-falkenstein"):
        return _network_page(app, scene), 0.3
    if scene == "falkenstein-net":  # a window that joined as a character, facing the Host's challenge
        return _falkenstein_net(app, 0), 4.0
    if scene == "host-gone":  # that window once its host's program has not answered for a while
        from game.net.remote_game import GIVE_UP

        table = _falkenstein_net(app, 0)
        table.session.away, table.session.lost_at = True, table.session.clock() - GIVE_UP
        return table, 4.0
    if scene == "falkenstein-net-host":  # the Host's window of that table: its challenge, "End the session"
        return _falkenstein_net(app, "host"), 2.0
    if scene == "end-table":  # the host of that table leaving it: asked first
        return _falkenstein_net(app, "host"), 2.0
    if scene.startswith("houserules"):  # the group's edit of austria: no Trischaken, Dreier worth 5, no hold
        from game.games.koenigrufen import house, profile
        from game.scenes.house_rules import HouseRulesScene

        edited = house.with_value(house.based_on(profile.load("austria")), "dreier", won=5, lost=5)
        edited = house.with_contract(house.with_option(edited, "hold", False), "trischaken", False)
        app.settings = app.settings.with_(koenigrufen_rules=house.HOUSE, koenigrufen_house=edited)
        house_page = HouseRulesScene(app)
        house_page.section = scene.partition("-")[2] or house_page.section  # a tab: announcing, kontra
        return house_page, 0.0
    if scene == "settings":
        from game.scenes.settings_scene import SettingsScene

        return SettingsScene(app), 0.0
    if scene == "rules":
        from game.scenes.rules_scene import RulesScene

        return RulesScene(app, "falkenstein"), 0.0
    if scene == "rules-koenigrufen":  # under the profile in use (austria unless --profile), at --scroll
        from game.scenes.rules_scene import RulesScene

        app.settings = app.settings.with_(koenigrufen_rules=options.get("profile") or "austria")
        rules = RulesScene(app, "koenigrufen")
        rules.relayout()
        rules.scroller.scroll_to(rules.max_offset * options.get("scroll", 1.0))
        return rules, 1.0
    if scene == "handover":
        from game.i18n import tr
        from game.scenes.handover import HandoverScene

        return HandoverScene(app, "Clara", tr("fal.handover_player", name="Gräfin Ilse"), lambda: None), 0.0
    if scene.startswith("review"):
        return _review(app, scene), 0.5
    if scene == "koenigrufen-handover":  # two people at one screen: the second one is handed the screen
        return _koenigrufen(app, "austria", None, hot_seat=True), 0.0
    if scene.startswith("koenigrufen"):
        rules_id, contract, _moment = KOENIGRUFEN.get(scene, ("cardavia", None, ""))
        names = LONG_NAMES if scene == "koenigrufen-names-score" else NAMES
        return _koenigrufen(app, rules_id, contract, names), 0.0
    if scene.startswith("twotenjack"):
        return _twotenjack(app, 6 if scene.endswith("6") else 3), 0.0
    if scene.startswith("learn-"):
        from game.lessons.lesson import lessons
        from game.scenes import navigation

        game = scene.split("-")[1]
        return navigation.lesson(app, lessons(game)[0].id), 0.0
    if scene == "statistics-falkenstein":  # each adventure's endings, as the History counts them
        from game.games.falkenstein.adventures import builtin
        from game.games.falkenstein.data import HEROES
        from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
        from game.history import record_match
        from game.scenes.statistics_scene import StatisticsScene

        for seed in range(6):
            hero = (SeatSetup(HEROES[seed % 3], ("Clara", "Paul")[seed % 2]),)
            record_match(FalkensteinSetup("solo", hero, seed=seed, scenario=builtin()[seed % 3]), seed)
        return StatisticsScene(app, "falkenstein"), 0.3
    if scene in ("saved", "saved-delete", "menu-saved"):  # several unfinished matches, long names among them
        from game.scenes import navigation

        _saved_matches()
        if scene == "menu-saved":
            return navigation.menu(app), 0.0
        saved = navigation.saved(app)
        if scene == "saved-delete":
            app.scenes.push(saved)
            saved.ask_delete()  # type: ignore[attr-defined]
            return app.scenes.stack.pop(), 0.0
        return saved, 0.3
    if scene == "history":  # a few matches played to their end in the scratch data directory
        from game.history import demo_history
        from game.scenes.history_scene import HistoryScene

        demo_history()
        return HistoryScene(app), 0.3
    if scene == "statistics":  # the History's matches counted; Königrufen's, some under a profile with bids
        from game.games.koenigrufen import profile
        from game.history import demo_history, record_match
        from game.scenes.statistics_scene import StatisticsScene
        from game.seating import CardTableSetup, SeatPlayer

        demo_history()
        people = (SeatPlayer("Clara", True), SeatPlayer("Dora", True), SeatPlayer("Anton", True))
        for seed in range(3):
            computer = SeatPlayer("Computer 4", False, ("normal", "hard")[seed % 2])
            order = (*people[seed:], *people[:seed], computer)
            record_match(CardTableSetup("koenigrufen", order, seed, 6, profile.load("austria")), seed)
        return StatisticsScene(app, "koenigrufen"), 0.3
    from game.games.falkenstein.adventures import builtin
    from game.games.falkenstein.data import HEROES
    from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
    from game.games.falkenstein.table import FalkensteinTable
    from game.scenes import navigation

    if scene.startswith("editor"):
        return _editor(app, scene), 0.3
    if scene == "falkenstein":
        setup = FalkensteinSetup("solo", (SeatSetup(HEROES[0], "Clara"),), seed=11, scenario=builtin()[0])
        return FalkensteinTable(app, setup), 5.0
    if scene in ("hotseat", "hotseat-story"):  # the Host's panel: with an adventure, its challenges to pick
        seats = (SeatSetup(HEROES[0], "Clara"), SeatSetup(HEROES[1], "Paul"))
        story = builtin()[0] if scene == "hotseat-story" else None
        setup = FalkensteinSetup("hotseat", seats, host_name="Marie", seed=5, scenario=story)
        return FalkensteinTable(app, setup), 3.0
    if scene == "fireworks":
        return navigation.demo(app, "falkenstein", 1), 5.2
    if scene == "score":
        table = FalkensteinTable(
            app, FalkensteinSetup("solo", (SeatSetup(HEROES[2], "Clara"),), seed=3, scenario=builtin()[0])
        )
        return table, -1.0
    raise SystemExit(f"unknown scene {scene!r}; choose from {', '.join(SCENES)}")


def _saved_matches() -> None:
    """Unfinished matches of every game in the scratch data directory, played part-way at random and
    last played at different times: long names, six players, a house profile, a scenario."""
    import random
    import time

    from game.autosave import new_match_path
    from game.games.falkenstein.data import HEROES
    from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
    from game.games.koenigrufen import house, profile
    from game.journal import Journal, new_state, save_journal
    from game.seating import CardTableSetup, SeatPlayer

    long = ("Maximiliane von Hohenzollern", "Bartholomäus Wittelsbach", "Clementine", "Friedrich-Wilhelm")
    austria = house.based_on(profile.load("austria"))
    setups: list[Any] = [
        CardTableSetup(
            "koenigrufen", tuple(SeatPlayer(n, i == 0) for i, n in enumerate(long)), 11, 8, austria
        ),
        CardTableSetup("twotenjack", tuple(SeatPlayer(n, i < 2) for i, n in enumerate("ABCDEF")), 12),
        FalkensteinSetup("solo", (SeatSetup(HEROES[0], "Clara"),), None, "", 13),
        CardTableSetup(
            "koenigrufen", tuple(SeatPlayer(n, True) for n in ("Paul", "Marie", "Anton", "Berta")), 14
        ),
        CardTableSetup("twotenjack", tuple(SeatPlayer(n, i == 0) for i, n in enumerate(long[:3])), 15),
    ]
    now = time.time()
    for i, setup in enumerate(setups):
        rng, journal = random.Random(i), Journal(setup.game, setup)
        state = new_state(setup)
        for _ in range(30 + 40 * (i % 2)):
            action = rng.choice(state.legal_actions())
            state.apply(action)
            if state.is_over:
                break
            journal.actions.append(action)
        path = new_match_path(setup.game)
        save_journal(path, journal)
        when = now - i * (5 * 3600 + 1234)
        os.utime(path, (when, when))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("scene", choices=SCENES)
    p.add_argument("--out", required=True)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--lang", choices=("de", "en", "fr"))
    p.add_argument("--profile", help="rules-koenigrufen: the Königrufen rules in use (default austria)")
    p.add_argument("--scroll", type=float, default=1.0, help="rules-koenigrufen: how far down, 0 to 1")
    args = p.parse_args(argv)
    scratch()

    from game.app import App
    from game.settings import Settings

    w, h = (int(v) for v in args.size.split("x"))
    app = App((w, h), Settings(language=args.lang or "en"))
    stage(app, args.scene, profile=args.profile, scroll=args.scroll)
    save_png(app.screen, args.out)
    return 0


def scratch() -> None:
    """Settings and saved matches in a scratch folder, never the player's."""
    folder = tempfile.mkdtemp(prefix="atout-shot-")
    os.environ.setdefault("ATOUT_CONFIG_DIR", folder)
    os.environ.setdefault("ATOUT_DATA_DIR", folder)


def stage(app, name: str, **options) -> Any:
    """Pushes the scene `name` and plays it, through its own input, to the moment it shows; returns it."""
    import pygame

    scene, seconds = build(app, name, **options)
    app.scenes.push(scene)
    if name == "koenigrufen-handover":
        _handover_moment(app, scene)
    elif name in KOENIGRUFEN:
        _rules, contract, moment = KOENIGRUFEN[name]
        _koenigrufen_moment(app, scene, moment, contract, name.endswith("bonus-score"))
        if name == "koenigrufen-resumed":  # the match saved mid-trick, opened again as Continue does
            from game.scenes import navigation

            scene = navigation.resume(app, scene.autosave.journal)
            app.scenes.reset(scene)
    elif name.startswith("koenigrufen"):
        moment = name.partition("-")[2] or "trick"
        _koenigrufen_moment(app, scene, "trick" if moment == "hint" else moment)
    elif name.startswith("twotenjack"):
        _twotenjack_moment(app, scene, name.endswith("score"))
    elif name.startswith("learn-"):
        _lesson_moment(app, scene, *LESSONS[name])
    elif name.startswith("review"):
        _review_moment(app, name)
    if name.endswith("-hint"):
        _ask_hint(app, scene)
    elif seconds < 0:
        _play_to_score(app, scene)
    else:
        for _ in range(round(seconds * 60)):
            app.step(1 / 60)
    if name == "end-table":
        scene.leave_table()
        app.step(1 / 60)
    if name in ("hotseat", "hotseat-story"):  # past the hand-over screen, to the Host's challenge panel
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        for _ in range(30):
            app.step(1 / 60)
    for _ in range(3):
        app.step(1 / 60)
    return scene


def _editor(app, scene: str):
    """The adventure editor on a draft of the player's: a copy of the Drowned Bell being rewritten, one
    challenge no path reaches yet and one link not chosen, so the graph flags both."""
    from dataclasses import replace

    from game.games.falkenstein import adventures, drafting
    from game.games.falkenstein.editor_scene import EditorScene

    shipped = adventures.builtin()
    adventures.save(adventures.new_path("nightingale"), shipped[1])
    draft = replace(shipped[2], id="bell")
    draft, added = drafting.add_challenge(draft)
    lost = replace(
        draft.challenges[added],
        title=draft.challenges[added].title.put("en", "The island").put("de", "Die Insel").put("fr", "L'île"),
    )
    draft = drafting.change_challenge(draft, added, title=lost.title, on_success="peace", on_failure="frozen")
    draft = drafting.change_challenge(draft, 2, on_failure="")
    adventures.save(adventures.new_path("bell"), draft)
    if scene == "editor-import":
        folder = adventures.exchange_dir()
        adventures.save(folder / "the_drowned_bell.json", shipped[2])
        (folder / "letter.json").write_text("{}", encoding="utf-8")
    editor = EditorScene(app)
    editor.choose(0)  # bell.json, first by name
    editor.part = {"editor-challenge": "challenges", "editor-ending": "endings", "editor-graph": "graph"}.get(
        scene, "story"
    )
    editor.challenge = 2
    if scene == "editor-import":
        editor.open_import()
        editor.take_in(adventures.exchange_dir() / "letter.json")
    return editor


def _network_page(app, scene: str):
    """The Host page (a Königrufen table, two people elsewhere and a computer; or Château Falkenstein's),
    the Join page refusing an address, or the lobby of a table hosted on the loopback with the host seated."""
    from game.scenes import navigation

    if scene.startswith("host"):
        page: Any = navigation.host(app)
        if scene == "host-resume":  # the table this desktop hosted, its program killed mid-match, offered
            from game.net.hosted import Hosted

            page.waiting = Hosted("K7PQ4M", 8765, ((0, "token"),), "koenigrufen", 14)
        elif scene == "host-falkenstein":  # two characters, one played at this screen, and the Host
            page.game, page.kinds[1] = "falkenstein", "here"
        else:
            page.kinds[2] = "normal"
        return page
    if scene == "join":
        return navigation.join(app, "192.168.1.20:87O5", "K7PQ4M", "Clara")  # a mistyped port
    from game.net.protocol import SeatRequest, TableRequest
    from game.net.remote_game import RemoteSession
    from game.net.server import Background

    server = Background("127.0.0.1", 0)
    port = server.start()
    seats = (
        SeatRequest("remote"),
        SeatRequest("remote"),
        SeatRequest("computer", "normal"),
        SeatRequest("remote"),
    )
    request = TableRequest("koenigrufen", seats, "austria")
    if scene == "lobby-falkenstein":  # two characters and the Host, who hosts; Paul has taken a character
        request = TableRequest("falkenstein", (SeatRequest("remote"),) * 3)
    code = server.call(lambda s: s.create_table(request).code)
    session = RemoteSession(f"ws://127.0.0.1:{port}", server, f"192.168.1.20:{port}")
    session.join(code, "Clara", "host" if scene == "lobby-falkenstein" else 0)
    if scene == "lobby-falkenstein":
        from game.net.client import TableClient

        TableClient(f"ws://127.0.0.1:{port}").join(code, "Paul", 1)
    while session.joined is None or not session.updates:
        message = session.client.next(5.0)
        if message is None:
            raise SystemExit("the loopback table did not answer")
        session._take(message, 0.0)
    return navigation.lobby(app, [session])


def _falkenstein_net(app, seat):
    """A Château Falkenstein table on the loopback (two characters and the Host; Marie is the Host, Clara
    and Paul the characters), seen from `seat`: Clara's once Marie has challenged her, or Marie's, hosting."""
    from game.games.falkenstein.session import SetChallenge
    from game.net.client import TableClient, Update
    from game.net.protocol import SeatRequest, TableRequest
    from game.net.remote_game import RemoteSession
    from game.net.server import Background
    from game.scenes import navigation

    server = Background("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{server.start()}"
    request = TableRequest("falkenstein", (SeatRequest("remote"),) * 3)
    code = server.call(lambda s: s.create_table(request, seed=437).code)
    names = {0: "Clara", 1: "Paul", "host": "Marie"}
    others = {other: TableClient(url) for other in names if other != seat}
    for other, client in others.items():
        client.join(code, names[other], other)
    session = RemoteSession(url, server if seat == "host" else None, f"192.168.1.20:{url.rsplit(':', 1)[1]}")
    session.join(code, names[seat], seat)

    def first_update(client) -> Update:
        while not isinstance(message := client.next(5.0), Update):
            if message is None:
                raise SystemExit("the loopback table did not answer")
        return message

    def updates(count: int) -> None:
        while len(session.updates) < count:
            message = session.client.next(5.0)
            if message is None:
                raise SystemExit("the loopback table did not answer")
            session._take(message, 0.0)

    offered = {other: first_update(client) for other, client in others.items()}
    updates(1)
    if seat != "host":  # Marie challenges Clara against a Good opposition
        challenge = next(a for a in offered["host"].legal if a.seat == 0 and a.opposition == 3)
        assert isinstance(challenge, SetChallenge)
        others["host"].act(challenge)
        updates(2)
    return navigation.remote_table(app, [session])


def save_png(surface, path: str) -> None:
    """A plain RGB PNG with fast compression (pygame's own save spends most of this tool's time)."""
    import struct
    import zlib

    import pygame

    w, h = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGB")
    rows = b"".join(b"\0" + raw[y * w * 3 : (y + 1) * w * 3] for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 3))
            + chunk(b"IEND", b"")
        )


# scenes under a profile with an auction: (profile, the contract you bid and get, the moment shown)
KOENIGRUFEN = {
    "koenigrufen-auction": ("austria", None, "auction"),
    "koenigrufen-auction-hint": ("austria", None, "auction"),  # the hint marks a bid in the panel
    "koenigrufen-announce": ("austria", None, "announce"),  # a defender: announce or double
    "koenigrufen-besserrufer": ("austria", "besserrufer", "announce"),  # you owe a bird
    "koenigrufen-bonus-score": ("austria", "dreier", "score"),  # you announce a bonus on your turn
    "koenigrufen-sechserdreier": ("austria", "sechserdreier", "discard"),
    "koenigrufen-ouvert": ("austria", "piccolo_ouvert", "ouvert"),
    "koenigrufen-trischaken": ("austria", "trischaken", "score"),
    "koenigrufen-dreier-score": ("austria", "dreier", "score"),
    "koenigrufen-piccolo-score": ("cheltenham", "piccolo", "score"),
    "koenigrufen-names-score": ("austria", "dreier", "score"),  # four players with long names
    "koenigrufen-resumed": ("austria", None, "trick"),  # saved and resumed with a trick on the table
    "koenigrufen-turn": ("cheltenham", "dreier", "turn"),  # konig's turn of several words: one said
}
NAMES = ("Clara", "Anton", "Berta", "Carl")
LONG_NAMES = ("Maximilian Oberhuber", "Kunigunde Pfeffinger", "Bartholomäus Kessler", "Theodora Wallenstein")


def auction_ends(rules, seed: int, contract: str | None) -> bool:
    """Whether, computers bidding as the easy player does and you bidding `contract` whenever you may (else
    passing), you at seat 0 get to play `contract`; with no contract, whether you speak after others."""
    import random

    from game.games.koenigrufen import easy
    from game.games.koenigrufen.rules import Bid, KoenigrufenConfig, KoenigrufenGame, Pass

    game = KoenigrufenGame(KoenigrufenConfig(profile=rules), seed)
    if contract is None:
        return game.view(0).forehand == 1
    while game.phase == "bid" and game.to_act is not None:
        seat = game.to_act
        view = game.view(seat)
        if seat != 0:
            action = easy.choose(view, random.Random(0))
        elif contract in view.bid_options:
            action = Bid(0, contract)
        elif "pass" in view.bid_options:
            action = Pass(0)
        else:
            action = Bid(0, view.bid_options[0])
        game.apply(action)
    view = game.view(0)
    return view.contract == contract and view.declarer == 0


def _koenigrufen(
    app, rules_id: str = "cardavia", contract: str | None = None, names=NAMES, hot_seat: bool = False
):
    """You at seat 0 as the declarer (of `contract` under a profile with an auction), against computers
    (`hot_seat`: seat 1 a person too, at the same screen)."""
    from game.games.koenigrufen import profile
    from game.games.koenigrufen.rules import KoenigrufenConfig, KoenigrufenGame
    from game.games.koenigrufen.table import KoenigrufenTable
    from game.seating import CardTableSetup, SeatPlayer

    rules = profile.load(rules_id)
    if rules.bidding is None:
        seed = next(s for s in range(7, 300) if KoenigrufenGame(KoenigrufenConfig(), s).declarer == 0)
    else:
        seed = next(s for s in range(7, 3000) if auction_ends(rules, s, contract))
    seats = tuple(SeatPlayer(name, i == 0 or (hot_seat and i == 1)) for i, name in enumerate(names))
    return KoenigrufenTable(app, CardTableSetup("koenigrufen", seats, seed, rules=rules))


def _koenigrufen_moment(app, table, moment: str, contract: str | None = None, announce: bool = False) -> None:
    """Plays through the table's own input until the moment to show: auction, call, talon, discard,
    trick, ouvert (the hands laid open after the first trick), score. In the auction you bid `contract`
    whenever you may, else pass; in the announcements you say good, or (`announce`) announce the bonus
    you may announce first and, on a later turn, double the first item you may."""
    import pygame

    from game.games.koenigrufen.rules import Announce, AnnouncePass, Kontra
    from game.games.koenigrufen.table import bid_action

    def settle() -> None:
        for _ in range(2000):
            app.step(1 / 60)
            if (table.awaiting == "human" and not table.busy) or app.scenes.top is not table:
                return

    def press(key: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))

    target = {
        "auction": "bid",
        "announce": "announce",
        "turn": "announce",
        "call": "call",
        "talon": "talon",
        "discard": "discard",
        "trick": "tricks",
        "ouvert": "tricks",
        "score": "scored",
    }[moment]
    for _ in range(80):
        settle()
        phase = table.game.phase
        view = table.game.view(0)
        shown = moment != "ouvert" or (any(view.open_hands) and len(table.trick) >= 2)
        if (phase == target and (moment != "trick" or len(table.trick) >= 2) and shown) or (
            app.scenes.top is not table
        ):
            break
        if phase == "bid":
            options = view.bid_options
            word = contract if contract is not None and contract in options else None
            table.act(bid_action(0, word or ("pass" if "pass" in options else options[0])))
        elif phase == "announce":
            mine = {said.word for said in view.said if said.seat == 0}
            if announce and view.may_announce and "announce" not in mine:
                table.act(Announce(0, view.may_announce[:1]))
            elif announce and view.may_kontra and "kontra" not in mine:
                table.act(Kontra(0, view.may_kontra[0]))
            else:
                table.act(AnnouncePass(0))
        elif phase in ("call", "talon"):
            press(pygame.K_RETURN)
        elif phase == "discard":
            table.chosen = list(_a_discard(table))
            table._discard()
        elif phase == "tricks":
            table.play_card([s.code for s in table.hand].index(sorted(table.playable(0))[0]))
        app.step(1 / 60)
    if moment == "discard":
        table.chosen = list(_a_discard(table))[:-1]
        table.human_panel(0)
    if moment == "turn":  # a first word said, the turn still yours: more words, or "That's all"
        view = table.game.view(0)
        table.act(Announce(0, view.may_announce[-1:]) if view.may_announce else Kontra(0, view.may_kontra[0]))
        settle()
    for _ in range(40):
        app.step(1 / 60)


def _handover_moment(app, table) -> None:
    """Plays the auction through its own input until the hand-over screen waits for the second person."""
    from game.scenes.table_scene import Awaiting

    for _ in range(4000):
        app.step(1 / 60)
        if table.awaiting is Awaiting.HANDOVER and table.last_person is not None:
            break
        if table.awaiting is Awaiting.HANDOVER:  # the first person is handed the screen: ready
            app.scenes.top.form.widgets[0].activate()
        elif table.awaiting is Awaiting.PERSON and not table.busy:
            table.act(table.game.legal_actions()[0])
    for _ in range(20):
        app.step(1 / 60)


def _a_discard(table) -> tuple[str, ...]:
    """The first legal discard of the contract played."""
    from game.games.koenigrufen.cards import legal_discards

    view = table.game.view(0)
    contract = view.profile.contract(view.contract)
    return legal_discards(view.hand, contract.discard, contract.trumps_first)[0]


def _ask_hint(app, table) -> None:
    """Presses H on the person's turn and waits for the hint to be worked out and shown."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    for _ in range(600):
        app.step(1 / 60)
        if table.current_hint() is not None:
            break
    for _ in range(30):
        app.step(1 / 60)


# each guided deal at three of the learner's steps (0: the lesson's end), and whether a wrong card is tried
LESSONS = {
    "learn-koenigrufen-1": (1, False),  # the auction: "Vorhand"
    "learn-koenigrufen-2": (5, False),  # the discard, two cards picked
    "learn-koenigrufen-3": (8, True),  # following suit, a trump tried and refused
    "learn-koenigrufen-end": (0, False),  # the count in threes
    "learn-twotenjack-1": (1, False),  # the face-down opening lead
    "learn-twotenjack-2": (9, False),  # the joker
    "learn-twotenjack-3": (12, False),  # after the A♠: the six-card reversals
    "learn-twotenjack-end": (0, False),
    "learn-falkenstein-1": (1, False),  # stronger
    "learn-falkenstein-2": (4, True),  # weaker, the same odds tried with the wrong card
    "learn-falkenstein-3": (0, False),  # the lesson's end
}


def _lesson_moment(app, table, number: int, wrong: bool) -> None:
    """Plays the lesson as written up to the learner's step `number` (0: to its end); with `wrong`, tries
    a card the step does not expect, so the refusal and the hint show."""
    app.settings = app.settings.with_(anim_speed="instant", think_time=0.0)

    def ready() -> bool:
        step = table.guide.step
        if step is None:
            return table.lesson_over
        return step.learner and table.awaiting in ("human", "play") and not table.busy

    for _ in range(200):
        for _ in range(3000):
            if ready():
                break
            app.step(1 / 60)
        if table.lesson_over or table.guide.number == number:
            break
        table.act(table.guide.step.action)
    app.settings = app.settings.with_(anim_speed="normal")
    action = None if table.lesson_over else table.guide.step.action
    if action is not None and type(action).__name__ == "Discard":
        table.chosen = list(action.cards[:2])
        table.human_panel(table.hand_seat)
    if wrong and action is not None:
        playable = table.playable(table.hand_seat) if hasattr(table, "playable") else set()
        cards = [s.code for s in table.hand if s.code != action.card]
        refused = [c for c in cards if c not in playable] if playable else []
        table.play_card([s.code for s in table.hand].index((refused or cards)[-1]))
    for _ in range(20):
        app.step(1 / 60)


def _twotenjack(app, players: int):
    """You at seat 0 against computers."""
    from game.games.twotenjack.table import TwoTenJackTable
    from game.seating import CardTableSetup, SeatPlayer

    names = ("Clara", "Anton", "Berta", "Carl", "Dora", "Emil")
    seats = tuple(SeatPlayer(names[i], i == 0) for i in range(players))
    return TwoTenJackTable(app, CardTableSetup("twotenjack", seats, 5))


def _twotenjack_moment(app, table, to_score: bool) -> None:
    """A few tricks into the round (cards in the trick), or on to the round's score."""
    for _ in range(200):
        for _ in range(3000):
            app.step(1 / 60)
            if (table.awaiting == "human" and not table.busy) or app.scenes.top is not table:
                break
        if app.scenes.top is not table:
            break
        if not to_score and len(table.game.view(0).tricks) >= 3 and table.trick:
            break
        table.play_card([s.code for s in table.hand].index(sorted(table.playable(0))[0]))
    for _ in range(30):
        app.step(1 / 60)


def _review(app, scene: str):
    """A deal played by the easy player and reviewed (`WORLDS` a decision, to be quick): an austria
    Königrufen deal with every kind of decision, or a Two-Ten-Jack round; "review-sheet" is the deal's sheet
    while its review is made beside it, the bar a third full, and "review-running" the deal on the review's
    table meanwhile, its bar in the review's panel."""
    import random
    from dataclasses import replace

    from game.journal import Journal
    from game.registry import GAMES
    from game.review import analysis, store
    from game.review.job import Target
    from game.scenes import navigation
    from game.seating import SeatPlayer
    from game.sheets import WayOut

    game = "twotenjack" if scene.endswith("twotenjack") else "koenigrufen"
    spec = GAMES[game]
    names = ("Clara", "Anton", "Berta", "Carl")
    table = replace(spec.demo_setup(6, 3 if game == "twotenjack" else None, "easy"), deals=1)
    seats = tuple(SeatPlayer(names[i], i == 0) for i in range(len(table.seats)))
    table = replace(table, seats=seats, rules=spec.rule_profile("austria") if spec.rule_profile else None)
    state, journal = spec.new_state(table), Journal(game, table)
    computer = spec.computer
    assert computer is not None
    while not state.is_over:
        action = computer.easy(state.view(state.to_act), random.Random(len(journal.actions)))
        state.apply(action)
        journal.actions.append(action)
    if scene in ("review-sheet", "review-running"):
        from game.i18n import tr
        from game.review.job import Job

        class Halfway(Job):
            """A review a third made, standing still, as the sheet shows it while its worker works."""

            def __init__(self, target: Target) -> None:  # no worker: only its place among the reviews
                self.target, self.progress, self.review, self.error = target, 0.34, None, ""
                self.cancelled = self.told = False

            def cancel(self) -> None:
                self.cancelled = True

        target = Target.of(journal)
        assert target is not None
        app.reviews.jobs[target.key] = Halfway(target)
        if scene == "review-running":
            return navigation.review(app, target)
        return navigation.finished(
            app, journal, WayOut(((tr("score.menu"), app.scenes.pop),), app.scenes.pop, "", target)
        )
    target = Target.of(journal, deals=WORLDS)
    assert target is not None
    if app.reviews.find(target)[0] is None:  # made once for every language and size
        store.save(journal, analysis.review_deal(journal, 1, WORLDS))
    return navigation.review(app, target)


WORLDS = 20  # the screenshots' reviews weigh fewer worlds a decision than the game's: as told on screen


def _review_moment(app, scene: str) -> None:
    """The review at the seat's first marked decision, or its summary; the sheet as it is."""
    import pygame

    for _ in range(5):
        app.step(1 / 60)
    if scene in ("review-sheet", "review-running"):
        return
    keys = (pygame.K_s,) if scene == "review-summary" else (pygame.K_c,)
    for key in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        for _ in range(20):
            app.step(1 / 60)


def _play_to_score(app, table) -> None:
    """Plays a whole solo scenario through the table's own input path, at instant speed."""
    import random

    import pygame

    app.settings = app.settings.with_(anim_speed="instant", think_time=0.0)
    rng = random.Random(4)
    for _ in range(20000):
        if app.scenes.top is not table:
            break
        app.step(1 / 60)
        if table.awaiting == "play":
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1 + rng.randrange(4), mod=0, unicode="")
            )
        elif table.awaiting == "continue" and not table.busy:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.settings = app.settings.with_(anim_speed="normal")
    for _ in range(30):
        app.step(1 / 60)


if __name__ == "__main__":
    sys.exit(main())
