package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// lectern move puts a conversation in a project, made when new and found in any case after;
// lectern projects lists them with their counts; history --project lists a project's
// conversations alone (and its turns for --search); unknown ids and projects are refused in words,
// an unknown id making no project.
func TestProjectCommands(t *testing.T) {
	newFixture(t, fastConfig())
	runCLI(t, "projects").want(t, 0)
	r := runCLI(t, "projects").want(t, 0)
	contains(t, "no projects", r.stdout, "No projects yet")
	runCLI(t, "ask", "Handbook", "How many days of paid holiday a year?").want(t, 0)
	runCLI(t, "ask", "Handbook", "When are expenses refunded?").want(t, 0)
	runCLI(t, "chat", "--model", "fast", "What is a context window?").want(t, 0)
	var all []historyEntry
	if err := json.Unmarshal([]byte(runCLI(t, "history", "--json").want(t, 0).stdout), &all); err != nil || len(all) != 3 {
		t.Fatalf("history %+v, %v", all, err)
	}
	chat, expenses, holiday := all[0].ConversationID, all[1].ConversationID, all[2].ConversationID

	r = runCLI(t, "move", holiday, "Leave & holidays").want(t, 0)
	contains(t, "move", r.stdout, "moved to the new project \"Leave & holidays\" (1 conversation)")
	r = runCLI(t, "move", chat, "leave & HOLIDAYS").want(t, 0)
	contains(t, "second move", r.stdout, "moved to the project \"Leave & holidays\" (2 conversations)")
	r = runCLI(t, "move", "999", "Ghost").want(t, 2)
	contains(t, "unknown id", r.stderr, "no conversation 999")
	runCLI(t, "move", "x1", "Ghost").want(t, 2)
	runCLI(t, "move", holiday).want(t, 2)

	r = runCLI(t, "projects").want(t, 0)
	contains(t, "projects", r.stdout, "NAME", "CONVERSATIONS", "Leave & holidays  2")
	var projects []projectEntry
	if err := json.Unmarshal([]byte(runCLI(t, "projects", "--json").want(t, 0).stdout), &projects); err != nil ||
		len(projects) != 1 || projects[0].Conversations != 2 {
		t.Fatalf("projects %+v, %v (the unknown id made a project?)", projects, err)
	}

	var in []historyEntry
	if err := json.Unmarshal([]byte(runCLI(t, "history", "--project", "leave & holidays", "--json").want(t, 0).stdout), &in); err != nil ||
		len(in) != 2 || in[0].ConversationID != chat || in[1].ConversationID != holiday {
		t.Fatalf("history of the project %+v, %v", in, err)
	}
	r = runCLI(t, "history", "--project", "Leave & holidays", "--search", "expenses").want(t, 0)
	if contains(t, "search in the project", r.stdout, "["+holiday+"]"); strings.Contains(r.stdout, "["+expenses+"]") {
		t.Errorf("the search in the project found a conversation outside it:\n%s", r.stdout)
	}
	r = runCLI(t, "history", "--search", "expenses").want(t, 0)
	contains(t, "search", r.stdout, "["+expenses+"]", "["+holiday+"]")
	r = runCLI(t, "history", "--project", "Nowhere").want(t, 2)
	contains(t, "unknown project", r.stderr, "no project named \"Nowhere\"", "lectern projects")
	r = runCLI(t, "help", "move").want(t, 0)
	contains(t, "help", r.stdout, "made when there is", "none")
}
