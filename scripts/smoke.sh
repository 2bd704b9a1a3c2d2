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
# With --window it checks a plain lectern instead (make package-check: the one installed from the
# Linux package, and Lectern.exe under wine, which have no smoke driver): started with an empty
# data folder, its window "Lectern" shows (xdotool finds it mapped) and the screen grab is not
# blank; then it is stopped.
#
#   scripts/smoke.sh --window path/to/lectern      (needs Xvfb, xdotool and ImageMagick)
#   scripts/smoke.sh --window wine dist/Lectern.exe
#
# It skips (status 0) when xvfb-run is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=()
if [ "${1:-}" = --window ]; then mode=(--window); shift; fi
BIN=${1:-bin/lectern-tour}
args=("${@:2}") # the program's arguments after BIN (--window wine Lectern.exe)
export LANG=${LANG:-C.UTF-8}

if [ -z "${LECTERN_SMOKE_INNER:-}" ]; then
  command -v xvfb-run >/dev/null || { echo "smoke: SKIP (xvfb-run not installed)"; exit 0; }
  exec env LECTERN_SMOKE_INNER=1 timeout 180 xvfb-run -a -s "-screen 0 1280x800x24" "$0" "${mode[@]}" "$BIN" "${args[@]}"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/run" && chmod 700 "$tmp/run"
# fail says why and shows the end of the app's standard error, or its goroutines when it was
# stopped for not exiting (SIGQUIT makes Go print them).
fail() {
  echo "smoke: FAIL: $*"
  cat "$tmp/stuck.txt" 2>/dev/null || true
  if grep -q '^goroutine ' "$tmp/err.txt"; then sed -n '/^goroutine /,$p' "$tmp/err.txt" | head -n 200; else tail -n 20 "$tmp/err.txt"; fi
  exit 1
}

# not_blank checks the screen grab $1 (more than 50 colours) and keeps a copy as bin/smoke.png.
not_blank() {
  local colours
  colours=$(identify -format '%k' "$1")
  [ "$colours" -gt 50 ] || fail "the screen grab is blank ($colours colours)"
  mkdir -p bin && cp "$1" bin/smoke.png
}

if [ ${#mode[@]} -gt 0 ]; then
  LECTERN_HOME="$tmp/home" XDG_RUNTIME_DIR="$tmp/run" DBUS_SESSION_BUS_ADDRESS=disabled: "$BIN" "${args[@]}" 2>"$tmp/err.txt" &
  pid=$!
  win=$(timeout 60 xdotool search --sync --onlyvisible --name '^Lectern$' | tail -n 1) ||
    fail "no window named Lectern within 60 s"
  sleep 3 # the first frame is drawn after the window maps
  import -window root "$tmp/smoke.png"
  not_blank "$tmp/smoke.png"
  kill -0 "$pid" 2>/dev/null || fail "$BIN stopped after showing its window"
  kill "$pid" && wait "$pid" || true
  echo "smoke: PASS (window $win of $BIN${args[*]:+ ${args[*]}})"
  exit 0
fi

coproc APP { LECTERN_HOME="$tmp/home" XDG_RUNTIME_DIR="$tmp/run" DBUS_SESSION_BUS_ADDRESS=disabled: exec "$BIN" smoke 2>"$tmp/err.txt"; }
pid=$APP_PID
stuck_after=${LECTERN_SMOKE_STUCK_AFTER:-30} # seconds (the app exits within 2 s of quitting)
: >"$tmp/out.txt"
while IFS= read -r line <&"${APP[0]}"; do
  echo "$line" | tee -a "$tmp/out.txt"
  if [ "$line" = "shoot smoke" ]; then
    if command -v import >/dev/null; then timeout 30 import -window root "$tmp/smoke.png" || echo "smoke: the screen grab failed"; fi
    echo next >&"${APP[1]}"
    # the app quits after the shot: one still there $stuck_after s later is stuck, and shows its goroutines
    # (its output goes to a file: a sleep left behind must not hold the script's output open)
    (sleep "$stuck_after" && kill -QUIT "$pid" && echo "it was still running $stuck_after s after quitting") >"$tmp/stuck.txt" 2>&1 &
    watchdog=$!
  fi
done
code=0
wait "$pid" || code=$?
if [ -n "${watchdog:-}" ]; then kill "$watchdog" 2>/dev/null || true; fi
out="$tmp/out.txt"
[ $code -eq 0 ] || fail "exit status $code"
grep -q '^first-frame ' "$out" || fail "no first frame reported"
grep -q '^smoke: ok ' "$out" || fail "the main window did not show the demo workspaces"
for ws in "My documents" "Finance" "Operations"; do
  grep -q "\"$ws\"" "$out" || fail "demo workspace \"$ws\" missing"
done
if [ -f "$tmp/smoke.png" ]; then not_blank "$tmp/smoke.png"; fi
echo "smoke: PASS"
