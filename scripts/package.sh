#!/usr/bin/env bash
# package.sh builds Lectern's packages into dist/ with the fyne packaging tool v1.7.0, which takes
# the name, app ID, version, build number and icon from FyneApp.toml:
#
#   dist/lectern-linux-amd64.tar.xz   on Linux: usr/local/bin/lectern, the .desktop file (with the
#                                     file types Lectern opens: Open with), the icon and a Makefile
#                                     (make user-install; see the README)
#   dist/Lectern.exe                  on Linux, cross-built with mingw-w64: a windowed (GUI) program
#                                     with the icon and version resources
#   dist/Lectern-macos-ARCH.zip       on a Mac with Xcode's command line tools: Lectern.app
#
#   scripts/package.sh [linux] [windows] [darwin]     (default: linux windows)
#
# Every package records the source revision (lectern --version says it), and is built with the
# accessibility build tag: Fyne 2.8's screen-reader support (UI Automation on Windows,
# NSAccessibility on macOS) is compiled in only with it. Fyne has none on Linux yet, where the tag
# changes nothing. And with no_animations, as make build is (the Makefile says why).
set -euo pipefail
cd "$(dirname "$0")/.."
export LANG=${LANG:-C.UTF-8}
targets=${*:-linux windows}
FYNE_VERSION=v1.7.0
BUILD_TAGS=migrated_fynedo,no_animations,accessibility
mkdir -p dist bin

# fyne_tool builds the packaging tool once, for this computer, into bin/fyne. None of a cross
# build's settings (CC, CGO_*, GOOS, GOARCH) may reach that build: cgo would fail on mingw.
fyne_tool() {
	if [ -x bin/fyne ] && [[ $(bin/fyne version 2>/dev/null) == *"version: $FYNE_VERSION"* ]]; then return; fi
	echo "package: building the fyne tool $FYNE_VERSION for this computer into bin/fyne"
	env -u CC -u CXX -u CGO_ENABLED -u CGO_CFLAGS -u CGO_LDFLAGS -u GOOS -u GOARCH GOFLAGS= \
		GOBIN="$PWD/bin" go install "fyne.io/tools/cmd/fyne@$FYNE_VERSION"
}

# fyne package builds with `go build -trimpath -ldflags "-s -w ..."` and takes further -ldflags
# from GOFLAGS (and drops them from it): the revision goes in as the variables the Makefile also
# sets. The Go tool's own VCS stamp is off: it would count the file that fyne package adds to the
# source folder for the build as an uncommitted change.
revision_goflags() {
	local rev modified=""
	rev=$(git rev-parse HEAD 2>/dev/null) || return 0
	[ -z "$(git status --porcelain --untracked-files=no)" ] || modified=true
	echo "-buildvcs=false -ldflags=-X=lectern/cli.buildRevision=$rev -ldflags=-X=lectern/cli.buildModified=$modified"
}

# fyne package rewrites FyneApp.toml (it counts up Build): the file is put back as it was after
# each target, so that every package of one run carries the same build number, and at the end.
saved=$(mktemp)
cp FyneApp.toml "$saved"
trap 'cp "$saved" FyneApp.toml; rm -f "$saved" lectern.exe' EXIT

# fyne_package runs `fyne package --release` for one target.
fyne_package() {
	local status=0
	GOFLAGS="$(revision_goflags)" bin/fyne package --release --tags "$BUILD_TAGS" --target "$@" || status=$?
	cp "$saved" FyneApp.toml
	return $status
}

# toml_value prints the value of KEY in FyneApp.toml (the first KEY = "value" or KEY = number line).
toml_value() {
	sed -n "s/^ *$1 = \"\{0,1\}\([^\"]*\)\"\{0,1\} *\$/\1/p" FyneApp.toml | head -n 1
}

# check_plist checks that the app bundle's Info.plist says what FyneApp.toml says.
check_plist() {
	local pair key want got
	for pair in CFBundleName=Name CFBundleIdentifier=ID CFBundleShortVersionString=Version CFBundleVersion=Build; do
		key=${pair%%=*}
		want=$(toml_value "${pair#*=}")
		got=$(plutil -extract "$key" raw "$1")
		[ "$got" = "$want" ] || refuse "$1: $key is \"$got\", FyneApp.toml says \"$want\""
	done
}

# MIME_TYPES are the files Lectern opens from a file manager (Open with; issue 33): PDF, Word, Excel,
# PowerPoint, text, CSV, PNG and JPEG.
MIME_TYPES="application/pdf;application/vnd.openxmlformats-officedocument.wordprocessingml.document;\
application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;\
application/vnd.openxmlformats-officedocument.presentationml.presentation;text/plain;text/csv;image/png;image/jpeg;"

# open_with gives the Linux archive $1 the file types Lectern opens: fyne package v1.7.0 writes no
# MimeType line and no %F (the files) on Exec, so they are added to its desktop file, and its
# Makefile's user-install refreshes the menu's file-type cache (where update-desktop-database is
# installed), which file managers read their Open with lists from. The macOS bundle's Info.plist
# gets no document types: Finder hands a file to an app as an Apple Event, which Fyne 2.8 does not
# take, so Lectern would open without it. The Windows package is a bare program, with no installer to
# register file types: "Open with → Choose another app" and Lectern.exe work, as Windows passes the
# file on the command line.
open_with() {
	local dir desktop
	dir=$(mktemp -d)
	tar -xJf "$1" -C "$dir"
	desktop=$(find "$dir/usr" -name 'io.lectern.app.desktop')
	sed -i -e 's/^Exec=lectern$/Exec=lectern %F/' -e "/^Keywords=/a MimeType=$MIME_TYPES" "$desktop"
	grep -qx 'Exec=lectern %F' "$desktop" && grep -qxF "MimeType=$MIME_TYPES" "$desktop" ||
		refuse "the desktop file of $1 did not take the file types (fyne package wrote: $(cat "$desktop"))"
	sed -i -e '/^user-install:/,/^$/ s|^\(\tsed -i .*\)$|\1\n\t-update-desktop-database $(DESTDIR)$(HOME)/.local/share/applications 2>/dev/null|' \
		"$dir/Makefile"
	tar -cJf "$1" -C "$dir" usr Makefile
	rm -rf "$dir"
}

# refuse stops with a message when this computer cannot build the target.
refuse() {
	echo "package: $*" >&2
	exit 1
}

for t in $targets; do
	case $t in
	linux | windows | darwin) ;;
	*) refuse "unknown target $t (linux, windows, darwin)" ;;
	esac
done

host=$(uname -s)
for t in $targets; do
	case $t in
	linux)
		[ "$host" = Linux ] || refuse "the Linux package is built on Linux (this is $host)"
		fyne_tool
		fyne_package linux
		open_with Lectern.tar.xz
		mv -f Lectern.tar.xz dist/lectern-linux-amd64.tar.xz
		echo "package: dist/lectern-linux-amd64.tar.xz"
		;;
	windows)
		[ "$host" = Linux ] || refuse "the Windows package is cross-built on Linux (this is $host); the release workflow builds it on Windows"
		command -v x86_64-w64-mingw32-gcc >/dev/null ||
			refuse "x86_64-w64-mingw32-gcc missing (apt-get install gcc-mingw-w64-x86-64, or make package as root)"
		fyne_tool
		# fyne package builds a Windows program twice, the second time with the icon and version
		# resources, and drops GOFLAGS' -ldflags (the revision) after the first build. Given an
		# existing --executable it skips the first build: the one it makes keeps the revision.
		: >lectern.exe
		# Debian's mingw-w64 needs libssp for the fortified C code of GLFW.
		CC=x86_64-w64-mingw32-gcc CXX=x86_64-w64-mingw32-g++ CGO_ENABLED=1 CGO_LDFLAGS=-lssp GOARCH=amd64 \
			fyne_package windows --executable lectern.exe
		mv -f Lectern.exe dist/Lectern.exe # fyne package names it after FyneApp.toml's Name
		echo "package: dist/Lectern.exe"
		;;
	darwin)
		[ "$host" = Darwin ] || refuse "the macOS package is built on a Mac with Xcode's command line tools (this is $host): run scripts/package.sh darwin there; the release workflow does it on a macOS runner"
		fyne_tool
		fyne_package darwin
		check_plist Lectern.app/Contents/Info.plist
		zip=dist/Lectern-macos-$(uname -m).zip
		rm -f "$zip"
		ditto -c -k --keepParent Lectern.app "$zip"
		rm -rf Lectern.app
		echo "package: $zip"
		;;
	esac
done
