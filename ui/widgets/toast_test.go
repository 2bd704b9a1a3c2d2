package widgets

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

// A toast says its text, then goes after ToastFor; a later one keeps its own time.
func TestToastSaysThenGoes(t *testing.T) {
	test.NewTempApp(t)
	saved := ToastFor
	ToastFor = 20 * time.Millisecond
	defer func() { ToastFor = saved }()
	ui := make(chan func(), 10)
	toast := NewToast(func(fn func()) { ui <- fn })
	toast.Say("Copied")
	if toast.Text() != "Copied" {
		t.Fatalf("says %q", toast.Text())
	}
	(<-ui)()
	if toast.Text() != "" {
		t.Fatalf("still says %q", toast.Text())
	}
	toast.Say("one")
	ToastFor = time.Second // the second is due well after the first
	toast.Say("two")
	(<-ui)() // the first one's time: the second stays
	if toast.Text() != "two" {
		t.Fatalf("the second went with the first: %q", toast.Text())
	}
	(<-ui)()
	if toast.Text() != "" {
		t.Fatalf("still says %q", toast.Text())
	}
}
