"""The server's one lane for computers' thinking (`game.net.lane`): slices go one at a time, in the order
they asked, with the loop's other work run between any two, and a cancelled waiter holds nobody up."""

from __future__ import annotations

import asyncio
import itertools

from game.net.lane import Lane


def test_slices_go_one_at_a_time_with_other_work_between() -> None:
    async def scenario() -> list[str]:
        lane, seen = Lane(share=1.0), []

        async def thinker(name: str) -> None:
            for n in range(3):
                await lane.turn()
                seen.append(f"{name}{n}")  # (a slice: the rules' search, no await inside)
                lane.done()

        async def person() -> None:
            for n in range(6):
                seen.append(f"p{n}")
                await asyncio.sleep(0)

        stuck = asyncio.create_task(thinker("x"))
        await asyncio.sleep(0)
        waiting = asyncio.create_task(thinker("c"))
        await asyncio.sleep(0)
        waiting.cancel()  # (a table let go while its computer waited its turn)
        await asyncio.gather(stuck, thinker("a"), thinker("b"), person(), return_exceptions=True)
        return seen

    seen = asyncio.run(scenario())
    slices = [s for s in seen if s[0] != "p"]
    assert sorted(slices) == sorted(f"{t}{n}" for t in "xab" for n in range(3))  # (not held up by "c")
    assert slices[:3] == ["x0", "x1", "a0"]  # in the order they asked
    while_playing = seen[: seen.index("p5")]
    adjacent = [(a, b) for a, b in itertools.pairwise(while_playing) if "p" not in a + b]
    assert adjacent == []  # the person's step between any two slices


def test_one_address_s_computers_rest_for_their_own_share_while_others_think() -> None:
    """While people play, a slice of an address's computers makes that address's next one wait for its own
    share, the other addresses' and the operator's (no owner) going meanwhile: two tables of one stranger
    take no more than one would."""

    async def scenario() -> list[str]:
        lane, seen = Lane(share=1.0, own_share=1e-3), []  # (no rest for the lane: only the owners')

        async def thinker(name: str, owner: str) -> None:
            for n in range(2):
                await lane.turn(owner)
                seen.append(f"{name}{n}")
                lane.done()

        await asyncio.gather(thinker("a", "stranger"), thinker("b", "stranger"), thinker("h", ""))
        return seen

    seen = asyncio.run(scenario())
    assert seen[:3] == [
        "a0",
        "h0",
        "h1",
    ]  # the stranger's second table waits its rest, the operator's does not
    assert sorted(seen[3:]) == ["a1", "b0", "b1"] and seen.index("b0") < seen.index("b1")
