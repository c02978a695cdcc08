#!/usr/bin/env python3
"""Times commands in alternation, round after round, so that a disk's slow moments (ext4 after an `rm -rf`,
its journal, the host's own load) fall on every command alike rather than on whichever ran then.

    alternate.py RUNS OUT_DIR NAME PREPARE COMMAND [NAME PREPARE COMMAND ...]

Each round runs, for every command in turn, its PREPARE, `sync`, then its COMMAND (timed, wall clock); one untimed
warm-up round first. The `sync` leaves no run the writeback of the one before: without it, each tool paid for the
other's pages being written out (pokedex, one language, new folder: 2.2 s after a `sync`, 2.8 s right after Hugo had
written its 100 MB). Writes OUT_DIR/NAME.json as hyperfine's --export-json does (results[0].median, .times).
"""
import json
import statistics
import subprocess
import sys
import time

runs, out = int(sys.argv[1]), sys.argv[2]
triples = [sys.argv[i:i + 3] for i in range(3, len(sys.argv), 3)]
times = {name: [] for name, _, _ in triples}
for round_ in range(runs + 1):
    for name, prepare, command in triples:
        subprocess.run(prepare, shell=True, check=True)
        subprocess.run(["sync"], check=True)
        started = time.perf_counter()
        subprocess.run(command, shell=True, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if round_ > 0:
            times[name].append(time.perf_counter() - started)
for name, values in times.items():
    with open(f"{out}/{name}.json", "w") as file:
        json.dump({"results": [{"command": name, "median": statistics.median(values), "times": values}]}, file)
