package ui

import (
	"fyne.io/fyne/v2"

	"lectern/assets"
)

// iconResource is the app icon (SVG, drawn sharp at any size) for the window and the pages.
var iconResource fyne.Resource = fyne.NewStaticResource("lectern.svg", assets.IconSVG)

// iconPNG is the app icon as a PNG, for the window manager.
var iconPNG fyne.Resource = fyne.NewStaticResource("lectern.png", assets.IconPNG)
