"""Self-play in the compiled kernel for every preset that has one, naming no family.

Run:  python examples/batch_self_play.py [GAMES_IN_LOCKSTEP] [STEPS]     (needs the fast extra)

Each preset's batch plays random legal moves (a policy would choose among the mask's
Trues instead); finished games restart from the next seed, and each seat's shares of the
finished games add up.
"""

import sys

from cau_rules import get_rules, variants
from cau_rules.errors import MissingExtraError, require_fast
from cau_rules.registry import family_of


def main() -> None:
    """Play *size* games of every kernel preset in lockstep for *steps* steps."""
    try:
        require_fast("examples/batch_self_play.py")  # before numpy: the extra's name, not ModuleNotFoundError
    except MissingExtraError as exc:
        sys.exit(f"batch_self_play: {exc}")
    import numpy as np

    from cau_rules.batch import BatchGame, kernel_families

    size = int(sys.argv[1]) if len(sys.argv) > 1 else 64
    steps = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    for name in variants():
        rules = get_rules(name)
        if family_of(rules).name not in kernel_families():
            print(f"{name}: no compiled kernel yet (play it with the reference engine)")
            continue
        batch = BatchGame(name, players=rules.min_players, size=size, seed=0, auto_reset=True)
        shares = np.zeros(batch.players)
        finished = choices = 0
        for _ in range(steps):
            mask = batch.legal_mask()  # (size, codec size): a policy picks a True per game
            choices += int(mask.sum())
            batch.step(batch.random_actions())
            shares += batch.returns.sum(axis=0)
            finished += int(batch.done.sum())
        print(f"{name}: {finished} games finished in {steps} steps of {size}; "
              f"shares {np.round(shares, 1).tolist()}; {choices / (steps * size):.1f} legal actions a decision")


if __name__ == "__main__":
    main()
