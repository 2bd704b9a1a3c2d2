#!/usr/bin/env bash
# smoke.sh checks the real binary under Xvfb: with an empty data folder it starts demo mode, shows
# the main window with the demo workspaces (the app prints "smoke: ok ..." and saves a capture of
# its window), and exits cleanly with status 0 within the time limit.
#
#   scripts/smoke.sh [path/to/lectern]      (default bin/lectern; needs Xvfb, xvfb-run)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-bin/lectern}
export LANG=${LANG:-C.UTF-8}
command -v xvfb-run >/dev/null || { echo "smoke: SKIP (xvfb-run not installed)"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out="$tmp/out.txt"
set +e
LECTERN_HOME="$tmp/home" LECTERN_SMOKE=1 LECTERN_SMOKE_PNG="$tmp/smoke.png" \
  timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" "$BIN" >"$out" 2>"$tmp/err.txt"
code=$?
set -e
cat "$out"
if [ $code -ne 0 ]; then
  echo "smoke: FAIL: exit status $code"; tail -n 20 "$tmp/err.txt"; exit 1
fi
grep -q '^first-frame ' "$out" || { echo "smoke: FAIL: no first frame reported"; exit 1; }
grep -q '^smoke: ok ' "$out" || { echo "smoke: FAIL: the main window did not show the demo workspaces"; exit 1; }
for ws in "My documents" "Finance" "Operations"; do
  grep -q "\"$ws\"" "$out" || { echo "smoke: FAIL: demo workspace \"$ws\" missing"; exit 1; }
done
if command -v identify >/dev/null; then
  colours=$(identify -format '%k' "$tmp/smoke.png")
  [ "$colours" -gt 50 ] || { echo "smoke: FAIL: the window capture is blank ($colours colours)"; exit 1; }
fi
mkdir -p bin && cp "$tmp/smoke.png" bin/smoke.png
echo "smoke: PASS (window capture in bin/smoke.png)"
