#!/usr/bin/env bash
# smoke.sh checks the desktop app under Xvfb, driven by the harness binary (`lectern-tour smoke`,
# built from ui/internal/tour/cmd/lectern-tour: the app of lectern plus the smoke driver): with an
# empty data folder it starts demo mode, shows the main window with the demo workspaces (the driver
# prints "smoke: ok ..." and asks for a screen grab, checked not to be blank), and exits cleanly
# with status 0 within the time limit.
#
#   scripts/smoke.sh [path/to/lectern-tour]   (default bin/lectern-tour, `make smoke` builds it;
#                                             needs Xvfb and ImageMagick)
#
# It skips (status 0) when xvfb-run is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-bin/lectern-tour}
export LANG=${LANG:-C.UTF-8}

if [ -z "${LECTERN_SMOKE_INNER:-}" ]; then
  command -v xvfb-run >/dev/null || { echo "smoke: SKIP (xvfb-run not installed)"; exit 0; }
  exec env LECTERN_SMOKE_INNER=1 timeout 180 xvfb-run -a -s "-screen 0 1280x800x24" "$0" "$BIN"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/run" && chmod 700 "$tmp/run"
coproc APP { LECTERN_HOME="$tmp/home" XDG_RUNTIME_DIR="$tmp/run" DBUS_SESSION_BUS_ADDRESS=disabled: "$BIN" smoke 2>"$tmp/err.txt"; }
pid=$APP_PID
: >"$tmp/out.txt"
while IFS= read -r line <&"${APP[0]}"; do
  echo "$line" | tee -a "$tmp/out.txt"
  if [ "$line" = "shoot smoke" ]; then
    if command -v import >/dev/null; then import -window root "$tmp/smoke.png"; fi
    echo next >&"${APP[1]}"
  fi
done
code=0
wait "$pid" || code=$?
out="$tmp/out.txt"
fail() { echo "smoke: FAIL: $*"; tail -n 20 "$tmp/err.txt"; exit 1; }
[ $code -eq 0 ] || fail "exit status $code"
grep -q '^first-frame ' "$out" || fail "no first frame reported"
grep -q '^smoke: ok ' "$out" || fail "the main window did not show the demo workspaces"
for ws in "My documents" "Finance" "Operations"; do
  grep -q "\"$ws\"" "$out" || fail "demo workspace \"$ws\" missing"
done
if [ -f "$tmp/smoke.png" ]; then
  colours=$(identify -format '%k' "$tmp/smoke.png")
  [ "$colours" -gt 50 ] || fail "the screen grab is blank ($colours colours)"
  mkdir -p bin && cp "$tmp/smoke.png" bin/smoke.png
fi
echo "smoke: PASS"
