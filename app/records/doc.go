// Package records holds what the rooms of the core keep and the front-ends show: a cached
// workspace, a conversation and its turns with their parts (function calls, tool runs, file
// texts, generated files), an upload-queue entry, the lists' items, and the words that show them
// (an answer's stage, its warnings, how it ended, a tool run in one line). It holds data and its
// words only: the store saves records, the rooms make and change them.
package records
