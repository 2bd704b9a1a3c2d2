package toolsapi

import (
	"encoding/json"
	"errors"
	"net/http"

	"lectern/client/emulator/internal/serve"
)

// attachment is one {name, data} of a request; data arrives as base64.
type attachment struct {
	Name string `json:"name"`
	Data []byte `json:"data"`
}

// decodeBody reads the JSON body of r into out: 413 over maxBody, 400 when it is not JSON of the
// right shape (bad base64 included).
func decodeBody(r *http.Request, out any) *serve.Error {
	err := json.NewDecoder(r.Body).Decode(out)
	var tooBig *http.MaxBytesError
	var te *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tooBig):
		return &serve.Error{Status: http.StatusRequestEntityTooLarge, Code: "request_too_large",
			Message: "the request is larger than the server accepts"}
	case errors.As(err, &te):
		return invalid(te.Field, "the field "+te.Field+" has the wrong type")
	}
	return invalid("", "the body is not a JSON object of the expected shape: "+err.Error())
}

// checkAttachments refuses a request without files or with a file without a name or content.
func checkAttachments(atts []attachment, max int) *serve.Error {
	switch {
	case len(atts) == 0:
		return invalid("attachments", "send at least one file in attachments")
	case max > 0 && len(atts) > max:
		return invalid("attachments", "send one file per request")
	}
	for _, a := range atts {
		if a.Name == "" || len(a.Data) == 0 {
			return invalid("attachments", "every attachment needs a name and base64 data")
		}
	}
	return nil
}
