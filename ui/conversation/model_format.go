package conversation

import (
	"bytes"
	"context"
	"encoding/json"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/ui/dialogs"
	"lectern/ui/widgets"
)

// The answer format picker: text, or JSON fitting a saved schema, or a schema pasted (saved
// first, so that it is checked and kept to pick again).
const (
	formatText  = "Answer: text"
	formatPaste = "JSON: paste a schema…"
)

// formatPicker is the answer format of the model chat shown; formats holds the format of each
// option but the last (paste).
type formatPicker struct {
	m       *modelBar
	sel     *widgets.Select
	formats []app.AnswerFormat
	quiet   bool // the picker is being filled: a selection is not a choice
}

func newFormatPicker(m *modelBar) *formatPicker {
	p := &formatPicker{m: m}
	p.sel = widgets.NewSelect("Answer format", []string{formatText}, p.chosen)
	return p
}

// fill offers the saved schemas and selects the format of the chat shown.
func (p *formatPicker) fill(schemas []app.SavedSchema) {
	current := p.m.c.conv.Format
	opts, formats := []string{formatText}, []app.AnswerFormat{{}}
	at := 0
	for _, s := range schemas {
		f := s.Format()
		if current.JSON() && sameFormat(f, current) {
			at = len(opts)
		}
		opts, formats = append(opts, "JSON: "+s.Name), append(formats, f)
	}
	if current.JSON() && at == 0 { // a format no saved schema has (a preset's, or one deleted since)
		at = len(opts)
		opts, formats = append(opts, "JSON: "+current.Name), append(formats, current)
	}
	p.sel.Options, p.formats = append(opts, formatPaste), formats
	p.quiet = true
	p.sel.SetSelectedIndex(at)
	p.quiet = false
}

// sameFormat reports whether two formats have the same name and schema (the schema compacted).
func sameFormat(a, b app.AnswerFormat) bool {
	if !a.JSON() || !b.JSON() {
		return a.JSON() == b.JSON()
	}
	var x, y bytes.Buffer
	return a.Name == b.Name && json.Compact(&x, a.Schema) == nil && json.Compact(&y, b.Schema) == nil && x.String() == y.String()
}

// chosen applies the format picked: to the chat shown from its next message, or to the new chat
// when it is saved.
func (p *formatPicker) chosen(string) {
	i := p.sel.SelectedIndex()
	if p.quiet || i < 0 {
		return
	}
	if i >= len(p.formats) {
		p.askSchema()
		return
	}
	p.apply(p.formats[i])
}

// apply sets format f on the chat shown.
func (p *formatPicker) apply(f app.AnswerFormat) {
	c := p.m.c
	id := c.conv.ID
	if id == 0 {
		c.conv.Format = f
		return
	}
	p.m.save(func(ctx context.Context) error { return p.m.store.Models.SetFormat(ctx, id, f) }, func() {
		if c.conv.ID == id {
			c.conv.Format = f
			p.m.setNextNote("The answer format applies from the next message.")
		}
	})
}

// askSchema asks a name and a JSON schema, saves it (app checks it) and picks it.
func (p *formatPicker) askSchema() {
	name, schema := widgets.NewEntry("Schema name"), widgets.NewMultiLineEntry("Schema")
	schema.SetMinRowsVisible(8)
	schema.SetPlaceHolder(`{"type": "object", "properties": {…}, "required": […]}`)
	items := []*widget.FormItem{widget.NewFormItem("Name", name), widget.NewFormItem("Schema", schema)}
	d := dialog.NewForm("Answer in JSON fitting a schema", "Save and use", "Cancel", items, func(ok bool) {
		if ok {
			p.saveSchema(app.SavedSchema{Name: name.Text, Schema: schema.Text})
			return
		}
		p.fill(nil) // back to the format in use
		p.m.loadSchemas()
	}, p.m.c.win)
	d.Resize(fyne.NewSize(560, 420))
	dialogs.Show(d, p.m.c.win)
}

// saveSchema saves s, then offers it and applies it.
func (p *formatPicker) saveSchema(s app.SavedSchema) {
	ctx := p.m.c.lf.Ctx
	go func() {
		saved, err := p.m.store.Library.SaveSchema(ctx, s)
		schemas, lerr := p.m.store.Library.Schemas(ctx)
		p.m.c.lf.Do(func() {
			if err == nil {
				err = lerr
			}
			p.m.c.errs.SetError(err)
			if err != nil {
				return
			}
			p.apply(saved.Format())
			p.m.c.conv.Format = saved.Format() // shown as chosen at once; a saved chat's is written by apply
			p.fill(schemas)
		})
	}()
}
