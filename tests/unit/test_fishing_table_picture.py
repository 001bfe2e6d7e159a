"""The capture family's picture as a table: the seats around an oval, the viewer at the
bottom, partners opposite, piles beside the seats, the middle readable; 2 to 5 players, the
table form and the compact column form.  Bounded by a number of moves per game."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from cau_rules import new_game
from cau_rules.fishing.picture import svg_state, svg_view
from cau_rules.svg import SvgOptions
from tests.unit.fishing_games import played

MOVES = 30
LIMIT = 25_000
"""The most bytes a seat's picture may weigh."""


def _seat_boxes(svg: str) -> dict[int, tuple[float, float]]:
    """Where each seat's label is written: ``{seat: (x, y)}`` (English labels "Seat N")."""
    boxes: dict[int, tuple[float, float]] = {}
    for match in re.finditer(r'<text x="([0-9.]+)" y="([0-9.]+)"[^>]*>Seat ([0-9])', svg):
        boxes.setdefault(int(match.group(3)), (float(match.group(1)), float(match.group(2))))
    return boxes


@pytest.mark.parametrize(("preset", "players"), [("cau", 2), ("cau", 3), ("cau-robat", 4), ("cau-robat-40", 5),
                                                 ("cau-40", 5), ("cau-recau-sant-vicent", 4)])
@pytest.mark.parametrize("form", ["table", "column"])
def test_every_seat_picture_is_light_and_well_formed(preset: str, players: int, form: str) -> None:
    for seed in (1, 2):
        state = new_game(preset, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(MOVES):
            if state.is_over:
                break
            for seat in range(players):
                svg = svg_view(state.observe(seat), form=form)  # type: ignore[arg-type]
                assert len(svg.encode()) <= LIMIT, (preset, players, form, len(svg.encode()))
                ET.fromstring(svg)
            state = state.apply(rng.choice(list(state.legal_moves())))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_viewer_sits_at_the_bottom_and_the_others_around(players: int) -> None:
    state = played("cau-robat-40", players, 3, 6)
    for viewer in range(players):
        boxes = _seat_boxes(svg_view(state.observe(viewer), options=SvgOptions(language="en")))
        assert set(boxes) == set(range(players))
        assert boxes[viewer][1] == max(y for _, y in boxes.values())  # the lowest seat is the viewer
        others = [boxes[seat] for seat in range(players) if seat != viewer]
        assert len({(round(x), round(y)) for x, y in others}) == players - 1  # no two in one place


def test_partners_sit_opposite_in_the_team_game() -> None:
    state = played("cau-recau-sant-vicent", 4, 1, 4)
    for viewer in range(4):
        boxes = _seat_boxes(svg_view(state.observe(viewer), options=SvgOptions(language="en")))
        partner = (viewer + 2) % 4
        assert boxes[partner][1] == min(y for _, y in boxes.values())  # the partner at the top
        left, right = (viewer + 1) % 4, (viewer + 3) % 4
        assert boxes[left][1] == boxes[right][1] and boxes[left][0] < boxes[partner][0] < boxes[right][0]


def test_the_trail_line_and_the_stock_label_never_share_a_line_at_five() -> None:
    for seed in range(6):
        state = played("cau-robat-40", 5, seed, 12)
        svg = svg_view(state.observe(0), options=SvgOptions(language="ca"))
        trail = re.search(r'y="([0-9.]+)"[^>]*>[0-9]+[oceb]: jugada pel seient', svg)
        stock = re.search(r'y="([0-9.]+)"[^>]*>Baralla \(', svg)
        if trail and stock:
            assert trail.group(1) != stock.group(1)


def test_the_footer_is_written_large_enough_to_read() -> None:
    state = played("cau", 2, 4, 5)
    for form in ("table", "column"):
        svg = svg_view(state.observe(0), options=SvgOptions(language="en"), form=form)
        footer = re.findall(r'font-size="([0-9.]+)"[^>]*>(?:Last move|seat [0-9])', svg)
        assert footer and all(float(size) >= 14 for size in footer), footer


def test_the_state_picture_has_both_forms_and_a_bad_form_is_refused() -> None:
    state = played("cau", 3, 2, 4)
    table, column = svg_state(state), svg_state(state, form="column")
    assert 'class="card"' in table and table != column
    oval = 'stroke="#1d4a34" stroke-width="4"'  # the table's felt oval
    assert oval in table and oval not in column
    assert str(state.svg(form="column")) == column
    with pytest.raises(TypeError, match="form must be"):
        svg_view(state.observe(0), form="oval")  # type: ignore[arg-type]  # a wrong value on purpose
