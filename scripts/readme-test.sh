#!/usr/bin/env bash
# readme-test.sh README.md: runs every command of the README's ```sh blocks, in order, as a newcomer
# types them in a fresh clone, and fails at the first one that fails (its line is printed).
#
# The commands run in one bash session from the repository's root (exports carry over), with a
# temporary HOME (so `make install` puts lectern into a temporary ~/.local/bin), a temporary
# LECTERN_HOME, no LECTERN_SERVER or LECTERN_API_KEY, no display, no D-Bus session, and a PATH
# without any lectern on it (with no display, a command that would open the desktop app fails with
# exit 2 instead of opening it). Go keeps using the real build and module caches (a fresh HOME would
# rebuild Fyne and download every module).
#
# Three commands cannot run as written in a test; they run in a safe form, and only these:
#   make run      builds, then opens the desktop app: the test runs `make build`, its first half.
#   make test     is what runs this test: skipped.
#   lectern demo  serves until Ctrl-C in "terminal 1": the test starts it in the background on a free
#                 port (--addr 127.0.0.1:0: the README's 127.0.0.1:8765 may be taken by a demo that
#                 someone runs, or by another test), and every later command has the README's
#                 http://127.0.0.1:8765 replaced with the address it printed. The key is the real one.
# Every other line runs exactly as written. Blocks tagged `text` (usage synopses) are not commands;
# a command written outside a ```sh block (an indented block) fails the test, so none escapes it.
set -euo pipefail
readme=${1:-README.md}
cd "$(dirname "$0")/.."
GO=${GO:-go}

# extract prints the commands of the sh blocks, one a line (continuation lines joined).
extract() {
	awk '
		/^[ \t]*```/ {
			if (!inblock) { inblock = 1; tag = $0; sub(/^[ \t]*```[ \t]*/, "", tag); shell = (tag ~ /^(sh|bash|shell)$/) }
			else { inblock = 0; shell = 0 }
			next
		}
		inblock && shell {
			line = $0
			if (cont != "") { line = cont " " line; cont = "" }
			if (line ~ /\\$/) { sub(/\\$/, "", line); cont = line; next }
			if (line ~ /^[ \t]*(#.*)?$/) next
			print line
			next
		}
		!inblock && /^    +(\$ )?(lectern|make|export|go|cd) / {
			printf "%s:%d: a command outside a ```sh block (the test would not run it): %s\n", FILENAME, NR, $0 > "/dev/stderr"
			bad = 1
		}
		END { exit bad }
	' "$readme"
}

commands=$(extract) || exit 1
if [ -z "$commands" ]; then
	echo "readme-test: $readme has no \`\`\`sh block" >&2
	exit 1
fi

tmp=$(mktemp -d)
demo_pid=""
cleanup() {
	if [ -n "$demo_pid" ]; then kill "$demo_pid" 2>/dev/null || true; wait "$demo_pid" 2>/dev/null || true; fi
	chmod -R u+w "$tmp" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 143' TERM INT # (so that cleanup runs when make's timeout stops the run)

# The Go toolchain's caches and settings as they are now, before HOME changes.
for v in GOCACHE GOMODCACHE GOPATH GOENV GOFLAGS GOPROXY GOSUMDB GOTOOLCHAIN; do
	export "$v=$($GO env "$v")"
done
gobin=$(dirname "$(command -v "$GO")")

# PATH: the system's, without any folder holding a lectern (the test must find the installed one).
path=""
IFS=: read -r -a dirs <<<"$PATH"
for d in "${dirs[@]}" "$gobin"; do
	[ -n "$d" ] && [ ! -e "$d/lectern" ] && case ":$path:" in *":$d:"*) ;; *) path="${path:+$path:}$d" ;; esac
done

mkdir -p "$tmp/home" "$tmp/lectern"
unset LECTERN_SERVER LECTERN_API_KEY LECTERN_DEBUG BINDIR MAKEFLAGS MFLAGS MAKELEVEL \
	DISPLAY WAYLAND_DISPLAY DBUS_SESSION_BUS_ADDRESS XDG_CONFIG_HOME XDG_DATA_HOME XDG_CACHE_HOME
export HOME="$tmp/home" LECTERN_HOME="$tmp/lectern" PATH="$path" LANG=C.UTF-8

demo_url=""
n=0
while IFS= read -r readme_cmd; do
	n=$((n + 1))
	cmd=$readme_cmd
	case "$cmd" in
	"make test" | "make test "*)
		echo "readme-test: skip  $readme_cmd   (this test runs inside it)"
		continue
		;;
	"make run" | "make run "*)
		cmd="make build"
		echo "readme-test: run   $readme_cmd   as: $cmd   (a test does not open the desktop app)"
		;;
	"lectern demo" | "lectern demo "*)
		echo "readme-test: start $readme_cmd   as: lectern demo --addr 127.0.0.1:0, in the background"
		lectern demo --addr 127.0.0.1:0 >"$tmp/demo.out" 2>&1 &
		demo_pid=$!
		for _ in $(seq 100); do
			demo_url=$(sed -n 's/^  export LECTERN_SERVER=//p' "$tmp/demo.out")
			[ -n "$demo_url" ] && grep -q 'Ctrl-C' "$tmp/demo.out" && break
			kill -0 "$demo_pid" 2>/dev/null || break
			sleep 0.1
		done
		if [ -z "$demo_url" ]; then
			echo "readme-test: command $n failed: $readme_cmd (no address printed):" >&2
			cat "$tmp/demo.out" >&2
			exit 1
		fi
		continue
		;;
	*)
		if [ -n "$demo_url" ]; then cmd=${cmd//http:\/\/127.0.0.1:8765/$demo_url}; fi
		echo "readme-test: run   $cmd"
		;;
	esac
	if ! eval "$cmd" </dev/null; then
		echo "readme-test: command $n of $readme failed: $readme_cmd" >&2
		exit 1
	fi
done <<<"$commands"

# The lectern the commands ran is the one make install put into the temporary home.
if [ "$(command -v lectern)" != "$HOME/.local/bin/lectern" ]; then
	echo "readme-test: lectern resolves to $(command -v lectern || echo nothing), not $HOME/.local/bin/lectern" >&2
	exit 1
fi
echo "readme-test: the $n commands of $readme ran, as written but for the safe forms said above"
