# ui.mk: the desktop app's targets (issue 4). The Makefile includes it (`include scripts/ui.mk`)
# after defining BIN and TAGS.
#
#   make smoke        the desktop app under Xvfb: demo mode, main window with the demo workspaces, clean exit
#   make screenshots  the screenshot tour under Xvfb, PNGs into docs/screenshots/
#   make icon         re-render assets/icon.png from assets/icon.svg
#
# Smoke and screenshots run the harness binary bin/lectern-tour (ui/internal/tour/cmd/lectern-tour:
# the desktop app with the smoke driver and the tour), never bin/lectern, which carries none of it.
#
# Smoke and screenshots need xvfb, xauth and imagemagick (smoke skips without xvfb-run). The packages
# (make package, make package-check) are in the Makefile.

UI_APT_PKGS := xvfb xauth imagemagick

TOUR_BIN := bin/lectern-tour

.PHONY: smoke screenshots tour-bin icon

# tour-bin builds the harness binary; go build only relinks when a source changed.
tour-bin: deps
	$(GO) build -tags $(TAGS) -o $(TOUR_BIN) ./ui/internal/tour/cmd/lectern-tour

smoke: tour-bin
	scripts/smoke.sh $(TOUR_BIN)

screenshots: tour-bin
	scripts/screenshots.sh $(TOUR_BIN) docs/screenshots

icon:
	$(GO) test -tags ci,migrated_fynedo ./ui/theme/ -run TestIconPNG -update-icon
