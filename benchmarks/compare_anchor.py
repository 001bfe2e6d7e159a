"""Measure every preset and player count beside OpenSpiel anchors, in one run, and write
``docs/performance.md`` with its plot.

Usage (from the repository root, with ``cau_rules`` installed in this interpreter)::

    python benchmarks/compare_anchor.py [OPENSPIEL_PYTHON] [--rounds 3] [--seconds 2]
                                       [--json results.json] [--docs] [--extras]
                                       [--ismcts-baseline CHECKOUT]

``OPENSPIEL_PYTHON`` is an interpreter with the pip package ``open-spiel`` (default: this
one; the ``dev`` extra installs it).  Each round measures, one after the other:

1. the anchors, each by ``benchmarks/anchor_step.py GAME SECONDS`` in the OpenSpiel
   interpreter: OpenSpiel's C++ ``hearts`` and its pure-Python ``python_kuhn_poker`` and
   ``python_team_dominoes`` (random playouts, chance outcomes applied, all the time divided
   by the player decisions);
2. every registered preset at every player count it allows, each by
   ``python -m cau_rules.cli bench --variant NAME --players N --seconds SECONDS --json`` in
   a fresh ``cau_rules`` interpreter (random playouts, ``new_game`` included, the same
   measure; a fresh interpreter as for each anchor, so no preset pays for the caches and
   garbage-collector work that the presets before it left).

The rounds alternate anchors and presets so that a change of machine load touches both.
Ratios are taken within a round and the verdicts use the median of the rounds' ratios:

- ``cau`` with 4 players at most 2.5x ``hearts`` per decision;
- every capture preset at every player count, and ``cau-quatre``, at most 1.5x ``cau`` with
  4 players;
- ``cacho`` with 2 and 4 players at most 1.0x ``python_kuhn_poker``.

``--json PATH`` writes every measurement; ``--docs`` writes ``docs/performance.md`` and the
plot ``docs/images/performance.svg`` (needs matplotlib: ``pip install -e ".[bench]"``);
``--extras`` also runs ``benchmarks/engine_extras.py`` (memory per state, IS-MCTS speed)
and puts its figures on the page; ``--ismcts-baseline CHECKOUT`` measures IS-MCTS speed with
an older source checkout (``git worktree add /tmp/old COMMIT``) on ``PYTHONPATH`` too,
alternating with this one, and puts the ratio on the page.  ``--from-json PATH`` rewrites the page from a saved run
without measuring.  Exit status: 0 if every goal holds, 1 if one does not, 2 if a
measurement failed.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ANCHOR_SCRIPT = ROOT / "benchmarks" / "anchor_step.py"
EXTRAS_SCRIPT = ROOT / "benchmarks" / "engine_extras.py"
DOCS_PAGE = ROOT / "docs" / "performance.md"
PLOT = ROOT / "docs" / "images" / "performance.svg"
ANCHORS = ("hearts", "python_kuhn_poker", "python_team_dominoes")
ANCHOR_LABELS = {
    "hearts": "OpenSpiel C++ hearts",
    "python_kuhn_poker": "OpenSpiel Python kuhn poker",
    "python_team_dominoes": "OpenSpiel Python team dominoes",
}
BASE = ("cau", 4)
CAPTURE_LIMIT = 1.5
HEARTS_LIMIT = 2.5
KUHN_LIMIT = 1.0


def _last_json(command: list[str], env: dict[str, str] | None = None) -> Any:
    result = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT, env=env)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}):\n{result.stderr.strip()}")
    lines = [line for line in result.stdout.splitlines() if line.strip().startswith("{")]
    if not lines:
        raise RuntimeError(f"{' '.join(command)} printed no JSON:\n{result.stdout}")
    return [json.loads(line) for line in lines]


_LIST_CASES = (
    "import json\n"
    "from cau_rules.cli.screens import allowed_players\n"
    "from cau_rules.registry import get_rules, variants\n"
    "print(json.dumps({'cases': [(name, players) for name in variants()\n"
    "                            for players in allowed_players(get_rules(name))]}))\n"
)
"""Prints every preset and player count, as ``cau-rules bench --variant all`` plays them."""


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Alternating rounds of anchors and presets; every figure, as a dict."""
    rounds: list[dict[str, Any]] = []
    (listing,) = _last_json([args.cau_python, "-c", _LIST_CASES])
    cases = [(variant, players) for variant, players in listing["cases"]]
    for number in range(1, args.rounds + 1):
        anchors = {}
        for game in ANCHORS:
            (anchor,) = _last_json([args.openspiel_python, str(ANCHOR_SCRIPT), game, str(args.seconds)])
            anchors[game] = anchor["us_per_decision"]
            print(f"round {number}: {game} {anchor['us_per_decision']:.2f} us/decision", flush=True)
        presets = {}
        for variant, players in cases:
            # each in a fresh interpreter, like each anchor: caches and collector state left by
            # the presets measured before it would otherwise weigh on the later ones
            command = [args.cau_python, "-m", "cau_rules.cli", "bench", "--variant", variant,
                       "--players", str(players), "--seconds", str(args.seconds), "--json"]
            (row,) = _last_json(command)
            presets[f"{row['variant']}:{row['players']}"] = row["us_per_decision"]
        base = presets[f"{BASE[0]}:{BASE[1]}"]
        print(f"round {number}: {len(presets)} presets measured; cau 4p {base:.2f} us/decision, "
              f"{base / anchors['hearts']:.2f}x hearts", flush=True)
        rounds.append({"anchors": anchors, "presets": presets})
    result: dict[str, Any] = {
        "rounds": rounds,
        "seconds": args.seconds,
        "machine": _machine(args),
        "command": " ".join(["python", "benchmarks/compare_anchor.py", *sys.argv[1:]]),
    }
    if args.extras:
        (result["extras"],) = _last_json([args.cau_python, str(EXTRAS_SCRIPT)])
    if args.ismcts_baseline is not None:
        # the same IS-MCTS measure against an older checkout of the package, in this run
        baseline = Path(args.ismcts_baseline).resolve()
        commit = subprocess.run(["git", "-C", str(baseline), "rev-parse", "--short", "HEAD"],
                                capture_output=True, text=True, check=False).stdout.strip()
        env = {**os.environ, "PYTHONPATH": str(baseline)}
        runs = []
        for _ in range(2):  # alternate: baseline, current, baseline, current
            (old,) = _last_json([args.cau_python, str(EXTRAS_SCRIPT), "--ismcts-only"], env=env)
            (new,) = _last_json([args.cau_python, str(EXTRAS_SCRIPT), "--ismcts-only"])
            runs.append((old["ismcts"]["iterations_per_cpu_s"], new["ismcts"]["iterations_per_cpu_s"]))
        result["ismcts_baseline"] = {"commit": commit or str(baseline), "runs": runs}
    return result


def _machine(args: argparse.Namespace) -> dict[str, Any]:
    def version(python: str, module: str) -> str:
        code = f"import importlib.metadata as m; print(m.version({module!r}))"
        done = subprocess.run([python, "-c", code], capture_output=True, text=True, check=False)
        return done.stdout.strip() or "?"

    try:
        load = "{:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    except OSError:  # pragma: no cover - not on every system
        load = "?"
    return {
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "open_spiel": version(args.openspiel_python, "open-spiel"),
        "cau_rules": version(args.cau_python, "cau_rules"),
        "load_average_at_start": load,
        "date": datetime.date.today().isoformat(),
    }


def summarise(result: dict[str, Any]) -> dict[str, Any]:
    """Medians of the figures and of the per-round ratios, and the goals' verdicts."""
    rounds = result["rounds"]
    keys = list(rounds[0]["presets"])
    base_key = f"{BASE[0]}:{BASE[1]}"

    def median(values: list[float]) -> float:
        return statistics.median(values)

    anchors = {game: median([r["anchors"][game] for r in rounds]) for game in ANCHORS}
    presets: dict[str, dict[str, Any]] = {}
    for key in keys:
        presets[key] = {
            "us_per_decision": median([r["presets"][key] for r in rounds]),
            "vs_cau4": median([r["presets"][key] / r["presets"][base_key] for r in rounds]),
            "vs_hearts": median([r["presets"][key] / r["anchors"]["hearts"] for r in rounds]),
            "vs_kuhn": median([r["presets"][key] / r["anchors"]["python_kuhn_poker"] for r in rounds]),
            "spread": [min(r["presets"][key] for r in rounds), max(r["presets"][key] for r in rounds)],
        }
    goals: list[dict[str, Any]] = [{
        "goal": f"cau 4 players <= {HEARTS_LIMIT}x hearts",
        "ratio": presets[base_key]["vs_hearts"], "limit": HEARTS_LIMIT,
    }]
    worst = max((k for k in keys if not k.startswith("cacho:") and k != base_key),
                key=lambda k: presets[k]["vs_cau4"])
    goals.append({
        "goal": f"every capture preset and cau-quatre <= {CAPTURE_LIMIT}x cau 4 players (worst: {worst})",
        "ratio": presets[worst]["vs_cau4"], "limit": CAPTURE_LIMIT,
    })
    for players in (2, 4):
        key = f"cacho:{players}"
        goals.append({
            "goal": f"cacho {players} players <= {KUHN_LIMIT}x python_kuhn_poker",
            "ratio": presets[key]["vs_kuhn"], "limit": KUHN_LIMIT,
        })
    for goal in goals:
        goal["holds"] = goal["ratio"] <= goal["limit"]
    return {"anchors": anchors, "presets": presets, "goals": goals}


def _split(key: str) -> tuple[str, int]:
    variant, players = key.rsplit(":", 1)
    return variant, int(players)


def plot(result: dict[str, Any], summary: dict[str, Any], path: Path) -> None:
    """Cost per decision against the player count, one line per preset (40-card decks
    dashed), the anchors as horizontal lines."""
    # the bench extra: without it (as in CI's dev environment) mypy sees no matplotlib
    import matplotlib  # type: ignore[import-not-found, unused-ignore]

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]

    plt.rcParams["svg.hashsalt"] = "cau_rules-performance"
    plt.rcParams["svg.fonttype"] = "none"
    figure, axis = plt.subplots(figsize=(8, 4.8))
    by_variant: dict[str, list[tuple[int, float]]] = {}
    for key, figures in summary["presets"].items():
        variant, players = _split(key)
        by_variant.setdefault(variant, []).append((players, figures["us_per_decision"]))
    for variant, points in sorted(by_variant.items()):
        points.sort()
        style = "--" if "40" in variant else "-"
        axis.plot([p for p, _ in points], [u for _, u in points], style, marker="o", label=variant)
    for game, colour in zip(ANCHORS, ("black", "grey", "silver"), strict=True):
        axis.axhline(summary["anchors"][game], color=colour, linestyle=":", linewidth=1.2)
        axis.annotate(ANCHOR_LABELS[game], (8, summary["anchors"][game]), fontsize=8,
                      ha="right", va="bottom", color="dimgrey")
    axis.set_xlabel("players")
    axis.set_ylabel("µs per decision (median of rounds)")
    axis.set_title("Random playouts, dealing included (dashed: 40-card decks)")
    axis.set_ylim(bottom=0)
    axis.grid(alpha=0.3)
    axis.legend(fontsize=8, ncol=2, loc="upper left")
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, format="svg", metadata={"Date": None})
    plt.close(figure)


def page(result: dict[str, Any], summary: dict[str, Any]) -> str:
    """The text of ``docs/performance.md``."""
    machine = result["machine"]
    rounds = result["rounds"]
    lines = [
        "# Performance",
        "",
        "How much one player's move costs in uniformly random playouts, dealing included, for",
        "every preset and player count, measured in the same run beside OpenSpiel games.  The",
        "page is written by `benchmarks/compare_anchor.py`; the figures below are from one run",
        "and are only comparable within it.",
        "",
        "## How it was measured",
        "",
        "```sh",
        'pip install -e ".[bench]"        # open-spiel and matplotlib',
        f"{result['command']}",
        "```",
        "",
        f"- Machine: {machine['platform']}, {machine['processor']}, {machine['cpus']} CPUs "
        f"(load average {machine['load_average_at_start']} at the start).",
        f"- Python {machine['python']}, cau_rules {machine['cau_rules']}, open-spiel {machine['open_spiel']}, "
        f"{machine['date']}.",
        f"- {len(rounds)} rounds of {result['seconds']} s per measurement.  Each round measures the anchors, "
        "then every preset, each in a fresh interpreter as each anchor is (`cau-rules bench --variant NAME "
        "--players N --json`); each figure below is the median of the rounds and each ratio the median of the "
        "rounds' ratios.",
        "- A decision is one `apply` of a move chosen uniformly among `legal_moves()`; the time of `new_game`, "
        "later deals, automatic calls and scoring is spread over the decisions.  The anchors are measured the "
        "same way by `benchmarks/anchor_step.py`: chance outcomes (the deal) are applied and timed, and only "
        "player decisions are counted.",
        "",
        "## Goals",
        "",
        "| goal | ratio (median of rounds) | limit | holds |",
        "|---|---:|---:|---|",
    ]
    for goal in summary["goals"]:
        lines.append(f"| {goal['goal']} | {goal['ratio']:.2f} | {goal['limit']:.1f} | "
                     f"{'yes' if goal['holds'] else '**no**'} |")
    lines += [
        "",
        "## Anchors",
        "",
        "| anchor | µs per decision |",
        "|---|---:|",
    ]
    for game in ANCHORS:
        lines.append(f"| {ANCHOR_LABELS[game]} (`{game}`) | {summary['anchors'][game]:.2f} |")
    lines += [
        "",
        "## Every preset and player count",
        "",
        "| preset | players | µs per decision | range over rounds | × `cau` 4p | × hearts | × kuhn poker |",
        "|---|---:|---:|---|---:|---:|---:|",
    ]
    for key, figures in sorted(summary["presets"].items(), key=lambda item: _split(item[0])):
        variant, players = _split(key)
        low, high = figures["spread"]
        lines.append(f"| `{variant}` | {players} | {figures['us_per_decision']:.2f} | {low:.1f}–{high:.1f} | "
                     f"{figures['vs_cau4']:.2f} | {figures['vs_hearts']:.2f} | {figures['vs_kuhn']:.2f} |")
    lines += [
        "",
        "![µs per decision by player count, per preset, with the anchors](images/performance.svg)",
        "",
        "How cost grows:",
        "",
        "- **With players.**  A capture game's decision costs about the same with 2, 3 or 4 players: "
        "each decision looks at one holding and the table, and the deal is spread over more "
        "decisions.  Open piles (`cau-robat`) add the piles' tops to the run search, so their cost "
        "rises a little with the number of piles.  Cacho's hands are short (a few decisions), so "
        "the shuffle and deal weigh more per decision with fewer players.",
        "- **With deck size.**  The 40-card presets (`cau-40`, `cau-robat-40`, dashed) deal the "
        "whole deck at once: holdings of up to 20 cards, so more legal moves to generate per "
        "decision than the 3-card packets of the 48-card presets.",
    ]
    extras = result.get("extras")
    if extras:
        ismcts = extras["ismcts"]
        lines += [
            "",
            "## IS-MCTS",
            "",
            f"`ISMCTSBot(iterations={ismcts['iterations']})` against `RandomBot` in {ismcts['players']}-player "
            f"`{ismcts['variant']}` ({ismcts['games']} games, `benchmarks/engine_extras.py`):",
            "",
            "| measure | value |",
            "|---|---:|",
            f"| iterations per CPU second | {ismcts['iterations_per_cpu_s']:.0f} |",
            f"| iterations per wall-clock second | {ismcts['iterations_per_s']:.0f} |",
            f"| `InfoState.update_view` (one per view received), µs | {ismcts['update_view_us']:.1f} |",
            f"| `InfoState.resample` (one per iteration), µs | {ismcts['resample_us']:.1f} |",
        ]
        baseline = result.get("ismcts_baseline")
        if baseline:
            ratios = [new / old for old, new in baseline["runs"]]
            pairs = ", ".join(f"{old:.0f} → {new:.0f}" for old, new in baseline["runs"])
            lines += [
                "",
                f"Against the code of commit `{baseline['commit']}` in the same run (`--ismcts-baseline`), "
                f"iterations per CPU second, alternating: {pairs}; "
                f"**{statistics.median(ratios):.2f}x** (goal: at least 2x).",
            ]
        lines += [
            "",
            "## Memory per state",
            "",
            "Bytes held per state when every state of seeded random games is kept "
            "(`tracemalloc`, after a warm-up game), with what the state's zone tuples take in all and "
            "the part of them not shared with the previous state:",
            "",
            "| preset | players | bytes held per state | zone bytes per state | of which new |",
            "|---|---:|---:|---:|---:|",
        ]
        for case in extras["memory"]:
            lines.append(f"| `{case['variant']}` | {case['players']} | {case['bytes_per_state']} | "
                         f"{case['zone_bytes_per_state']} | {case['new_zone_bytes_per_state']} |")
        floor = extras.get("floor")
        if floor:
            hearts_budget = HEARTS_LIMIT * summary["anchors"]["hearts"]
            lines += [
                "",
                "## What every decision pays",
                "",
                "Costs no rules code can avoid in pure Python with immutable states, in CPU µs per call "
                "(`benchmarks/engine_extras.py`, same run):",
                "",
                "| cost | µs |",
                "|---|---:|",
                f"| building one capture-family state (24 fields, a trail built directly) | "
                f"{floor['capture_state_build_us']:.2f} |",
                f"| building one Cacho state from its work copy (18 fields) | {floor['cacho_state_build_us']:.2f} |",
                f"| `random.Random` seeded with a string (every deal, D-DEAL-1) | {floor['string_seeded_random_us']:.2f} |",
                f"| that and the shuffle of the 24 Cacho cards | {floor['cacho_deck_from_seed_us']:.2f} |",
                f"| that and the shuffle of the 48 cards | {floor['spanish_48_deck_from_seed_us']:.2f} |",
                "",
                f"The capture goal allows {hearts_budget:.1f} µs per decision (2.5x hearts in this run); each "
                "decision builds a new state, and most also generate the next moves and build an event.  A "
                "Cacho session has about four decisions and deals at least one hand, so its seeded deal "
                "alone weighs about a quarter of its deck-from-seed figure on every decision.  Dealing "
                "from the seed is a rule of the library (the same seed gives the same game on every "
                "machine), so that cost stays.",
            ]
    lines += [
        "",
        "## Reading the numbers",
        "",
        "- Timings are wall-clock and single-core; on a shared machine a single measurement can "
        "move by a factor of 2.  The rounds alternate and the verdicts use medians for that; "
        "run with more rounds (`--rounds 5 --seconds 3`) on a quiet machine before relying on a "
        "ratio near its limit.",
        "- Never compare a figure with one from another run or machine: the ratios are the result.",
        "- To tell whether a change to the engine does less work, count instructions instead: "
        "`python benchmarks/instructions.py --checkout OLD --checkout NEW` plays the same seeded "
        "games under Valgrind and gives the same count, to the instruction, on every run.",
        "- CI does not run this benchmark; `--from-json` rewrites this page from a saved run.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("openspiel_python", nargs="?", default=sys.executable,
                        help="a Python interpreter with open-spiel installed (default: this one)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement (default 2)")
    parser.add_argument("--cau-python", default=sys.executable,
                        help="the interpreter with cau_rules installed (default: this one)")
    parser.add_argument("--json", type=Path, help="write every measurement to this file")
    parser.add_argument("--from-json", type=Path, help="summarise a saved run instead of measuring")
    parser.add_argument("--docs", action="store_true", help="write docs/performance.md and its plot")
    parser.add_argument("--extras", action="store_true",
                        help="also measure memory per state and IS-MCTS speed (benchmarks/engine_extras.py)")
    parser.add_argument("--ismcts-baseline", metavar="CHECKOUT",
                        help="also measure IS-MCTS speed with an older source checkout of the package "
                             "(e.g. a git worktree) first on PYTHONPATH, alternating with this one")
    args = parser.parse_args(argv)

    try:
        result = json.loads(args.from_json.read_text(encoding="utf-8")) if args.from_json else measure(args)
    except (RuntimeError, OSError, KeyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    summary = summarise(result)
    result["summary"] = summary
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print("anchors: " + ", ".join(f"{game} {us:.2f} us" for game, us in summary["anchors"].items()))
    for goal in summary["goals"]:
        print(f"{goal['goal']}: {goal['ratio']:.2f} -> {'holds' if goal['holds'] else 'MISSED'}")
    if args.docs:
        plot(result, summary, PLOT)
        DOCS_PAGE.write_text(page(result, summary), encoding="utf-8")
        print(f"wrote {DOCS_PAGE.relative_to(ROOT)} and {PLOT.relative_to(ROOT)}")
    return 0 if all(goal["holds"] for goal in summary["goals"]) else 1


if __name__ == "__main__":
    sys.exit(main())
