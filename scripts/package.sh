#!/usr/bin/env bash
# package.sh builds Lectern's release bundles into dist/ with the fyne packaging tool (metadata and
# icon from FyneApp.toml):
#
#   dist/lectern-linux-amd64.tar.xz   binary, Lectern.desktop and the icon (make install-able tree)
#   dist/Lectern.exe                  Windows build with the icon, cross-compiled with mingw-w64
#
#   scripts/package.sh [linux] [windows]      (default: both)
#
# macOS cannot be cross-built from Linux: on a Mac with Xcode's command line tools run
#   go run fyne.io/tools/cmd/fyne@v1.7.0 package --target darwin --release --tags migrated_fynedo
# which writes Lectern.app (sign it with --certificate, or `fyne release` for the App Store).
set -euo pipefail
cd "$(dirname "$0")/.."
export LANG=${LANG:-C.UTF-8}
targets=${*:-linux windows}
mkdir -p dist bin

# fyne_tool prints the path of the fyne tool v1.7.0, building it once into bin/ when `go run`
# cannot resolve it (some proxies refuse the module's version list, which go run asks for).
fyne_tool() {
  if [ -x bin/fyne ]; then echo bin/fyne; return; fi
  if GOFLAGS= go run fyne.io/tools/cmd/fyne@v1.7.0 version >/dev/null 2>&1; then
    echo "go run fyne.io/tools/cmd/fyne@v1.7.0"; return
  fi
  local dir
  dir=$(GOFLAGS= go mod download -json fyne.io/tools@v1.7.0 | sed -n 's/.*"Dir": "\(.*\)".*/\1/p')
  (cd "$dir" && GOFLAGS= go build -o "$OLDPWD/bin/fyne" ./cmd/fyne)
  echo bin/fyne
}
FYNE=$(fyne_tool)

# fyne package rewrites FyneApp.toml (it reformats it and counts up Build); keep the file as committed.
saved=$(mktemp)
cp FyneApp.toml "$saved"
trap 'cp "$saved" FyneApp.toml; rm -f "$saved"' EXIT

for t in $targets; do
  case $t in
    linux)
      $FYNE package --target linux --release --tags migrated_fynedo
      mv -f Lectern.tar.xz dist/lectern-linux-amd64.tar.xz
      echo "package: dist/lectern-linux-amd64.tar.xz" ;;
    windows)
      command -v x86_64-w64-mingw32-gcc >/dev/null || {
        echo "package: x86_64-w64-mingw32-gcc missing (apt-get install gcc-mingw-w64-x86-64)"; exit 1; }
      # Debian's mingw-w64 needs libssp for the fortified C code of GLFW.
      CC=x86_64-w64-mingw32-gcc CXX=x86_64-w64-mingw32-g++ CGO_ENABLED=1 CGO_LDFLAGS=-lssp \
        $FYNE package --target windows --release --tags migrated_fynedo
      for exe in Lectern.exe lectern.exe; do [ -f "$exe" ] && mv -f "$exe" dist/Lectern.exe; done
      echo "package: dist/Lectern.exe" ;;
    *) echo "package: unknown target $t (linux, windows)"; exit 1 ;;
  esac
done
