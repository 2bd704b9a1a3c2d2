// Package search is the store's one search (issue 31): the conversations of every kind whose
// title or turns hold the words typed, through the full-text index, with the project and the
// branch of each hit, and the excerpts the front-ends show. It reads the store's SQLite file
// (app/store) and writes nothing.
package search
