"""`atout serve` (the headless server, many tables), `atout host` (one table opened on this machine) and
`atout open` (a table opened at a running server, as a player's program opens one): the command line of
game/net, which `game.__main__` hands these words to. The first two print where they listen on one line
each, then serve until interrupted; `open` prints the table's code."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import signal
import socket
import ssl
import sys
from pathlib import Path

from game.ai import external
from game.net import logs, protocol
from game.net.admission import Quotas
from game.net.client import Client, NetError
from game.net.protocol import Refusal, SeatRequest, TableRequest
from game.net.server import Limits, Server
from game.registry import GAMES

PORT = 8765
KEEP_FINISHED_DAYS = 30.0


def local_address() -> str:
    """This machine's address on its network, as another machine would reach it (127.0.0.1 without one).
    Connecting a UDP socket sends nothing: it only asks the system which interface it would use."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    return "127.0.0.1"


def _seats(value: str) -> tuple[SeatRequest, ...]:
    """remote,remote,easy,remote: each seat a remote person or a computer at its level."""
    seats = []
    for word in value.split(","):
        word = word.strip()
        if word == "remote":
            seats.append(SeatRequest("remote"))
        elif word in protocol.LEVELS:
            seats.append(SeatRequest("computer", word))
        else:
            raise argparse.ArgumentTypeError(f"a seat is remote or a level {protocol.LEVELS}, not {word!r}")
    return tuple(seats)


def _engine(value: str) -> tuple[int, str]:
    """SEAT=COMMAND: a computer seat, and the command of the engine that plays it."""
    seat, _, command = value.partition("=")
    try:
        external.command_line(command)
    except ValueError as problem:
        raise argparse.ArgumentTypeError(f"--engine {value!r}: {problem}") from None
    if not seat.strip().isdigit():
        raise argparse.ArgumentTypeError(f"--engine takes SEAT=COMMAND, e.g. 1='./my_engine', not {value!r}")
    return int(seat), command.strip()


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="atout", description="Atout's table server (docs/network-protocol.md).")
    commands = p.add_subparsers(dest="command", required=True)
    opening = commands.add_parser(
        "open", help="open a table at a running server", description="open a table at a running server"
    )
    opening.add_argument("url", help="the server, ws://HOST:PORT or wss://NAME:PORT")
    _table_options(opening)
    for name, text in (("serve", "run a server for many tables"), ("host", "open one table on this machine")):
        command = commands.add_parser(name, help=text, description=text)
        if name == "host":
            _table_options(command)
            command.add_argument(
                "--engine",
                type=_engine,
                action="append",
                default=[],
                metavar="SEAT=CMD",
                help="an engine (docs/engine-protocol.md) plays this computer seat",
            )
        command.add_argument(
            "--port", type=int, default=PORT, help=f"the port (default {PORT}; 0: any free one)"
        )
        command.add_argument(
            "--bind",
            default="0.0.0.0",
            help="the address to listen on (default: all IPv4; '': IPv4 and IPv6)",
        )
        command.add_argument("--data", type=Path, help="keep the tables' journals here, and resume them")
        command.add_argument("--tls-cert", type=Path, help="serve wss:// with this certificate (PEM, chain)")
        command.add_argument("--tls-key", type=Path, help="… and this private key (PEM)")
        command.add_argument(
            "--log-format",
            choices=("json", "text"),
            default="json" if name == "serve" else "text",
            help="the log on standard error: one JSON object a line, or text",
        )
        if name == "serve":
            _operator_options(command)
    return p


def _table_options(command: argparse.ArgumentParser) -> None:
    """What a table to open is: its game, seats, rules, length, and what it does while a player is away."""
    command.add_argument("game", choices=tuple(g for g, spec in GAMES.items() if spec.privacy))
    command.add_argument(
        "--seats", type=_seats, help="e.g. remote,remote,easy,remote (default: every seat remote)"
    )
    command.add_argument("--profile", help="a Königrufen rule profile: cardavia, austria, cheltenham")
    command.add_argument("--deals", type=int, help="the match length (deals or rounds)")
    command.add_argument("--away", choices=protocol.AWAY, default="wait", help="while a player is away")


def _operator_options(command: argparse.ArgumentParser) -> None:
    """What the operator of a public server allows (docs/deploying.md)."""
    default = Limits()
    quotas = default.quotas
    number = command.add_argument
    number("--allow-bots", action="store_true", help="clients may open tables of computers alone")
    number("--max-tables", type=int, default=default.max_tables, help="tables at once")
    number("--max-connections", type=int, default=default.max_connections, help="connections at once")
    number("--address-connections", type=int, default=quotas.connections, help="connections an address holds")
    number("--address-tables", type=int, default=quotas.tables, help="live tables an address opened")
    number("--address-tables-hour", type=int, default=quotas.opened, help="tables an address opens an hour")
    number("--address-computers", type=int, default=quotas.computers, help="computers at an address's tables")
    number(
        "--abandoned-minutes",
        type=float,
        default=default.abandoned / 60,
        help="a client's table whose people have all left ends after this long",
    )
    number(
        "--keep-finished-days",
        type=float,
        default=KEEP_FINISHED_DAYS,
        help="a done table's file is kept this long in DATA/finished, then removed or archived",
    )
    number("--archive", type=Path, help="move done tables' files here after their days (else remove them)")
    number(
        "--proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy in front: its X-Forwarded-For names the client (repeatable)",
    )
    number(
        "--metrics-from",
        action="append",
        metavar="NETWORK",
        help="who may read /metrics (default: this machine), e.g. 10.0.0.0/8 (repeatable)",
    )


def limits(args: argparse.Namespace) -> Limits:
    """The operator's limits, from `atout serve`'s options."""
    quotas = Quotas(
        connections=args.address_connections,
        tables=args.address_tables,
        opened=args.address_tables_hour,
        computers=args.address_computers,
        allow_bots=args.allow_bots,
    )
    return Limits(
        max_tables=args.max_tables,
        max_connections=args.max_connections,
        abandoned=args.abandoned_minutes * 60,
        quotas=quotas,
        finished_kept=args.keep_finished_days * 86400,
        archive=args.archive,
        proxies=tuple(args.proxy),
        metrics_from=tuple(args.metrics_from or Limits().metrics_from),
    )


def tls(cert: Path | None, key: Path | None) -> ssl.SSLContext | None:
    """The TLS context of `--tls-cert`/`--tls-key` (both or neither); an OSError or SSLError if unreadable."""
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise ValueError("--tls-cert and --tls-key go together")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


def main(argv: list[str]) -> int:
    command = parser()
    args = command.parse_args(argv)
    if args.command in ("host", "open"):
        seats = args.seats or (SeatRequest("remote"),) * _players(args.game)
    if args.command == "open":
        request = TableRequest(args.game, seats, args.profile, args.deals, args.away)
        return asyncio.run(_open(args.url, request))
    try:
        context = tls(args.tls_cert, args.tls_key)
    except (ValueError, OSError, ssl.SSLError) as problem:
        command.error(f"TLS: {problem}")
    try:
        return asyncio.run(_serve(args, seats if args.command == "host" else None, context))
    except KeyboardInterrupt:
        return 0
    except Refusal as refusal:
        print(f"atout: {refusal.detail}", file=sys.stderr)
        return 2

    except OSError as problem:
        print(f"atout: cannot listen on {args.bind}:{args.port}: {problem}", file=sys.stderr)
        return 1


async def _open(url: str, request: TableRequest) -> int:
    """Opens a table at the server `url` as a player's program would, and prints its code."""
    try:
        client = await Client.connect(url)
        try:
            code = await client.create(request)
        finally:
            await client.close()
    except NetError as failure:
        print(f"atout: {failure}", file=sys.stderr)
        return 1
    print(f"atout: table {code} ({request.game}, {len(request.seats)} seats) at {url}", flush=True)
    return 0


def _players(game: str) -> int:
    """A table's seats by default: the most `game` takes (Falkenstein: four heroes and the Host)."""
    spec = GAMES[game]
    return spec.seats[1] + (1 if spec.privacy and spec.privacy.new_setup else 0)


async def _serve(
    args: argparse.Namespace, seats: tuple[SeatRequest, ...] | None, context: ssl.SSLContext | None
) -> int:
    logs.configure(args.log_format)
    gc.collect()
    gc.freeze()  # the modules stay for good: a full collection, which stops every table, need not walk them
    server = Server(args.data, limits(args) if seats is None else None)
    port = await server.start(args.bind, args.port, context)
    shown = local_address() if args.bind in ("0.0.0.0", "") else args.bind
    print(f"atout: serving on {'wss' if context else 'ws'}://{shown}:{port}", flush=True)
    try:
        if seats is not None:
            engines = dict(args.engine)
            request = TableRequest(args.game, seats, args.profile, args.deals, args.away)
            table = server.create_table(request, engines=engines)
            print(f"atout: table {table.code} ({args.game}, {len(seats)} seats)", flush=True)
        stop = asyncio.get_running_loop().create_future()
        for signum in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):  # (Windows has no signal handlers)
                asyncio.get_running_loop().add_signal_handler(signum, stop.cancel)
        with contextlib.suppress(asyncio.CancelledError):
            await stop
    finally:
        await server.close()
    return 0
