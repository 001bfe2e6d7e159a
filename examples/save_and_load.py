"""Save a game in the middle as JSON, load it back, and carry on from the copy.

``dumps``/``loads`` round-trip every state exactly: the loaded state compares equal,
has the same legal moves, and plays on identically.
"""

from __future__ import annotations

import random

from cau_rules import dumps, loads, new_game

state = new_game("cau-robat", players=3, seed=42)
rng = random.Random(1)
for _ in range(10):  # a few random moves in
    state = state.apply(rng.choice(state.legal_moves()))

text = dumps(state, indent=2)
print(f"saved {len(text)} characters of JSON; the first lines:")
print("\n".join(text.splitlines()[:6]))

loaded = loads(text)
assert loaded == state, "a loaded game equals the saved one"
assert loaded.legal_moves() == state.legal_moves()
print("round trip OK: equal states, legal moves", ", ".join(map(str, loaded.legal_moves())))

# Both copies play on identically.
original, copy = state, loaded
while not original.is_over:
    move = original.legal_moves()[0]
    original, copy = original.apply(move), copy.apply(str(move))
assert original == copy and original.outcome() == copy.outcome()
print("both copies finished the same way:", original.outcome())
