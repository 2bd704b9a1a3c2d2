// Command pecheck checks a Windows build of Lectern as make package-check needs it: a 64-bit
// (amd64) program of the Windows GUI subsystem (no console window beside the app), with an icon
// and a version resource that carries the version of FyneApp.toml.
//
//	go run ./internal/pecheck dist/Lectern.exe 0.1.0
package main

import (
	"debug/pe"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strings"
)

// Resource types (winuser.h).
const (
	rtIcon      = 3
	rtGroupIcon = 14
	rtVersion   = 16
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: pecheck FILE.exe VERSION")
		os.Exit(2)
	}
	v, err := check(os.Args[1], os.Args[2])
	if err != nil {
		fmt.Fprintf(os.Stderr, "pecheck: %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	fmt.Printf("pecheck: %s: 64-bit Windows GUI program, with an icon, version %s\n", os.Args[1], v)
}

// check returns the file version of the program at path, or what is wrong with it.
func check(path, version string) (string, error) {
	f, err := pe.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	oh, ok := f.OptionalHeader.(*pe.OptionalHeader64)
	if f.Machine != pe.IMAGE_FILE_MACHINE_AMD64 || !ok {
		return "", fmt.Errorf("not a 64-bit x86 program (machine %#x)", f.Machine)
	}
	if oh.Subsystem != pe.IMAGE_SUBSYSTEM_WINDOWS_GUI {
		return "", fmt.Errorf("subsystem %d, not the GUI's (%d): a console window would open beside the app",
			oh.Subsystem, pe.IMAGE_SUBSYSTEM_WINDOWS_GUI)
	}
	s := f.Section(".rsrc")
	if s == nil {
		return "", errors.New("no resources (.rsrc): no icon, no version")
	}
	data, err := s.Data()
	if err != nil {
		return "", err
	}
	v, err := resourceVersion(data, s.VirtualAddress)
	if err != nil {
		return "", err
	}
	if !strings.HasPrefix(v, version+".") {
		return "", fmt.Errorf("version resource %s, not %s", v, version)
	}
	return v, nil
}

// resourceVersion reads the resource section data (at address base): it needs an icon and a group
// icon, and returns the file version of the version resource ("0.1.0.1").
func resourceVersion(data []byte, base uint32) (string, error) {
	r := &reader{b: data}
	types := r.dir(0)
	for _, t := range []uint32{rtIcon, rtGroupIcon, rtVersion} {
		if _, ok := types[t]; !ok && r.err == nil {
			return "", fmt.Errorf("no resource of type %d (3 icon, 14 group icon, 16 version)", t)
		}
	}
	leaf := r.first(r.first(types[rtVersion])) // type → name → language → data entry
	rva, size := r.u32(leaf), r.u32(leaf+4)
	if r.err != nil {
		return "", r.err
	}
	if rva < base || uint64(rva-base)+uint64(size) > uint64(len(data)) {
		return "", errors.New("the version resource lies outside the resource section")
	}
	info := data[rva-base : rva-base+size]
	// VS_FIXEDFILEINFO starts with its signature, then StrucVersion, FileVersionMS, FileVersionLS.
	i := strings.Index(string(info), "\xbd\x04\xef\xfe")
	if i < 0 || i+16 > len(info) {
		return "", errors.New("the version resource has no VS_FIXEDFILEINFO")
	}
	ms, ls := binary.LittleEndian.Uint32(info[i+8:]), binary.LittleEndian.Uint32(info[i+12:])
	return fmt.Sprintf("%d.%d.%d.%d", ms>>16, ms&0xffff, ls>>16, ls&0xffff), nil
}

// reader reads a resource directory tree; its first error stops every later read.
type reader struct {
	b   []byte
	err error
}

func (r *reader) u32(off uint32) uint32 {
	if r.err == nil && uint64(off)+4 > uint64(len(r.b)) {
		r.err = errors.New("the resource section is cut short")
	}
	if r.err != nil {
		return 0
	}
	return binary.LittleEndian.Uint32(r.b[off:])
}

// dir maps the numbered entries of the IMAGE_RESOURCE_DIRECTORY at off to their targets' offsets
// (the high bit, set for a subdirectory, cleared); named entries, which come first, are skipped.
func (r *reader) dir(off uint32) map[uint32]uint32 {
	counts := r.u32(off + 12) // NumberOfNamedEntries, NumberOfIdEntries
	named, ids := counts&0xffff, counts>>16
	entries := map[uint32]uint32{}
	for i := named; i < named+ids && r.err == nil; i++ {
		e := off + 16 + 8*i
		entries[r.u32(e)] = r.u32(e+4) &^ 0x80000000
	}
	return entries
}

// first is the offset of the first entry's target of the directory at off.
func (r *reader) first(off uint32) uint32 {
	if r.u32(off+12) == 0 && r.err == nil {
		r.err = errors.New("an empty resource directory")
	}
	return r.u32(off+16+4) &^ 0x80000000
}
