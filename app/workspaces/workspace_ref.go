package workspaces

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"lectern/client"
)

// Front-ends name a workspace as a person types it: an id, or a name in any case. Resolving it
// costs nothing in the common case: an id or name the cache knows is used at once; an argument the
// cache does not know is sent as an id, and only when the server answers workspace_not_found is the
// workspace list read (and cached) to resolve it as a name, and the request sent again.

// WorkspaceRef is a workspace as resolved for a request: its id, and its name when known.
type WorkspaceRef struct {
	ID   string
	Name string // "" when the workspace is not cached (it was sent as typed)
}

// Label names the workspace for a person: its name, else its id.
func (r WorkspaceRef) Label() string {
	if r.Name != "" {
		return r.Name
	}
	return r.ID
}

// UnknownWorkspaceError says that no workspace the key can open has the id or name Arg.
type UnknownWorkspaceError struct{ Arg string }

func (e *UnknownWorkspaceError) Error() string {
	return fmt.Sprintf("no workspace has the id or name %q; list them to see the names (command line: lectern workspaces)", e.Arg)
}

// AmbiguousWorkspaceError says that several workspaces are called Name: give the id of one.
type AmbiguousWorkspaceError struct {
	Name       string
	Candidates []client.Workspace
}

func (e *AmbiguousWorkspaceError) Error() string {
	lines := make([]string, 0, len(e.Candidates))
	for _, w := range e.Candidates {
		lines = append(lines, "  "+w.WorkspaceID+"  "+w.Name+"  ("+w.Scope+", "+w.Access+")")
	}
	return fmt.Sprintf("%d workspaces are called %q; give the id of one:\n%s", len(e.Candidates), e.Name,
		strings.Join(lines, "\n"))
}

// errNoWorkspace refuses an empty workspace argument.
var errNoWorkspace = &client.ValidationError{Field: "workspace", Code: client.InvalidMissing}

// withWorkspace runs op for the workspace arg names, resolved from the cache; an argument the cache
// does not know is tried as an id, and when the server answers workspace_not_found the list is read
// to resolve it as a name and op runs again with that workspace. It returns the workspace op ran
// for last.
func (s *Sync) WithWorkspace(ctx context.Context, arg string, op func(WorkspaceRef) error) (WorkspaceRef, error) {
	ref, known, err := s.CachedWorkspace(ctx, arg)
	if err != nil {
		return ref, err
	}
	err = op(ref)
	if known || !client.IsCode(err, "workspace_not_found") {
		return ref, err
	}
	listed, lerr := s.RefreshList(ctx)
	if lerr != nil {
		return ref, err
	}
	ref, err = PickWorkspace(arg, listed)
	if err != nil {
		return ref, err
	}
	return ref, op(ref)
}

// cachedWorkspace resolves arg from the cache: an exact id, else a name (trimmed, any case). known
// is false when the cache knows neither; ref then carries arg as the id to try.
func (s *Sync) CachedWorkspace(ctx context.Context, arg string) (ref WorkspaceRef, known bool, err error) {
	arg = strings.TrimSpace(arg)
	if arg == "" {
		return WorkspaceRef{}, false, errNoWorkspace
	}
	cached, err := s.CachedWorkspaces(ctx)
	if err != nil {
		return WorkspaceRef{ID: arg}, false, nil // an unreadable cache only costs a request
	}
	list := make([]client.Workspace, len(cached))
	for i, w := range cached {
		list[i] = w.Workspace
	}
	ref, err = PickWorkspace(arg, list)
	var unknown *UnknownWorkspaceError
	if errors.As(err, &unknown) {
		return WorkspaceRef{ID: arg}, false, nil
	}
	return ref, err == nil, err
}

// pickWorkspace finds arg in list: an exact id first, else one name equal in any case.
func PickWorkspace(arg string, list []client.Workspace) (WorkspaceRef, error) {
	arg = strings.TrimSpace(arg)
	var byName []client.Workspace
	for _, w := range list {
		if w.WorkspaceID == arg {
			return WorkspaceRef{ID: w.WorkspaceID, Name: w.Name}, nil
		}
		if strings.EqualFold(strings.TrimSpace(w.Name), arg) {
			byName = append(byName, w)
		}
	}
	switch len(byName) {
	case 0:
		return WorkspaceRef{}, &UnknownWorkspaceError{Arg: arg}
	case 1:
		return WorkspaceRef{ID: byName[0].WorkspaceID, Name: byName[0].Name}, nil
	}
	return WorkspaceRef{}, &AmbiguousWorkspaceError{Name: arg, Candidates: byName}
}
