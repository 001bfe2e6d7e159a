"""Where the compiled kernels keep their machine code: a per-user cache directory, never
the installed package.

numba compiles a kernel on its first call and writes the machine code to disk
(``cache=True``), by default into a ``__pycache__`` folder beside the module.  An
installed package must not be written to (it may be read-only, shared by users or inside
a container image; files pip does not own stay behind when the package is replaced), so
the kernels cache into the platform's usual cache directory instead:

- Linux and other Unix: ``$XDG_CACHE_HOME/cau_rules/numba`` (``~/.cache/cau_rules/numba``);
- macOS: ``~/Library/Caches/cau_rules/numba``;
- Windows: ``%LOCALAPPDATA%\\cau_rules\\numba``.

``NUMBA_CACHE_DIR``, when the user sets it, wins: the kernels cache there, as every
numba function does.  Inside the directory numba files each compiled module's folder
under its name and a hash of its path, so two installations (or clones) never share
entries.  ``cau-rules cache`` prints the directory and what it holds;
``cau-rules cache --clear`` removes this installation's entries.

numba picks the cache directory of a compiled function when the function is defined
(when its module is imported), so :func:`use_cache_dir` runs before any compiled function
of the package is defined: the compiled modules every other one imports first
(``cau_rules.kernel.rng`` and the capture kernel's ``parts``) call it on import.  It
sets ``NUMBA_CACHE_DIR`` for the process when the user has not, so the compiled functions
the process defines afterwards (the user's own too) cache there.  ``import cau_rules``
alone changes nothing.

>>> default_cache_dir({"XDG_CACHE_HOME": "/tmp/x"}, "linux", Path("/home/ana")).as_posix()
'/tmp/x/cau_rules/numba'
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path

import attrs

__all__ = ["CacheInfo", "cache_dir", "cache_info", "clear_cache", "default_cache_dir", "use_cache_dir"]

PACKAGE = Path(__file__).resolve().parent
"""The folder of the cau_rules package whose kernels this process compiles."""


def default_cache_dir(
    environ: Mapping[str, str] | None = None, platform: str | None = None, home: Path | None = None
) -> Path:
    """The platform's usual per-user cache directory for the compiled kernels (what is
    used when ``NUMBA_CACHE_DIR`` is not set).

    Args:
        environ: the environment variables (default: ``os.environ``).
        platform: a ``sys.platform`` value (default: this one's).
        home: the user's home folder (default: ``Path.home()``; a folder under the
            temporary directory when there is no home).

    Returns:
        ``$XDG_CACHE_HOME/cau_rules/numba`` or ``~/.cache/cau_rules/numba`` on Linux and
        other Unix systems, ``~/Library/Caches/cau_rules/numba`` on macOS and
        ``%LOCALAPPDATA%\\cau_rules\\numba`` on Windows.

    >>> default_cache_dir({}, "linux", Path("/home/ana")).as_posix()
    '/home/ana/.cache/cau_rules/numba'
    >>> default_cache_dir({}, "darwin", Path("/Users/ana")).as_posix()
    '/Users/ana/Library/Caches/cau_rules/numba'
    >>> default_cache_dir({"LOCALAPPDATA": "/Users/ana/AppData/Local"}, "win32").as_posix()
    '/Users/ana/AppData/Local/cau_rules/numba'
    """
    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if platform == "win32" and environ.get("LOCALAPPDATA"):
        return Path(environ["LOCALAPPDATA"], "cau_rules", "numba")
    if home is None:
        try:
            home = Path.home()
        except (RuntimeError, KeyError):  # no home folder known for this user
            return Path(tempfile.gettempdir()) / f"cau_rules-{os.getuid() if hasattr(os, 'getuid') else 0}" / "numba"
    if platform == "win32":
        return home / "AppData" / "Local" / "cau_rules" / "numba"
    if platform == "darwin":
        return home / "Library" / "Caches" / "cau_rules" / "numba"
    xdg = environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".cache"
    return base / "cau_rules" / "numba"


_ours: list[str] = []
"""The directory :func:`use_cache_dir` put in ``NUMBA_CACHE_DIR``, once it has."""


def _user_dir() -> str:
    """The cache directory the user chose, if any: ``NUMBA_CACHE_DIR``, or numba's
    ``config.CACHE_DIR`` when numba is imported and it was set in code (not the one
    :func:`use_cache_dir` set)."""
    chosen = os.environ.get("NUMBA_CACHE_DIR", "")
    numba = sys.modules.get("numba")
    if not chosen and numba is not None:
        chosen = str(getattr(getattr(numba, "config", None), "CACHE_DIR", "") or "")
    return "" if chosen in _ours else chosen


def cache_dir() -> Path:
    """The directory the compiled kernels cache into: the user's ``NUMBA_CACHE_DIR``
    when set, else :func:`default_cache_dir`.

    >>> import os
    >>> cache_dir() == (Path(os.environ["NUMBA_CACHE_DIR"]) if os.environ.get("NUMBA_CACHE_DIR")
    ...                 else default_cache_dir())
    True
    """
    chosen = _user_dir()
    return Path(chosen) if chosen else default_cache_dir()


def use_cache_dir() -> None:
    """Make numba cache the kernels in :func:`cache_dir` (not beside the package's
    modules): sets ``NUMBA_CACHE_DIR`` when the user has not set it, and numba's
    ``config.CACHE_DIR`` when numba is already imported.  Imports nothing; the compiled
    modules call it before they define their first compiled function.

    >>> use_cache_dir()
    >>> import os
    >>> Path(os.environ["NUMBA_CACHE_DIR"]) == cache_dir()
    True
    """
    if _user_dir():
        return
    where = str(default_cache_dir())
    _ours.append(where)
    os.environ["NUMBA_CACHE_DIR"] = where
    numba = sys.modules.get("numba")
    config = getattr(numba, "config", None)
    if config is not None:  # imported before: it read the environment already
        config.CACHE_DIR = where


def _entry_name(folder: Path) -> str:
    """The name numba gives, inside a cache directory, to the entries of the modules of
    *folder* (the folder's name and the SHA-1 of its path)."""
    text = os.path.abspath(folder)
    return f"{os.path.basename(text)}_{hashlib.sha1(text.encode()).hexdigest()}"


def _entries(root: Path) -> Iterator[Path]:
    """This installation's entries in the cache directory *root*, one a package folder."""
    for folder, dirs, _files in os.walk(PACKAGE):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        entry = root / _entry_name(Path(folder))
        if entry.is_dir():
            yield entry


@attrs.frozen
class CacheInfo:
    """What :func:`cache_info` reports.

    Attributes:
        directory: where the kernels cache (:func:`cache_dir`).
        chosen_by: ``"NUMBA_CACHE_DIR"`` when the user set it, else ``"default"``.
        files: the cache's files of this installation (``.nbi`` index and ``.nbc`` code).
        size: their total size in bytes.
        others: files in the directory left by other installations (only counted in
            the default directory, which is cau_rules' own).
    """

    directory: Path
    chosen_by: str
    files: int
    size: int
    others: int


def cache_info(root: Path | None = None) -> CacheInfo:
    """What the kernels' cache holds for this installation.

    Args:
        root: the cache directory to look into (default: :func:`cache_dir`).

    Returns:
        The directory, who chose it, and the count and size of its files.

    >>> info = cache_info()
    >>> info.chosen_by in ("NUMBA_CACHE_DIR", "default"), info.files >= 0
    (True, True)
    """
    root = cache_dir() if root is None else root
    chosen_by = "NUMBA_CACHE_DIR" if _user_dir() else "default"
    files = [path for entry in _entries(root) for path in entry.rglob("*") if path.is_file()]
    others = 0
    if chosen_by == "default" and root.is_dir():
        others = sum(1 for path in root.rglob("*") if path.is_file()) - len(files)
    return CacheInfo(root, chosen_by, len(files), sum(path.stat().st_size for path in files), others)


def clear_cache(everything: bool = False, root: Path | None = None) -> int:
    """Remove the compiled kernels' cache of this installation (they compile again on
    their next first call).

    Args:
        everything: in the default directory (cau_rules' own), remove the entries of
            every installation, old versions included.  Ignored when ``NUMBA_CACHE_DIR``
            is set: only this installation's entries are removed from a directory
            numba's other users share.
        root: the cache directory (default: :func:`cache_dir`).

    Returns:
        How many files were removed.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     entry = Path(folder) / _entry_name(PACKAGE)
    ...     entry.mkdir()
    ...     _ = (entry / "cache.clear_cache-1.py311.nbi").write_bytes(b"")
    ...     cache_info(Path(folder)).files, clear_cache(root=Path(folder)), cache_info(Path(folder)).files
    (1, 1, 0)
    """
    root = cache_dir() if root is None else root
    if everything and not _user_dir():
        entries = [path for path in root.iterdir() if path.is_dir()] if root.is_dir() else []
    else:
        entries = list(_entries(root))
    removed = 0
    for entry in entries:
        removed += sum(1 for path in entry.rglob("*") if path.is_file())
        shutil.rmtree(entry, ignore_errors=True)
    return removed
