package conversations

import (
	"cmp"
	"context"
	"strings"

	"lectern/app/connection"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/records"
	"lectern/app/store/projectdb"
)

// Projects are folders of conversations of every kind (issue 31), on the current server as its
// conversations are. Every change emits ConversationsChanged, so the lists show it.

// maxProjectName is the longest project name kept, in characters.
const maxProjectName = 120

// Projects returns the current server's projects, by name, each with how many conversations it
// holds.
func (c *Conversations) Projects(ctx context.Context) ([]records.Project, error) {
	key := c.conn.CacheKey()
	if key == "" {
		return nil, connection.ErrNotConnected
	}
	return c.projects.Projects(ctx, key)
}

// Project returns one project.
func (c *Conversations) Project(ctx context.Context, id int64) (records.Project, error) {
	return c.projects.Project(ctx, c.conn.CacheKey(), id)
}

// ProjectNamed finds a project by its name, in any case; ok is false when there is none.
func (c *Conversations) ProjectNamed(ctx context.Context, name string) (p records.Project, ok bool, err error) {
	return c.projects.ProjectNamed(ctx, c.conn.CacheKey(), projectName(name))
}

// NewProject makes a project named name (unique in any case) with colour (one of
// records.ProjectColours, or "").
func (c *Conversations) NewProject(ctx context.Context, name, colour string) (records.Project, error) {
	key := c.conn.CacheKey()
	if key == "" {
		return records.Project{}, connection.ErrNotConnected
	}
	name, err := checkProjectName(name)
	if err != nil {
		return records.Project{}, err
	}
	if !records.KnownColour(colour) {
		return records.Project{}, colourError(colour)
	}
	p, err := c.projects.CreateProject(ctx, key, records.Project{Name: name, Colour: colour})
	return p, c.changed(err)
}

// RenameProject gives a project another name (unique in any case).
func (c *Conversations) RenameProject(ctx context.Context, id int64, name string) error {
	name, err := checkProjectName(name)
	if err != nil {
		return err
	}
	return c.changed(c.projects.RenameProject(ctx, c.conn.CacheKey(), id, name))
}

// SetProjectColour gives a project one of records.ProjectColours, or none ("").
func (c *Conversations) SetProjectColour(ctx context.Context, id int64, colour string) error {
	if !records.KnownColour(colour) {
		return colourError(colour)
	}
	return c.changed(c.projects.SetProjectColumn(ctx, c.conn.CacheKey(), id, "colour", colour))
}

// SetProjectDefaults sets what a conversation started in the project starts with (NewInProject,
// Models.NewChatInProject); the conversations in it already keep their own.
func (c *Conversations) SetProjectDefaults(ctx context.Context, id int64, d records.ProjectDefaults) error {
	d.WorkspaceID, d.Tier, d.System = strings.TrimSpace(d.WorkspaceID), strings.TrimSpace(d.Tier), strings.TrimSpace(d.System)
	return c.changed(c.projects.SetProjectColumn(ctx, c.conn.CacheKey(), id, "defaults", projectdb.EncodeDefaults(d)))
}

// SetProjectCollapsed keeps whether the project's folder is closed in the list.
func (c *Conversations) SetProjectCollapsed(ctx context.Context, id int64, collapsed bool) error {
	v := 0
	if collapsed {
		v = 1
	}
	return c.changed(c.projects.SetProjectColumn(ctx, c.conn.CacheKey(), id, "collapsed", v))
}

// DeleteProject moves a project to the trash with its conversations; RestoreProject brings them
// back together.
func (c *Conversations) DeleteProject(ctx context.Context, id int64) error {
	return c.changed(c.projects.TrashProject(ctx, c.conn.CacheKey(), id))
}

// RestoreProject takes a project out of the trash with the conversations that went with it
// (not those deleted on their own before).
func (c *Conversations) RestoreProject(ctx context.Context, id int64) (records.Project, error) {
	p, err := c.projects.RestoreProject(ctx, c.conn.CacheKey(), id)
	return p, c.changed(err)
}

// TrashedProjects returns the current server's deleted projects, most recently deleted first.
func (c *Conversations) TrashedProjects(ctx context.Context) ([]records.Project, error) {
	return c.projects.TrashedProjects(ctx, c.conn.CacheKey())
}

// MoveToProject puts the conversations ids in project (0: takes them out of any), all or none.
func (c *Conversations) MoveToProject(ctx context.Context, ids []int64, project int64) error {
	if len(ids) == 0 {
		return nil
	}
	err := c.projects.MoveToProject(ctx, c.conn.CacheKey(), ids, project)
	if err == records.ErrNotFound {
		err = explain.Checkf("A conversation or the project was not found (deleted in another window?): nothing was moved.")
	}
	return c.changed(err)
}

// MoveToProjectNamed puts the conversations ids in the project named name (in any case), made
// first when there is none (created says so).
func (c *Conversations) MoveToProjectNamed(ctx context.Context, ids []int64, name string) (p records.Project, created bool, err error) {
	p, ok, err := c.ProjectNamed(ctx, name)
	if err != nil {
		return p, false, err
	}
	if !ok {
		if p, err = c.NewProject(ctx, name, ""); err != nil {
			return p, false, err
		}
	}
	if err := c.MoveToProject(ctx, ids, p.ID); err != nil {
		return p, !ok, err
	}
	p.Conversations, err = c.countIn(ctx, p.ID)
	return p, !ok, err
}

// countIn counts the conversations of project.
func (c *Conversations) countIn(ctx context.Context, project int64) (int, error) {
	p, err := c.Project(ctx, project)
	return p.Conversations, err
}

// NewInProject starts a workspace conversation in a project, on the project's workspace, else on
// orWorkspace (the one a front-end shows; "" for none), scoped to documentID ("" = the whole
// workspace).
func (c *Conversations) NewInProject(ctx context.Context, project int64, orWorkspace, documentID, title string) (records.Conversation, error) {
	p, err := c.Project(ctx, project)
	if err != nil {
		return records.Conversation{}, err
	}
	ws := cmp.Or(p.Defaults.WorkspaceID, strings.TrimSpace(orWorkspace))
	if ws == "" {
		return records.Conversation{}, explain.Checkf("The project %q has no workspace: choose one in its defaults, or ask from a workspace.", p.Name)
	}
	conv, err := c.New(ctx, ws, documentID, title)
	if err != nil {
		return conv, err
	}
	conv.ProjectID = p.ID
	return conv, c.MoveToProject(ctx, []int64{conv.ID}, p.ID)
}

// changed emits ConversationsChanged when err is nil, and returns err.
func (c *Conversations) changed(err error) error {
	if err == nil {
		c.bus.Emit(events.ConversationsChanged{})
	}
	return err
}

// projectName is a name as typed, its spaces made single and trimmed.
func projectName(name string) string { return strings.Join(strings.Fields(name), " ") }

// checkProjectName returns name cleaned, or why it cannot be a project's.
func checkProjectName(name string) (string, error) {
	name = projectName(name)
	switch {
	case name == "":
		return "", explain.Checkf("The project has no name: type one.")
	case len([]rune(name)) > maxProjectName:
		return "", explain.Checkf("A project's name is at most %d characters: shorten it.", maxProjectName)
	}
	return name, nil
}

// colourError says which colours a project can have.
func colourError(colour string) error {
	return explain.Checkf("%q is not a project colour: choose one of %s, or none.", colour, strings.Join(records.ProjectColours, ", "))
}
