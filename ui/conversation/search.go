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
	"lectern/internal/words"
	"lectern/ui/dialogs"
	"lectern/ui/internal/life"
	"lectern/ui/widgets"
)

// ShowSearch opens the search over every conversation of the server (Ctrl/Cmd+Shift+F); picking
// a hit closes it and calls OnOpenTurn.
func (c *List) ShowSearch() {
	if c.search == nil {
		c.search = newConversationSearch(c.lf, c.b, c.store, c.win, c.openHit)
	}
	c.search.open()
}

// openHit highlights the hit's conversation when it is listed and calls OnOpenTurn.
func (c *List) openHit(h records.SearchHit) {
	if h.Conversation.WorkspaceID == c.workspaceID {
		c.SelectConversation(h.Conversation.ID)
	}
	if c.OnOpenTurn != nil {
		c.OnOpenTurn(h.Conversation, h.TurnID)
	}
}

// conversationSearch is the search dialog: a box to type in and the turns found, each with its
// conversation's title and workspace, the question and an excerpt of the answer, the matching
// word in bold. Every keystroke searches again off the UI goroutine; older results are dropped.
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
	s.hits, s.words = hits, searchWords(text)
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
		s.status.SetText(fmt.Sprintf("%d %s found. Enter opens the first.", len(hits), words.Plural(len(hits), "turn")))
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

// searchWords splits what was typed into words, as the app's search does.
func searchWords(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
}

// searchRow is one hit: the conversation's title and workspace, the question, the answer excerpt.
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
	name := names[h.Conversation.WorkspaceID]
	if name == "" {
		name = h.Conversation.WorkspaceID
	}
	r.workspace.SetText(name)
	r.question.Segments = highlighted("Q: ", h.QuestionSnippet, words, widget.RichTextStyleInline)
	r.question.Refresh()
	answer := widget.RichTextStyleInline
	answer.SizeName, answer.ColorName = theme.SizeNameCaptionText, theme.ColorNamePlaceHolder
	r.answer.Segments = highlighted("A: ", h.AnswerSnippet, words, answer)
	r.answer.Refresh()
}

// highlighted turns an app excerpt into text segments after prefix: the match the app wrapped
// in [ and ] (one of words) becomes bold, without its brackets; other brackets stay as they are.
func highlighted(prefix, snippet string, words []string, style widget.RichTextStyle) []widget.RichTextSegment {
	bold := style
	bold.TextStyle.Bold = true
	for from := 0; ; {
		open := strings.IndexByte(snippet[from:], '[')
		if open < 0 {
			break
		}
		open += from
		end := strings.IndexByte(snippet[open:], ']')
		if end < 0 {
			break
		}
		end += open
		if inner := snippet[open+1 : end]; isWord(inner, words) {
			return []widget.RichTextSegment{&widget.TextSegment{Text: prefix + snippet[:open], Style: style},
				&widget.TextSegment{Text: inner, Style: bold}, &widget.TextSegment{Text: snippet[end+1:], Style: style}}
		}
		from = open + 1
	}
	return []widget.RichTextSegment{&widget.TextSegment{Text: prefix + snippet, Style: style}}
}

func isWord(s string, words []string) bool {
	for _, w := range words {
		if strings.EqualFold(s, w) {
			return true
		}
	}
	return false
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
