package main

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// rsrc builds a resource section at address base with one resource of each type given; the
// version resource's VS_FIXEDFILEINFO says ms.ls.
func rsrc(base uint32, types []uint32, ms, ls uint32) []byte {
	le := binary.LittleEndian
	dir := func(b []byte, off, id, target uint32) { // a directory of one numbered entry
		le.PutUint16(b[off+14:], 1)
		le.PutUint32(b[off+16:], id)
		le.PutUint32(b[off+20:], target)
	}
	n := uint32(len(types))
	root := 16 + 8*n
	payload := root + 64*n // each type: name directory (24), language directory (24), data entry (16)
	b := make([]byte, payload+64)
	le.PutUint16(b[14:], uint16(n))
	for i, t := range types {
		blk := root + 64*uint32(i)
		le.PutUint32(b[16+8*i:], t)
		le.PutUint32(b[20+8*i:], blk|0x80000000)
		dir(b, blk, 1, (blk+24)|0x80000000)
		dir(b, blk+24, 0x409, blk+48)
		le.PutUint32(b[blk+48:], base+payload)
		le.PutUint32(b[blk+52:], 64)
	}
	copy(b[payload+40:], "\xbd\x04\xef\xfe\x00\x00\x01\x00")
	le.PutUint32(b[payload+48:], ms)
	le.PutUint32(b[payload+52:], ls)
	return b
}

func TestResourceVersion(t *testing.T) {
	const base = 0x5000
	all := []uint32{rtIcon, rtGroupIcon, rtVersion}
	v, err := resourceVersion(rsrc(base, all, 0x00000001, 0x00000001), base)
	if err != nil || v != "0.1.0.1" {
		t.Errorf("got %q, %v; want 0.1.0.1", v, err)
	}
	if _, err := resourceVersion(rsrc(base, []uint32{rtGroupIcon, rtVersion}, 1, 1), base); err == nil ||
		!strings.Contains(err.Error(), "type 3") {
		t.Errorf("without an icon: %v", err)
	}
	full := rsrc(base, all, 1, 1)
	for _, cut := range []int{0, 10, 40, len(full) - 30} {
		if _, err := resourceVersion(full[:cut], base); err == nil {
			t.Errorf("cut to %d bytes: no error", cut)
		}
	}
}

// TestCheck builds a program for Windows without resources, as a windowed and as a console
// program: neither passes, each for its own reason.
func TestCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two Windows programs")
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"go.mod": "module hello\n", "main.go": "package main\n\nfunc main() {}\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for flags, want := range map[string]string{"-H=windowsgui": "no resources", "": "subsystem 3"} {
		exe := filepath.Join(dir, "hello.exe")
		cmd := exec.Command("go", "build", "-ldflags="+flags, "-o", exe, ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0", "GOFLAGS=")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
		if _, err := check(exe, "0.1.0"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ldflags %q: %v, want %q", flags, err, want)
		}
	}
}
