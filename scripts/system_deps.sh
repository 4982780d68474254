#!/usr/bin/env bash
# The first step of `make test`: the Debian packages the tests need (scripts/system-packages.txt),
# installed when any is missing. As root with apt-get; otherwise through `sudo -n` where that works
# without a password; otherwise it stops at once with one line naming the command to run.
#   bash scripts/system_deps.sh [PACKAGE-LIST]
set -euo pipefail
list=${1:-"$(dirname "$0")/system-packages.txt"}
packages=()
while read -r name _; do
    [[ -z $name || $name == \#* ]] || packages+=("$name")
done <"$list"
if ! command -v dpkg-query >/dev/null; then
    echo "make test: not a Debian machine (no dpkg-query); install the equivalents of: ${packages[*]}" >&2
    exit 1
fi
missing=()
for name in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$name" 2>/dev/null || true)
    [[ $status == *" installed" ]] || missing+=("$name")
done
((${#missing[@]})) || exit 0
if [ "$(id -u)" = 0 ]; then
    as_root=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
else
    echo "make test needs Debian packages it cannot install without root; run: sudo sh -c 'apt-get update && apt-get install -y ${missing[*]}'" >&2
    exit 1
fi
echo "make test: installing the Debian packages the tests need: ${missing[*]}"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
