package cli

// cmdQuick is listed for `lectern help`: package main opens the desktop app's Quick ask window for
// `lectern quick` before the command line runs (the desktop app is not part of it), so its run
// only meets what main did not take.
var cmdQuick = &command{
	name:    "quick",
	args:    "",
	summary: "open the desktop app's Quick ask window (bind it to a key in your system's keyboard settings)",
	help: `Opens a small "Quick ask" window of the desktop app: type a question, pick a workspace or a
model tier, and the answer streams below it; "Open in Lectern" continues the conversation in the
main window, Esc closes. When Lectern already runs, its window is used and this command ends at
once. The question is kept as a normal conversation. It needs a display, as the desktop app does.`,
	run: runQuick,
}

// runQuick is what reaches the command line of `lectern quick`: only with arguments or flags,
// which it takes none of.
func runQuick(e *env, args []string) error {
	if len(args) > 0 {
		return usagef("quick", "quick takes no arguments (it opens the Quick ask window)")
	}
	return usagef("quick", "--server does not go with quick: run it as \"lectern quick\"; the desktop app uses the server it is connected to")
}

// IsCommand reports whether name is one of the command line's commands, its help or version
// flags, or a flag: package main sends those to Main rather than open them as a file.
func IsCommand(name string) bool {
	switch name {
	case "help", "-h", "-help", "--help", "--version", "-version":
		return true
	}
	return findCommand(name) != nil || (len(name) > 0 && name[0] == '-')
}
