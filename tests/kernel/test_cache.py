"""The compiled kernels cache their machine code in a per-user directory, never in the
package's own folder (an installed package may be read-only or shared, and files pip does
not own are left behind when it is replaced); a user's ``NUMBA_CACHE_DIR`` wins."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cau_rules
from cau_rules import cache
from cau_rules.cli import main

pytest.importorskip("numba")

PACKAGE = Path(cau_rules.__file__).resolve().parent
ROOT = PACKAGE.parent
COMPILED = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts)
    for path in PACKAGE.rglob("*.py")
    if "from numba import" in path.read_text(encoding="utf-8") or "import numba" in path.read_text(encoding="utf-8")
)

# Imports a module first thing in a fresh process, then prints where each cached compiled
# function of the package would write its machine code.
PROBE = """
import json, sys
first = sys.argv[1]
__import__(first)
if first == "numba":
    import cau_rules.fishing.kernel.search
import numba.core.dispatcher
paths = {}
for name, module in list(sys.modules.items()):
    if not name.startswith("cau_rules"):
        continue
    for value in list(vars(module).values()):
        cached = getattr(value, "_cache", None)
        if isinstance(value, numba.core.dispatcher.Dispatcher) and hasattr(cached, "_cache_path"):
            paths[name + "." + value.py_func.__name__] = cached._cache_path
print(json.dumps(paths))
"""


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "NUMBA_CACHE_DIR"}
    env.update(XDG_CACHE_HOME=str(tmp_path / "xdg"), PYTHONDONTWRITEBYTECODE="1", **extra)
    return env


def test_every_compiled_module_is_found() -> None:
    assert {"cau_rules.kernel.rng", "cau_rules.fishing.kernel.core", "cau_rules.cacho.kernel.core",
            "cau_rules.quatre.kernel.core"} <= set(COMPILED)


def test_whichever_module_comes_first_every_kernel_caches_in_the_user_directory(tmp_path: Path) -> None:
    """numba picks the directory when a function is defined: whichever compiled module a
    program imports first (or numba itself), every compiled function of the package files
    its machine code under the per-user directory, none beside its module."""
    expected = str(tmp_path / "xdg" / "cau_rules" / "numba")
    firsts = [*COMPILED, "numba"]
    probes = [subprocess.Popen([sys.executable, "-c", PROBE, first], cwd=ROOT, env=_env(tmp_path),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for first in firsts]
    for first, probe in zip(firsts, probes, strict=True):
        out, err = probe.communicate()
        assert probe.returncode == 0, err
        paths = json.loads(out)
        assert first == "numba" or paths, first
        wrong = {name: path for name, path in paths.items() if not path.startswith(expected + os.sep)}
        assert not wrong, f"imported {first} first: {sorted(wrong.items())[:3]}"


def test_importing_the_package_leaves_numba_alone(tmp_path: Path) -> None:
    """Only loading a compiled kernel sets the cache directory: ``import cau_rules`` (and
    the batch API, the bots, the command line) changes nothing in the environment."""
    code = ("import os, cau_rules, cau_rules.batch, cau_rules.ai.mcts, cau_rules.cli, cau_rules.cache; "
            "print(os.environ.get('NUMBA_CACHE_DIR'))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(tmp_path), capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "None"


def test_a_users_numba_cache_dir_wins(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    result = subprocess.run([sys.executable, "-c", PROBE, "cau_rules.cacho.kernel.search"], cwd=ROOT,
                            env=_env(tmp_path, NUMBA_CACHE_DIR=str(mine)), capture_output=True, text=True, check=True)
    paths = json.loads(result.stdout)
    assert paths and all(path.startswith(str(mine) + os.sep) for path in paths.values())


def _listing(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def test_compiling_a_kernel_writes_nothing_into_the_package(tmp_path: Path) -> None:
    """A compiled kernel runs (and its machine code is written) with the package folder
    left exactly as it was; the cache files land in the user directory, and ``cau-rules
    cache --clear`` removes them."""
    before = _listing(PACKAGE)
    code = ("import random; from cau_rules.kernel import rng; order = list(range(10)); "
            "random.Random('7:0:0:shuffle').shuffle(order); "
            "assert rng.shuffled_text('7:0:0:shuffle', list(range(10))) == order")
    subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=_env(tmp_path, PYTHONPATH=str(ROOT)), check=True)
    assert _listing(PACKAGE) == before
    written = list((tmp_path / "xdg" / "cau_rules" / "numba").rglob("*.nb[ic]"))
    assert any(path.name.startswith("rng.") for path in written)
    shown = subprocess.run([sys.executable, "-m", "cau_rules.cli", "cache", "--json"], cwd=ROOT,
                           env=_env(tmp_path), capture_output=True, text=True, check=True)
    info = json.loads(shown.stdout)
    assert info["directory"] == str(tmp_path / "xdg" / "cau_rules" / "numba")
    assert info["chosen_by"] == "default" and info["files"] == len(written) > 0
    cleared = subprocess.run([sys.executable, "-m", "cau_rules.cli", "cache", "--clear"], cwd=ROOT,
                             env=_env(tmp_path), capture_output=True, text=True, check=True)
    assert f"removed {len(written)} files" in cleared.stdout
    assert not list((tmp_path / "xdg").rglob("*.nb[ic]"))


def test_the_cache_command_names_the_directory(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cache"]) == 0
    out = capsys.readouterr().out
    assert str(cache.cache_dir()) in out and "files" in out


def test_platform_directories() -> None:
    home = Path("/home/ana")
    assert cache.default_cache_dir({}, "linux", home) == home / ".cache" / "cau_rules" / "numba"
    assert cache.default_cache_dir({"XDG_CACHE_HOME": "relative"}, "linux", home) == home / ".cache/cau_rules/numba"
    assert cache.default_cache_dir({}, "darwin", home) == home / "Library/Caches/cau_rules/numba"
    assert cache.default_cache_dir({}, "win32", home) == home / "AppData/Local/cau_rules/numba"
