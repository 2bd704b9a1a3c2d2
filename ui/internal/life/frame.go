package life

import (
	"context"
	"time"

	"fyne.io/fyne/v2"
)

// Animate is the app's Frame: fn runs in Fyne's animation tick. The window's loop, 60 times a
// second, takes the input events that came (a key typed, the wheel), then ticks the animations,
// then paints the frame; so fn sees what the person did in this frame, and what it changes is
// painted with it. Work queued with fyne.Do instead runs between frames in no set order with
// them, and a long one keeps a key from being taken. It may be called from any goroutine.
func Animate(fn func() bool) {
	a := &fyne.Animation{Duration: time.Second, RepeatCount: fyne.AnimationRepeatForever, Curve: fyne.AnimationLinear}
	a.Tick = func(float32) {
		if !fn() {
			a.Stop()
		}
	}
	a.Start()
}

// Ticks returns a Frame for tests and benchmarks: fn runs through do every period, as long as it
// returns true and ctx has not ended. A tick waits for the run before (ticks missed meanwhile are
// dropped, as the window's are), so that a slow frame delays the next as it does in the window.
func Ticks(ctx context.Context, do func(fn func()), period time.Duration) func(fn func() bool) {
	return func(fn func() bool) {
		go func() {
			tick := time.NewTicker(period)
			defer tick.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
				again := make(chan bool, 1)
				do(func() { again <- fn() })
				select {
				case <-ctx.Done():
					return
				case ok := <-again:
					if !ok {
						return
					}
				}
			}
		}()
	}
}
