// Package engine is the emulator's small answer engine: it pulls text out of
// the five supported document types (.txt, .csv, .docx, .xlsx and text PDFs),
// answers questions from the passages that best match them (BM25), computes
// totals and averages of spreadsheet columns, writes minimal DOCX, XLSX and PDF
// files, and holds the demo documents of a fictional company.
//
// Answer works in three ways, reported as Result.Mode like the service's
// coverage.mode: "compute" when the question asks for a total, sum, "how
// many" or average and a numeric spreadsheet column matches it (rows can be
// narrowed by cells the question names, such as "North" or "Q2");
// "mapreduce" when it asks for a summary or overview, made document by
// document from their opening lines, sections and column totals; "search"
// when it quotes the best BM25 passages and knows which documents it used;
// "whole" for small workspaces (WholeModeMaxChars), as if every document
// were given to a model, so that the documents used are not known. When no
// passage holds enough of the question (by idf weight, with a few synonyms
// and words of document names and titles counting), Found is false and the
// answer names the documents checked. Given the earlier turns of a
// conversation, a follow-up is still searched on its own terms (on the
// previous question's when it has none, as in "What is her name?"), and
// among the passages that cover it equally well those of the documents the
// last question and answer were about come first.
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

// ErrUnreadable is returned (wrapped) by Extract for a file of the right type
// whose text cannot be read, such as an encrypted PDF.
var ErrUnreadable = errors.New("engine: document cannot be read")

// ErrTooLarge is returned (wrapped) by Extract when a compressed part would
// decompress past MaxDecompressed bytes, as a zip bomb would.
var ErrTooLarge = errors.New("engine: content too large once decompressed")

// MaxDecompressed is the most bytes Extract decompresses from one file, over
// all of its zip parts or PDF streams together.
const MaxDecompressed = 64 << 20
