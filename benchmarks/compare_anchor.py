"""Compare the cost of a 4-player ``cau`` decision with OpenSpiel's ``python_team_dominoes``.

The target (see ``benchmarks/anchor.md``): a decision of 4-player ``cau`` random playouts
costs at most 0.75x a decision of OpenSpiel's pure-Python ``python_team_dominoes`` random
playouts, both measured in the same run on the same machine.

Usage::

    python benchmarks/compare_anchor.py /path/to/python-with-open-spiel [--rounds 3] [--seconds 3]

The anchor is measured by ``benchmarks/anchor_step.py``, run with the OpenSpiel
interpreter; ``cau`` by ``cau-rules bench --json``, run with this interpreter.

The two measurements alternate (anchor, cau, anchor, cau, ...) so that a change in the
machine's load affects both.  Each round prints both figures and their ratio; the
verdict uses the median of the per-round ratios.  Exit status: 0 if the median ratio
meets the target, 1 if not, 2 if a measurement could not be made.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_ANCHOR = ROOT / "benchmarks" / "anchor_step.py"
ANCHOR_GAME = "python_team_dominoes"


def _last_json(command: list[str]) -> dict[str, Any]:
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}):\n{result.stderr.strip()}")
    for line in reversed(result.stdout.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            data: dict[str, Any] = json.loads(line)
            return data
    raise RuntimeError(f"{' '.join(command)} printed no JSON:\n{result.stdout}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("openspiel_python", help="a Python interpreter with the pip package open-spiel installed")
    parser.add_argument("--rounds", type=int, default=3, help="alternating measurement rounds (default 3)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement (default 3)")
    parser.add_argument("--target", type=float, default=0.75, help="the largest acceptable ratio (default 0.75)")
    parser.add_argument("--anchor-script", type=Path, default=DEFAULT_ANCHOR,
                        help=f"path of anchor_step.py (default {DEFAULT_ANCHOR})")
    parser.add_argument("--cau-python", default=sys.executable,
                        help="the interpreter with cau_rules installed (default: this one)")
    args = parser.parse_args(argv)

    if not args.anchor_script.is_file():
        print(f"error: anchor script not found: {args.anchor_script}", file=sys.stderr)
        return 2
    anchor_cmd = [args.openspiel_python, str(args.anchor_script), ANCHOR_GAME, str(args.seconds)]
    cau_cmd = [args.cau_python, "-m", "cau_rules.cli", "bench", "--variant", "cau", "--players", "4",
               "--seconds", str(args.seconds), "--json"]
    ratios: list[float] = []
    anchors: list[float] = []
    caus: list[float] = []
    try:
        for number in range(1, args.rounds + 1):
            anchor = _last_json(anchor_cmd)
            cau = _last_json(cau_cmd)
            ratio = cau["us_per_decision"] / anchor["us_per_decision"]
            anchors.append(anchor["us_per_decision"])
            caus.append(cau["us_per_decision"])
            ratios.append(ratio)
            print(f"round {number}: {ANCHOR_GAME} {anchor['us_per_decision']:.2f} us/decision "
                  f"({anchor['games']} games), cau 4p {cau['us_per_decision']:.2f} us/decision "
                  f"({cau['games']} games), ratio {ratio:.3f}", flush=True)
    except (RuntimeError, OSError, KeyError, json.JSONDecodeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    median = statistics.median(ratios)
    print(f"median {ANCHOR_GAME}: {statistics.median(anchors):.2f} us/decision; "
          f"median cau 4p: {statistics.median(caus):.2f} us/decision")
    print(f"ratio of the fastest rounds (least disturbed by other load): {min(caus) / min(anchors):.3f}")
    verdict = "meets" if median <= args.target else "MISSES"
    print(f"ratio (median of rounds): {median:.3f} -> {verdict} the target of {args.target:.2f}")
    return 0 if median <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
