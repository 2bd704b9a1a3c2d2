package winconsole

import (
	"os"

	"golang.org/x/sys/windows"
)

// Start attaches the command line to the console it was typed in (see Attach). main calls it
// before anything is printed.
func Start(args []string) {
	Attach(system{}, args)
}

// system is System over the Windows API.
type system struct{}

var (
	stdHandles = [3]uint32{windows.STD_INPUT_HANDLE, windows.STD_OUTPUT_HANDLE, windows.STD_ERROR_HANDLE}
	stdFiles   = [3]**os.File{&os.Stdin, &os.Stdout, &os.Stderr}
	// AttachConsole is not in golang.org/x/sys/windows; kernel32 is loaded from System32 only.
	attachConsole = windows.NewLazySystemDLL("kernel32.dll").NewProc("AttachConsole")
)

// attachParentProcess is ATTACH_PARENT_PROCESS, (DWORD)-1.
const attachParentProcess = ^uint32(0)

// Usable counts pipes and files (what a parent redirects to) only. A console handle cannot be
// valid before the attach, as a windowed program starts without a console; redirection to NUL,
// the one character device left, is reopened on the console, a harmless mistake.
func (system) Usable(std int) bool {
	h, err := windows.GetStdHandle(stdHandles[std])
	if err != nil || h == 0 || h == windows.InvalidHandle {
		return false
	}
	t, err := windows.GetFileType(h)
	return err == nil && (t == windows.FILE_TYPE_PIPE || t == windows.FILE_TYPE_DISK)
}

func (system) AttachParent() error {
	if ok, _, err := attachConsole.Call(uintptr(attachParentProcess)); ok == 0 {
		return err
	}
	return nil
}

// Reopen opens CONIN$ or CONOUT$ and sets it as the process's standard handle too, so that
// what the Go runtime writes itself (a panic's trace) reaches the console as well.
func (system) Reopen(std int) error {
	name := "CONOUT$"
	if std == Stdin {
		name = "CONIN$"
	}
	h, err := windows.CreateFile(windows.StringToUTF16Ptr(name),
		windows.GENERIC_READ|windows.GENERIC_WRITE, windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE,
		nil, windows.OPEN_EXISTING, 0, 0)
	if err != nil {
		return err
	}
	if err := windows.SetStdHandle(stdHandles[std], h); err != nil {
		windows.CloseHandle(h)
		return err
	}
	*stdFiles[std] = os.NewFile(uintptr(h), name)
	return nil
}
