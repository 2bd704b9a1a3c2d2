package conversation

import (
	"net/url"
	"os"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/ui/dialogs"
	"lectern/ui/widgets"
)

// A model chat's turn shows the texts of the files its message sent (above the answer) and the
// file POST /generate made for it (a card in the parts slot, with Save as… and Open), as saved
// with the turn: after a restart too.

// setFileParts shows t's files; the card of a generated file is wired by the pane (onFile).
func (v *turnView) setFileParts(t app.Turn) {
	files := t.Files()
	v.model.files.RemoveAll()
	for _, f := range files {
		v.model.files.Add(widgets.NewFileTextCard(fileTextData(f)))
	}
	widgets.ShowIf(v.model.files, len(files) > 0)
	generated, art := t.Generated()
	if !generated || t.Status == app.TurnPending || t.Status.Retryable() {
		return
	}
	if art == nil {
		none := widget.NewLabel("The service made no file for this prompt: ask for a document or a spreadsheet by name.")
		none.Wrapping, none.Importance = fyne.TextWrapWord, widget.WarningImportance
		v.parts.Add(none)
		return
	}
	card := widgets.NewGeneratedFileCard(GeneratedFileOf(art), v.now)
	if v.onFile != nil {
		v.onFile(card, art)
	}
	v.parts.Add(card)
}

// GeneratedFileOf is what a generated-file card shows of the file the service made, made safe
// to print.
func GeneratedFileOf(a *client.OfficeArtifact) widgets.GeneratedFile {
	expires, _ := a.Expires()
	return widgets.GeneratedFile{Title: app.OneLine(a.Title), Filename: app.OneLine(a.Filename), Kind: app.OneLine(a.Kind),
		Size: a.Size, Pages: a.LogicalPages, Expires: expires, Gone: !a.Available}
}

// OfferFile wires a generated-file card: its clock, Save as… (a save dialog, then the download
// streamed to disk) and Open once saved.
func (c *Pane) OfferFile(card *widgets.GeneratedFileCard, art *client.OfficeArtifact) {
	card.StartClock(c.lf.Ctx, c.lf.Do)
	card.OnSave = func() { c.askSavePath(card, art) }
	card.OnOpen = func() { openFile(card.SavedTo()) }
	if c.files == nil {
		card.Save.Disable()
	}
}

// askSavePath asks where to save the file, under its own name.
func (c *Pane) askSavePath(card *widgets.GeneratedFileCard, art *client.OfficeArtifact) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		path := w.URI().Path()
		_ = w.Close() // the download replaces it once whole
		c.SaveFile(card, art, path)
	}, c.win)
	d.SetFileName(app.SaveAsName(art.Title, art.Filename, art.Kind))
	d.Show()
}

// SaveFile downloads the file to path as it arrives (never whole in memory), showing how far it
// is on the card at most once a frame, then where it was saved, or why not.
func (c *Pane) SaveFile(card *widgets.GeneratedFileCard, art *client.OfficeArtifact, path string) {
	card.SetSaving(0, art.Size)
	go func() {
		var last time.Time
		_, err := c.files.DownloadArtifact(c.lf.Ctx, art, path, func(got, total int64) {
			if now := time.Now(); now.Sub(last) >= frameInterval {
				last = now
				c.lf.Do(func() { card.SetSaving(got, total) })
			}
		})
		if err != nil {
			removeIfEmpty(path) // the save dialog made it; nothing was written in its place
		}
		c.lf.Do(func() {
			if err != nil {
				card.SetFailed(c.files.ToolErrorText(err))
				return
			}
			card.SetSaved(path)
		})
	}()
}

// removeIfEmpty removes the empty file at path.
func removeIfEmpty(path string) {
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && st.Size() == 0 {
		_ = os.Remove(path)
	}
}

// openFile opens a saved file with the program the system gives its kind.
func openFile(path string) {
	if path == "" {
		return
	}
	if u, err := url.Parse(storage.NewFileURI(path).String()); err == nil {
		_ = fyne.CurrentApp().OpenURL(u)
	}
}

// AskGenerate asks what file to generate in the model chat shown (a new one when none is shown),
// then generates it there.
func (c *Pane) AskGenerate() {
	if c.conv.Kind != app.KindModel {
		c.NewModelChat()
	}
	dialogs.ShowGenerate(c.win, func(prompt string) { c.GenerateFile(prompt) })
}

// GenerateFile asks POST /generate for a file in the model chat shown: the prompt is a turn of
// the chat, answered by the service's text and the file's card. A new chat is saved first.
func (c *Pane) GenerateFile(prompt string) {
	if c.conv.Kind != app.KindModel || c.streaming != nil || c.keyNeeded() {
		return
	}
	if c.conv.ID == 0 {
		c.model.start(func() { c.GenerateFile(prompt) })
		return
	}
	c.errs.SetError(nil)
	convID, saved := c.conv.ID, c.model.saved
	c.run(func(o app.AskOptions) (app.Turn, error) {
		<-saved
		return c.store.Files.Generate(c.lf.Ctx, convID, prompt, o)
	}, app.AskOptions{}, prompt, 0)
}
