package app

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The app core's rooms from the bottom up (issue 29, docs/ARCHITECTURE.md): a room imports only
// rooms of a layer below its own, so that imports point down and no room reaches a sibling. A
// room added under app/ gets its layer here.
var roomLayers = [][]string{
	{"records", "secrets", "settings"},
	{"explain"},
	{"store", "connection"},
	{"events"},
	{"workspaces", "sync"},
	{"uploads", "conversations"},
	{"signin", "tools", "ask", "mcp"},
	{"assistant", "modelchat"},
}

// Limits of issue 29: app/ itself is the wiring, a room is a concern a reader can hold.
const (
	wiringFiles     = "app.go doc.go"
	maxWiringLines  = 600
	maxAppMethods   = 15
	maxRoomCodeLine = 2500 // non-test lines of a room, every line counted (the measure)
)

// Every package under app/ has its layer, imports no package of app/ of its own layer or above,
// and none imports app itself.
func TestRoomsImportOnlyRoomsBelow(t *testing.T) {
	layer := map[string]int{}
	for i, rooms := range roomLayers {
		for _, r := range rooms {
			layer[r] = i
		}
	}
	dirs, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "testdata" {
			continue
		}
		room := d.Name()
		own, ok := layer[room]
		if !ok {
			t.Errorf("app/%s has no layer in roomLayers: give it one (and a line in docs/ARCHITECTURE.md)", room)
			continue
		}
		for imp, file := range roomImports(t, room) {
			switch {
			case imp == "lectern/app":
				t.Errorf("%s imports lectern/app: no room imports the wiring", file)
			case strings.HasPrefix(imp, "lectern/app/"):
				other := strings.SplitN(strings.TrimPrefix(imp, "lectern/app/"), "/", 2)[0]
				if l, ok := layer[other]; ok && l >= own {
					t.Errorf("%s imports app/%s, which is not below app/%s (roomLayers)", file, other, room)
				}
			}
		}
	}
}

// roomImports returns the imports of the files of app/room (tests too), each with a file that has it.
func roomImports(t *testing.T, room string) map[string]string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(room, "*.go"))
	out := map[string]string{}
	for _, f := range files {
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range af.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			out[p] = f
		}
	}
	return out
}

// app/ holds only the wiring: its files, at most maxWiringLines lines, and App's exported methods
// at most maxAppMethods; a concern of its own goes in a room.
func TestAppIsOnlyTheWiring(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	lines, methods := 0, 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		if !slices.Contains(strings.Fields(wiringFiles), f) {
			t.Errorf("app/%s: app/ holds only the wiring (%s); put it in the room of its concern", f, wiringFiles)
		}
		lines += countLines(t, f, false)
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && fd.Name.IsExported() && recvName(fd) == "App" {
				methods++
			}
		}
	}
	if lines > maxWiringLines || methods > maxAppMethods {
		t.Errorf("app/ has %d lines and App %d exported methods; at most %d and %d", lines, methods, maxWiringLines, maxAppMethods)
	}
}

// Every room stays within maxRoomCodeLine non-test lines, blank ones counted; a package under a
// room (app/store/search) is a room of its own, counted on its own.
func TestRoomsStaySmall(t *testing.T) {
	for _, rooms := range roomLayers {
		for _, room := range rooms {
			err := filepath.WalkDir(room, func(dir string, d os.DirEntry, err error) error {
				if err != nil || !d.IsDir() || d.Name() == "testdata" {
					return err
				}
				files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
				n := 0
				for _, f := range files {
					if !strings.HasSuffix(f, "_test.go") {
						n += countLines(t, f, false)
					}
				}
				if n > maxRoomCodeLine {
					t.Errorf("app/%s has %d lines outside its tests; at most %d: split a concern off", dir, n, maxRoomCodeLine)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// countLines counts the lines of file f, without the blank ones when skipBlank.
func countLines(t *testing.T, f string, skipBlank bool) int {
	t.Helper()
	fh, err := os.Open(f)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	n := 0
	for sc := bufio.NewScanner(fh); sc.Scan(); {
		if !skipBlank || strings.TrimSpace(sc.Text()) != "" {
			n++
		}
	}
	return n
}

// recvName is the type name of fd's receiver.
func recvName(fd *ast.FuncDecl) string {
	x := fd.Recv.List[0].Type
	if s, ok := x.(*ast.StarExpr); ok {
		x = s.X
	}
	if id, ok := x.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
