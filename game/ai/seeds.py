"""Where the computers' and hints' random numbers come from, and why they tell nothing of the deal.

A match's seed deals every card, so it is the table's one secret: a new match draws it from the
operating system with 63 bits (`match_seed`), too many to try. A computer or a hint never receives it, nor
anything that can be computed back into it: its generator is seeded by `decision_seed`, BLAKE2b keyed
with the match seed over what the decision is for, whose it is and how many actions the match has seen.
Without the key the hash can be neither inverted nor compared across decisions to reach the seed, yet the
same setup and position always give the same seed, so play is reproducible and a resumed match decides as
the uninterrupted one would have.
"""

import hashlib
import secrets

SEED_BITS = 63  # a match seed is 0 … 2**63 - 1, as the journal stores it
_PERSON = b"atout-ai"  # BLAKE2b's personalisation: these hashes are this function's alone


def match_seed() -> int:
    """A new match's seed, unguessable: it is the key of every decision seed of the match."""
    return secrets.randbits(SEED_BITS)


def decision_seed(seed: int, purpose: str, seat: int | str, moves: int) -> int:
    """The seed of `seat`'s decision for `purpose` after `moves` actions of the match dealt from `seed`:
    a 63-bit hash keyed with `seed`."""
    key = seed.to_bytes(16, "big", signed=True)
    data = f"{purpose}\0{seat}\0{moves}".encode()
    digest = hashlib.blake2b(data, digest_size=8, key=key, person=_PERSON).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)
