package explain

import (
	"cmp"
	"errors"
	"fmt"
	"strings"

	"lectern/app/secrets"
	"lectern/client"
	"lectern/internal/safetext"
	"lectern/internal/words"
)

// modelError is an error of a call to the model endpoints (/v1). Their codes are not the
// workspace endpoints' (api_disabled and unsupported_parameter mean other things there), so
// Explain tells them from their own table, naming the tier asked.
type ModelError struct {
	Tier string // "" when no tier was asked (GET /v1/models)
	Err  error
}

func (e *ModelError) Error() string { return e.Err.Error() }
func (e *ModelError) Unwrap() error { return e.Err }

// modelSentences holds, for each /v1 error code of model-api.md §7, what happened and what to
// do. {tier} stands for the tier asked.
var ModelSentences = map[string]string{
	"model_not_found":              "{tier} is not a model this key may use. Run \"lectern models\" (or look at the model list) to see the ones it can.",
	"api_disabled":                 "The model endpoints are switched off on this server, or its version does not have them (they came with server build 4.6.0). Ask an administrator to switch them on or update the server.",
	"unsupported_parameter":        "The server does not accept a setting Lectern sent to the model. The server may be older than this version of Lectern; ask an administrator to update it, or report this.",
	"invalid_request_error":        "The server could not use a field Lectern sent to the model (unknown, or of the wrong type). This is probably a bug in Lectern; please report it with the request id.",
	"unsupported_tools":            "{tier} cannot call functions. Choose Fast, Smart or Genius for a conversation with tools.",
	"unsupported_tool":             "The model endpoints take only function tools, not hosted tools such as web or file search. Remove that tool and send again.",
	"unsupported_content_part":     "The message holds a kind of content the model endpoints do not take (only text and images). Remove it and send again.",
	"unsupported_input_item":       "The conversation holds an item the model endpoints do not take (only messages and function calls and their outputs). Start a new conversation.",
	"unsupported_schema":           "The JSON schema uses a feature the server cannot check. Simplify the schema and send again.",
	"invalid_tool_schema":          "A function's parameters are not a valid JSON schema. Correct the schema and send again.",
	"invalid_response_format":      "The requested answer format is not valid. Correct it (text, json_object or json_schema) and send again.",
	"response_schema_too_large":    "The answer's JSON schema is over 64,000 characters. Shorten it and send again.",
	"max_output_tokens_exceeded":   "The longest answer asked for is over {tier}'s limit for a request with tools. Ask for a shorter answer; \"lectern models\" shows the limits.",
	"unsupported_vision":           "{tier} cannot read images. Send the message without images, or choose a tier that can read them (\"lectern models\" says which).",
	"context_length_exceeded":      "The conversation and the room kept for the answer do not fit {tier}'s context window. Start a new conversation, shorten the message, or choose a tier with a larger window.",
	"too_many_images":              "The request holds more than 8 images. Send at most 8 images at once, or start a new conversation.",
	"images_too_large":             "The images are too large: at most 10 MiB each and 20 MiB in all. Send smaller images, or fewer.",
	"invalid_image":                "The server could not read an image. Check that the file is a whole PNG, JPEG, WebP, GIF or BMP image and send again.",
	"invalid_image_detail":         "An image's detail setting is not accepted (only auto). This is probably a bug in Lectern; please report it with the request id.",
	"unsupported_image_detail":     "An image's detail setting is not accepted (only auto). This is probably a bug in Lectern; please report it with the request id.",
	"unpaired_tool_output_image":   "A function's output with images did not come right after its function call. Send the function outputs right after the call they answer.",
	"reserved_image_marker":        "A tool's name, description, schema or call contains [img] or [img-, which is reserved when a request has images. Remove that text and send again.",
	"image_url_not_supported":      "This server takes images only as data, not as web addresses. Attach the image file instead.",
	"image_url_not_allowed":        "The server may not fetch images from that address (an administrator chooses the allowed hosts). Attach the image file instead.",
	"image_url_not_public":         "The image's address is not public, so the server cannot fetch it. Attach the image file instead.",
	"image_fetch_timeout":          "The server took too long to fetch the image from its address. Attach the image file instead, or try again later.",
	"image_fetch_failed":           "The server could not fetch the image from its address. Check the address, or attach the image file instead.",
	"image_too_large":              "The image at that address is over 10 MiB. Use a smaller image.",
	"unsupported_image_mime":       "The image at that address is not PNG, JPEG, WebP, GIF or BMP. Convert it and attach the file instead.",
	"rate_limit_exceeded":          "Too many requests or open answers for this key at once. Wait, then send again.",
	"image_fetch_busy":             "The server is busy fetching other images. Wait, then send again.",
	"invalid_structured_output":    "The model's answer did not fit the requested JSON schema, even after the server tried again. Send again, or simplify the schema.",
	"tool_choice_violation":        "The model did not call the function it was asked to, even after the server tried again. Send again.",
	"empty_model_response":         "The model gave an empty answer, even after the server tried again. Send again.",
	"invalid_tool_call":            "The model's function call could not be read. Send again.",
	"incomplete_tool_call":         "The model's function call was cut off. Send again, or ask for less.",
	"incomplete_structured_output": "The model's JSON answer was cut off. Send again, or ask for a shorter answer.",
	"incomplete_model_stream":      "The model stopped writing before the answer was finished. The text received so far is kept; send again for the full answer.",
	"server_error":                 "The server had a problem with the model's answer. Send again in a moment.",
	"model_unavailable":            "{tier} cannot be reached right now. Try again in a moment, or choose another tier.",
	"model_timeout":                "{tier} took too long to answer. Try again in a moment, or ask for a shorter answer.",
	"internet_access_blocked":      "Web search is switched off for this key's owner. Ask an administrator to allow internet access.",
}

// explainModel tells an error of the model endpoints: their codes from modelSentences, a refused
// key by where it came from, anything else (a cut stream, the network, a check) as explain does.
func explainModel(me *ModelError, src secrets.KeySource) Explanation {
	var ae *client.APIError
	if !errors.As(me.Err, &ae) {
		return Explain(me.Err, src)
	}
	x := Explanation{Code: ae.Code, Status: ae.StatusCode, RequestID: ae.RequestID}
	x.Sentence = modelSentence(ae, me.Tier, src)
	if ae.RetryAfter > 0 {
		x.Sentence += " You can try again in " + words.Wait(ae.RetryAfter) + "."
	}
	return x
}

// modelSentence picks the sentence for a /v1 error's code, naming the field at fault when the
// server did; an unknown code, or none, is told by its status.
func modelSentence(ae *client.APIError, tier string, src secrets.KeySource) string {
	if ae.Code == "invalid_api_key" {
		return keyRefused[src]
	}
	s, ok := ModelSentences[ae.Code]
	switch {
	case !ok && ae.StatusCode == 415:
		return sentences["unsupported_media_type"]
	case !ok && ae.StatusCode == 429:
		return ModelSentences["rate_limit_exceeded"]
	case !ok:
		return genericSentence(ae)
	}
	if ae.Param != "" && (ae.Code == "unsupported_parameter" || ae.Code == "invalid_request_error") {
		s = strings.Replace(s, ". ", fmt.Sprintf(" (the field '%s'). ", safetext.OneLine(ae.Param)), 1)
	}
	return strings.ReplaceAll(s, "{tier}", cmp.Or(tier, "This tier"))
}
