#!/usr/bin/env python3
"""Ratios from Google Benchmark JSON (bench/hoyito_benchmarks --benchmark_format=json).

  bench-compare.py RUN.json            engine speed-up over the model, per benchmark
  bench-compare.py BEFORE.json AFTER.json   AFTER's speed-up over BEFORE, per benchmark

Ratios are of CPU time per iteration measured within each run, so that one noisy machine
compares with itself; a ratio above 1 means the second (engine / AFTER) is faster.
"""
import json
import sys


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"bench-compare: {path}: {e}")
    runs = {}
    for b in data.get("benchmarks", []):
        if b.get("run_type", "iteration") != "iteration":
            continue  # aggregates (mean, median) of --benchmark_repetitions
        runs[b["name"]] = b
    if not runs:
        sys.exit(f"bench-compare: {path}: no benchmarks in the file")
    return runs


def per_second(b):
    return b.get("items_per_second")


def main(argv):
    if len(argv) == 2:
        runs = load(argv[1])
        print(f"{'benchmark':50} {'model/s':>14} {'engine/s':>14} {'engine/model':>13}")
        for name, b in runs.items():
            if not name.endswith("/engine"):
                continue
            model = runs.get(name[: -len("engine")] + "model")
            if model is None:
                continue
            ratio = model["cpu_time"] / b["cpu_time"]
            print(f"{name[: -len('/engine')]:50} {per_second(model) or 0:14.4g} {per_second(b) or 0:14.4g} {ratio:13.2f}")
        return 0
    if len(argv) == 3:
        before, after = load(argv[1]), load(argv[2])
        print(f"{'benchmark':56} {'before':>12} {'after':>12} {'speed-up':>9}")
        for name, a in after.items():
            b = before.get(name)
            if b is None:
                continue
            print(f"{name:56} {b['cpu_time']:12.4g} {a['cpu_time']:12.4g} {b['cpu_time'] / a['cpu_time']:9.2f}")
        return 0
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
