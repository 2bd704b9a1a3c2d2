package cli

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// How the command line takes the core (issue 29, docs/ARCHITECTURE.md): env opens the app (the
// wiring) and hands each helper the rooms or the small interface it uses, never *app.App.
var (
	// appOpeners are the env methods that open the app and return it to a command.
	appOpeners = []string{"openApp", "appOn", "jsonOnlyOn"}
	// appKeepers are the env methods that read env.application, the app env opened: open, explain
	// an error in its words, close.
	appKeepers = []string{"openApp", "explain", "close"}
)

// maxInterfaceMethods is the most methods an interface of the command line has (issue 29: the
// largest interface any front-end takes).
const maxInterfaceMethods = 10

// No function of cli but the openers mentions *app.App, none but the keepers reaches
// env.application, and no interface of cli has more than maxInterfaceMethods methods.
func TestCLITakesTheFewInterfacesItUses(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	var srcs []string
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			srcs = append(srcs, f)
		}
	}
	if len(srcs) < 10 {
		t.Fatalf("found only %v: is the test run from cli/?", srcs)
	}
	for _, problem := range coreProblems(t, srcs, nil) {
		t.Error(problem)
	}
}

// The check finds each way of reaching past the small interfaces.
func TestCoreCheckFindsWhatItForbids(t *testing.T) {
	src := `package cli

import (
	"context"

	core "lectern/app"
)

type env struct{ application *core.App }

type report struct{ a *core.App }

func (e *env) openApp() (*core.App, error) { return e.application, nil }

func helper(a *core.App) {}

func (e *env) sneaky() { _ = e.application }

func later(f func(*core.App)) {}

type wide interface {
	small
	A(); B(); C(); D(); E(); F(); G(); H()
	I(ctx context.Context)
}

type small interface{ J(); K() }

type foreign interface{ context.Context }

func inline(x interface{ A(); B(); C(); D(); E(); F(); G(); H(); I(); J(); K() }) {}
`
	got := coreProblems(t, []string{"fake.go"}, map[string]string{"fake.go": src})
	want := []string{
		"fake.go:11: a struct field holds *app.App",
		"fake.go:15: helper takes *app.App",
		"fake.go:17: sneaky reaches env.application",
		"fake.go:19: later takes *app.App",
		"fake.go:21: interface wide has 11 methods",
		"fake.go:29: interface foreign embeds context.Context",
		"fake.go:31: interface literal has 11 methods",
	}
	if len(got) != len(want) {
		t.Fatalf("problems:\n%s\nwant %d, starting so:\n%s", strings.Join(got, "\n"), len(want), strings.Join(want, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("problem %d: %q, want it to start %q", i, got[i], want[i])
		}
	}
}

// coreProblems parses files (from src when given, else from disk) and says where one of them
// takes *app.App, reaches env.application, or declares an interface of more than
// maxInterfaceMethods methods.
func coreProblems(t *testing.T, files []string, src map[string]string) []string {
	t.Helper()
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, f := range files {
		var text any
		if s, ok := src[f]; ok {
			text = s
		}
		af, err := parser.ParseFile(fset, f, text, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, af)
	}
	interfaces := map[string]*ast.InterfaceType{} // cli's named interfaces, which others may embed
	names := map[*ast.InterfaceType]string{}
	for _, af := range parsed {
		ast.Inspect(af, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				if it, ok := ts.Type.(*ast.InterfaceType); ok {
					interfaces[ts.Name.Name], names[it] = it, ts.Name.Name
				}
			}
			return true
		})
	}
	var problems []string
	for _, af := range parsed {
		problems = append(problems, appMentions(fset, af)...)
		ast.Inspect(af, func(n ast.Node) bool {
			if it, ok := n.(*ast.InterfaceType); ok {
				problems = append(problems, interfaceProblems(fset, cmp.Or(names[it], "literal"), it, interfaces)...)
			}
			return true
		})
	}
	return problems
}

// appMentions lists where af names app.App outside an opener's results and env's field, and
// where it reaches env.application outside the keepers.
func appMentions(fset *token.FileSet, af *ast.File) []string {
	appName := ""
	for _, im := range af.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p == "lectern/app" {
			appName = "app"
			if im.Name != nil {
				appName = im.Name.Name
			}
		}
	}
	var problems []string
	at := func(n ast.Node, format string, args ...any) {
		p := fset.Position(n.Pos())
		problems = append(problems, fmt.Sprintf("%s:%d: ", p.Filename, p.Line)+fmt.Sprintf(format, args...))
	}
	isApp := func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || appName == "" {
			return false
		}
		id, ok := sel.X.(*ast.Ident)
		return ok && id.Name == appName && sel.Sel.Name == "App"
	}
	mentions := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(m ast.Node) bool { found = found || isApp(m); return !found })
		return found
	}
	for _, d := range af.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil && mentions(d.Recv) || mentions(d.Type.Params) || d.Type.TypeParams != nil && mentions(d.Type.TypeParams) {
				at(d, "%s takes *app.App: hand it the rooms or a small interface of cli (≤ %d methods) instead", d.Name.Name, maxInterfaceMethods)
			}
			if d.Type.Results != nil && mentions(d.Type.Results) && !slices.Contains(appOpeners, d.Name.Name) {
				at(d, "%s returns *app.App: only env's openers (%v) do", d.Name.Name, appOpeners)
			}
			if d.Body != nil {
				ast.Inspect(d.Body, func(n ast.Node) bool {
					if isApp(n) {
						at(n, "%s names *app.App in its body: take the rooms from the opener's app, hold no app", d.Name.Name)
					}
					if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "application" && !slices.Contains(appKeepers, d.Name.Name) {
						at(n, "%s reaches env.application: take the app from an opener (%v)", d.Name.Name, appOpeners)
					}
					return true
				})
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				ast.Inspect(s, func(n ast.Node) bool {
					st, ok := n.(*ast.StructType)
					if !ok {
						if isApp(n) {
							at(n, "a declaration names *app.App: only env holds the app it opened")
						}
						return !isApp(n)
					}
					envStruct := false
					if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.Name == "env" && ts.Type == st {
						envStruct = true
					}
					for _, f := range st.Fields.List {
						if mentions(f.Type) && !(envStruct && len(f.Names) == 1 && f.Names[0].Name == "application") {
							at(f, "a struct field holds *app.App: hold the rooms or a small interface of cli instead")
						}
					}
					return false
				})
			}
		}
	}
	return problems
}

// interfaceProblems says whether interface it, called name, has more than maxInterfaceMethods
// methods, counting those of cli's interfaces it embeds; one it embeds from elsewhere is refused,
// as its methods cannot be counted here.
func interfaceProblems(fset *token.FileSet, name string, it *ast.InterfaceType, local map[string]*ast.InterfaceType) []string {
	var problems []string
	var count func(*ast.InterfaceType, map[*ast.InterfaceType]bool) int
	count = func(it *ast.InterfaceType, seen map[*ast.InterfaceType]bool) int {
		if seen[it] {
			return 0
		}
		seen[it] = true
		n := 0
		for _, f := range it.Methods.List {
			switch x := f.Type.(type) {
			case *ast.FuncType:
				n += len(f.Names)
			case *ast.Ident:
				if x.Name == "error" {
					n++
				} else if emb, ok := local[x.Name]; ok {
					n += count(emb, seen)
				}
			case *ast.SelectorExpr:
				p := fset.Position(f.Pos())
				problems = append(problems, fmt.Sprintf("%s:%d: interface %s embeds %s.%s: list the few methods cli uses instead",
					p.Filename, p.Line, name, x.X, x.Sel.Name))
			}
		}
		return n
	}
	if n := count(it, map[*ast.InterfaceType]bool{}); n > maxInterfaceMethods {
		p := fset.Position(it.Pos())
		problems = append([]string{fmt.Sprintf("%s:%d: interface %s has %d methods; at most %d: split it by what it is for",
			p.Filename, p.Line, name, n, maxInterfaceMethods)}, problems...)
	}
	return problems
}
