"""Moves in words: every legal move of every preset says, in English, Catalan and
Spanish, what is played and what it takes (``move.describe(state, lang)``).

Games are random but seeded; the work is bounded by a number of moves per preset.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from cau_rules import new_game, variants
from cau_rules.cacho.moves import Bet, Call, Fold, Pass, Raise
from cau_rules.errors import InvalidRulesError
from cau_rules.fishing.legal import generate
from cau_rules.fishing.moves import Accept, Bid, Declare, Play, Refuse, parse_move
from cau_rules.fishing.moves import Call as Announce
from cau_rules.fishing.rules import CAU, CAU_ROBAT
from cau_rules.fishing.state import FishingState
from cau_rules.game import GameState
from cau_rules.i18n import LANGS, Lang
from cau_rules.quatre.moves import Add, Draw, Give, Lay
from cau_rules.quatre.moves import Pass as QuatrePass
from cau_rules.quatre.moves import Play as Pair
from tests.test_i18n import ENGLISH

MOVES_PER_GAME = 40
MOVES_DESCRIBED = 30
"""At most this many legal moves are described at each position (a stake has hundreds)."""


def _positions(preset: str, seed: int) -> Iterator[GameState]:
    rules_players = {"cau-recau-sant-vicent": 4, "cacho": 3}
    state: GameState = new_game(preset, players=rules_players.get(preset, 3), seed=seed)
    rng = random.Random(seed)
    for _ in range(MOVES_PER_GAME):
        if state.is_over:
            return
        yield state
        moves = list(state.legal_moves())
        state = state.apply(rng.choice(moves))


@pytest.mark.parametrize("preset", variants())
@pytest.mark.parametrize("lang", LANGS)
def test_every_legal_move_of_every_preset_has_a_sentence_in_each_language(preset: str, lang: Lang) -> None:
    seen: set[str] = set()
    for seed in (1, 2):
        for state in _positions(preset, seed):
            view = state.observe(state.to_play)
            for move in list(state.legal_moves())[:MOVES_DESCRIBED]:
                text = move.describe(state, lang)
                assert text and text == text.strip(), (str(move), text)
                assert move.describe(view, lang) == text, "the seat's view says the same as the state"
                if lang != "en":
                    assert not ENGLISH.search(text.replace("cau", "")), (lang, str(move), text)
                seen.add(text)
    assert len(seen) > 3


def test_the_run_a_capture_describes_is_the_plan_the_move_generator_gives() -> None:
    checked = 0
    for preset in ("cau", "cau-robat", "cau-robat-40", "cau-40", "cau-recau-sant-vicent"):
        for seed in range(4):
            for state in _positions(preset, seed):
                assert isinstance(state, FishingState)
                for move, plan in generate(state).items():
                    if isinstance(move, Play) and plan is not None:
                        assert move.run_units(state) == plan, (preset, seed, str(move))
                        assert move.run_units(state.observe(state.to_play)) == plan
                        checked += 1
    assert checked > 200


def test_a_run_and_a_stolen_pile_read_differently() -> None:
    state = FishingState.from_position(CAU_ROBAT, 2, table="7o 8o 9o", holdings=["7c 2b", "1b 4e"],
                                       piles=["", "3c 4o 8e"], to_play=0)
    moves = {str(move): move for move in state.legal_moves()}
    run = moves["7c+2"].describe(state)
    assert run == "7 of cups: takes the 7, then the 8 and the 9"
    both = FishingState.from_position(CAU_ROBAT, 2, table="7o 9o 12b", holdings=["7c 2b", "1b 4e"],
                                      piles=["", "3c 4o 8e"], to_play=0)
    stolen = parse_move("7c+2@1")
    assert stolen in both.legal_moves()
    assert stolen.describe(both) == "7 of cups: takes the 7, then the pile of seat 1 (on the 8) and the 9"
    assert stolen.describe(both, "ca") == "7 de copes: s'endú el 7, i després el munt del seient 1 (sobre el 8) i el 9"
    assert stolen.describe(both, "es", names=["Ana", "Pau"]) == (
        "7 de copas: se lleva el 7, y luego el montón de Pau (sobre el 8) y el 9")


def test_a_chain_says_what_it_calls() -> None:
    state = FishingState.from_position(CAU, 2, table="3o 12b", holdings=["5c 5e 1b", "5o 2b 4e"], to_play=0)
    state = state.apply("5c")
    assert parse_move("5o").describe(state) == "5 of coins: takes the 5 and calls cau"
    cau = state.apply("5o")
    assert cau.chain is not None
    assert parse_move("5e").describe(cau) == "5 of swords: joins the chain of 5s and calls recau"
    assert parse_move("5e").describe(cau, "ca") == "5 d'espases: s'afegeix a la cadena del 5 i canta recau"


def test_the_other_moves_of_each_family_read_in_three_languages() -> None:
    words = {
        "en": ["declares ronda", "passes without declaring", "bids 1 stone", "bids the partida", "refuses the bid",
               "draws a card: nothing on the table matches", "bets 1 counter", "folds, giving up the hand"],
        "ca": ["declara ronda", "passa sense declarar", "envida 1 pedra", "envida la partida", "no vol l'envit",
               "roba una carta: res de la taula no fa parella", "aposta 1 fitxa", "es retira i deixa la mà"],
        "es": ["declara ronda", "pasa sin declarar", "envida 1 piedra", "envida la partida", "no quiere el envite",
               "roba una carta: nada de la mesa hace pareja", "apuesta 1 ficha", "se retira y deja la mano"],
    }
    for lang in LANGS:
        said = [Declare(Announce.RONDA).describe(None, lang), Declare(None).describe(None, lang),
                Bid(1).describe(None, lang), Bid(None).describe(None, lang), Refuse().describe(None, lang),
                Draw().describe(None, lang), Bet(1).describe(None, lang), Fold().describe(None, lang)]
        assert said == words[lang]
        for text in (Accept().describe(None, lang), QuatrePass().describe(None, lang), Pass().describe(None, lang),
                     Raise(4).describe(None, lang), Call().describe(None, lang), Lay("5o").describe(None, lang),
                     Pair("5o", "5c").describe(None, lang), Add("5e").describe(None, lang),
                     Give("7e").describe(None, lang)):
            assert text and (lang == "en" or not ENGLISH.search(text.replace("cau", ""))), text


def test_a_cacho_call_says_how_much_it_puts_in() -> None:
    state = new_game("cacho", players=2, seed=3)
    for _ in range(60):
        moves = list(state.legal_moves())
        if any(isinstance(move, Call) for move in moves):
            break
        state = state.apply(next((m for m in moves if isinstance(m, Bet)), moves[0]))
    text = Call().describe(state, "en")
    assert re.fullmatch(r"calls, putting in \d+ counters?( \(all in\))?", text), text


@pytest.mark.parametrize("move", [Play("5o"), Declare(None), Bid(3), Accept(), Refuse(), Pair("5o", "5c"), Add("5e"),
                                  Give("7e"), Draw(), QuatrePass(), Lay("5o"), Pass(), Bet(2), Call(), Raise(5),
                                  Fold()], ids=str)
def test_an_unknown_language_or_bad_names_are_refused(move: object) -> None:
    state = new_game("cau", players=2, seed=1)
    with pytest.raises(InvalidRulesError, match="unknown language 'fr'"):
        move.describe(state if isinstance(move, Play) else None, "fr")  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="names must be"):
        move.describe(state if isinstance(move, Play) else None, "en", names="Ana")  # type: ignore[attr-defined]


def test_pictures_name_each_preset_as_the_command_line_does() -> None:
    from cau_rules.cli.presets import preset_name
    from cau_rules.fishing.picture import LABELS as FISHING
    from cau_rules.quatre.picture import LABELS as QUATRE

    for preset in variants():
        labels = {**FISHING, **QUATRE}.get(f"preset_{preset}")
        if preset == "cacho":
            continue  # the Cacho picture names no preset
        assert labels is not None, preset
        for lang in LANGS:
            assert labels[lang] == preset_name(preset, lang), (preset, lang)
