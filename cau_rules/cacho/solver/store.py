"""Solved Cacho strategies on disk: a compact, versioned, checksummed file.

A strategy file is one JSON line (the header: format, version, the rules as
:meth:`~cau_rules.cacho.rules.CachoRules.to_dict` writes them, the tree's size, how it was
solved, its exploitability, the SHA-256 of the body) and then the body: every
probability of the strategy array, in tree order, as two bytes (0 to 65535, in 65535ths),
compressed with zlib.  Reading checks the format, the version, the size and the
checksum, and renormalises each information set's probabilities.

Files are looked for in the package's ``data`` folder (strategies shipped with the
package) and then in the user's cache folder (:func:`cache_folder`); a strategy solved
on first use is written to the cache folder, never into the package.

>>> from cau_rules.cacho import CACHO
>>> path = strategy_path(cache_folder(), CACHO.replace(stack=3))
>>> path.name.startswith("cacho-s3-") and path.suffix == ".strategy"
True
"""

from __future__ import annotations

import hashlib
import json
import os
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cau_rules.cacho.rules import CachoRules
from cau_rules.cacho.solver.game import CachoGame
from cau_rules.errors import CauRulesError
from cau_rules.solve.cfr import normalised

__all__ = [
    "FORMAT",
    "VERSION",
    "StrategyFileError",
    "cache_folder",
    "package_folder",
    "read_strategy",
    "rules_key",
    "strategy_path",
    "write_strategy",
]

FORMAT = "cau-rules/cacho-strategy"
VERSION = 1
FloatArray = npt.NDArray[np.float64]


class StrategyFileError(CauRulesError):
    """A strategy file is not one this version reads, is damaged, or belongs to other
    rules (the message says which)."""


def rules_key(rules: CachoRules) -> str:
    """A short name for the options that shape the game tree (the stack, the bets, the
    resto, the flush bonus, the kickers).

    >>> from cau_rules.cacho import CACHO
    >>> rules_key(CACHO.replace(stack=10))
    'cacho-s10-b1-2-cap-f20-k0'
    """
    resto = "cap" if rules.resto == "cap_at_smallest" else "side"
    bets = "-".join(str(bet) for bet in rules.bets)
    return f"cacho-s{rules.stack}-b{bets}-{resto}-f{rules.flush_bonus}-k{int(rules.high_card_kickers)}"


def cache_folder() -> Path:
    """The user's cache folder for solved strategies (``$XDG_CACHE_HOME/cau_rules`` or
    ``~/.cache/cau_rules``; ``$CAU_RULES_CACHE`` overrides it)."""
    override = os.environ.get("CAU_RULES_CACHE")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cau_rules"


def package_folder() -> Path:
    """The folder of the strategies shipped with the package."""
    return Path(__file__).parent / "data"


def strategy_path(folder: Path, rules: CachoRules, sizes: Sequence[int] | None = None) -> Path:
    """Where the strategy of *rules* (of its game abstracted to round-3 *sizes*, if
    given) lives in *folder*.

    >>> from cau_rules.cacho import CACHO
    >>> strategy_path(Path("here"), CACHO, (1, 2, 5)).name
    'cacho-s20-b1-2-cap-f20-k0-a1-2-5.strategy'
    """
    abstract = "" if sizes is None else "-a" + "-".join(str(size) for size in sizes)
    return folder / f"{rules_key(rules)}{abstract}.strategy"


def _tree_rules(rules: CachoRules) -> dict[str, Any]:
    data = rules.to_dict()
    for option in ("name", "min_players", "max_players", "max_hands"):
        data.pop(option, None)
    return data


def write_strategy(path: Path, game: CachoGame, strategy: FloatArray, **facts: Any) -> int:
    """Write *strategy* (a strategy array of *game*) to *path*, with *facts* (iterations,
    exploitability...) in the header; returns the file's size in bytes."""
    quantised = np.rint(np.clip(strategy, 0.0, 1.0) * 65535).astype("<u2")
    body = zlib.compress(quantised.tobytes(), 9)
    header = {
        "format": FORMAT, "version": VERSION, "rules": _tree_rules(game.rules),
        **({} if game.sizes is None else {"sizes": list(game.sizes)}),
        "size": int(strategy.shape[0]), "sha256": hashlib.sha256(body).hexdigest(), **facts,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(header, sort_keys=True).encode() + b"\n" + body
    temporary = path.with_suffix(".tmp")
    temporary.write_bytes(data)
    temporary.replace(path)
    return len(data)


def read_strategy(path: Path, game: CachoGame) -> tuple[FloatArray, dict[str, Any]]:
    """The strategy array stored at *path* for *game*, and the file's header.

    Raises:
        StrategyFileError: the file is not a strategy file of this version, its body is
            damaged, or it was solved for other rules or another tree.
        OSError: the file cannot be read.
    """
    raw = path.read_bytes()
    line, _, body = raw.partition(b"\n")
    try:
        header = json.loads(line)
    except ValueError:
        raise StrategyFileError(f"{path} does not start with a JSON header: not a strategy file") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise StrategyFileError(f"{path} is not a {FORMAT} file")
    if header.get("version") != VERSION:
        raise StrategyFileError(f"{path} is version {header.get('version')}; this library reads version {VERSION}")
    if header.get("rules") != _tree_rules(game.rules):
        raise StrategyFileError(f"{path} was solved for other rules: {header.get('rules')}")
    if header.get("sizes") != (None if game.sizes is None else list(game.sizes)):
        raise StrategyFileError(f"{path} was solved for round-3 sizes {header.get('sizes')}, not {game.sizes}")
    if hashlib.sha256(body).hexdigest() != header.get("sha256"):
        raise StrategyFileError(f"{path} is damaged: its checksum does not match")
    values = np.frombuffer(zlib.decompress(body), dtype="<u2")
    if values.shape[0] != game.tree.strategy_size or header.get("size") != values.shape[0]:
        raise StrategyFileError(
            f"{path} holds {values.shape[0]} probabilities; this tree needs {game.tree.strategy_size}")
    return normalised(game.tree, values.astype(np.float64)), header
