// Package winconsole gives Lectern.exe's command line the console it was typed in.
//
// Lectern.exe is linked as a windowed (GUI-subsystem) program, so that a double-click opens no
// console window beside the app. Windows then starts it without a console and without standard
// handles: typed in cmd.exe or PowerShell, `lectern workspaces` would print nothing. With
// arguments, Attach attaches the process to its parent's console and points the standard handles
// that are not already usable at it. Handles the parent redirected (a pipe or a file) are kept.
package winconsole

// The standard handles, as System's methods number them.
const (
	Stdin = iota
	Stdout
	Stderr
)

// System is what Attach needs of the operating system: the Windows API in console_windows.go, a
// fake in the tests.
type System interface {
	// Usable reports whether the standard handle std is already usable: a pipe or a file that
	// the parent redirected it to.
	Usable(std int) bool
	// AttachParent attaches the process to its parent's console (AttachConsole with
	// ATTACH_PARENT_PROCESS); it fails when the parent has none, as Explorer has none.
	AttachParent() error
	// Reopen points the standard handle std, and the *os.File for it, at the attached console.
	Reopen(std int) error
}

// Attach connects the command line to the parent's console and returns the standard handles it
// pointed there. args is os.Args.
//
//   - No arguments: the desktop app; nothing is attached (a console would only flash by).
//   - Every standard handle already usable (all redirected): nothing to attach.
//   - No parent console (started from Explorer or a shortcut): carry on as before; output goes to
//     whichever handles were usable, the rest is lost as it always was.
//   - Otherwise each handle that is not usable is reopened on the console; one that cannot be
//     stays as it was, and the others still work.
func Attach(sys System, args []string) []int {
	if len(args) < 2 {
		return nil
	}
	var missing []int
	for _, std := range []int{Stdin, Stdout, Stderr} {
		if !sys.Usable(std) {
			missing = append(missing, std)
		}
	}
	if len(missing) == 0 || sys.AttachParent() != nil {
		return nil
	}
	var reopened []int
	for _, std := range missing {
		if sys.Reopen(std) == nil {
			reopened = append(reopened, std)
		}
	}
	return reopened
}
