package app

import (
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SaveName is the name to save a file the server named (a generated file's name) under: the
// last element of serverName when it is a name every system accepts, else "generated" with the
// file's kind as extension. ok is false when serverName was refused, so the caller can say so.
// The rules are Windows' (the strictest) on every system, so that a name that works here works
// everywhere the same command runs.
func SaveName(serverName, kind string) (name string, ok bool) {
	base := serverName
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	if portableName(base) {
		return base, base == serverName || serverName == ""
	}
	ext := strings.TrimPrefix(kind, ".")
	if ext == "" || len(ext) > 10 || strings.IndexFunc(ext, func(r rune) bool { return r > unicode.MaxASCII || !unicode.IsLetter(r) && !unicode.IsDigit(r) }) >= 0 {
		return "generated", false
	}
	return "generated." + strings.ToLower(ext), false
}

// SaveAsName is the name the desktop's Save as… offers for a generated file: its title with the
// kind's extension when that is a plain file name on every system (the server's name is often
// its default, "generated.xlsx", where the title says what the file is), else SaveName's.
func SaveAsName(title, serverName, kind string) string {
	fallback, _ := SaveName(serverName, kind)
	ext := strings.TrimPrefix(filepath.Ext(fallback), ".") // the kind's, or the server name's when it has none
	title = strings.Join(strings.Fields(OneLine(title)), " ")
	if title == "" || ext == "" {
		return fallback
	}
	name := title + "." + ext
	if strings.HasSuffix(strings.ToLower(title), "."+ext) {
		name = title
	}
	if !portableName(name) {
		return fallback
	}
	return name
}

// portableName reports whether name is a file name every system takes as written: not empty,
// not hidden (a leading dot), at most 255 bytes of valid UTF-8, none of the characters Windows
// refuses (<>:"/\|?* and control characters; a colon would also name a drive, as in "C:x.docx"),
// no trailing dot or space (Windows drops them, so the file would get another name), and not a
// device name Windows reserves, with or without an extension (CON, PRN, AUX, NUL, COM0-9, LPT0-9,
// CONIN$, CONOUT$, in any case).
func portableName(name string) bool {
	switch {
	case name == "" || len(name) > 255 || !utf8.ValidString(name):
		return false
	case strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".") || strings.HasSuffix(name, " "):
		return false
	case strings.ContainsAny(name, `<>:"/\|?*`) || strings.IndexFunc(name, unicode.IsControl) >= 0:
		return false
	}
	return !reservedOnWindows(name)
}

// reservedOnWindows reports whether name's part before its first dot (spaces around it left
// out) is a device name of Windows.
func reservedOnWindows(name string) bool {
	stem, _, _ := strings.Cut(name, ".")
	stem = strings.ToUpper(strings.TrimSpace(stem))
	switch stem {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	}
	if len(stem) < 4 || (stem[:3] != "COM" && stem[:3] != "LPT") {
		return false
	}
	digit := stem[3:]
	return len(digit) == 1 && digit[0] >= '0' && digit[0] <= '9' || digit == "¹" || digit == "²" || digit == "³"
}
