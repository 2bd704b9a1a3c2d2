package realwin

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"lectern/ui/internal/harness"
)

// Code is the answer to "code" and "showcode": where a code block of the newest answer is on the
// canvas, and how far its lines are scrolled sideways (-1 while they fit, without a scroll).
type Code struct {
	Block    Rect
	Sideways float32
}

// codeCommand serves "showcode <i>" (scroll the conversation so that the newest answer's code block
// i stands at 40% of its height, then report it) and "code <i>" (report it as it is).
func codeCommand(u *harness.Window, cmd, arg string) (Code, error) {
	i, err := strconv.Atoi(strings.TrimSpace(arg))
	if err != nil {
		return Code{}, fmt.Errorf("%s: %v", cmd, err)
	}
	if cmd == "showcode" {
		for _, step := range []func(list *widget.List, view, block fyne.CanvasObject){
			func(list *widget.List, _, _ fyne.CanvasObject) { list.ScrollToBottom() }, // the answer's View is on the canvas
			func(list *widget.List, view, block fyne.CanvasObject) {
				d := fyne.CurrentApp().Driver()
				viewTop := list.GetScrollOffset() + d.AbsolutePositionForObject(view).Y - d.AbsolutePositionForObject(list).Y
				list.ScrollToOffset(viewTop + block.Position().Y - 0.4*list.Size().Height)
			},
		} {
			fyne.DoAndWait(func() {
				var list *widget.List
				var view, block fyne.CanvasObject
				if list, view, block, _, err = findCode(u, i); err == nil {
					step(list, view, block)
				}
			})
			if err != nil {
				return Code{}, err
			}
			time.Sleep(300 * time.Millisecond) // the frames after the scroll: the block is laid out in sight
		}
	}
	var c Code
	fyne.DoAndWait(func() {
		_, _, block, sideways, e := findCode(u, i)
		if err = e; err == nil {
			pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(block)
			c = Code{Block: Rect{pos.X, pos.Y, block.Size().Width, block.Size().Height}, Sideways: sideways}
		}
	})
	return c, err
}

// findCode finds the conversation's list, the newest answer's View and its code block i, with how
// far the block's lines are scrolled sideways (UI goroutine).
func findCode(u *harness.Window, i int) (*widget.List, fyne.CanvasObject, fyne.CanvasObject, float32, error) {
	p, list := u.Pane(), u.TurnList()
	if p == nil || list == nil {
		return nil, nil, nil, 0, fmt.Errorf("no conversation shown")
	}
	view := p.NewestAnswer()
	if view == nil {
		return nil, nil, nil, 0, fmt.Errorf("no answer shown")
	}
	block, sideways, ok := view.CodeBlock(i)
	if !ok {
		return nil, nil, nil, 0, fmt.Errorf("the answer has no code block %d", i)
	}
	return list, view, block, sideways, nil
}
