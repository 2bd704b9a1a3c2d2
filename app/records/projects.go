package records

import (
	"slices"
	"time"
)

// Project is a named folder of conversations of every kind, on one server; a conversation is in
// at most one (Conversation.ProjectID).
type Project struct {
	ID     int64
	UID    string // the same project in a backup and in the data folder it is imported into
	Name   string
	Colour string // one of ProjectColours, "" for none
	// Defaults are given to a conversation started in the project.
	Defaults  ProjectDefaults
	Collapsed bool // its folder is closed in the desktop's list
	// Conversations is how many conversations it holds (not those in the trash).
	Conversations int
	Created       time.Time
	Updated       time.Time
	Deleted       time.Time // when it went to the trash; zero for a project not in it
}

// ProjectDefaults are what a new conversation in a project starts with: a workspace
// conversation its workspace, a model chat its tier, system prompt and tools (among them the
// MCP servers whose tools it offers and the workspaces it consults). Zero values leave the
// app's own defaults.
type ProjectDefaults struct {
	WorkspaceID string       `json:"workspace,omitempty"`
	Tier        string       `json:"tier,omitempty"`
	System      string       `json:"system,omitempty"`
	Tools       ToolSettings `json:"tools,omitzero"`
}

// ProjectColours are the colours a project can have, by name; the desktop draws each in the
// theme's own shade.
var ProjectColours = []string{"red", "orange", "yellow", "green", "blue", "purple", "grey"}

// KnownColour reports whether c is "" (no colour) or one of ProjectColours.
func KnownColour(c string) bool { return c == "" || slices.Contains(ProjectColours, c) }
