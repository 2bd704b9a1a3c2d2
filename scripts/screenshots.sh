#!/usr/bin/env bash
# screenshots.sh runs the desktop app under Xvfb, driven through the screenshot tour by the harness
# binary (`lectern-tour screenshots`, built from ui/internal/tour/cmd/lectern-tour), and writes the
# PNGs of docs/screenshots/ (the README shows them).
#
#   scripts/screenshots.sh [path/to/lectern-tour] [output folder]
#       (defaults: bin/lectern-tour, which `make screenshots` builds, and docs/screenshots)
#
# The app drives itself through the tour (ui/internal/tour/tour.go, steps): first run,
# the demo's workspace browser, a website import, model chats (an answer to an image, the tier
# picker, a function call, a JSON answer, the context meter, a web search card, a workspace
# consulted with its sources and a call asking consent), a 10,000-document workspace with a filter typed,
# the assistant with its files, Settings (its top and its end), the command palette, the documents panel at 640×480, the
# keyboard's focus in both themes, the main window at Fyne's scale 1.5 (in the screen's 1100×700
# pixels; the tour fails if a text of it is clipped) and in the high-contrast theme, the dark
# theme, and the offline state. Before each stop it prints "shoot <name>" and
# waits; this script then grabs the screen (ImageMagick's import) and answers with a line on the
# app's stdin. The data folder is a fresh temporary one, so the tour starts at the first-run page;
# the session bus is switched off so that the tour's keys never reach a real keychain.
# Needs Xvfb (xvfb-run) and ImageMagick.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-bin/lectern-tour}
OUT=${2:-docs/screenshots}
export LANG=${LANG:-C.UTF-8}

if [ -z "${LECTERN_TOUR_INNER:-}" ]; then
  for tool in xvfb-run import; do
    command -v "$tool" >/dev/null || { echo "screenshots: $tool is missing (apt-get install xvfb imagemagick)"; exit 1; }
  done
  # The screen is the window's size, so that each grab is the window and nothing else.
  exec env LECTERN_TOUR_INNER=1 xvfb-run -a -s "-screen 0 1100x700x24" "$0" "$BIN" "$OUT"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$OUT" "$tmp/run"
chmod 700 "$tmp/run"
coproc APP { LECTERN_HOME="$tmp/home" XDG_RUNTIME_DIR="$tmp/run" DBUS_SESSION_BUS_ADDRESS=disabled: "$BIN" screenshots 2>"$tmp/err.txt"; }
pid=$APP_PID
fail=0
while IFS= read -r line <&"${APP[0]}"; do
  case "$line" in
    "shoot "*)
      name=${line#shoot }; window=root
      if [[ "$name" == *"|"* ]]; then window=${name#*|}; name=${name%%|*}; fi
      import -window "$window" "$OUT/$name.png"
      echo "screenshots: $OUT/$name.png"
      echo next >&"${APP[1]}" ;;
    "tour: FAIL"*) echo "$line"; fail=1 ;;
  esac
done
wait "$pid" || fail=1
if [ $fail -ne 0 ]; then
  echo "screenshots: FAILED"; tail -n 20 "$tmp/err.txt"; exit 1
fi
