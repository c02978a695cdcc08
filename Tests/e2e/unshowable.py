"""No control character a page cannot show, and no bidi control outside an isolate, in any text file of a site.

    python3 unshowable.py SITE

C0 controls (but tab, newline, carriage return and form feed), DEL and C1 controls anywhere are findings; so is an
embedding or override (U+202A–U+202E) outside an isolate (LRI, RLI or FSI … PDI) that keeps it to its own text.
Exits 1 with the first ten findings."""

import os
import re
import sys


CONTROLS = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


def findings(site):
    bad = []
    for folder, _, files in os.walk(site):
        for name in sorted(files):
            if not name.endswith((".html", ".js", ".json", ".xml", ".txt", ".webmanifest")):
                continue
            path = os.path.join(folder, name)
            text = open(path, encoding="utf-8").read()
            bad += [f"{path}: U+{ord(m.group()):04X} at {m.start()}" for m in CONTROLS.finditer(text)]
            depth = 0
            for m in BIDI.finditer(text):
                code = ord(m.group())
                if 0x2066 <= code <= 0x2068:  # LRI, RLI, FSI
                    depth += 1
                elif code == 0x2069:
                    depth = max(0, depth - 1)
                elif depth == 0:
                    bad.append(f"{path}: U+{code:04X} outside an isolate at {m.start()}")
    return bad


if __name__ == "__main__":
    found = findings(sys.argv[1])
    print(f"{len(found)} control or unisolated bidi characters", *found[:10], sep="\n")
    sys.exit(1 if found else 0)
