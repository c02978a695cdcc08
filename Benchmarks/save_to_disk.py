#!/usr/bin/env python3
"""Times `pokedex serve` from saving a template to its new bytes on disk: appends a marked comment to TEMPLATE, EDITS
times (one second apart), each time until PAGE holds the mark; restores the template. Prints the times and their
median; with OUT_JSON, writes them as hyperfine's --export-json does (results[0].median, .times).

    save_to_disk.py TEMPLATE PAGE EDITS [OUT_JSON]
"""
import json
import statistics
import sys
import time

template, page, edits = sys.argv[1], sys.argv[2], int(sys.argv[3])
out = sys.argv[4] if len(sys.argv) > 4 else None
original = open(template).read()
times = []
try:
    for i in range(edits):
        mark = "<!-- edit %d %.6f -->" % (i, time.time())
        with open(template, "w") as f:
            f.write(original + mark + "\n")
        start = time.monotonic()
        while mark not in open(page).read():
            if time.monotonic() - start > 60:
                sys.exit(f"{page} never got the edit")
            time.sleep(0.002)
        times.append(time.monotonic() - start)
        time.sleep(1)
finally:
    open(template, "w").write(original)
print("\nsave %s to its new bytes in %s, %d saves: %s s; median %.3f s (target <= 0.30 s)"
      % (template, page, edits, ", ".join("%.3f" % t for t in times), statistics.median(times)))
if out:
    json.dump({"results": [{"median": statistics.median(times), "times": times}]}, open(out, "w"))
