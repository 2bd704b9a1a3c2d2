package records

import (
	"time"

	"lectern/internal/words"
)

// What the lists of servers, conversations, search hits, presets and schemas hold.

// KnownServer is a server whose workspaces this computer keeps from an earlier connection.
type KnownServer struct {
	Address    string
	LastSynced time.Time
	Current    bool // the server in use (not in demo mode)
}

// SearchHit is one turn that matches a search, or a conversation whose title does (TurnID 0),
// with its conversation and excerpts of its title, question and answer, in which the first
// matching word is wrapped in [ and ] (an excerpt without a match is the start of its text).
type SearchHit struct {
	Conversation    Conversation
	TurnID          int64 // 0: the conversation's title matched
	Question        string
	TitleSnippet    string
	QuestionSnippet string
	AnswerSnippet   string
	// Project is the name of the project the conversation is in, "" for none.
	Project string
	// Branch and Branches say that the turn is on a branch the conversation does not show: on
	// branch Branch of the Branches that part where it leaves the branch shown (0 and 0: shown).
	Branch, Branches int
}

// ListFilter chooses the conversations ListAll returns; zero values choose all.
type ListFilter struct {
	Kind        ConversationKind // KindWorkspace, KindModel; "" for every kind
	WorkspaceID string           // only this workspace's conversations; "" for any
	ProjectID   int64            // only this project's conversations; 0 for any
}

// Preset is a named way to start a model conversation, kept on this computer.
type Preset struct {
	ID     int64
	Name   string
	Tier   string // "" = the settings' default
	System string
	Format AnswerFormat
	// Tools are what a chat started from the preset offers: web search, files, workspaces to
	// consult and the MCP servers whose tools it offers.
	Tools ToolSettings
}

// SavedSchema is a JSON schema saved under a name, to pick as an answer format.
type SavedSchema struct {
	ID     int64
	Name   string
	Schema string
}

// Format is the answer format of a saved schema.
func (s SavedSchema) Format() AnswerFormat {
	return AnswerFormat{Name: s.Name, Schema: []byte(s.Schema)}
}

// ImportResult says what Import did with each conversation of a backup.
type ImportResult struct {
	Added   int // added, with their turns, images and tool cards
	Present int // already in this data folder (the same conversation, by its uid): left as they are
	Trashed int // in the backup's trash: left out
	// Projects is how many projects were added (by uid) for the conversations added.
	Projects int
}

// AddedText says what was added: "3 conversations", "3 conversations in 1 new project".
func (r ImportResult) AddedText() string {
	added := words.Count(r.Added, "conversation")
	if r.Projects > 0 {
		added += " in " + words.Count(r.Projects, "new project")
	}
	return added
}

// TrashKept is how long a deleted conversation stays in the trash before it is removed for good.
const TrashKept = 30 * 24 * time.Hour
