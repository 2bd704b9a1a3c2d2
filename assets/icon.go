// Package assets holds Lectern's bundled files: the app icon, as SVG and as PNG.
// It imports no Fyne, so that any layer may use it; package ui wraps the bytes as Fyne resources.
package assets

import _ "embed"

// IconSVG is the app icon as SVG: an open book on a reading stand, with a spark for a found answer.
//
//go:embed icon.svg
var IconSVG []byte

// IconPNG is the app icon rendered at 512×512 pixels, for packaging and window icons.
//
//go:embed icon.png
var IconPNG []byte
