"""The release check of CI (tools/check_release.py): what it compares, and that CI runs it
with the tools it needs.  (The check itself builds and installs the package in a fresh
virtual environment, minutes of work: CI runs it, not the test suite.)"""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_release", ROOT / "tools" / "check_release.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_file_written_into_the_package_fails_the_check(tmp_path: Path) -> None:
    tool = _tool()
    package = tmp_path / "cau_rules"
    (package / "kernel").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    before = tool.listing(package)
    tool.same_listing(package, before, "unchanged")
    (package / "kernel" / "__pycache__").mkdir()
    (package / "kernel" / "__pycache__" / "core.step-10.py311.nbi").write_bytes(b"")
    with pytest.raises(tool.CheckFailed, match=r"1 files added \['kernel/__pycache__/core.step-10.py311.nbi'\]"):
        tool.same_listing(package, before, "after a kernel game")
    with pytest.raises(tool.CheckFailed, match="numba cache files"):
        tool.no_numba_cache(tmp_path, "after the editable install")


def test_the_fresh_environment_sees_nothing_of_this_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHONPATH", "/somewhere")
    monkeypatch.setenv("NUMBA_CACHE_DIR", "/elsewhere")
    monkeypatch.setenv("VIRTUAL_ENV", "/a/venv")
    env = _tool().clean_env(tmp_path)
    assert not {"PYTHONPATH", "NUMBA_CACHE_DIR", "VIRTUAL_ENV"} & set(env)
    assert env["XDG_CACHE_HOME"] == str(tmp_path / "xdg-cache")


def test_ci_runs_it_with_build_and_twine() -> None:
    assert 'tools/check_release.py --work "$WORK/release"' in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    dev = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["dev"]
    assert {requirement.split(">")[0] for requirement in dev} >= {"build", "twine"}
