// Package life is what every view is given by the window that holds it: the hook back to the UI
// goroutine and the window's lifetime. Views make no goroutine hook or context of their own.
package life

import (
	"context"
	"time"
)

// Life is a view's link to its window. Do runs fn on the UI goroutine (fyne.Do in the app; in
// tests a queue that the test goroutine drains, so that the race detector sees one UI goroutine).
// Ctx ends when the window closes: work a view started off the UI goroutine stops with it.
// Now is the clock every time a view shows is told from ("5 minutes ago", "until 10:23"), so that
// tests can fix the day and hour they run at. Frame runs fn on the UI goroutine once a frame, after
// the frame's input and before its painting, until fn returns false (Animate in the app; Ticks in
// tests): work that can wait for a frame (a streaming answer) goes there, after what a person did.
type Life struct {
	Ctx   context.Context
	Do    func(fn func())
	Now   func() time.Time
	Frame func(fn func() bool)
}
