package client

import (
	"strconv"
	"strings"
)

// ValidationError is a check that failed before anything was sent. It is data, not a sentence:
// Field names the field at fault (its JSON path), Code the rule it broke (one of the Invalid…
// codes), and the other fields what a sentence needs; the application words it for people.
type ValidationError struct {
	Field   string   // the field at fault, for example "question" or "input[2].role"
	Code    string   // the rule broken: InvalidMissing, InvalidTooLong, …
	Value   string   // the value at fault when it helps: a tier, a mode, an extension as written
	File    string   // the file at fault, when the check is about one file of several
	Want    string   // what the rule wants: a form (InvalidForm), a range "lo..hi", a role, a type
	Choices []string // the values accepted (InvalidChoice, InvalidFileType)
	Got     int64    // the count, characters or bytes found (a turn's number for a history rule)
	Limit   int64    // the most allowed
}

// The rules a ValidationError's Code names.
const (
	InvalidMissing     = "missing"           // nothing given where something is needed (Want: what, when Field does not say)
	InvalidTooLong     = "too_long"          // more characters than Limit (Got)
	InvalidTooMany     = "too_many"          // more items than Limit (Got); Want names the items
	InvalidTooLarge    = "too_large"         // more bytes than Limit (Got, 0 when summed); File names the file
	InvalidEncodedSize = "request_too_large" // the request, once encoded, over Limit bytes (Got)
	InvalidEmptyFile   = "empty_file"        // a file of 0 bytes (File)
	InvalidUnknownSize = "size_unknown"      // a file whose size is not known
	InvalidRange       = "out_of_range"      // a number (Value) outside Want, "lo..hi" (hi may be empty)
	InvalidChoice      = "not_a_choice"      // Value is none of Choices
	InvalidForm        = "malformed"         // Value is not of the form Want names (one of the Form… names)
	InvalidFileType    = "file_type"         // the extension Value ("" for none) is refused; Want: the type to save as
	InvalidTierCannot  = "tier_cannot"       // the tier Value cannot do Want: "vision" or "tools"
	InvalidRole        = "wrong_role"        // history turn Got must have role Want
	InvalidEmptyTurn   = "empty_turn"        // history turn Got has no content
	InvalidUnpaired    = "unpaired"          // the history ends without the assistant's turn
	InvalidDuplicate   = "duplicate"         // two items share the name Value
	InvalidConflict    = "conflict"          // Field and Want cannot both be given (Value: what was given)
	InvalidReserved    = "reserved_marker"   // [img] or [img- in a request with images
	InvalidUnreadable  = "unreadable"        // the file File cannot be read; Value says why
	InvalidNotAFile    = "not_a_file"        // File is a folder
	InvalidUnencodable = "unencodable"       // the request could not be encoded as JSON
)

// The forms of InvalidForm, in Want.
const (
	FormHTTPSURL      = "https_url"      // https:// (or http://) and a host
	FormPlainURL      = "plain_url"      // no user name, query or fragment
	FormKeyCharacters = "key_characters" // no spaces, line breaks or characters a key cannot have
	FormOneLine       = "one_line"       // no line breaks
	FormLettersDigits = "letters_digits" // exactly Limit of A-Z, a-z and 0-9
	FormNoLeadingDot  = "no_leading_dot" // a file name not starting with "."
	FormNoSeparator   = "no_separator"   // a file name without / or \
	FormNoControl     = "no_control"     // a file name without control characters
	FormUTF8          = "utf8"           // valid UTF-8 text
	FormJSONObject    = "json_object"    // a JSON object (a schema, an item)
	FormJSONText      = "json_text"      // JSON text (a call's arguments)
	FormImageDataURL  = "image_data_url" // a base64 data: URL of a PNG, JPEG, WebP, GIF or BMP image
	FormFunctionName  = "function_name"  // 1 to 64 letters, digits, _ or -
)

// Error returns a terse technical line for logs, such as "client: invalid question: too_long
// (got 9000, limit 8000)"; people read the application's wording of the fields instead.
func (e *ValidationError) Error() string {
	var b strings.Builder
	b.WriteString("client: invalid " + e.Field + ": " + e.Code)
	if e.File != "" {
		b.WriteString(" " + strconv.Quote(e.File))
	}
	if e.Value != "" {
		b.WriteString(" value " + strconv.Quote(e.Value))
	}
	if e.Want != "" {
		b.WriteString(" want " + e.Want)
	}
	if e.Got != 0 || e.Limit != 0 {
		b.WriteString(" (got " + strconv.FormatInt(e.Got, 10) + ", limit " + strconv.FormatInt(e.Limit, 10) + ")")
	}
	return b.String()
}

// missing is a field that was not given.
func missing(field string) *ValidationError {
	return &ValidationError{Field: field, Code: InvalidMissing}
}

// tooLong is a text of got characters over limit.
func tooLong(field string, got, limit int) *ValidationError {
	return &ValidationError{Field: field, Code: InvalidTooLong, Got: int64(got), Limit: int64(limit)}
}

// tooMany is got items (named by what) over limit.
func tooMany(field, what string, got, limit int) *ValidationError {
	return &ValidationError{Field: field, Code: InvalidTooMany, Want: what, Got: int64(got), Limit: int64(limit)}
}

// malformed is a value not of the form want.
func malformed(field, want string) *ValidationError {
	return &ValidationError{Field: field, Code: InvalidForm, Want: want}
}

// outOfRange is a number value outside lo..hi.
func outOfRange(field, value, lo, hi string) *ValidationError {
	return &ValidationError{Field: field, Code: InvalidRange, Value: value, Want: lo + ".." + hi}
}

// notAChoice is a value that is none of choices.
func notAChoice(field, value string, choices ...string) *ValidationError {
	return &ValidationError{Field: field, Code: InvalidChoice, Value: value, Choices: choices}
}
