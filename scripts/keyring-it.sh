#!/bin/sh
# keyring-it.sh runs the app's keychain integration test against a real Secret Service: a private
# D-Bus session with gnome-keyring-daemon, unlocked with a throw-away password. It prints a
# "skipped" line and exits 0 where dbus-run-session or gnome-keyring-daemon is not installed
# (Debian: apt-get install dbus-daemon gnome-keyring).
set -eu
case "$0" in */*) cd "${0%/*}/.." ;; *) cd .. ;; esac
for tool in dbus-run-session gnome-keyring-daemon; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "keyring-it: skipped ($tool is not installed)"
		exit 0
	fi
done
GO=${GO:-go}
export GO
exec dbus-run-session -- sh -c '
	printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null
	LECTERN_KEYRING_IT=1 "$GO" test -race -count=1 -tags ci,migrated_fynedo -run Keyring ./app/
'
