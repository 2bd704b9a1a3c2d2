# Lectern build, test and tooling. `make run` and `make test` work on a fresh Debian machine:
# `deps` installs the desktop build's C libraries through apt (when run as root) and the Go modules.

GO        ?= go
BIN       := bin/lectern
# no_animations: Fyne's widgets do not animate (a steady text cursor, no button ripple). An
# animation repaints the whole window each frame it runs: the cursor's fade alone kept an idle
# window painting 6 frames a second, 7 s of CPU a minute (issue 34, ui.BenchmarkIdle).
TAGS      := migrated_fynedo,no_animations
TEST_TAGS := ci,migrated_fynedo
APT_PKGS  := libgl1-mesa-dev xorg-dev libxkbcommon-dev libwayland-dev
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
# Fuzzing is bounded by executions, not time: Go 1.26.8 can report a time-bounded run that ends
# exactly at its deadline as a failure (a race in its fuzz coordinator), which would make CI flaky.
FUZZTIME  ?= 10000x
export LANG ?= C.UTF-8
# BINDIR is where `make install` puts lectern: a per-user folder, no root needed.
BINDIR    ?= $(HOME)/.local/bin

.PHONY: all deps test-deps run build install test test-unit keyring-it fuzz readme-test bench lint clean \
	package package-check

all: build

# deps installs what the build needs and is missing. apt only runs as root and only for absent packages.
deps:
	@missing=""; for p in $(APT_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "missing packages:$$missing (run: sudo apt-get install$$missing)"; exit 1; fi; \
	fi
	$(GO) mod download

# The Go tool stamps the source revision into the binary itself, except in a git worktree: there the
# linker sets it (lectern --version shows it either way).
REVISION  := $(shell git rev-parse HEAD 2>/dev/null)
MODIFIED  := $(shell [ -n "$$(git status --porcelain --untracked-files=no 2>/dev/null)" ] && echo true)
LDFLAGS   := -X lectern/cli.buildRevision=$(REVISION) -X lectern/cli.buildModified=$(MODIFIED)

build: deps
	$(GO) build -buildvcs=auto -tags $(TAGS) -ldflags '$(LDFLAGS)' -o $(BIN) .

run: build
	./$(BIN)

# install copies the binary to BINDIR and says how to put BINDIR on PATH when it is not there.
install: build
	@mkdir -p "$(BINDIR)"
	@install -m 0755 $(BIN) "$(BINDIR)/lectern"
	@echo "Installed lectern into $(BINDIR)."
	@case ":$$PATH:" in *":$(BINDIR):"*) ;; *) \
	  echo "$(BINDIR) is not on your PATH; for this terminal run:"; \
	  echo "  export PATH=\"$(BINDIR):\$$PATH\""; \
	  echo "and add that line to ~/.profile (or your shell's startup file) for the next ones.";; esac

# test runs every test with the race detector and Fyne's headless driver, the keychain test against a
# real Secret Service, each fuzz target briefly, the real binary under Xvfb (smoke), the real window
# driven as a person does (realwindow), and the README's commands as written (readme-test). lint comes
# first, so that CI (which runs make test) keeps the layer checks.
test: deps test-deps lint test-unit keyring-it fuzz smoke realwindow readme-test

# test-deps installs, as root, what the integration tests use: Xvfb and ImageMagick for the smoke test,
# gnome-keyring and D-Bus for the keychain test, xdotool, openbox and GTK 3 for Python (the drag
# source) for the real-window tests, and a StatusNotifierItem tray host (gtk-sni-tray-standalone:
# Fyne's tray on Linux is one, which XEmbed trays such as trayer cannot show) for their tray check,
# and two WebDAV servers for the sync tests (rclone serve webdav, Apache's mod_dav).
# Without root they are skipped where missing (the sync tests fail instead when CI is set).
TEST_APT_PKGS := xvfb xauth imagemagick gnome-keyring dbus-daemon xdotool openbox python3-gi gir1.2-gtk-3.0 \
	haskell-gtk-sni-tray-utils rclone apache2
test-deps:
	@missing=""; for p in $(TEST_APT_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ] && [ "$$(id -u)" = 0 ]; then \
	  echo "installing:$$missing"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
	@# The MCP tests' npm peers (testdata/mcp, pinned by its package-lock): Node from apt where missing.
	@if ! command -v npm >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	  echo "installing: nodejs npm"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
	fi
	@if command -v npm >/dev/null 2>&1; then cd testdata/mcp && npm ci --no-audit --no-fund --loglevel=error; fi

keyring-it:
	GO=$(GO) scripts/keyring-it.sh

test-unit:
	$(GO) vet -tags $(TEST_TAGS) ./...
	$(GO) test -race -tags $(TEST_TAGS) -count=1 ./...

# fuzz runs every Fuzz target of every package for FUZZTIME executions each (go test allows one target per run).
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -tags $(TEST_TAGS) -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "fuzz $$pkg $$f"; \
	    $(GO) test -tags $(TEST_TAGS) -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

# readme-test runs every command of the README's sh blocks as written, in a temporary HOME and
# LECTERN_HOME, against a demo server (scripts/readme-test.sh says what it runs in a safe form).
# A command that hangs ends the run after 15 minutes (timeout stops the script and all it started).
readme-test:
	GO=$(GO) timeout -k 10 900 scripts/readme-test.sh README.md

# bench runs one package's benchmarks at a time (-p 1): go test runs packages side by side, and a
# benchmark that times frames or a start beside another package's benchmark measures the other's
# load (BenchmarkStreamedAnswerPainted read 171 ms for frame-p95-ms beside the start-up and
# long-session benchmarks, 8.5 ms alone).
bench: deps
	$(GO) test -p 1 -tags $(TEST_TAGS) -run '^$$' -bench . -benchmem ./...

# lint also checks the layers: client and app import no Fyne, openai-go is imported only by tests
# (go list -deps leaves test files out), the leaves ui/widgets and ui/theme depend on nothing of
# app or client, and no non-test file of ui or cli
# imports client/emulator (.Imports leaves test files out; ui/internal/tour is test harness and
# ui/internal/uitest the ui tests' helpers: neither can reach the lectern binary, only packages under
# ui/ may import them, and nothing the binary builds does). The app core's rooms import only rooms
# below them, none imports app, and app/ holds only the wiring (app/rooms_test.go, issue 29); cli
# takes small interfaces, not *app.App (cli/core_test.go).
lint: deps
	@bad=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$bad" ]; then echo "not gofmt-formatted:"; echo "$$bad"; exit 1; fi
	$(GO) vet -tags $(TEST_TAGS) ./...
	$(GO) run $(STATICCHECK) -tags $(TEST_TAGS) ./...
	@bad=$$($(GO) list -deps ./client/... ./app/... | grep '^fyne.io' || true); \
	if [ -n "$$bad" ]; then echo "client and app must not depend on Fyne:"; echo "$$bad"; exit 1; fi
	@bad=$$($(GO) list -tags $(TEST_TAGS) -deps ./... | grep '^github.com/openai/' || true); \
	if [ -n "$$bad" ]; then echo "openai-go is a test-only dependency (the emulator's /v1 tests); the program imports:"; \
	  echo "$$bad"; exit 1; fi
	@bad=$$($(GO) list -tags $(TEST_TAGS) -f '{{.ImportPath}}: {{join .Imports " "}}' ./ui/... ./cli/... | \
	  grep -v '^lectern/ui/internal/\(tour\|uitest\)[/:]' | grep -E ' lectern/client/emulator(/| |$$)' | cut -d: -f1 || true); \
	if [ -n "$$bad" ]; then echo "ui and cli reach client/emulator only through app (app.ServeDemo); these import it:"; \
	  echo "$$bad"; exit 1; fi
	@bad=$$($(GO) list -tags $(TEST_TAGS) -f '{{.ImportPath}}: {{join .Deps " "}}' ./ui/widgets/... ./ui/theme/... | \
	  grep -E ' lectern/(app|client)(/| |$$)' | cut -d: -f1 || true); \
	if [ -n "$$bad" ]; then echo "the leaf packages ui/widgets and ui/theme import nothing of lectern/app (nor client); these do:"; \
	  echo "$$bad"; exit 1; fi
	$(GO) test -count=1 -run 'TestRooms|TestAppIsOnlyTheWiring|TestCLITakes|TestCoreCheck' ./app ./cli

# apt_install installs, as root, those of the Debian packages $(1) that are missing (as deps does).
define apt_install
@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
if [ -n "$$missing" ] && [ "$$(id -u)" = 0 ]; then \
  echo "installing:$$missing"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
fi
endef

# package writes dist/lectern-linux-amd64.tar.xz and dist/Lectern.exe (scripts/package.sh, which
# builds the fyne packaging tool once for this computer), both with the accessibility build tag
# (Fyne's screen-reader support; on Linux it has none yet); the Windows build needs mingw-w64, the
# archive xz. The macOS package is built on a Mac: scripts/package.sh darwin.
PACKAGE_APT_PKGS := gcc-mingw-w64-x86-64 xz-utils
package: deps
	$(call apt_install,$(PACKAGE_APT_PKGS))
	scripts/package.sh linux windows

# package-check installs the packages that make package wrote and starts them (scripts/package-check.sh):
# Xvfb, xdotool and ImageMagick for the Linux window; wine, when installed, for Lectern.exe (its
# command line, then its window).
PACKAGE_CHECK_APT_PKGS := xvfb xauth imagemagick xdotool xz-utils gcc-mingw-w64-x86-64
package-check:
	$(call apt_install,$(PACKAGE_CHECK_APT_PKGS))
	GO=$(GO) scripts/package-check.sh

clean:
	rm -rf bin dist

include scripts/ui.mk
