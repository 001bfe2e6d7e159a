"""Draw ``docs/images/cacho_strategy.svg``: the solved round-3 strategy by hand strength.

After both seats bet and called in rounds 1 and 2, for every showdown rank of a
three-card hand (weakest left): how often the eldest hand bets, how often the second
seat bets when the eldest passed, and how often the second seat folds to a bet of 1, all
averaged over the holdings of that rank.  Drawn with the library's own SVG canvas.

    python benchmarks/cacho_solver_picture.py --stack 10
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

from cau_rules.cacho import CACHO
from cau_rules.cacho.hands import HandValue, evaluate
from cau_rules.cacho.moves import Bet, CachoMove, Call, Fold, Pass
from cau_rules.cacho.solver.bot import solved
from cau_rules.cacho.solver.game import CARDS, CachoGame
from cau_rules.svg import Canvas

OUT = Path(__file__).resolve().parent.parent / "docs" / "images" / "cacho_strategy.svg"
SERIES = (("eldest bets", "#2f6db3"), ("second bets after a pass", "#3a9a48"), ("second folds to a bet of 1", "#c8413b"))


def by_rank(game: CachoGame, strategy: npt.NDArray[np.float64], history: tuple[CachoMove, ...],
            wanted: Callable[[object], bool]) -> dict[int, float]:
    """The probability of the actions *wanted* picks (a predicate on moves) at the node of
    *history*, averaged over the holdings of each showdown rank."""
    tree = game.tree
    node = game.node_of[history]
    offset, actions, states = tree.strategy_slice(node)
    labels = tree.labels[node]
    space = tree.space_of(node)
    weight = [0] * states
    for canon in space.canon:
        weight[canon] += 1
    total: dict[int, float] = defaultdict(float)
    count: dict[int, float] = defaultdict(float)
    for state, cards in enumerate(game.states[3]):
        rank = game.ranks[frozenset(cards)]
        prob = sum(float(strategy[offset + a * states + state]) for a in range(actions) if wanted(labels[a]))
        total[rank] += weight[state] * prob
        count[rank] += weight[state]
    return {rank: total[rank] / count[rank] for rank in total}


def draw(stack: int) -> str:
    """The picture's SVG text."""
    game, strategy = solved(CACHO.replace(stack=stack))
    start = (Bet(1), Call(), Bet(2), Call())
    series = [
        by_rank(game, strategy, start, lambda move: isinstance(move, Bet)),
        by_rank(game, strategy, (*start, Pass()), lambda move: isinstance(move, Bet)),
        by_rank(game, strategy, (*start, Bet(1)), lambda move: isinstance(move, Fold)),
    ]
    ranks = sorted(series[0])
    names: dict[int, HandValue] = {}
    for cards, rank in game.ranks.items():
        names.setdefault(rank, evaluate([CARDS[number] for number in sorted(cards)], game.rules))
    left, top, height, bar = 50, 40, 220, 5
    width = max(left + len(ranks) * (3 * bar + 4) + 20, 720)
    canvas = Canvas(width, top + height + 90,
                    title=f"Cacho, 2 players, stack {stack}: round-3 strategy by hand strength")
    canvas.text(left, 22, f"Solved round 3 (stack {stack}, after bets and calls in rounds 1 and 2), "
                "by showdown rank, weakest left", size=13, bold=True)
    for tick in range(0, 11, 2):
        y = top + height - tick / 10 * height
        canvas.line(left - 4, y, width - 15, y, stroke="#dddddd")
        canvas.text(left - 8, y + 4, f"{tick * 10}%", size=10, anchor="end")
    for index, rank in enumerate(ranks):
        x = left + index * (3 * bar + 4)
        for number, (values, (_, colour)) in enumerate(zip(series, SERIES, strict=True)):
            value = values.get(rank, 0.0)
            canvas.rect(x + number * bar, top + height - value * height, bar, value * height, fill=colour)
        shown = names[rank]
        label = "666" if shown.hand_class == 3 else str(shown.value)
        canvas.text(x + 1.5 * bar, top + height + 12, label, size=8, anchor="middle")
    canvas.text(left, top + height + 30, "hand value: high card 1-6, two of a suit 23-31, cacho 26-35 "
                "(+ bonus), 666 the three sixes", size=10)
    for number, (name, colour) in enumerate(SERIES):
        x = left + number * 200
        canvas.rect(x, top + height + 50, 12, 12, fill=colour)
        canvas.text(x + 18, top + height + 60, name, size=11)
    return str(canvas.to_svg())


def main() -> None:
    """Write the picture."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stack", type=int, default=6)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.write_text(draw(args.stack), encoding="utf-8")
    print(args.out)


if __name__ == "__main__":
    main()
