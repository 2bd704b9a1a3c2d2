package engine

import "strings"

// winAnsi maps WinAnsiEncoding codes to characters (0: none).
var winAnsi = func() (t [256]rune) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = rune(c)
	}
	for c := 0xa0; c <= 0xff; c++ {
		t[c] = rune(c)
	}
	t['\t'], t['\n'], t['\r'] = ' ', '\n', '\n'
	t[0x80] = 0x20ac
	t[0x82] = 0x201a
	t[0x83] = 0x0192
	t[0x84] = 0x201e
	t[0x85] = 0x2026
	t[0x86] = 0x2020
	t[0x87] = 0x2021
	t[0x88] = 0x02c6
	t[0x89] = 0x2030
	t[0x8a] = 0x0160
	t[0x8b] = 0x2039
	t[0x8c] = 0x0152
	t[0x8e] = 0x017d
	t[0x91] = 0x2018
	t[0x92] = 0x2019
	t[0x93] = 0x201c
	t[0x94] = 0x201d
	t[0x95] = 0x2022
	t[0x96] = 0x2013
	t[0x97] = 0x2014
	t[0x98] = 0x02dc
	t[0x99] = 0x2122
	t[0x9a] = 0x0161
	t[0x9b] = 0x203a
	t[0x9c] = 0x0153
	t[0x9e] = 0x017e
	t[0x9f] = 0x0178
	return t
}()

// winAnsiNames holds the glyph names of WinAnsiEncoding codes 0x80 and up.
var winAnsiNames = func() (n [256]string) {
	n[0x80] = "Euro"
	n[0x82] = "quotesinglbase"
	n[0x83] = "florin"
	n[0x84] = "quotedblbase"
	n[0x85] = "ellipsis"
	n[0x86] = "dagger"
	n[0x87] = "daggerdbl"
	n[0x88] = "circumflex"
	n[0x89] = "perthousand"
	n[0x8a] = "Scaron"
	n[0x8b] = "guilsinglleft"
	n[0x8c] = "OE"
	n[0x8e] = "Zcaron"
	n[0x91] = "quoteleft"
	n[0x92] = "quoteright"
	n[0x93] = "quotedblleft"
	n[0x94] = "quotedblright"
	n[0x95] = "bullet"
	n[0x96] = "endash"
	n[0x97] = "emdash"
	n[0x98] = "tilde"
	n[0x99] = "trademark"
	n[0x9a] = "scaron"
	n[0x9b] = "guilsinglright"
	n[0x9c] = "oe"
	n[0x9e] = "zcaron"
	n[0x9f] = "Ydieresis"
	for i, name := range strings.Fields(latin1Names) {
		n[0xa0+i] = name
	}
	return n
}()

// latin1Names are the glyph names of codes 0xA0 to 0xFF.
const latin1Names = `space exclamdown cent sterling currency yen brokenbar section dieresis copyright
ordfeminine guillemotleft logicalnot hyphen registered macron degree plusminus twosuperior
threesuperior acute mu paragraph periodcentered cedilla onesuperior ordmasculine
guillemotright onequarter onehalf threequarters questiondown Agrave Aacute Acircumflex
Atilde Adieresis Aring AE Ccedilla Egrave Eacute Ecircumflex Edieresis Igrave Iacute
Icircumflex Idieresis Eth Ntilde Ograve Oacute Ocircumflex Otilde Odieresis multiply
Oslash Ugrave Uacute Ucircumflex Udieresis Yacute Thorn germandbls agrave aacute
acircumflex atilde adieresis aring ae ccedilla egrave eacute ecircumflex edieresis igrave
iacute icircumflex idieresis eth ntilde ograve oacute ocircumflex otilde odieresis divide
oslash ugrave uacute ucircumflex udieresis yacute thorn ydieresis`

// glyphNames maps common glyph names that are not single letters;
// ligatures map to the Unicode ligature characters (NFKC expands them).
var glyphNames = map[string]rune{
	"ampersand":     0x0026,
	"asciicircum":   0x005e,
	"asciitilde":    0x007e,
	"asterisk":      0x002a,
	"at":            0x0040,
	"backslash":     '\\',
	"bar":           0x007c,
	"braceleft":     0x007b,
	"braceright":    0x007d,
	"bracketleft":   0x005b,
	"bracketright":  0x005d,
	"bullet":        0x2022,
	"colon":         0x003a,
	"comma":         0x002c,
	"dollar":        0x0024,
	"dotlessi":      0x0131,
	"eight":         0x0038,
	"ellipsis":      0x2026,
	"emdash":        0x2014,
	"endash":        0x2013,
	"equal":         0x003d,
	"exclam":        0x0021,
	"ff":            0xfb00,
	"ffi":           0xfb03,
	"ffl":           0xfb04,
	"fi":            0xfb01,
	"five":          0x0035,
	"fl":            0xfb02,
	"four":          0x0034,
	"grave":         0x0060,
	"greater":       0x003e,
	"hyphen":        0x002d,
	"less":          0x003c,
	"minus":         0x2212,
	"nine":          0x0039,
	"numbersign":    0x0023,
	"one":           0x0031,
	"parenleft":     0x0028,
	"parenright":    0x0029,
	"percent":       0x0025,
	"period":        0x002e,
	"plus":          0x002b,
	"question":      0x003f,
	"quotedbl":      0x0022,
	"quotedblleft":  0x201c,
	"quotedblright": 0x201d,
	"quoteleft":     0x2018,
	"quoteright":    0x2019,
	"quotesingle":   '\'',
	"semicolon":     0x003b,
	"seven":         0x0037,
	"six":           0x0036,
	"slash":         0x002f,
	"space":         0x0020,
	"three":         0x0033,
	"two":           0x0032,
	"underscore":    0x005f,
	"zero":          0x0030,
}
