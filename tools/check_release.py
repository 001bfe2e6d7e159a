"""Check the release artifacts as a stranger would meet them: build, install, upgrade.

1. ``python -m build`` makes the sdist and the wheel (the wheel from the sdist), and
   ``twine check --strict`` checks their metadata.
2. A fresh virtual environment (no access to the one running this script) installs the
   *wheel* with the ``fast`` extra; the installed ``site-packages/cau_rules`` is listed.
3. From a temporary folder outside the repository, a game is played in the compiled
   kernel (numba compiles it and caches the machine code), and ``cau-rules variants``
   runs; the installed folder must be exactly as listed.
4. The wheel is installed over itself (``pip install --force-reinstall``) and the kernel
   game played again: the folder is still exactly as listed.
5. The repository is installed editable over it: ``site-packages/cau_rules`` must be
   gone (files pip does not own, such as a numba cache written there, would stay behind
   and shadow the editable install as an empty namespace package), and ``cau_rules``
   imports from the repository, again from outside it.
6. No numba cache file (``.nbi``, ``.nbc``) exists anywhere in the environment.

The kernels cache into a per-user directory (``cau_rules.cache``): here ``XDG_CACHE_HOME``
points into the work folder and ``NUMBA_CACHE_DIR`` is unset, so the default is what runs.

Run (from the repository root, with ``build`` and ``twine`` installed: the dev extra)::

    python tools/check_release.py [--work DIR] [--keep]

Exit status 0 when every check passes; otherwise the first failure is printed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# A game of the four-card game played out in the compiled kernel (its kernel compiles in
# a fraction of the capture family's time): the first call compiles and writes the machine
# code to the cache.
KERNEL_GAME = """
import random, sys
import cau_rules
from cau_rules import new_game
from cau_rules.registry import family_of
state = new_game("cau-quatre", players=2, seed=1)
outcome = family_of(state).playout(state, random.Random(1).choice, "kernel")
import numba
print("kernel game:", outcome)
print("imported from:", cau_rules.__file__)
print("numba from:", numba.__file__)
"""

IMPORT_ONLY = """
import cau_rules
from cau_rules import new_game
state = new_game("cau", players=2, seed=1)
print("imported from:", cau_rules.__file__, "version", cau_rules.__version__)
"""


class CheckFailed(Exception):
    """A check of the release failed (the message says which)."""


def run(argv: list[str], *, cwd: Path, env: dict[str, str] | None = None, capture: bool = False) -> str:
    """Run *argv*, print it, fail with its output when it fails; its standard output."""
    print("$", " ".join(argv), flush=True)
    result = subprocess.run(argv, cwd=cwd, env=env, text=True, capture_output=True)
    if result.returncode != 0:
        raise CheckFailed(f"{' '.join(argv)} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    if not capture and result.stdout.strip():
        print(result.stdout.rstrip())
    return result.stdout


def listing(folder: Path) -> list[str]:
    """Every file under *folder*, relative, sorted (empty when it does not exist)."""
    if not folder.exists():
        return []
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file())


def same_listing(folder: Path, before: list[str], when: str) -> None:
    """Fail unless *folder* holds exactly the files *before*."""
    after = listing(folder)
    if after != before:
        added = sorted(set(after) - set(before))
        removed = sorted(set(before) - set(after))
        raise CheckFailed(f"{when}: {folder} changed: {len(added)} files added {added[:10]}, "
                          f"{len(removed)} removed {removed[:10]}")
    print(f"{when}: {folder} unchanged ({len(after)} files)")


def no_numba_cache(root: Path, when: str) -> None:
    """Fail if numba left a cache file anywhere under *root*."""
    found = [str(path) for pattern in ("*.nbi", "*.nbc") for path in root.rglob(pattern)]
    if found:
        raise CheckFailed(f"{when}: numba cache files under {root}: {found[:10]} ({len(found)} in all)")


def clean_env(work: Path) -> dict[str, str]:
    """The environment of the fresh venv's commands: nothing of this process's virtual
    environment or path, the numba cache in the work folder's XDG cache home."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "NUMBA_CACHE_DIR", "PYTHONSTARTUP")}
    env["XDG_CACHE_HOME"] = str(work / "xdg-cache")
    # Python's own bytecode files are pip's to manage (it removes them with the package);
    # without them written, the listings compare only what the package itself writes.
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INPUT"] = "1"
    return env


def check(work: Path) -> None:
    """Every step of the module's docstring, in *work* (an empty folder)."""
    start = time.perf_counter()
    dist = work / "dist"
    run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)], cwd=work)
    wheels = sorted(dist.glob("*.whl"))
    sdists = sorted(dist.glob("*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        raise CheckFailed(f"expected one wheel and one sdist in {dist}, found {wheels + sdists}")
    wheel = wheels[0]
    run([sys.executable, "-m", "twine", "check", "--strict", *map(str, wheels + sdists)], cwd=work)
    print(f"built {wheel.name}, {sdists[0].name} ({time.perf_counter() - start:.0f} s)")

    base = getattr(sys, "_base_executable", sys.executable)
    venv = work / "venv"
    env = clean_env(work)
    run([base, "-m", "venv", "--clear", str(venv)], cwd=work, env=env)
    python = str(venv / ("Scripts" if os.name == "nt" else "bin") / "python")
    outside = work / "outside"  # no cau_rules here, not the repository: the installed package imports
    outside.mkdir()
    prefix = run([python, "-c", "import sys; print(sys.prefix)"], cwd=outside, env=env, capture=True).strip()
    if Path(prefix).resolve() != venv.resolve():
        raise CheckFailed(f"the fresh venv's prefix is {prefix}, not {venv}")
    run([python, "-m", "pip", "install", "--quiet", f"{wheel}[fast]"], cwd=outside, env=env)
    purelib = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                       cwd=outside, env=env, capture=True).strip())
    package = purelib / "cau_rules"
    before = listing(package)
    if not before or "__init__.py" not in before:
        raise CheckFailed(f"the wheel installed no package at {package}")
    print(f"installed {package}: {len(before)} files ({time.perf_counter() - start:.0f} s)")

    played = run([python, "-c", KERNEL_GAME], cwd=outside, env=env)
    if str(package) not in played or f"numba from: {purelib}" not in played:
        raise CheckFailed(f"the kernel game did not import the fresh venv's packages:\n{played}")
    run([str(venv / "bin" / "cau-rules"), "variants"] if os.name != "nt" else [python, "-m", "cau_rules.cli", "variants"],
        cwd=outside, env=env, capture=True)
    same_listing(package, before, "after a kernel game")
    cached = listing(work / "xdg-cache" / "cau_rules" / "numba")
    if not any(name.endswith(".nbi") for name in cached):
        raise CheckFailed("the kernel game wrote no cache into the per-user directory")
    print(f"the per-user cache holds {len(cached)} files ({time.perf_counter() - start:.0f} s)")

    run([python, "-m", "pip", "install", "--quiet", "--force-reinstall", "--no-deps", str(wheel)], cwd=outside, env=env)
    run([python, "-c", KERNEL_GAME], cwd=outside, env=env)
    same_listing(package, before, "after reinstalling the wheel over itself")

    run([python, "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(ROOT)], cwd=outside, env=env)
    left = listing(package)
    if left:
        raise CheckFailed(f"after the editable install, {package} still holds {len(left)} files: {left[:10]}")
    imported = run([python, "-c", IMPORT_ONLY], cwd=outside, env=env)
    if str(ROOT / "cau_rules") not in imported:
        raise CheckFailed(f"the editable install does not import the repository's package:\n{imported}")
    no_numba_cache(venv, "after the editable install")
    print(f"release checks passed ({time.perf_counter() - start:.0f} s)")


def main(argv: list[str] | None = None) -> int:
    """Run the checks; 0 when all pass, 1 with the failure printed otherwise."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--work", type=Path, default=None, help="an empty folder to work in (default: a temporary one)")
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    args = parser.parse_args(argv)
    work = args.work if args.work is not None else Path(tempfile.mkdtemp(prefix="cau-rules-release."))
    work.mkdir(parents=True, exist_ok=True)
    if any(work.iterdir()):
        parser.error(f"--work must be an empty folder: {work}")
    # Building the sdist writes cau_rules.egg-info into the repository: removed again
    # unless it was there before.
    egg_info = ROOT / "cau_rules.egg-info"
    had_egg_info = egg_info.exists()
    try:
        check(work.resolve())
    except CheckFailed as failure:
        print(f"release check failed: {failure}", file=sys.stderr)
        return 1
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        if not had_egg_info:
            shutil.rmtree(egg_info, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
