package tour

import (
	"errors"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
)

// The assistant's stop (issue 22), on the demo: /chat offers the demo user's workspaces and answers
// from the files attached, naming them.

// assistFiles are the files of the stop: two sent with the message, one attached to the next.
var assistFiles = map[string]string{
	"ferry-timetable.txt": "Ferry timetable, summer 2026\nThe first boat leaves the harbour at 07:40 from pier 4.\n" +
		"Boats then leave every 40 minutes until 21:00.\nBicycles travel free; dogs on a lead are welcome.",
	"packing-list.md": "# Packing list\n\n- rain jackets\n- ferry tickets (printed)\n- sandwiches for the crossing",
	"island-map.csv":  "place,walk from pier (min)\nlighthouse,35\nbeach,15\ncafé,5",
}

// assist shoots an assistant conversation pinned to a workspace: a message sent with two files (the
// turn names them) and its answer drawn as Markdown, a third file attached to the next message.
func (t *tour) assist() (fyne.Window, error) {
	dir, err := os.MkdirTemp("", "lectern-tour-assist")
	if err != nil {
		return nil, err
	}
	path := func(name string) string { return filepath.Join(dir, name) }
	for name, text := range assistFiles {
		if err := os.WriteFile(path(name), []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	onUI(func() { t.w.FoldDocuments(true); t.w.ShowUploads(false) })
	onUI(t.w.NewAssistant)
	if !waitFor(30*time.Second, func() bool { return t.w.PickWorkspace("My documents") }) {
		return nil, errors.New("the assistant conversation did not offer the workspace My documents")
	}
	onUI(func() { t.w.TakeFiles([]string{path("ferry-timetable.txt"), path("packing-list.md")}) })
	if !waitFor(10*time.Second, func() bool { return len(t.w.AttachedFiles()) == 2 }) {
		return nil, errors.New("the files were not attached")
	}
	if err := t.askModel("When does the first boat leave the harbour?", finished); err != nil {
		return nil, err
	}
	onUI(func() { t.w.TakeFiles([]string{path("island-map.csv")}) })
	if !waitFor(10*time.Second, func() bool { return len(t.w.AttachedFiles()) == 1 }) {
		return nil, errors.New("the file for the next message was not attached")
	}
	return t.w.Main(), nil
}
