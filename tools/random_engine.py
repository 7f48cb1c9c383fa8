#!/usr/bin/env python3
"""An example engine for Atout's engine protocol (docs/engine-protocol.md): it plays a random legal move.

Standard library only, no Atout imports: a template for an engine in any language. One JSON object per
line in, one per line out; `--seed N` makes its choices repeatable.

    python tools/arena.py twotenjack --seats "normal,cmd:python3 tools/random_engine.py,easy"
    python -m game --demo koenigrufen --engine "1=python3 tools/random_engine.py"
"""

import argparse
import json
import random
import sys


def answer(message: dict, rng: random.Random) -> dict | None:
    """The reply to one message from Atout, or None where none is due."""
    kind = message.get("type")
    if kind == "hello":
        return {"type": "ready", "name": "Random"}
    if kind == "decide":
        return {"type": "action", "action": rng.choice(message["legal"])}
    return None  # "event" needs no answer; "bye" ends the loop in main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=None, help="seed of the random choices")
    rng = random.Random(parser.parse_args().seed)
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("type") == "bye":
            break
        reply = answer(message, rng)
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
