package conversation

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app"
	"lectern/client"
	"lectern/internal/words"
	"lectern/ui/widgets"
)

// ModelChats is what the pane uses of the saved conversations for a conversation with a model
// (its tier, system prompt, answer format, the context meter and the images of its turns);
// *app.Conversations is one.
type ModelChats interface {
	Tiers(ctx context.Context) ([]app.Tier, error)
	DefaultTier() string
	NewChat(ctx context.Context, tier, system string, api app.ModelAPI, title string) (app.Conversation, error)
	NewChatFromPreset(ctx context.Context, presetID int64, title string) (app.Conversation, error)
	SetSystemPrompt(ctx context.Context, id int64, text string) error
	SetTier(ctx context.Context, id int64, tier string) error
	SetFormat(ctx context.Context, id int64, f app.AnswerFormat) error
	Meter(ctx context.Context, id int64, m app.Message, functions []client.FunctionTool) (app.ContextMeter, error)
	TurnImages(ctx context.Context, turnID int64) ([]app.Image, error)
}

// Library is the presets and the saved answer schemas a model chat picks from; *app.Conversations
// is one.
type Library interface {
	Schemas(ctx context.Context) ([]app.SavedSchema, error)
	SaveSchema(ctx context.Context, s app.SavedSchema) (app.SavedSchema, error)
	Presets(ctx context.Context) ([]app.Preset, error)
	SavePreset(ctx context.Context, p app.Preset) (app.Preset, error)
}

// modelBar is the pane's controls for a conversation with a model: the tier picker, the preset
// of a new chat, the system prompt (folded once the chat has begun), the images to send and the
// context meter. The turns and the question box are the pane's own, as for every kind.
type modelBar struct {
	c         *Pane
	store     Store
	functions []client.FunctionTool

	begun    bool // the chat has a message: its setup is folded and presets are not offered
	tiers    []app.Tier
	tierSel  *widgets.Select
	note     *widget.Label // a tier gone, or images the tier cannot read
	nextOnly bool          // the note says what applies from the next message: it goes once that is sent
	switchB  *widget.Button
	presets  []app.Preset
	preset   *widgets.Select
	saveAs   *widget.Button
	system   *widgets.Entry
	applySys *widget.Button
	sysFold  *widget.Button
	sysBox   *fyne.Container
	top      *fyne.Container

	// saved is closed when the last change of the chat's setup (tier, system prompt) is written:
	// a message sent after a change waits for it, so that it goes with the change.
	saved chan struct{}

	format *formatPicker
	tools  *toolsBar
	images *imageTray
	files  *fileTray
	meter  *contextMeter
	attach *widget.Button
}

// noPreset is the preset picker's first choice.
const noPreset = "No preset"

func newModelBar(c *Pane, store Store, functions []client.FunctionTool) *modelBar {
	m := &modelBar{c: c, store: store, functions: functions, note: widget.NewLabel(""), system: widgets.NewMultiLineEntry("System prompt"),
		saved: make(chan struct{})}
	close(m.saved)
	m.tierSel = widgets.NewSelect("Tier", nil, m.tierChosen)
	m.tierSel.PlaceHolder = "Choose a tier"
	m.note.Wrapping, m.note.Importance = fyne.TextWrapWord, widget.WarningImportance
	m.switchB = widget.NewButtonWithIcon("", theme.ViewRefreshIcon(), nil)
	m.preset = widgets.NewSelect("Preset", []string{noPreset}, m.presetChosen)
	m.saveAs = widget.NewButtonWithIcon("Save as preset", theme.DocumentSaveIcon(), m.askPresetName)
	m.system.Wrapping = fyne.TextWrapWord
	m.system.SetMinRowsVisible(2)
	m.system.SetPlaceHolder("System prompt (optional): how the model should answer in this conversation")
	m.applySys = widget.NewButtonWithIcon("Apply from the next message", theme.ConfirmIcon(), m.applySystem)
	m.sysFold = widget.NewButtonWithIcon("System prompt", theme.MenuExpandIcon(), m.toggleSystem)
	m.sysFold.Importance, m.sysFold.Alignment = widget.LowImportance, widget.ButtonAlignLeading
	m.sysBox = container.NewVBox(m.system, container.NewHBox(m.applySys))
	m.format = newFormatPicker(m)
	m.images = newImageTray(m)
	m.files = newFileTray(m)
	m.tools = newToolsBar(m)
	m.meter = newContextMeter(m)
	m.attach = widget.NewButtonWithIcon("Attach", theme.FileImageIcon(), m.images.choose)
	pickers := container.NewBorder(nil, nil, widget.NewLabel("Model"), container.NewHBox(m.format.sel, m.preset, m.saveAs), m.tierSel)
	m.top = container.NewVBox(pickers, container.NewBorder(nil, nil, nil, m.switchB, m.note), m.sysFold, m.sysBox)
	m.hide()
	return m
}

// hide hides every model control (a workspace conversation is shown).
func (m *modelBar) hide() {
	for _, o := range []fyne.CanvasObject{m.top, m.images.box, m.files.box, m.meter.box, m.attach, m.tools.box} {
		o.Hide()
	}
	m.files.clear()
}

// show shows the controls for conv: a new chat offers presets and an open system prompt; a chat
// begun shows its prompt folded. The tiers and presets are read off the UI goroutine.
func (m *modelBar) show(conv app.Conversation) {
	for _, o := range []fyne.CanvasObject{m.top, m.images.box, m.meter.box, m.attach, m.tools.box} {
		o.Show()
	}
	m.tools.show(conv)
	m.images.clear()
	m.files.clear()
	m.system.SetText(conv.System)
	m.setBegun(conv.ID != 0)
	m.setNote("", "", nil)
	m.meter.clear()
	m.load(conv)
}

// setBegun shows the setup of a chat begun (the system prompt folded, editable) or of one not
// begun yet (presets, the system prompt open); a chat saved without a message is not begun.
func (m *modelBar) setBegun(begun bool) {
	m.begun = begun
	widgets.ShowIf(m.preset, !begun)
	widgets.ShowIf(m.sysFold, begun)
	widgets.ShowIf(m.sysBox, !begun)
	widgets.ShowIf(m.applySys, begun)
	m.sysFold.SetIcon(theme.MenuExpandIcon())
	m.foldTitle()
}

// load reads the tiers and the presets, then fills the pickers (UI goroutine).
func (m *modelBar) load(conv app.Conversation) {
	ctx := m.c.lf.Ctx
	go func() {
		tiers, err := m.store.Models.Tiers(ctx)
		presets, perr := m.store.Library.Presets(ctx)
		m.c.lf.Do(func() {
			if m.c.conv.ID != conv.ID || m.c.conv.Kind != app.KindModel {
				return
			}
			if err == nil {
				err = perr
			}
			m.c.errs.SetError(err)
			m.setTiers(tiers)
			m.setPresets(presets)
			m.meter.changed()
		})
	}()
	m.loadSchemas()
}

// loadSchemas reads the saved schemas, then fills the answer format picker.
func (m *modelBar) loadSchemas() {
	id := m.c.conv.ID
	go func() {
		schemas, err := m.store.Library.Schemas(m.c.lf.Ctx)
		m.c.lf.Do(func() {
			if m.c.conv.ID != id || m.c.conv.Kind != app.KindModel {
				return
			}
			if err != nil {
				m.c.errs.SetError(err)
			}
			m.format.fill(schemas)
		})
	}()
}

// setTiers fills the tier picker; a conversation's tier no longer listed is said in words.
func (m *modelBar) setTiers(tiers []app.Tier) {
	m.tiers = tiers
	opts := make([]string, len(tiers))
	for i, t := range tiers {
		opts[i] = tierOption(t)
	}
	m.tierSel.Options = opts
	tier := m.c.conv.Model
	if gone := app.TierGone(tier, tiers); gone != "" && len(tiers) > 0 {
		m.tierSel.ClearSelected()
		m.setNote(gone, "", nil)
		return
	}
	m.selectTier(tier)
	m.tools.tierChanged()
}

// tierOption is a tier as the picker lists it: its name, then what it can do (functions, images),
// its context window and longest answer, in words (Tier.Summary). A Select's options are plain
// text, and the bundled font has no pictures for "tools" or "vision": words read everywhere.
func tierOption(t app.Tier) string { return t.Name + " — " + t.Summary() }

// selectTier shows tier as chosen without moving the conversation.
func (m *modelBar) selectTier(tier string) {
	for i, t := range m.tiers {
		if strings.EqualFold(t.Name, tier) {
			m.tierSel.SetSelectedIndex(i)
			return
		}
	}
}

// tierNamed is the listed tier called name.
func (m *modelBar) tierNamed(name string) (app.Tier, bool) {
	for _, t := range m.tiers {
		if strings.EqualFold(t.Name, name) {
			return t, true
		}
	}
	return app.Tier{}, false
}

// offered are the functions offered to the chat's tier: none to a listed tier that does not
// call functions, which refuses a request with tools (model-api.md §2, capabilities.tools).
func (m *modelBar) offered() []client.FunctionTool {
	if t, ok := m.tierNamed(m.c.conv.Model); ok && !t.Tools {
		return nil
	}
	return m.functions
}

// chosenTier is the tier the picker shows, "" when none.
func (m *modelBar) chosenTier() string {
	if i := m.tierSel.SelectedIndex(); i >= 0 && i < len(m.tiers) {
		return m.tiers[i].Name
	}
	return ""
}

// tierChosen moves the conversation to the tier picked (a saved one from its next message).
func (m *modelBar) tierChosen(string) {
	tier := m.chosenTier()
	if tier == "" || strings.EqualFold(tier, m.c.conv.Model) {
		return
	}
	m.c.conv.Model = tier
	m.setNote("", "", nil)
	m.images.tierChanged()
	m.meter.changed()
	m.tools.tierChanged()
	if id := m.c.conv.ID; id != 0 {
		m.save(func(ctx context.Context) error { return m.store.Models.SetTier(ctx, id, tier) }, m.tools.reloadNote)
	}
}

// save writes a change of the chat's setup off the UI goroutine, after the changes before it;
// then says a failure, or calls done (UI goroutine).
func (m *modelBar) save(write func(ctx context.Context) error, done func()) {
	before, saved := m.saved, make(chan struct{})
	m.saved = saved
	go func() {
		<-before
		err := write(m.c.lf.Ctx)
		close(saved)
		m.c.lf.Do(func() {
			m.c.errs.SetError(err)
			if err == nil && done != nil {
				done()
			}
		})
	}()
}

// setNote shows note under the tier picker, with a button doing do when label is not "".
func (m *modelBar) setNote(note, label string, do func()) {
	m.nextOnly = false
	m.note.SetText(note)
	widgets.ShowIf(m.note, note != "")
	m.switchB.SetText(label)
	m.switchB.OnTapped = do
	widgets.ShowIf(m.switchB, label != "")
}

// setNextNote shows note, which says what applies from the next message, until that is sent.
func (m *modelBar) setNextNote(note string) {
	m.setNote(note, "", nil)
	m.nextOnly = true
}

// messageSent takes away a note about the next message: it is the one sent.
func (m *modelBar) messageSent() {
	if m.nextOnly {
		m.setNote("", "", nil)
	}
}

// canSend reports whether a message can go: the conversation's tier is listed (when known).
func (m *modelBar) canSend() bool {
	if len(m.tiers) == 0 {
		return true // not read yet, or none: sending says why in words
	}
	_, ok := m.tierNamed(m.c.conv.Model)
	return ok
}

// foldTitleChars is the longest start of the system prompt the fold's title shows: a prompt of
// any length keeps the title one short line (and the window its size).
const foldTitleChars = 60

// foldTitle names the system prompt's fold with the start of its first line.
func (m *modelBar) foldTitle() {
	line := strings.TrimSpace(strings.SplitN(m.system.Text, "\n", 2)[0])
	if line == "" {
		line = "none"
	}
	m.sysFold.SetText("System prompt: " + words.Cut(app.OneLine(line), foldTitleChars))
}

// toggleSystem opens or folds the system prompt of a chat begun.
func (m *modelBar) toggleSystem() {
	if m.sysBox.Visible() {
		m.sysBox.Hide()
		m.sysFold.SetIcon(theme.MenuExpandIcon())
		return
	}
	m.sysBox.Show()
	m.sysFold.SetIcon(theme.MenuDropDownIcon())
}

// applySystem saves the edited system prompt of a chat begun; it applies from the next message.
func (m *modelBar) applySystem() {
	id, text := m.c.conv.ID, strings.TrimSpace(m.system.Text)
	if id == 0 {
		return
	}
	m.save(func(ctx context.Context) error { return m.store.Models.SetSystemPrompt(ctx, id, text) }, func() {
		if m.c.conv.ID == id {
			m.c.conv.System = text
			m.foldTitle()
			m.setNextNote("The new system prompt applies from the next message; the answers above keep theirs.")
			m.meter.changed()
		}
	})
}
