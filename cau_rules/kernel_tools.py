"""Pure-Python helpers every family's compiled kernel shares (no numba, no numpy): each
game's random generator seed and the disk cache's staleness check.

>>> generator_state(0) != 0
True
"""

from __future__ import annotations

import contextlib
import zlib
from pathlib import Path
from typing import Any

__all__ = ["fresh_cache", "generator_state", "source_stamp"]

_MASK64 = (1 << 64) - 1


def generator_state(seed: int) -> int:
    """The starting state of a game's own random generator for *seed* (never zero: a
    splitmix64 step of the seed); the capture kernel's generator is the same.

    >>> generator_state(0) != generator_state(1)
    True
    """
    z = (seed * 0x9E3779B97F4A7C15 + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (z ^ (z >> 31)) or 1


def source_stamp(path: str) -> int:
    """A number that changes with the text of the file at *path*.

    >>> source_stamp(__file__) == source_stamp(__file__)
    True
    """
    return zlib.crc32(Path(path).read_bytes()) & 0x7FFF_FFFF


def fresh_cache(compiled_stamp: Any, stamp: int, module_file: str) -> None:
    """Drop the cached machine code of the compiled module *module_file* when it was
    compiled against another *stamp* (numba's disk cache follows that file's own text
    only, not the constants it takes from elsewhere): every function then compiles afresh
    on its first call.  *compiled_stamp* is the module's compiled function returning its
    stamp."""
    if compiled_stamp() == stamp:
        return
    cache_path = Path(compiled_stamp._cache._cache_path)
    for stale in cache_path.glob(f"{Path(module_file).stem}.*.nb[ic]"):
        with contextlib.suppress(OSError):
            stale.unlink()
    compiled_stamp.recompile()
