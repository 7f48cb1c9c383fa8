"""Fits the hand evaluation of the auction (`game.games.koenigrufen.evaluation`): deals seeded hands, has
each seat declare each contract it may (its own auction: forehand's neutral word and passes), plays the
contract out by the playout habits (`search.rollout`: the king call, the talon, the discard and the cards
the table would play), and fits per contract a ridge regression of the declarer's settlement on the hand's
features, once over all hands and again over the best fifth of them (where a bid is decided). Then it
checks the fit where it says bid: hands of other seeded deals it rates worth a contract are declared and
played by the easy players on the rules engine (announcing as the playouts do), and the best hands' fit is
moved by the mean error (the playouts' habits are not the whole table's). Writes
`game/games/koenigrufen/evaluation_table.py`.

`python tools/fit_bids.py --deals 3000 --check 500 --seed 1 [--profiles austria,cheltenham] [--out PATH]`

Prints per contract the samples, the mean settlement, and how much of its spread the fit explains (R²).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.games.koenigrufen import easy
from game.games.koenigrufen.cards import DECK, SEATS
from game.games.koenigrufen.core import BID, NEUTRAL, PASS, LeanKoenigrufen, shuffled
from game.games.koenigrufen.evaluation import FEATURES, features, owed_bird
from game.games.koenigrufen.profile import Profile, load
from game.games.koenigrufen.rules import Action, Bid, KoenigrufenConfig, KoenigrufenGame, Pass, to_action
from game.games.koenigrufen.search import rollout

OUT = Path(__file__).resolve().parent.parent / "game" / "games" / "koenigrufen" / "evaluation_table.py"
RIDGE = 1.0  # the penalty on the coefficients (but the bias), in units of samples
TOP = 0.2  # the share of hands, the best by the whole fit, fitted again: where bidding is decided
CHECKED = 20  # hands worth bidding a contract, played by easy, that correct its fit
Entry = tuple[float, tuple[float, ...], float, tuple[float, ...]]


def declared(state: LeanKoenigrufen, seat: int, rank: int) -> bool:
    """Drives the auction so that `seat` declares the contract of `rank`: forehand opens with it or with
    the neutral word, the others pass; False when the profile does not let the seat bid it."""
    while state.phase is BID:
        options = state.bid_options()
        if state.to_act == seat and rank in options and state.auction.best != rank:
            state.bid(rank)
        elif NEUTRAL in options:
            state.bid(NEUTRAL)
        elif PASS in options:
            state.bid(PASS)
        else:
            return False  # forehand left to choose, and the contract is not his to choose
    return (
        state.contract is not None
        and state.declarer == seat
        and state.profile.rank(state.contract.id) == rank
    )


def samples(profile: Profile, deals: int, seed: int) -> list[list[tuple[list[float], float]]]:
    """Per contract rank, (features, declarer's settlement) over `deals` seeded deals and every seat."""
    out: list[list[tuple[list[float], float]]] = [[] for _ in profile.contracts]
    for k in range(deals):
        rng = random.Random(seed * 1_000_003 + k)
        fresh = LeanKoenigrufen.deal(rng, k % 4, profile)
        for seat in range(4):
            x = features(fresh.hand(seat), seat == fresh.forehand)
            for rank in range(len(profile.contracts)):
                state = fresh.copy()
                if not declared(state, seat, rank):
                    continue
                rollout(state, rng)
                out[rank].append((x, float(state.returns()[seat])))
    return out


def offsets(profile: Profile, table: dict[str, Entry], deals: int, seed: int) -> dict[str, tuple[int, float]]:
    """Per contract, how far the fitted expectation errs where it says bid (above zero) when the deal is
    played by the easy players on the rules engine rather than by the playout habits: over the hands of
    `deals` seeded deals it rates worth bidding, each declared and played out, the mean settlement less
    the mean expectation; with the number of such hands."""
    found: dict[str, list[float]] = {}
    for k in range(deals):
        rng = random.Random(seed * 7_000_003 + k)
        deck = tuple(DECK[card] for card in shuffled(rng))
        fresh = KoenigrufenGame(
            KoenigrufenConfig(deals=1, first_dealer=3, stacked_deck=deck, profile=profile), k
        )
        for seat in range(SEATS):
            hand = fresh.lean().hand(seat)
            x = features(hand, seat == fresh.lean().forehand)
            for contract in profile.contracts:
                entry = table.get(contract.id)
                if entry is None or (expected := _expected(entry, x)) <= 0:
                    continue
                game = fresh.copy()
                if _steer(game, seat, contract.id):
                    while (to_act := game.to_act) is not None and not game.is_over:
                        game.apply(_choice(game, to_act, rng))
                    found.setdefault(contract.id, []).append(game.returns()[seat] - expected)
    return {cid: (len(errs), sum(errs) / len(errs)) for cid, errs in found.items()}


def _choice(game: KoenigrufenGame, seat: int, rng: random.Random) -> Action:
    """The easy player's move, but in the announcements the playouts' habit: a pass, or the bird a bird
    contract owes (easy announces birds it often fails, which would be charged to the contract)."""
    if game.phase == "announce":
        return to_action(owed_bird(game.lean()), seat, game.phase, game.config.profile)
    return easy.choose(game.view(seat), rng)


def _expected(entry: Entry, x: list[float]) -> float:
    _value, whole, cut, best = entry
    value = _dot(list(whole), x)
    return _dot(list(best), x) if value >= cut else value


def _steer(game: KoenigrufenGame, seat: int, contract: str) -> bool:
    """Steers the auction so that `seat` declares `contract` (as `declared` does on the core)."""
    neutral = game.config.profile.bidding.neutral if game.config.profile.bidding else ""
    while game.phase == "bid":
        legal = game.legal_actions()
        bids = {a.contract: a for a in legal if isinstance(a, Bid)}
        if game.to_act == seat and contract in bids:
            game.apply(bids[contract])
        elif bids.get(neutral) is not None:
            game.apply(bids[neutral])
        elif (passing := next((a for a in legal if isinstance(a, Pass)), None)) is not None:
            game.apply(passing)
        else:
            return False
    view = game.view(seat)
    return view.declarer == seat and view.contract == contract


def ridge(rows: list[tuple[list[float], float]]) -> list[float]:
    """Least squares with a small penalty on every coefficient but the bias (solved by elimination)."""
    n = len(FEATURES)
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for x, y in rows:
        for i in range(n):
            xi = x[i]
            if xi:
                b[i] += xi * y
                row = a[i]
                for j in range(n):
                    row[j] += xi * x[j]
    for i in range(1, n):
        a[i][i] += RIDGE
    for col in range(n):  # Gauss-Jordan, partial pivoting
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(n)]


def _dot(coefficients: list[float], x: list[float]) -> float:
    return sum(c * f for c, f in zip(coefficients, x, strict=True))


def _rounded(coefficients: list[float]) -> tuple[float, ...]:
    return tuple(round(c, 4) for c in coefficients)


def explained(rows: list[tuple[list[float], float]], coefficients: list[float]) -> float:
    mean = sum(y for _x, y in rows) / len(rows)
    total = sum((y - mean) ** 2 for _x, y in rows) or 1.0
    residual = sum((y - _dot(coefficients, x)) ** 2 for x, y in rows)
    return 1 - residual / total


def _wrapped(coefficients: tuple[float, ...]) -> list[str]:
    """A tuple of coefficients, eight to a line."""
    rows = [coefficients[i : i + 8] for i in range(0, len(coefficients), 8)]
    inner = " " * 16
    return ["            (", *(f"{inner}{', '.join(map(repr, row))}," for row in rows), "            ),"]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deals", type=int, default=3000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--profiles", default="austria,cheltenham")
    p.add_argument("--check", type=int, default=500, help="deals played by easy to correct the best hands")
    p.add_argument("--out", type=Path, default=OUT)
    args = p.parse_args(argv)
    table: dict[str, dict[str, Entry]] = {}
    for name in args.profiles.split(","):
        profile = load(name)
        table[name] = {}
        for contract, rows in zip(profile.contracts, samples(profile, args.deals, args.seed), strict=True):
            if len(rows) < 2 * len(FEATURES):
                continue
            whole = ridge(rows)
            ranked = sorted(rows, key=lambda row: _dot(whole, row[0]))
            cut = _dot(whole, ranked[int(len(ranked) * (1 - TOP))][0])
            top = ranked[int(len(ranked) * (1 - TOP)) :]
            best = ridge(top)
            mean = sum(y for _x, y in rows) / len(rows)
            print(
                f"{name} {contract.id}: {len(rows)} samples, mean {mean:+.3f},"
                f" R² {explained(rows, whole):.2f};"
                f" the best {len(top)}: mean {sum(y for _x, y in top) / len(top):+.3f},"
                f" R² {explained(top, best):.2f}"
            )
            value = (contract.value + contract.lost_value) / 2
            table[name][contract.id] = (value, _rounded(whole), round(cut, 4), _rounded(best))
        for contract_id, (count, offset) in offsets(profile, table[name], args.check, args.seed).items():
            value, low, cut, high = table[name][contract_id]
            if count >= CHECKED:  # the bias of the best hands' fit moved by the error measured
                table[name][contract_id] = (value, low, cut, (round(high[0] + offset, 4), *high[1:]))
            print(f"{name} {contract_id}: {count} hands worth bidding played by easy, off by {offset:+.2f}")
    command = (
        f"python tools/fit_bids.py --deals {args.deals} --check {args.check} --seed {args.seed}"
        f" --profiles {args.profiles}"
    )
    lines = [
        '"""The fitted hand evaluation (`evaluation`), written by',
        f"`{command}`:",
        "per profile and contract, the value it was fitted at, the coefficients of `evaluation.FEATURES`",
        "over all hands, the expectation from which the best hands were fitted again, and their",
        "coefficients.",
        '"""',
        "",
        "# fmt: off",
        "TABLE: dict[str, dict[str, tuple[float, tuple[float, ...], float, tuple[float, ...]]]] = {",
    ]
    for name, contracts in table.items():
        lines.append(f"    {name!r}: {{")
        for contract_id, (value, low, cut, high) in contracts.items():
            lines.append(f"        {contract_id!r}: (")
            lines.append(f"            {value},")
            lines += _wrapped(low)
            lines.append(f"            {cut},")
            lines += _wrapped(high)
            lines.append("        ),")
        lines.append("    },")
    lines += ["}", "# fmt: on"]
    args.out.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
