package doclist

import (
	"sort"

	"lectern/client"
)

// rebuild lists the visible rows: plain files first, then each website import (by name) with its
// matching pages under it.
func (m *Model) rebuild() {
	m.rows = m.rows[:0]
	m.shown = 0
	var pages [][]int
	if len(m.sources) > 0 {
		pages = make([][]int, len(m.sources))
	}
	for _, i := range m.order {
		e := &m.docs[i]
		if e.source >= 0 {
			if m.matches(e.key) || m.matches(m.sources[e.source].key) {
				pages[e.source] = append(pages[e.source], i)
			}
			continue
		}
		if m.matches(e.key) {
			m.rows = append(m.rows, Row{Kind: RowDocument, Index: i})
			m.shown++
		}
	}
	for _, s := range m.byName {
		if len(pages[s]) == 0 && !m.matches(m.sources[s].key) {
			continue
		}
		m.rows = append(m.rows, Row{Kind: RowSource, Index: s})
		if m.sources[s].collapsed {
			continue
		}
		for _, i := range pages[s] {
			m.rows = append(m.rows, Row{Kind: RowDocument, Index: i})
		}
		m.shown += len(pages[s])
	}
}

func (m *Model) sourceOrder() []int {
	idx := make([]int, len(m.sources))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return m.sources[idx[a]].key < m.sources[idx[b]].key })
	return idx
}

// Matching returns how many documents match the filter, pages of folded imports included.
func (m *Model) Matching() int { return m.shown }

// IsPage reports whether document i is a page of a website import.
func (m *Model) IsPage(i int) bool { return m.docs[i].source >= 0 }

// StatusLabel names a document or upload status in words; an unknown token is kept as it came.
func StatusLabel(status string) string {
	switch status {
	case client.StatusReady:
		return "Ready"
	case client.StatusNotReady:
		return "Not ready"
	case client.StatusFailed:
		return "Failed"
	case client.StatusProcessing:
		return "Processing"
	case "":
		return "Unknown"
	}
	return status
}
