package widgets

import (
	"net/url"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"lectern/internal/words"
)

// WebSearchData is what a web search card shows, as text the caller has already made safe to
// draw: the queries sent, the results, how the search went in words, and its warnings.
type WebSearchData struct {
	Queries []string
	Results []WebResult
	// Note says how the search went when not plainly well: partial, nothing found, web search
	// blocked for the account. "" when all went well.
	Note     string
	Warnings []string // each warning in words
	// Verb says the queries: "Searched for" when "", else as the search stands ("Asks to search
	// for", before it is allowed).
	Verb string
}

// WebResult is one result of a web search: its title, its site and its address.
type WebResult struct {
	Title, Domain, URL string
}

// WebSearchView shows a web search: the queries, each result's title, site and address (shown
// before anything opens it), the search's note and its warnings. Tapping Open hands the address
// to OnLink, which asks before opening it in the browser.
type WebSearchView struct {
	widget.BaseWidget
	Data WebSearchData
	// Queries says what was searched for; Note how it went; Warnings the warnings.
	Queries, Note, Warnings *widget.Label
	// Results holds one row per result.
	Results *fyne.Container
	// OnLink is called with the address of a result whose Open was tapped.
	OnLink func(u *url.URL)

	root *fyne.Container
}

// NewWebSearchView makes a view of a search with nothing yet; SetData fills it.
func NewWebSearchView() *WebSearchView {
	v := &WebSearchView{Queries: widget.NewLabel(""), Note: widget.NewLabel(""), Warnings: widget.NewLabel(""),
		Results: container.NewVBox()}
	v.ExtendBaseWidget(v)
	for _, l := range []*widget.Label{v.Queries, v.Note, v.Warnings} {
		l.Wrapping = fyne.TextWrapWord
	}
	v.Queries.TextStyle = fyne.TextStyle{Italic: true}
	v.Note.Importance, v.Warnings.Importance = widget.WarningImportance, widget.WarningImportance
	v.root = container.NewVBox(v.Queries, v.Note, v.Warnings, v.Results)
	v.SetData(WebSearchData{})
	return v
}

// CreateRenderer returns the view's renderer.
func (v *WebSearchView) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(v.root) }

// SetData shows d.
func (v *WebSearchView) SetData(d WebSearchData) {
	v.Data = d
	v.Queries.SetText(queriesText(d.Verb, d.Queries))
	ShowIf(v.Queries, len(d.Queries) > 0)
	v.Note.SetText(d.Note)
	ShowIf(v.Note, d.Note != "")
	v.Warnings.SetText(strings.Join(d.Warnings, "\n"))
	ShowIf(v.Warnings, len(d.Warnings) > 0)
	v.Results.RemoveAll()
	for i, r := range d.Results {
		v.Results.Add(v.resultRow(i+1, r))
	}
	ShowIf(v.Results, len(d.Results) > 0)
}

// queriesText lists the queries after verb ("Searched for" when ""): "Searched for “a” and “b”".
func queriesText(verb string, qs []string) string {
	if verb == "" {
		verb = "Searched for"
	}
	quoted := make([]string, len(qs))
	for i, q := range qs {
		quoted[i] = "“" + q + "”"
	}
	if len(quoted) > 1 {
		return verb + " " + strings.Join(quoted[:len(quoted)-1], ", ") + " and " + quoted[len(quoted)-1]
	}
	return verb + " " + strings.Join(quoted, "")
}

// resultRow is one result: its number and title, then its site and whole address, and Open for
// an http or https address (another scheme is shown, never opened).
func (v *WebSearchView) resultRow(n int, r WebResult) fyne.CanvasObject {
	title := widget.NewLabelWithStyle(strconv.Itoa(n)+". "+orUntitled(r.Title), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Wrapping = fyne.TextWrapWord
	where := CaptionLabel(siteAndAddress(r))
	where.Wrapping, where.Selectable = fyne.TextWrapBreak, true
	text := container.NewVBox(title, where)
	u, err := url.Parse(r.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return text
	}
	open := widget.NewButtonWithIcon("Open…", theme.ComputerIcon(), func() {
		if v.OnLink != nil {
			v.OnLink(u)
		}
	})
	open.Importance = widget.LowImportance
	return container.NewBorder(nil, nil, nil, container.NewVBox(open), text)
}

func orUntitled(title string) string {
	if strings.TrimSpace(title) == "" {
		return "(no title)"
	}
	return title
}

// siteAndAddress is a result's caption: its site, then its whole address.
func siteAndAddress(r WebResult) string {
	switch {
	case r.URL == "":
		return r.Domain + " · (no address)"
	case r.Domain == "":
		return r.URL
	}
	return r.Domain + " · " + r.URL
}

// Summary says the search in a few words: "5 results", "no results", with its note.
func (v *WebSearchView) Summary() string {
	s := words.Count(len(v.Data.Results), "result")
	if len(v.Data.Results) == 0 {
		s = "no results"
	}
	if v.Data.Note != "" {
		s += ". " + v.Data.Note
	}
	return s
}

// AccessibilityLabel says the queries and the number of results.
func (v *WebSearchView) AccessibilityLabel() string {
	if len(v.Data.Queries) == 0 {
		return "Web search, " + v.Summary()
	}
	return "Web search. " + queriesText(v.Data.Verb, v.Data.Queries) + ", " + v.Summary()
}

// AccessibilityRole is a container: its results and their Open buttons are read on their own.
func (v *WebSearchView) AccessibilityRole() fyne.AccessibleRole { return fyne.AccessibleRoleContainer }

var _ fyne.Accessible = (*WebSearchView)(nil)
