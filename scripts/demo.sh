#!/usr/bin/env bash
# make demo: the main job on the bundled examples. $1 is the pbmkit executable.
set -euo pipefail
PBMKIT=${1:-pbmkit}
echo "== Batalo: the starting board and White's opening moves =="
"$PBMKIT" board
