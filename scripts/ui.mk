# ui.mk: the desktop app's targets (issue 4). The Makefile includes it (`include scripts/ui.mk`)
# after defining BIN and TAGS.
#
#   make smoke        the desktop app under Xvfb: demo mode, main window with the demo workspaces, clean exit
#   make screenshots  the screenshot tour under Xvfb, PNGs into docs/screenshots/
#   make package      dist/lectern-linux-amd64.tar.xz (fyne package) and dist/Lectern.exe (mingw-w64)
#   make icon         re-render assets/icon.png from assets/icon.svg
#
# Smoke and screenshots run the harness binary bin/lectern-tour (ui/internal/tour/cmd/lectern-tour:
# the desktop app with the smoke driver and the tour), never bin/lectern, which carries none of it.
#
# Smoke and screenshots need xvfb, xauth and imagemagick (smoke skips without xvfb-run); the Windows
# package needs gcc-mingw-w64-x86-64. macOS: see scripts/package.sh.

UI_APT_PKGS := xvfb xauth imagemagick

TOUR_BIN := bin/lectern-tour

.PHONY: smoke screenshots tour-bin package icon

# tour-bin builds the harness binary; go build only relinks when a source changed.
tour-bin: deps
	$(GO) build -tags $(TAGS) -o $(TOUR_BIN) ./ui/internal/tour/cmd/lectern-tour

smoke: tour-bin
	scripts/smoke.sh $(TOUR_BIN)

screenshots: tour-bin
	scripts/screenshots.sh $(TOUR_BIN) docs/screenshots

# package installs the Windows cross-compiler as root when it is missing, like `deps` does.
PACKAGE_APT_PKGS := gcc-mingw-w64-x86-64
package: deps
	@missing=""; for p in $(PACKAGE_APT_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ] && [ "$$(id -u)" = 0 ]; then \
	  echo "installing:$$missing"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
	scripts/package.sh linux windows

icon:
	$(GO) test -tags ci,migrated_fynedo ./ui/ -run TestIconPNG -update-icon
