package workspaceapi

import (
	"lectern/client"
	"lectern/client/emulator/engine"
)

// The answer engine's API is used only in this file.

// engDoc is a document given to the engine.
type engDoc struct {
	ID, Name, SourceType string
	URL                  *string
	Text                 string
}

// engResult is the engine's answer: Used holds indexes into the documents given.
type engResult struct {
	Answer    string
	Found     bool
	Mode      string
	Used      []int
	Checked   int
	UsedKnown bool
}

// extractText pulls the text out of a file with the engine.
func extractText(name string, data []byte) (string, error) {
	return engine.Extract(name, data)
}

// runEngine answers question from docs with the engine; history is the ask's earlier turns.
func runEngine(question string, history []client.HistoryMessage, docs []engDoc) engResult {
	in := make([]engine.Doc, len(docs))
	for i, d := range docs {
		in[i] = engine.Doc{ID: d.ID, Name: d.Name, SourceType: d.SourceType, URL: d.URL, Text: d.Text}
	}
	turns := make([]engine.Turn, len(history))
	for i, t := range history {
		turns[i] = engine.Turn{Role: t.Role, Content: t.Content}
	}
	r := engine.Answer(question, in, turns...)
	return engResult{Answer: r.Answer, Found: r.Found, Mode: r.Mode, Used: r.Used,
		Checked: r.Checked, UsedKnown: r.UsedKnown}
}
