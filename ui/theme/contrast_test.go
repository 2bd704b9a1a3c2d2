package theme

import (
	"image/color"
	"testing"
)

func TestContrastRatio(t *testing.T) {
	if c := Contrast(color.White, color.Black); c < 20.9 || c > 21.1 {
		t.Fatalf("white on black: %.2f, want 21", c)
	}
	green := color.NRGBA{R: 0x43, G: 0xf4, B: 0x36, A: 0xff}
	if c := Contrast(color.White, green); c > 1.6 {
		t.Fatalf("white on bright green: %.2f", c)
	}
	if fg := Readable(green); fg != color.Color(color.Black) {
		t.Fatalf("readable on green: %v", fg)
	}
	for v := 0; v <= 0xff; v++ { // every grey, the hardest backgrounds, takes one of the two
		grey := color.NRGBA{R: uint8(v), G: uint8(v), B: uint8(v), A: 0xff}
		if c := Contrast(Readable(grey), grey); c < MinContrast {
			t.Fatalf("grey %#x: %.2f", v, c)
		}
	}
}
