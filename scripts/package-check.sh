#!/usr/bin/env bash
# package-check.sh checks the packages that make package wrote into dist/, as a user gets them
# (make package-check: a few minutes, run before each release; not part of make test):
#
#   1. dist/lectern-linux-amd64.tar.xz is extracted into a temporary folder and installed from there
#      as the README says (make user-install, with HOME a temporary folder); the installed lectern
#      says its version and revision, and its window shows under Xvfb (scripts/smoke.sh --window).
#   2. dist/Lectern.exe is a 64-bit Windows GUI program with the icon and version resources
#      (internal/pecheck), built with the screen-reader support (the accessibility tag).
#   3. Where wine is installed (apt-get install wine wine64), Lectern.exe runs in a temporary wine
#      prefix: --version (also typed in cmd.exe: it attaches to that console), help, the demo (its
#      cmd.exe lines give the address and key) and workspaces against it; then its window, built
#      with the screen-reader support (the accessibility tag), shows under Xvfb and keeps running
#      (scripts/smoke.sh --window).
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
export LANG=${LANG:-C.UTF-8}
version=$(sed -n 's/^ *Version = "\(.*\)"/\1/p' FyneApp.toml)
tmp=$(mktemp -d)
cleanup() {
	if [ -n "${WINEPREFIX:-}" ]; then wineserver -k 2>/dev/null || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
	echo "package-check: FAIL: $*" >&2
	exit 1
}
for f in dist/lectern-linux-amd64.tar.xz dist/Lectern.exe; do
	[ -f "$f" ] || fail "$f missing: run make package first"
done
command -v xvfb-run >/dev/null && command -v xdotool >/dev/null ||
	fail "xvfb-run or xdotool missing (apt-get install xvfb xauth xdotool imagemagick, or make package-check as root)"

# 1. The Linux package, installed for one user as the README says.
mkdir "$tmp/archive" "$tmp/home"
tar -xJf dist/lectern-linux-amd64.tar.xz -C "$tmp/archive"
HOME="$tmp/home" make -s -C "$tmp/archive" user-install
lectern=$tmp/home/.local/bin/lectern
grep -q "^Exec=$lectern %F$" "$tmp/home/.local/share/applications/io.lectern.app.desktop" ||
	fail "the installed .desktop file does not start $lectern with the files opened (%F)"
grep -q "^MimeType=application/pdf;.*image/jpeg;$" "$tmp/home/.local/share/applications/io.lectern.app.desktop" ||
	fail "the installed .desktop file does not declare the file types Lectern opens"
"$lectern" --version | tee "$tmp/version.txt"
grep -Eq "^Lectern $version \(revision [0-9a-f]{12}" "$tmp/version.txt" ||
	fail "the installed lectern does not say version $version and a revision"
scripts/smoke.sh --window "$lectern"

# 2. The Windows program's headers and resources, and Fyne's UI Automation provider, which only a
# build with the accessibility tag has (it loads uiautomationcore.dll when its window opens).
$GO run ./internal/pecheck dist/Lectern.exe "$version"
grep -aq UiaReturnRawElementProvider dist/Lectern.exe ||
	fail "Lectern.exe has no UI Automation provider: it was built without the accessibility tag"
echo "package-check: Lectern.exe carries the screen-reader support (UI Automation)"

# 3. Lectern.exe under wine.
if ! command -v wine >/dev/null; then
	echo "package-check: SKIP Lectern.exe under wine (not installed: apt-get install wine wine64)"
	echo "package-check: PASS (without wine)"
	exit 0
fi
export WINEPREFIX=$tmp/wine WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
wine wineboot --init >/dev/null 2>&1
system32=$WINEPREFIX/drive_c/windows/system32
if [ ! -f "$system32/bcryptprimitives.dll" ]; then
	# wine 8.0 has no bcryptprimitives.dll, whose ProcessPrng every Go program calls at start.
	x86_64-w64-mingw32-gcc -shared -O2 -o "$system32/bcryptprimitives.dll" scripts/wine/processprng.c
fi
exe() { timeout 120 wine dist/Lectern.exe "$@" </dev/null 2>>"$tmp/wine-err.txt"; }

exe --version | tee "$tmp/exe-version.txt"
grep -Eq "^Lectern $version \(revision [0-9a-f]{12}" "$tmp/exe-version.txt" ||
	fail "Lectern.exe does not say version $version and a revision"
# Typed in cmd.exe on a terminal, without redirection, Lectern.exe attaches to cmd's console and
# writes to it (internal/winconsole): wine's console trace shows both calls.
WINEDEBUG=trace+console timeout 120 script -qec 'wine cmd /c "dist\\Lectern.exe --version"' "$tmp/console.txt" \
	</dev/null >/dev/null 2>&1 || fail "Lectern.exe --version in cmd.exe: exit status $?"
grep -aq 'AttachConsole (ffffffff)' "$tmp/console.txt" && grep -aq "WriteConsoleW.*Lectern $version" "$tmp/console.txt" ||
	fail "Lectern.exe typed in cmd.exe did not attach to its console and write there"
echo "package-check: Lectern.exe typed in cmd.exe attaches to its console"

exe help >"$tmp/help.txt" || fail "Lectern.exe help: exit status $? $(tail -n 5 "$tmp/wine-err.txt")"
grep -q '^  workspaces ' "$tmp/help.txt" || fail "Lectern.exe help printed no command list"
echo "package-check: Lectern.exe help: $(wc -l <"$tmp/help.txt") lines"

exe demo --addr 127.0.0.1:0 >"$tmp/demo.txt" &
server="" key=""
for _ in $(seq 300); do
	server=$(sed -n 's/^ *set LECTERN_SERVER=//p' "$tmp/demo.txt" | tr -d '\r')
	key=$(sed -n 's/^ *set LECTERN_API_KEY=//p' "$tmp/demo.txt" | tr -d '\r')
	[ -n "$key" ] && grep -q 'Ctrl-C' "$tmp/demo.txt" && break
	sleep 0.2
done
[ -n "$server" ] && [ -n "$key" ] || fail "Lectern.exe demo printed no cmd.exe lines: $(cat "$tmp/demo.txt")"
grep -q '^ *\$env:LECTERN_SERVER = "' "$tmp/demo.txt" || fail "Lectern.exe demo printed no PowerShell lines"
echo "package-check: Lectern.exe demo serves $server"

LECTERN_SERVER=$server LECTERN_API_KEY=$key exe workspaces >"$tmp/workspaces.txt" ||
	fail "Lectern.exe workspaces: exit status $? $(tail -n 5 "$tmp/wine-err.txt")"
grep -q 'My documents' "$tmp/workspaces.txt" || fail "Lectern.exe workspaces did not list the demo's: $(cat "$tmp/workspaces.txt")"
echo "package-check: Lectern.exe workspaces lists $(grep -c . "$tmp/workspaces.txt") lines"

# The window: Fyne's UI Automation provider (the accessibility tag) is set up when it opens and
# raises its events as it lays out the widgets. wine 8.0's uiautomationcore.dll stops the program
# at one of them (a stub), so a do-nothing one stands in for it here (scripts/wine/uiautomationcore.c).
x86_64-w64-mingw32-gcc -shared -O2 -o "$system32/uiautomationcore.dll" scripts/wine/uiautomationcore.c
WINEDLLOVERRIDES="$WINEDLLOVERRIDES;uiautomationcore=n" scripts/smoke.sh --window wine dist/Lectern.exe
echo "package-check: PASS"
