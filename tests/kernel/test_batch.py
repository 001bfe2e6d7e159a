"""BatchGame's contract: the extra named when missing, refusals, auto-reset, determinism."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import attrs
import pytest

import cau_rules.batch
from cau_rules import get_rules, new_game
from cau_rules.batch import FAST_EXTRA, BatchGame
from cau_rules.errors import IllegalMoveError, InvalidRulesError, MissingExtraError
from cau_rules.registry import family_of


def test_importing_the_package_imports_no_numba() -> None:
    code = "import sys, cau_rules, cau_rules.batch, cau_rules.registry; print('numba' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_without_the_extra_the_batch_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cau_rules.batch, "available", lambda: False)
    with pytest.raises(MissingExtraError, match=r'pip install "cau_rules\[fast\]"'):
        BatchGame("cau", 2, 1)
    assert FAST_EXTRA == 'pip install "cau_rules[fast]" (in a clone of the repository: pip install ".[fast]")'


numba = pytest.importorskip("numba")
np = pytest.importorskip("numpy")


def test_options_the_kernel_does_not_play_are_refused_by_name() -> None:
    with pytest.raises(InvalidRulesError, match=r"explicit_calls=True.*it plays: deck"):
        BatchGame("cau", 2, 1, explicit_calls=True)
    family = attrs.evolve(family_of(get_rules("cau-quatre")), kernel=None)
    with pytest.raises(InvalidRulesError, match="quatre family has no compiled kernel; families with one: fishing"):
        cau_rules.batch.kernel_for(family)


def test_an_illegal_action_is_refused_and_nothing_moves() -> None:
    batch = BatchGame("cau", 2, 3, seed=4)
    before = [batch.state(game) for game in range(3)]
    legal = np.flatnonzero(batch.legal_mask()[0])
    with pytest.raises(IllegalMoveError, match="not legal in game 1"):
        batch.step(np.array([legal[0], batch.num_actions - 1, legal[0]]))
    assert [batch.state(game) for game in range(3)] == before


def test_a_finished_game_restarts_from_the_next_seed() -> None:
    batch = BatchGame("cau-40", 2, 2, seed=10, auto_reset=True)
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(200):
        mask = batch.legal_mask()
        batch.step(np.array([rng.choice(np.flatnonzero(row)) for row in mask]))
        if batch.done.any():
            game = int(np.flatnonzero(batch.done)[0])
            assert batch.returns[game].sum() == pytest.approx(1.0)
            assert batch.state(game) == new_game("cau-40", players=2, seed=12 + finished)
            break
    else:
        pytest.fail("no game ended in 200 steps")


@pytest.mark.parametrize(("name", "players"), [("cau", 4), ("cau-robat-40", 2), ("cau-recau-sant-vicent", 4)])
def test_play_seeds_plays_like_play_seed_on_each_seed(name: str, players: int) -> None:
    chunked: Any = BatchGame(name, players, 1)._batch  # the capture family's kernel Batch
    single: Any = BatchGame(name, players, 1)._batch
    moves = chunked.play_seeds(0, 40, 12)
    assert moves == sum(single.play_seed(0, seed) for seed in range(40, 52))
    assert (chunked.rows == single.rows).all() and (chunked.rngs == single.rngs).all()
    assert chunked.state(0).to_notation() == single.state(0).to_notation()
    assert chunked.state(0).seed == 51
    assert chunked.outcome(0) == single.outcome(0)
    assert chunked.play_seeds(0, 7, 0) == 0


def test_a_row_keeps_no_deal_of_its_last_game() -> None:
    """A stones game deals hand after hand; the next game in the same row must not take
    the last game's deal of a hand for its own (a fresh row each game is the reference)."""
    reused: Any = BatchGame("cau-recau-sant-vicent", 4, 1)._batch
    made = [reused.play_seed(0, seed) for seed in range(30)]
    fresh: list[Any] = [BatchGame("cau-recau-sant-vicent", 4, 1)._batch for _ in range(30)]
    assert made == [batch.play_seed(0, seed) for seed, batch in enumerate(fresh)]


def _play(threads: int) -> bytes:
    numba.set_num_threads(threads)
    try:
        batch = BatchGame("cau-robat", 3, 64, seed=3, parallel=threads > 1)
        rng = np.random.default_rng(5)
        while not batch.done.all():
            mask = batch.legal_mask()
            batch.step(np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in mask]))
        return bytes(batch.returns.tobytes()) + b"".join(
            batch.state(game).to_notation().encode() for game in range(64))
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)


def test_the_same_seed_plays_the_same_whatever_the_thread_count() -> None:
    assert _play(1) == _play(numba.config.NUMBA_NUM_THREADS)


def test_playout_engines() -> None:
    import random

    import cau_rules.kernel.tools as kernel_tools
    from cau_rules.fishing.family import FAMILY

    assert FAMILY.playout is not None
    state = new_game("cau-robat", players=2, seed=9)
    for _ in range(7):
        state = state.apply(state.legal_moves()[0])
    kernel = FAMILY.playout(state, random.Random(3).choice, "kernel")
    assert kernel == FAMILY.playout(state, random.Random(3).choice, "kernel")
    assert kernel == FAMILY.playout(state, random.Random(3).choice)  # the default picks the kernel here
    python = FAMILY.playout(state, random.Random(3).choice, "python")
    assert len(python.scores) == 2
    with pytest.raises(TypeError, match=r"random\.Random"):
        FAMILY.playout(state, lambda moves: moves[0], "kernel")
    with pytest.raises(ValueError, match="engine must be"):
        FAMILY.playout(state, random.Random(3).choice, "fast")  # type: ignore[arg-type]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kernel_tools, "fast_installed", lambda: False)  # the family's hook asks the kernel layer
        with pytest.raises(MissingExtraError, match=r"cau_rules\[fast\]"):
            FAMILY.playout(state, random.Random(3).choice, "kernel")
        assert FAMILY.playout(state, random.Random(3).choice) == python  # no extra: the engine


def test_kernel_playouts_end_like_the_reference_on_average() -> None:
    """The kernel's random playouts and the engine's, from one position, agree on each
    seat's mean share within a wide margin (different generators, same distribution)."""
    import random

    from cau_rules.fishing.family import FAMILY

    assert FAMILY.playout is not None
    state = new_game("cau", players=2, seed=21)
    shares = {"python": [0.0, 0.0], "kernel": [0.0, 0.0]}
    for engine in shares:
        rng = random.Random(engine)
        for _ in range(300):
            outcome = FAMILY.playout(state, rng.choice, engine)  # type: ignore[arg-type]
            for seat, share in enumerate(outcome.shares()):
                shares[engine][seat] += share / 300
    assert abs(shares["python"][0] - shares["kernel"][0]) < 0.15


def test_a_stale_disk_cache_is_dropped(tmp_path: object) -> None:
    """The compiled modules keep the layout's offsets they were compiled with; a changed
    layout (another stamp) drops that module's cached machine code and recompiles."""
    from pathlib import Path

    from cau_rules.fishing.kernel.layout import fresh_cache

    folder = Path(str(tmp_path))
    for name in ("core.f-1.py311.nbi", "core.f-1.py311.1.nbc", "parts.g-2.py311.nbi"):
        (folder / name).write_text("")

    class Compiled:
        recompiled = 0

        class _cache:  # numba's attribute name
            _cache_path = str(folder)

        def __call__(self) -> int:
            return 1

        def recompile(self) -> None:
            Compiled.recompiled += 1

    fresh_cache(Compiled(), 1, str(folder / "core.py"))
    assert Compiled.recompiled == 0 and len(list(folder.iterdir())) == 3
    fresh_cache(Compiled(), 2, str(folder / "core.py"))
    assert Compiled.recompiled == 1 and [p.name for p in folder.iterdir()] == ["parts.g-2.py311.nbi"]


def test_ismcts_bots_name_their_rollout_engine() -> None:
    from cau_rules.ai.simulate import make_bot
    from cau_rules.cli.measure import with_engine

    assert [getattr(make_bot(spec), "engine", "-") for spec in ("ismcts:5:kernel", "ismcts:5:python", "ismcts:5")] \
        == ["kernel", "python", None]
    assert with_engine(["ismcts", "random"], "python") == ["ismcts::python", "random"]
    assert getattr(make_bot("ismcts::python"), "iterations", 0) == 200
    with pytest.raises(InvalidRulesError, match="random, greedy, python or kernel"):
        make_bot("ismcts:5:fast")
