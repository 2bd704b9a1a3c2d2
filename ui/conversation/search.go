package conversation

import (
	"fmt"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/app/records"
	"lectern/internal/safetext"
	"lectern/ui/dialogs"
	"lectern/ui/internal/life"
	"lectern/ui/widgets"
)

// ShowSearch opens the search over every conversation of the server (Ctrl/Cmd+Shift+F); picking
// a hit closes it and calls OnOpenTurn.
func (c *List) ShowSearch() {
	if c.search == nil {
		c.search = newConversationSearch(c.lf, c.b, c.store, c.win, c.OpenHit)
	}
	c.search.open()
}

// OpenHit opens what a search found: it highlights the hit's conversation when it is listed and
// calls OnOpenTurn (the window opens the conversation at the turn, on its branch).
func (c *List) OpenHit(h records.SearchHit) {
	if h.Conversation.WorkspaceID == c.workspaceID {
		c.SelectConversation(h.Conversation.ID)
	}
	if c.OnOpenTurn != nil {
		c.OnOpenTurn(h.Conversation, h.TurnID)
	}
}

// conversationSearch is the search dialog: a box to type in and the conversations (by title) and
// turns found, each with its conversation's title, kind, project and the branch it is on
// (HitPlace), the question and an excerpt of the answer, the matching words in bold. Every keystroke searches again off the UI goroutine; older results are dropped.
type conversationSearch struct {
	b     Core
	store Store
	lf    life.Life
	win   fyne.Window

	entry   *searchBox
	status  *widget.Label
	list    *widget.List
	dlg     *dialog.CustomDialog
	hits    []records.SearchHit
	words   []string          // the words the hits were found for
	names   map[string]string // workspace id -> name
	queries int               // searches started
	onPick  func(records.SearchHit)
}

func newConversationSearch(lf life.Life, b Core, store Store, win fyne.Window, onPick func(records.SearchHit)) *conversationSearch {
	s := &conversationSearch{b: b, store: store, lf: lf, win: win, entry: newSearchBox(), status: widget.NewLabel(""), onPick: onPick}
	s.entry.SetPlaceHolder("Search all conversations")
	s.entry.ActionItem = widget.NewIcon(theme.SearchIcon())
	s.entry.OnChanged = s.query
	s.entry.OnSubmitted = func(string) { s.pick(0) }
	s.status.Importance = widget.LowImportance
	s.status.Wrapping = fyne.TextWrapWord
	s.list = widget.NewList(func() int { return len(s.hits) },
		func() fyne.CanvasObject { return newSearchRow() },
		func(id widget.ListItemID, o fyne.CanvasObject) { o.(*searchRow).set(s.hits[id], s.names, s.words) })
	s.list.OnSelected = func(id widget.ListItemID) { s.pick(id) }
	content := widgets.Border(container.NewVBox(s.entry, s.status), nil, nil, nil, s.list)
	s.dlg = dialog.NewCustom("Search conversations", "Close", content, win)
	s.entry.onEscape = s.dlg.Hide
	s.entry.onDown = func() { win.Canvas().Focus(s.list) }
	return s
}

// searchBox is the search dialog's text box: Escape closes the dialog and Down moves the keyboard
// to the hits (where the arrows move and Space opens one).
type searchBox struct {
	widget.Entry
	onEscape, onDown func()
}

var _ fyne.Focusable = (*searchBox)(nil)

func newSearchBox() *searchBox {
	e := &searchBox{}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey handles Escape and Down; other keys edit the text.
func (e *searchBox) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyEscape:
		e.onEscape()
	case fyne.KeyDown:
		e.onDown()
	default:
		e.Entry.TypedKey(k)
	}
}

// open shows the dialog with the last search, reads the workspace names and puts the keyboard
// in the search box.
func (s *conversationSearch) open() {
	go func() {
		ws, _ := s.b.CachedWorkspaces(s.lf.Ctx) // without names, hits show the workspace id
		s.lf.Do(func() {
			s.names = make(map[string]string, len(ws))
			for _, w := range ws {
				s.names[w.WorkspaceID] = w.Workspace.Name
			}
			s.list.Refresh()
		})
	}()
	s.list.UnselectAll()
	s.dlg.Resize(fyne.NewSize(640, 480))
	dialogs.Show(s.dlg, s.win)
	s.query(s.entry.Text)
	s.win.Canvas().Focus(s.entry)
}

// query searches for text off the UI goroutine.
func (s *conversationSearch) query(text string) {
	s.queries++
	n := s.queries
	go func() {
		hits, err := s.store.Lists.Search(s.lf.Ctx, text)
		s.lf.Do(func() {
			if n == s.queries {
				s.setHits(text, hits, err)
			}
		})
	}()
}

func (s *conversationSearch) setHits(text string, hits []records.SearchHit, err error) {
	s.hits, s.words = hits, SearchWords(text)
	s.list.UnselectAll()
	s.list.Refresh()
	s.list.ScrollToTop()
	switch {
	case err != nil:
		s.status.SetText(s.b.Explain(err).Sentence)
	case len(s.words) == 0:
		s.status.SetText("Type words from a question or an answer.")
	case len(hits) == 0:
		s.status.SetText(fmt.Sprintf("Nothing found for “%s”.", strings.TrimSpace(text)))
	default:
		s.status.SetText(fmt.Sprintf("%d found. Enter opens the first.", len(hits)))
	}
}

// pick closes the dialog and opens hit i.
func (s *conversationSearch) pick(i int) {
	if i < 0 || i >= len(s.hits) {
		return
	}
	h := s.hits[i]
	s.dlg.Hide()
	s.onPick(h)
}

// SearchWords splits what was typed into words, as the app's search does.
func SearchWords(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
}

// searchRow is one hit: the conversation's title and where it is, the question and the answer's
// excerpts (a title found: the title, marked).
type searchRow struct {
	widget.BaseWidget
	title     *widget.Label
	workspace *widget.Label
	question  *widget.RichText
	answer    *widget.RichText
}

var _ fyne.Widget = (*searchRow)(nil)

func newSearchRow() *searchRow {
	r := &searchRow{title: widget.NewLabel("Title"), workspace: widgets.CaptionLabel("Workspace"),
		question: excerptText(), answer: excerptText()}
	r.title.TextStyle = fyne.TextStyle{Bold: true}
	r.title.Truncation = fyne.TextTruncateEllipsis
	r.ExtendBaseWidget(r)
	return r
}

// excerptText is one line of rich text, cut with an ellipsis.
func excerptText() *widget.RichText {
	t := widget.NewRichText()
	t.Truncation = fyne.TextTruncateEllipsis
	return t
}

// CreateRenderer lays the hit out: title and workspace on top, question and answer below.
func (r *searchRow) CreateRenderer() fyne.WidgetRenderer {
	top := container.NewBorder(nil, nil, nil, r.workspace, r.title)
	return widget.NewSimpleRenderer(container.NewVBox(top, r.question, r.answer))
}

func (r *searchRow) set(h records.SearchHit, names map[string]string, words []string) {
	r.title.SetText(Title(h.Conversation))
	r.workspace.SetText(HitPlace(h, names))
	answer := widget.RichTextStyleInline
	answer.SizeName, answer.ColorName = theme.SizeNameCaptionText, theme.ColorNamePlaceHolder
	if h.TurnID == 0 {
		r.question.Segments = widgets.Marked("Title: ", safetext.OneLine(h.TitleSnippet), words, widget.RichTextStyleInline)
		r.answer.Segments = nil
	} else {
		r.question.Segments = widgets.Marked("Q: ", h.QuestionSnippet, words, widget.RichTextStyleInline)
		r.answer.Segments = widgets.Marked("A: ", h.AnswerSnippet, words, answer)
	}
	r.question.Refresh()
	r.answer.Refresh()
}

// HitPlace says where a search hit is: its conversation's kind (KindText), its project and, for
// a turn on a branch the conversation does not show, which: "Model chat · Smart · Travel · on
// branch 2 of 3".
func HitPlace(h records.SearchHit, names map[string]string) string {
	parts := []string{KindText(h.Conversation, names)}
	if h.Conversation.Kind == records.KindWorkspace && names[h.Conversation.WorkspaceID] == "" {
		parts[0] = "Workspace " + safetext.OneLine(h.Conversation.WorkspaceID) // its name not read (yet)
	}
	if h.Project != "" {
		parts = append(parts, "project "+safetext.OneLine(h.Project))
	}
	if h.Branch > 0 {
		parts = append(parts, fmt.Sprintf("on branch %d of %d", h.Branch, h.Branches))
	}
	return strings.Join(parts, " · ")
}

// HitExcerpt is a search hit's words in one line, the words found in bold: the title found, or
// the question and the answer's excerpt.
func HitExcerpt(h records.SearchHit, words []string) []widget.RichTextSegment {
	style := widget.RichTextStyleInline
	style.SizeName = theme.SizeNameCaptionText
	if h.TurnID == 0 {
		return widgets.Marked("Title: ", safetext.OneLine(h.TitleSnippet), words, style)
	}
	return append(widgets.Marked("Q: ", h.QuestionSnippet, words, style), widgets.Marked(" — A: ", h.AnswerSnippet, words, style)...)
}

// AccessibilityLabel says "Search conversations", then the words typed.
func (e *searchBox) AccessibilityLabel() string {
	return widgets.FieldLabel("Search conversations", e.Text)
}

// AccessibilityRole is text: a box to type in.
func (e *searchBox) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }

// AccessibilityLabel reads the hit as shown now: its title, its workspace, the question and the
// answer's excerpts.
func (r *searchRow) AccessibilityLabel() string {
	return widgets.Spoken(r.title.Text, "in "+r.workspace.Text, r.question.String(), r.answer.String())
}

// AccessibilityRole is text: the list opens the hit; the hit itself is read as a whole.
func (r *searchRow) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleText }
