# ui.mk: the desktop app's targets (issue 4). The Makefile includes it (`include scripts/ui.mk`)
# after defining BIN and TAGS.
#
#   make smoke        the desktop app under Xvfb: demo mode, main window with the demo workspaces, clean exit
#   make screenshots  the screenshot tour under Xvfb, PNGs into docs/screenshots/
#   make realwindow   the real window under Xvfb and openbox, driven with xdotool (ui/internal/realwin)
#   make icon         re-render assets/icon.png from assets/icon.svg
#
# Smoke, screenshots and realwindow run the harness binary bin/lectern-tour
# (ui/internal/tour/cmd/lectern-tour: the desktop app with the smoke driver, the tour and the
# real-window tests' probe), never bin/lectern, which carries none of it.
#
# Smoke and screenshots need xvfb, xauth and imagemagick (smoke skips without xvfb-run). The packages
# (make package, make package-check) are in the Makefile.

UI_APT_PKGS := xvfb xauth imagemagick

TOUR_BIN := bin/lectern-tour

.PHONY: smoke screenshots tour-bin icon realwindow bench-realwindow

# tour-bin builds the harness binary; go build only relinks when a source changed.
tour-bin: deps
	$(GO) build -tags $(TAGS) -o $(TOUR_BIN) ./ui/internal/tour/cmd/lectern-tour

smoke: tour-bin
	scripts/smoke.sh $(TOUR_BIN)

screenshots: tour-bin
	scripts/screenshots.sh $(TOUR_BIN) docs/screenshots

icon:
	$(GO) test -tags ci,migrated_fynedo ./ui/theme/ -run TestIconPNG -update-icon

# realwindow runs the real-window tests (ui/internal/realwin, build tag realwindow): the harness binary
# in its probe mode (`lectern-tour probe`) on its own Xvfb display with openbox and a demo data folder,
# driven with xdotool: a conversation synced in from another data folder (issue 32: the list and the
# Settings' Sync section, light and dark, in bin/realwindow/sync-*.png), the mouse wheel, the keyboard,
# three window sizes (the documents panel fitting
# beside the conversation at each) and a real XDND drag; then, in a
# second start (BenchmarkRealWindowStress), issue 24's scripted answers and long workspace name, the
# question box's echo of keys typed while they stream (issue 34: echo-p95-ms, echo-max-ms; it fails
# over their goals), issue 36's (the wheel over code blocks, one click in an answer in both themes; a click in a
# streaming answer leaves the keyboard in the question box),
# the Settings window following the theme, and Ctrl+W after that switch of server; in a third
# (TestRealWindowAtHand, with a session bus and a StatusNotifierItem tray host), issue 33:
# bin/lectern started again on the same data folder (plain, quick, with a file) hands its request
# to the running app and ends, the Quick ask window streams an answer, the tray's menu lists the
# uploads, the window hides in the tray; then (TestRealWindowFirstHour) Tab's focus shown and in
# sight, a draft kept over Ctrl+Q and a start again, and a model chat reopened after it drawn whole
# and at its end.
# Screenshots of failed checks (and the sync check's) go to bin/realwindow/. Issue 34's goals, not met yet, are measured and
# logged as PENDING (realwin's pending list); LECTERN_REALWIN_PENDING=1 makes them fail. It skips when Xvfb
# is not installed.
# bench-realwindow is the stress start alone, failing on issue 34's goals still pending in make realwindow
# (echo-p95-ms ≤ 33, echo-max-ms ≤ 50, the wheel within a frame while an answer streams).
bench-realwindow: tour-bin build
	LECTERN_REALWIN_PENDING=1 LECTERN_REALWIN_BIN=$(CURDIR)/$(TOUR_BIN) LECTERN_REALWIN_LECTERN=$(CURDIR)/$(BIN) \
	  LECTERN_REALWIN_OUT=$(CURDIR)/bin/realwindow $(GO) test -tags $(TEST_TAGS),realwindow -count=1 -run '^$$' \
	  -bench '^BenchmarkRealWindowStress$$' -benchtime 1x ./ui/internal/realwin/

realwindow: tour-bin build
	@if ! command -v Xvfb >/dev/null; then echo "realwindow: SKIP (Xvfb not installed)"; else \
	  rm -rf bin/realwindow; \
	  LECTERN_REALWIN_BIN=$(CURDIR)/$(TOUR_BIN) LECTERN_REALWIN_LECTERN=$(CURDIR)/$(BIN) LECTERN_REALWIN_OUT=$(CURDIR)/bin/realwindow \
	  timeout -k 10 540 $(GO) test -tags $(TEST_TAGS),realwindow -count=1 -v -run '^TestRealWindow(AtHand|FirstHour)?$$' \
	    -bench '^BenchmarkRealWindowStress$$' -benchtime 1x ./ui/internal/realwin/; fi
