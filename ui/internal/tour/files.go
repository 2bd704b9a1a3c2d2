package tour

import (
	"os"
	"path/filepath"
	"strings"
)

// tourFiles are the files the tour drops on the demo user's workspace: five it takes, and one
// Markdown file it refuses with what to save it as.
var tourFiles = map[string]string{
	"travel-policy-2027.txt":   "Travel must be booked through the travel desk at least 14 days ahead.",
	"expenses-q3.csv":          "month,amount\nJuly,1200\nAugust,950\nSeptember,1430\n",
	"onboarding-checklist.txt": "Day 1: laptop, badge, accounts. Day 2: meet the team. Week 1: first task.",
	"meeting-notes-oct.txt":    "The team agreed to move the release to November.",
	"vendor-contacts.csv":      "vendor,contact\nNorthwind,ops@northwind.example\n",
	"README.md":                "# Notes\nMarkdown is not accepted by the server.",
}

// writeTourFiles writes tourFiles to a new temporary folder and returns their paths, the
// Markdown one in the middle.
func writeTourFiles() ([]string, error) {
	dir, err := os.MkdirTemp("", "lectern-tour-files")
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, name := range []string{"travel-policy-2027.txt", "expenses-q3.csv", "README.md",
		"onboarding-checklist.txt", "meeting-notes-oct.txt", "vendor-contacts.csv"} {
		p := filepath.Join(dir, name)
		body := strings.Repeat(tourFiles[name]+"\n", 2000) // large enough to show the bars move
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return nil, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}
