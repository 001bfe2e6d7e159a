"""Two small poker games as public trees, to check the solver against known figures.

- :func:`kuhn`: Kuhn poker (three cards, one each, ante 1, one bet of 1); its game value
  for player 0 is -1/18.
- :func:`leduc`: Leduc hold'em as OpenSpiel plays it (six cards in three pairs, ante 1,
  bets of 2 then 4, at most two raises a round, a public card between the rounds, a pair
  with it wins, equal hands split).

Actions are labelled as OpenSpiel numbers them (Kuhn: 0 pass, 1 bet; Leduc: 0 fold,
1 call or check, 2 raise), so a uniform strategy here is OpenSpiel's uniform policy.

>>> tree = kuhn()
>>> tree.decision_nodes, tree.information_sets
(4, 12)
>>> leduc().information_sets  # OpenSpiel's 936, and the 180 that hold the public card
1116
"""

from __future__ import annotations

from cau_rules.solve.tree import PublicTree, Space, TreeBuilder

__all__ = ["kuhn", "leduc"]


def kuhn() -> PublicTree:
    """Kuhn poker's public tree (player 0 acts first)."""
    b = TreeBuilder()
    s = b.space(Space.of_cards([(0,), (1,), (2,)], keys=[0, 1, 2]))

    def facing(player: int, stake: int) -> int:
        node = b.decision(player, s, (0, 1))
        b.add(node, b.terminal(s, "fold", stake if player == 1 else -stake))
        b.add(node, b.terminal(s, "showdown", stake + 1))
        return node

    root = b.decision(0, s, (0, 1))
    after_pass = b.decision(1, s, (0, 1))
    b.add(root, after_pass)
    b.add(after_pass, b.terminal(s, "showdown", 1))
    b.add(after_pass, facing(0, 1))
    b.add(root, facing(1, 1))
    return b.build()


_RAISES = (2, 4)
_MAX_RAISES = 2


def leduc() -> PublicTree:
    """Leduc hold'em's public tree (OpenSpiel's ``leduc_poker`` for two players)."""
    b = TreeBuilder()
    cards = [(card,) for card in range(6)]
    first = b.space(Space.of_cards(cards))
    boards = []
    for board in range(6):
        keys = [10 + card // 2 if card // 2 == board // 2 else card // 2 for card in range(6)]
        space = b.space(Space.of_cards(cards, keys=keys))
        keep = [0.0 if card == board else 1.0 for card in range(6)]
        boards.append((space, b.transition(list(range(6)), keep, [k / 4.0 for k in keep])))

    def betting(rnd: int, space: int, player: int, stakes: tuple[int, int], raises: int, checked: bool) -> int:
        facing = stakes[player] < stakes[1 - player]
        labels = ((0, 1) if facing else (1,)) + ((2,) if raises < _MAX_RAISES else ())
        node = b.decision(player, space, labels)
        for label in labels:
            if label == 0:
                b.add(node, b.terminal(space, "fold", -stakes[0] if player == 0 else stakes[1]))
            elif label == 1 and (facing or checked):
                b.add(node, round_over(rnd, space, max(stakes)))
            elif label == 1:
                b.add(node, betting(rnd, space, 1 - player, stakes, raises, True))
            else:
                raised = list(stakes)
                raised[player] = stakes[1 - player] + _RAISES[rnd]
                b.add(node, betting(rnd, space, 1 - player, (raised[0], raised[1]), raises + 1, False))
        return node

    def round_over(rnd: int, space: int, stake: int) -> int:
        if rnd == 1:
            return b.terminal(space, "showdown", stake)
        deal = b.chance(space)
        for board_space, transition in boards:
            b.add(deal, betting(1, board_space, 0, (stake, stake), 0, False), transition)
        return deal

    betting(0, first, 0, (1, 1), 0, False)
    return b.build()
