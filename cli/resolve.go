package cli

import (
	"strings"

	"lectern/client"
)

// connectWorkspace connects to the service and resolves WORKSPACE, for the commands that act on
// one workspace.
func (e *env) connectWorkspace(arg string) (*client.Client, client.Workspace, error) {
	c, _, err := e.connect()
	if err != nil {
		return nil, client.Workspace{}, err
	}
	ws, err := e.resolveWorkspace(c, arg)
	return c, ws, err
}

// resolveWorkspace turns WORKSPACE (an id, or an exact workspace name in any case) into a
// workspace by listing every page. An unknown or ambiguous name is a local error (exit 2).
func (e *env) resolveWorkspace(c *client.Client, arg string) (client.Workspace, error) {
	if strings.TrimSpace(arg) == "" {
		return client.Workspace{}, usagef(e.cmd, "WORKSPACE is empty; give a workspace id or name")
	}
	var byName []client.Workspace
	for w, err := range c.AllWorkspaces(e.ctx, client.ListOptions{Include: "none"}) {
		if err != nil {
			return client.Workspace{}, err
		}
		if w.WorkspaceID == arg {
			return w, nil
		}
		if strings.EqualFold(strings.TrimSpace(w.Name), strings.TrimSpace(arg)) {
			byName = append(byName, w)
		}
	}
	switch len(byName) {
	case 1:
		return byName[0], nil
	case 0:
		return client.Workspace{}, localf("no workspace has the id or name %q; \"lectern workspaces\" lists them", arg)
	}
	var lines []string
	for _, w := range byName {
		lines = append(lines, "  "+w.WorkspaceID+"  "+w.Name+"  ("+w.Scope+", "+w.Access+")")
	}
	return client.Workspace{}, localf("%d workspaces are called %q; give the id of one:\n%s",
		len(byName), arg, strings.Join(lines, "\n"))
}
