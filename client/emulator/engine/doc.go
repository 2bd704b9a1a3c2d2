// Package engine is the emulator's small answer engine: it pulls text out of
// the five supported document types (.txt, .csv, .docx, .xlsx and text PDFs),
// answers questions from the passages that best match them (BM25), computes
// totals and averages of spreadsheet columns, writes minimal DOCX, XLSX and PDF
// files, and holds the demo documents of a fictional company.
//
// Everything here is standard library only, deterministic and safe on hostile
// input: Extract never panics and caps how much it decompresses.
package engine

import "errors"

// ErrUnsupportedType is returned by Extract when the file name's extension is
// not one of .txt, .csv, .docx, .xlsx or .pdf (any case).
var ErrUnsupportedType = errors.New("engine: unsupported file type")

// ErrContentMismatch is returned (wrapped) by Extract when the content does
// not match the extension: a PDF without the %PDF- header, a DOCX or XLSX that
// is not a zip with the required parts, or text that is not valid UTF-8.
var ErrContentMismatch = errors.New("engine: content does not match file type")

// ErrTooLarge is returned (wrapped) by Extract when a compressed part would
// decompress past MaxDecompressed bytes, as a zip bomb would.
var ErrTooLarge = errors.New("engine: content too large once decompressed")

// MaxDecompressed is the most bytes Extract decompresses from one file, over
// all of its zip parts or PDF streams together.
const MaxDecompressed = 64 << 20
