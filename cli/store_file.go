package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"lectern/client"
)

// fileStoreName is the small JSON file that keeps the command line's conversations until the
// app's database holds them.
const fileStoreName = "cli-conversations.json"

// fileStore is a conversationStore in one JSON file of the data folder. Its conversation ids
// start with "f", so that they never clash with the app's.
type fileStore struct{ path string }

// fileIDPrefix starts the ids of the file's conversations.
const fileIDPrefix = "f"

// Ask implements conversationStore: the command line asks, then the turn is added to the file.
func (s *fileStore) Ask(e *env, c *client.Client, ws client.Workspace, o *askOptions) error {
	conv, err := s.followUp(e, o)
	if err != nil {
		return err
	}
	ans, partial, askErr := e.askAndShow(c, o)
	turn := newTurn(o, ans, partial, askErr, e.ctx.Err() != nil)
	if _, err := s.Save(e.ctx, o.server, ws, conv, turn); err != nil {
		fmt.Fprintf(e.stderr, "lectern: the answer could not be kept in the history: %v\n", err)
	}
	return askErr
}

// followUp fills the history of a --continue question and returns the conversation to add to
// ("" for a new one).
func (s *fileStore) followUp(e *env, o *askOptions) (string, error) {
	if !o.cont {
		return "", nil
	}
	conv, turns, err := s.Last(e.ctx, o.server, o.req.WorkspaceID)
	if err != nil {
		return "", localf("cannot read the earlier turns: %v", err)
	}
	if conv == "" {
		fmt.Fprintln(e.stderr, "lectern: no earlier conversation in this workspace; asking without history.")
		return "", nil
	}
	o.req.History = client.BuildHistory(turns)
	if err := o.req.Validate(); err != nil {
		return "", err
	}
	return conv, nil
}

// fileData is the content of the file.
type fileData struct {
	Next          int                 `json:"next"`
	Conversations []*fileConversation `json:"conversations"`
}

// fileConversation is one conversation of the file.
type fileConversation struct {
	ID          string      `json:"id"`
	Server      string      `json:"server"`
	WorkspaceID string      `json:"workspace_id"`
	Workspace   string      `json:"workspace"`
	Created     time.Time   `json:"created"`
	Updated     time.Time   `json:"updated"`
	Turns       []savedTurn `json:"turns"`
}

// load reads the file; a missing file is an empty store.
func (s *fileStore) load() (*fileData, error) {
	b, err := os.ReadFile(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return &fileData{Next: 1}, nil
	}
	if err != nil {
		return nil, err
	}
	var d fileData
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, fmt.Errorf("%s is damaged (%v); move it away to start a new history", s.path, err)
	}
	return &d, nil
}

// save writes the file atomically.
func (s *fileStore) save(d *fileData) error {
	b, err := json.MarshalIndent(d, "", " ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return err
	}
	tmp := s.path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, s.path)
}

// Last implements conversationStore.
func (s *fileStore) Last(_ context.Context, server, workspaceID string) (string, []client.LocalTurn, error) {
	d, err := s.load()
	if err != nil {
		return "", nil, err
	}
	var last *fileConversation
	for _, c := range d.Conversations {
		if c.Server == server && c.WorkspaceID == workspaceID && (last == nil || !c.Updated.Before(last.Updated)) {
			last = c
		}
	}
	if last == nil {
		return "", nil, nil
	}
	return last.ID, localTurns(last.Turns), nil
}

// Save implements conversationStore.
func (s *fileStore) Save(_ context.Context, server string, ws client.Workspace, id string, t savedTurn) (string, error) {
	d, err := s.load()
	if err != nil {
		return "", err
	}
	i := slices.IndexFunc(d.Conversations, func(c *fileConversation) bool { return c.ID == id })
	if i < 0 {
		c := &fileConversation{ID: fileIDPrefix + strconv.Itoa(d.Next), Server: server, WorkspaceID: ws.WorkspaceID,
			Workspace: ws.Name, Created: t.Time}
		d.Next++
		d.Conversations = append(d.Conversations, c)
		i = len(d.Conversations) - 1
	}
	c := d.Conversations[i]
	c.Turns = append(c.Turns, t)
	c.Updated = t.Time
	return c.ID, s.save(d)
}

// List implements conversationStore.
func (s *fileStore) List(_ context.Context, search string) ([]historyEntry, error) {
	d, err := s.load()
	if err != nil {
		return nil, err
	}
	var out []historyEntry
	for _, c := range slices.Backward(d.Conversations) {
		base := historyEntry{ConversationID: c.ID, Server: c.Server, WorkspaceID: c.WorkspaceID,
			Workspace: c.Workspace, Title: conversationTitle(c.Turns), Turns: len(c.Turns), Updated: c.Updated}
		if search == "" {
			out = append(out, base)
			continue
		}
		for _, t := range c.Turns {
			if containsFold(t.Question, search) || containsFold(t.Answer, search) {
				e := base
				e.Question, e.Answer, e.Status, e.Updated = t.Question, t.Answer, t.Status, t.Time
				out = append(out, e)
			}
		}
	}
	return out, nil
}

// Export implements conversationStore.
func (s *fileStore) Export(_ context.Context, id, file string) (bool, error) {
	d, err := s.load()
	if err != nil {
		return false, err
	}
	i := slices.IndexFunc(d.Conversations, func(c *fileConversation) bool { return c.ID == id })
	if i < 0 {
		return false, nil
	}
	c := d.Conversations[i]
	md := markdown(conversationTitle(c.Turns), c.Workspace, c.Turns)
	return true, os.WriteFile(file, []byte(md), 0o644)
}

// conversationTitle is the first question, shortened.
func conversationTitle(turns []savedTurn) string {
	if len(turns) == 0 {
		return "(empty)"
	}
	return shorten(turns[0].Question, 60)
}

// containsFold reports whether s contains sub in any case.
func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// shorten cuts s to n runes on one line.
func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
