package theme

import (
	"fyne.io/fyne/v2"

	"lectern/assets"
)

// Icon is the app icon (SVG, drawn sharp at any size) for the window and the pages.
var Icon fyne.Resource = fyne.NewStaticResource("lectern.svg", assets.IconSVG)

// IconPNG is the app icon as a PNG, for the window manager.
var IconPNG fyne.Resource = fyne.NewStaticResource("lectern.png", assets.IconPNG)
