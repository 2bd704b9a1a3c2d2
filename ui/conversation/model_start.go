package conversation

import (
	"context"
	"strings"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"lectern/app/conversations"
	"lectern/app/records"
	"lectern/ui/dialogs"
	"lectern/ui/widgets"
)

// setPresets fills the preset picker of a new chat.
func (m *modelBar) setPresets(presets []records.Preset) {
	m.presets = presets
	opts := []string{noPreset}
	for _, p := range presets {
		opts = append(opts, p.Name)
	}
	m.preset.Options = opts
	m.preset.SetSelectedIndex(0)
}

// chosenPreset is the preset picked for the new chat, nil when none.
func (m *modelBar) chosenPreset() *records.Preset {
	if i := m.preset.SelectedIndex() - 1; i >= 0 && i < len(m.presets) {
		return &m.presets[i]
	}
	return nil
}

// presetChosen fills the new chat's tier and system prompt from the preset picked.
func (m *modelBar) presetChosen(string) {
	p := m.chosenPreset()
	if p == nil || m.begun {
		return
	}
	m.system.SetText(p.System)
	if p.Tier != "" {
		m.selectTier(p.Tier)
	}
	m.format.apply(p.Format)
	m.c.conv.Format = p.Format // shown as chosen at once; a saved chat's is written by apply
	// Its web search, workspaces and MCP servers, sent from the first message.
	if p.Tools.Any() {
		m.tools.set(p.Tools, m.tools.note.Text)
	}
	m.loadSchemas()
}

// askPresetName asks a name, then saves the chat's tier, system prompt, answer format and tools
// (web search, workspaces to consult, MCP servers) as a preset.
func (m *modelBar) askPresetName() {
	name := widgets.NewEntry("Preset name")
	name.SetPlaceHolder("Preset name")
	dialogs.Show(dialog.NewForm("Save as preset", "Save", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", name)}, func(ok bool) {
		if ok {
			m.savePreset(name.Text)
		}
	}, m.c.win), m.c.win)
}

// savePreset saves the chat's setup as preset name; the pickers offer it from then on.
func (m *modelBar) savePreset(name string) {
	tools := m.tools.settings
	tools.Allowed = nil // what the person allowed in this chat stays with it
	p := records.Preset{Name: name, Tier: m.c.conv.Model, System: m.system.Text, Format: m.c.conv.Format, Tools: tools}
	ctx := m.c.lf.Ctx
	go func() {
		_, err := m.store.Library.SavePreset(ctx, p)
		presets, lerr := m.store.Library.Presets(ctx)
		m.c.lf.Do(func() {
			if err == nil {
				err = lerr
			}
			m.c.errs.SetError(err)
			if err == nil {
				m.setPresets(presets)
				m.setNote("Saved the preset "+p.Name+".", "", nil)
			}
		})
	}()
}

// start saves the new chat shown (from its preset, when one is picked, with the tier and system
// prompt as shown), then calls then on the UI goroutine with the chat saved and shown.
func (m *modelBar) start(then func()) {
	conv, system, preset, tools := m.c.conv, strings.TrimSpace(m.system.Text), m.chosenPreset(), m.tools.settings
	go func() {
		saved, err := m.newChat(conv, system, preset)
		if err == nil && tools.Any() {
			err = m.store.Tools.SetToolSettings(m.c.lf.Ctx, saved.ID, tools)
		}
		m.c.lf.Do(func() {
			if m.c.conv.ID != 0 || m.c.conv.Kind != records.KindModel {
				return // the person moved on meanwhile
			}
			if err != nil {
				m.c.errs.SetError(err)
				return
			}
			m.c.conv = saved
			m.setBegun(true) // folded above the turns from now on
			then()
		})
	}()
}

// newChat saves conv with system as its prompt, from preset when it is not nil (the tier and the
// prompt as shown win over the preset's: the person may have changed them after picking it).
func (m *modelBar) newChat(conv records.Conversation, system string, preset *records.Preset) (records.Conversation, error) {
	ctx := m.c.lf.Ctx
	var saved records.Conversation
	var err error
	if preset == nil {
		saved, err = m.store.Models.NewChat(ctx, conv.Model, system, "", "")
	} else {
		saved, err = m.store.Models.NewChatFromPreset(ctx, preset.ID, "")
	}
	if err != nil {
		return saved, err
	}
	if !sameFormat(saved.Format, conv.Format) {
		if err := m.store.Models.SetFormat(ctx, saved.ID, conv.Format); err != nil {
			return saved, err
		}
		saved.Format = conv.Format
	}
	if !strings.EqualFold(saved.Model, conv.Model) {
		if err := m.store.Models.SetTier(ctx, saved.ID, conv.Model); err != nil {
			return saved, err
		}
		saved.Model = conv.Model
	}
	if saved.System != system {
		if err := m.store.Models.SetSystemPrompt(ctx, saved.ID, system); err != nil {
			return saved, err
		}
		saved.System = system
	}
	return saved, nil
}

// sendToModel sends text, with the images and files' texts attached, in the model chat shown: a new chat is saved
// first; the last message being edited is sent again in its place. Sending, streaming, Stop and
// Retry are the pane's own, the same for every kind.
func (c *Pane) sendToModel(text string) {
	m := c.model
	if !m.canSend() {
		return // the note under the tier picker says why
	}
	if c.conv.ID == 0 {
		m.start(func() { c.sendToModel(text) })
		return
	}
	if !m.begun { // a chat saved without a message (New model chat): its prompt as typed goes first
		if system := strings.TrimSpace(m.system.Text); system != c.conv.System {
			id := c.conv.ID
			m.save(func(ctx context.Context) error { return m.store.Models.SetSystemPrompt(ctx, id, system) }, nil)
			c.conv.System = system
		}
		m.setBegun(true)
	}
	c.errs.SetError(nil)
	c.input.SetText("")
	m.messageSent()
	convID, editing, images, saved := c.conv.ID, c.editing, m.images.takeAll(), m.saved
	var files []records.FileText // an edited message keeps the files it had; the tray waits for the next one
	if editing == 0 {
		files = m.files.takeAll()
	}
	c.cancelEdit()
	c.run(sending{text: text, replaces: editing, convID: convID, after: saved,
		msg: conversations.Message{Text: text, Images: images, FileTexts: files}}, c.askOptions())
	c.streaming.images, c.streaming.fileTexts = images, files
}
