// Package parts puts the rooms of the application core together as the views that use several
// of them see them: the core's settings and words, and each room embedded answers its own
// methods. No two embedded rooms have a method of the same name that a view's interface names
// (ui/ui.go checks each interface against Core, so such a clash fails to build).
package parts

import (
	"lectern/app"
	"lectern/app/ask"
	"lectern/app/modelchat"
	"lectern/app/signin"
	"lectern/app/tools"
	"lectern/app/uploads"
	"lectern/app/workspaces"
)

// Core is the core as a view of several rooms sees it.
type Core struct {
	*app.App
	*workspaces.Sync
	*uploads.Queue
	*signin.Session
	*tools.Tools
	*ask.Questions
	*modelchat.Models
}

// Of is the Core of a.
func Of(a *app.App) Core {
	return Core{a, a.Workspaces(), a.Uploads(), a.SignIn(), a.Tools(), a.Questions(), a.Models()}
}
