#!/usr/bin/env bash
# Benchmark every registered variant at every allowed player count, 3 seconds each,
# one JSON object per line.  Extra arguments are passed on (e.g. --seconds 1, --seed 5).
set -euo pipefail
if command -v cau-rules >/dev/null 2>&1; then
    exec cau-rules bench --variant all --seconds 3 --json "$@"
else
    exec "${PYTHON:-python3}" -m cau_rules.cli bench --variant all --seconds 3 --json "$@"
fi
