package sync

import (
	"strings"
	"syscall"
	"testing"
)

// A full or read-only folder is said in a sentence that says what to do and that nothing changed.
func TestSyncFolderErrorsInWords(t *testing.T) {
	f := Folder{Dir: "/media/share/lectern"}
	for errno, want := range map[syscall.Errno]string{syscall.ENOSPC: "is full", syscall.EROFS: "read-only", syscall.EACCES: "read-only", syscall.EIO: "check that it is there"} {
		got := f.fail("cannot write to", errno).Error()
		if !strings.Contains(got, want) || !strings.Contains(got, "Nothing was changed") || !strings.Contains(got, f.Dir) {
			t.Errorf("%v: %q", errno, got)
		}
	}
}
