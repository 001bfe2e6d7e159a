"""``cau-rules cache``: where the compiled kernels' machine code is cached, and clearing it.

>>> import io
>>> out = io.StringIO()
>>> cmd_cache(clear=False, everything=False, as_json=False, out=out)
0
>>> out.getvalue().startswith("compiled kernels' cache: ")
True
"""

from __future__ import annotations

import json
from typing import TextIO

from cau_rules.cache import cache_info, clear_cache

__all__ = ["cmd_cache"]


def cmd_cache(*, clear: bool, everything: bool, as_json: bool, out: TextIO) -> int:
    """Print the cache directory of the compiled kernels and what it holds for this
    installation (as one JSON object with *as_json*); with *clear*, remove this
    installation's entries first (every installation's with *everything*, in the default
    directory).

    Args:
        clear: remove the cached machine code (the kernels compile again on first use).
        everything: with *clear*, also remove other installations' entries.
        as_json: print one JSON object: directory, chosen_by, files, bytes, others
            (and removed, with *clear*).
        out: where to print.

    Returns:
        The exit status, 0.
    """
    removed = clear_cache(everything) if clear else None
    info = cache_info()
    if as_json:
        record: dict[str, object] = {"directory": str(info.directory), "chosen_by": info.chosen_by,
                                     "files": info.files, "bytes": info.size, "others": info.others}
        if removed is not None:
            record["removed"] = removed
        print(json.dumps(record), file=out)
        return 0
    chosen = "set by NUMBA_CACHE_DIR" if info.chosen_by == "NUMBA_CACHE_DIR" else "the default per-user directory"
    print(f"compiled kernels' cache: {info.directory} ({chosen})", file=out)
    if removed is not None:
        print(f"removed {removed} files", file=out)
    print(f"this installation: {info.files} files, {info.size / 1e6:.1f} MB", file=out)
    if info.others:
        print(f"other installations: {info.others} files (cau-rules cache --clear --all removes them)", file=out)
    return 0
