package theme

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/test"

	"lectern/assets"
)

var updateIcon = flag.Bool("update-icon", false, "render assets/icon.svg into assets/icon.png")

// TestIconPNG checks the packaged PNG icon; with -update-icon it renders it from the SVG first:
//
//	go test -tags ci,migrated_fynedo ./ui/theme/ -run TestIconPNG -update-icon
func TestIconPNG(t *testing.T) {
	if *updateIcon {
		test.NewTempApp(t)
		img := canvas.NewImageFromResource(Icon)
		img.FillMode = canvas.ImageFillStretch
		c := software.NewTransparentCanvas()
		c.SetPadded(false)
		c.SetContent(img)
		c.SetScale(1)
		c.Resize(fyne.NewSquareSize(512))
		var buf bytes.Buffer
		if err := png.Encode(&buf, c.Capture()); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("../../assets/icon.png", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		assets.IconPNG = buf.Bytes()
	}
	img, err := png.Decode(bytes.NewReader(assets.IconPNG))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 512 || b.Dy() != 512 {
		t.Fatalf("icon is %v, want 512×512", b)
	}
	if _, _, _, a := img.At(2, 2).RGBA(); a != 0 {
		t.Error("the icon's corner should be transparent (rounded square)")
	}
	if _, _, _, a := img.At(256, 256).RGBA(); a != 0xffff {
		t.Error("the icon's centre should be opaque")
	}
	_ = image.Point{}
}
