package app

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"lectern/client"
	"lectern/internal/words"
)

// The client's checks before sending are data (field, rule, values found and allowed); these are
// their words, the same for the command line and the desktop.

// fieldNames name the fields people meet; any other is named by its path (a request Lectern
// built, which a person rarely sees).
var fieldNames = map[string]string{
	"workspace_id": "the workspace", "workspace": "the workspace", "question": "the question",
	"name": "the file name", "file": "the file", "base_url": "the server address", "api_key": "the API key",
	"model": "the model tier", "metadata": "the metadata", "history": "the earlier turns", "attachments": "the files",
	"message": "the message", "prompt": "the prompt", "query": "the search words", "queries": "the search words",
	"document_id": "the document id", "job_id": "the job id", "artifact_id": "the file id",
	"max_results": "the number of results", "depth": "the number of pages to read", "max_words": "the number of words",
}

// fieldName is how a sentence names field.
func fieldName(field string) string {
	if n, ok := fieldNames[field]; ok {
		return n
	}
	return "the field '" + OneLine(field) + "'"
}

// formSentences say what a value of each form of client.InvalidForm must be; {what} is the field.
var formSentences = map[string]string{
	client.FormHTTPSURL:      "The server address must start with https:// (or http://) and name a host.",
	client.FormPlainURL:      "The server address must not carry a user name, query or fragment; the key goes in its own field.",
	client.FormKeyCharacters: "The API key contains spaces, line breaks or characters a key cannot have. Copy the key again.",
	client.FormOneLine:       "{What} cannot contain line breaks.",
	client.FormLettersDigits: "{What} must be exactly {limit} letters and digits (A-Z, a-z, 0-9).",
	client.FormNoLeadingDot:  "The file name cannot start with '.'. Rename the file and add it again.",
	client.FormNoSeparator:   "The file name cannot contain / or \\. Rename the file and add it again.",
	client.FormNoControl:     "The file name cannot contain control characters. Rename the file and add it again.",
	client.FormUTF8:          "The file name is not valid UTF-8 text. Rename the file and add it again.",
	client.FormJSONObject:    "{What} must be a JSON object.",
	client.FormJSONText:      "{What} must be JSON text.",
	client.FormImageDataURL:  "An image must be a PNG, JPEG, WebP, GIF or BMP file.",
	client.FormFunctionName:  "A function name is 1 to 64 letters, digits, _ or -.",
}

// checkSentences word each rule of client.ValidationError; {What} and {what} name the field,
// {got}, {limit}, {count} (Got with its noun, Want), {value} (quoted), {why} (Value as it is),
// {want}, {file} and {choices} are the error's data.
var checkSentences = map[string]string{
	client.InvalidMissing:     "{What} is missing.",
	client.InvalidTooLong:     "{What} has {got} characters; at most {limit} are allowed.",
	client.InvalidTooMany:     "{What}: {count} given; at most {limit} are allowed.",
	client.InvalidTooLarge:    "{File} is {got}; at most {limit} can be sent.",
	client.InvalidEncodedSize: "Once encoded for sending, this would be {got}; the server accepts at most {limit}.",
	client.InvalidEmptyFile:   "{File} is empty (0 bytes); there is nothing to add.",
	client.InvalidUnknownSize: "The file's size is unknown, so it cannot be sent.",
	client.InvalidRange:       "{What} must be {range}.",
	client.InvalidChoice:      "{Value} is not accepted for {what}; use {choices}.",
	client.InvalidTierCannot:  "The tier {value} {cannot}.",
	client.InvalidDuplicate:   "Two tools are named {value}; each needs its own name.",
	client.InvalidConflict:    "Give {value} or {want} in {what}, not both.",
	client.InvalidReserved:    "[img] and [img- are reserved in a request with images; remove them from {what}.",
	client.InvalidUnreadable:  "{File} cannot be read: {why}.",
	client.InvalidNotAFile:    "{File} is a folder, not a file.",
	client.InvalidUnencodable: "The request could not be encoded. This is probably a bug in Lectern; please report it.",
}

// checkSentence words a check that failed before anything was sent.
func checkSentence(ve *client.ValidationError) string {
	if s, ok := fieldCheckSentence(ve); ok {
		return s
	}
	tmpl, ok := checkSentences[ve.Code]
	switch {
	case ve.Code == client.InvalidForm:
		tmpl, ok = formSentences[ve.Want]
	case ve.Code == client.InvalidFileType:
		return fileTypeSentence(ve)
	case ve.Field == "history": // the turns Lectern keeps; a person cannot fix them one by one
		return sentences["invalid_history"]
	}
	if !ok {
		return words.Sentence(fieldName(ve.Field) + " is not accepted (" + OneLine(ve.Code) + ")")
	}
	return fillCheck(tmpl, ve)
}

// fieldCheckSentence words the checks whose field needs its own sentence.
func fieldCheckSentence(ve *client.ValidationError) (string, bool) {
	switch {
	case ve.Code == client.InvalidMissing && (ve.Field == "workspace" || ve.Field == "workspace_id"):
		return "No workspace given; give a workspace id or name.", true
	case ve.Code == client.InvalidMissing && ve.Field == "question":
		return "The question is empty: type a question.", true
	case ve.Code == client.InvalidMissing && ve.Field == "attachments":
		return missingAttachment(ve), true
	case ve.Code == client.InvalidMissing && ve.Field == "query":
		return "No search words given.", true
	case ve.Code == client.InvalidMissing && ve.Field == "workspace_pin":
		return "Pinning the chat to a workspace needs the workspace's id.", true
	case ve.Code == client.InvalidTooLong && ve.Field == "metadata":
		return fillCheck("A metadata "+ve.Want+" has {got} characters; at most {limit} are allowed.", ve), true
	case ve.Code == client.InvalidTooMany && ve.Field == "queries":
		return fillCheck("At most {limit} searches can be made at once; {got} were given.", ve), true
	case ve.Code == client.InvalidTooMany && ve.Field == "attachments" && ve.Want == "video":
		return "Send one video per message.", true
	case ve.Code == client.InvalidTooLarge && ve.File == "" && ve.Want == "images":
		return fillCheck("The images together are over {limit}; send fewer or smaller ones.", ve), true
	}
	return "", false
}

// missingAttachment says what a file to send lacks: the file itself, its name or its content.
func missingAttachment(ve *client.ValidationError) string {
	switch ve.Want {
	case "name":
		return "A file has no name."
	case "content":
		return fillCheck("{File} has no content to send.", ve)
	}
	return "No file given."
}

// fillCheck puts ve's data in tmpl.
func fillCheck(tmpl string, ve *client.ValidationError) string {
	what := fieldName(ve.Field)
	got, limit := strconv.FormatInt(ve.Got, 10), strconv.FormatInt(ve.Limit, 10)
	switch ve.Code {
	case client.InvalidTooLarge, client.InvalidEncodedSize:
		got, limit = words.Bytes(ve.Got), words.Bytes(ve.Limit)
	}
	file := "the file"
	if ve.File != "" {
		file = "the file " + strconv.Quote(OneLine(ve.File))
	}
	value := strconv.Quote(OneLine(ve.Value))
	r := strings.NewReplacer("{What}", upperFirst(what), "{what}", what, "{got}", got, "{limit}", limit, "{count}", words.Count(int(ve.Got), ve.Want),
		"{Value}", value, "{value}", value, "{why}", strings.TrimRight(OneLine(ve.Value), "."), "{want}", OneLine(ve.Want), "{File}", upperFirst(file),
		"{file}", file, "{choices}", orList(ve.Choices), "{range}", rangeWords(ve.Want), "{cannot}", tierCannot(ve.Want))
	return r.Replace(tmpl)
}

// upperFirst is s with a capital first letter.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// rangeWords says a range "lo..hi" (hi may be empty) in words.
func rangeWords(r string) string {
	lo, hi, _ := strings.Cut(r, "..")
	if hi == "" {
		return lo + " or more"
	}
	return "between " + lo + " and " + hi
}

// tierCannot says what a tier cannot do, by the capability it lacks.
func tierCannot(capability string) string {
	if capability == "vision" {
		return "cannot read images"
	}
	return "does not call functions"
}

// orList writes choices as "a, b or c".
func orList(choices []string) string {
	switch len(choices) {
	case 0:
		return "another value"
	case 1:
		return choices[0]
	}
	return strings.Join(choices[:len(choices)-1], ", ") + " or " + choices[len(choices)-1]
}

// oldFormats say, for each refused type the service's users meet most, what it is and what to
// save it as: the one wording of the .md, .doc and .xls refusal, for the local check and for the
// server's unsupported_file_type alike.
var oldFormats = []struct{ ext, kind, fix string }{
	{".md", "Markdown", "save it as .txt (or export it as PDF)"},
	{".doc", "old Word", "save it as .docx in Word"},
	{".xls", "old Excel", "save it as .xlsx in Excel"},
}

// allowedTypes are the types the service takes, in words.
var allowedTypes = andList(client.AllowedExtensions)

// fileTypeSentence words a file refused for its type: the file's own type, and what to save it as
// when Lectern knows.
func fileTypeSentence(ve *client.ValidationError) string {
	if ve.Field == "attachments" {
		return attachmentTypeSentence(ve)
	}
	ext := OneLine(ve.Value)
	for _, f := range oldFormats {
		if strings.EqualFold(ext, f.ext) {
			return ext + " (" + f.kind + ") files cannot be added; " + f.fix + " and add that."
		}
	}
	if ext == "" {
		return "A file without a type extension cannot be added; only " + allowedTypes + " files can."
	}
	return ext + " files cannot be added; only " + allowedTypes + " files can."
}

// attachmentTypeSentence words a file a tool does not take for its type.
func attachmentTypeSentence(ve *client.ValidationError) string {
	file := "The file " + strconv.Quote(OneLine(ve.File))
	switch {
	case ve.Want != "":
		return file + " is in an old Office format; save it as " + OneLine(ve.Want) + " first."
	case len(ve.Choices) > 0:
		return file + " is not a " + orList(ve.Choices) + " file."
	case ve.Value == "":
		return file + " has no type extension, so it cannot be sent to the chat. " + chatTakes
	}
	return file + ": " + OneLine(ve.Value) + " files cannot be sent to the chat. " + chatTakes
}

// chatTakes names the kinds of file /chat takes (model-api.md §4, "Supported inputs for /chat").
var chatTakes = "It takes audio (" + upperList(client.ChatAudioTypes) + "), video (" + upperList(client.ChatVideoTypes) +
	"), and PDF, Word, Excel, PowerPoint, text and email files (" + strings.Join(client.ChatDocumentTypes, ", ") + ")."

// upperList writes extensions as the spec names the kinds: ".webm" as WebM, the others in capitals.
func upperList(exts []string) string {
	names := make([]string, len(exts))
	for i, e := range exts {
		names[i] = strings.ToUpper(strings.TrimPrefix(e, "."))
		if names[i] == "WEBM" {
			names[i] = "WebM"
		}
	}
	return strings.Join(names, ", ")
}

// unsupportedFileType is the sentence of the server's unsupported_file_type.
func unsupportedFileType() string {
	fixes := make([]string, len(oldFormats))
	for i, f := range oldFormats {
		fixes[i] = f.ext + " (" + f.kind + "): " + f.fix
	}
	return "This file cannot be added: only " + allowedTypes + " files whose content matches their extension are accepted. " +
		words.Sentence(strings.Join(fixes, "; ")) + " Then add it again."
}

// andList writes items as "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
