//go:build !v1client

package app

import (
	"context"
	"errors"

	"lectern/client"
)

// Until the client's /v1 methods land (issue 13), this build has no model service: every model
// call says so. At the merge, delete this file and remove the build tag of model_client.go.

var errNoModelClient = errors.New("this build of Lectern cannot reach the model endpoints yet")

func modelsOf(*client.Client) ModelService { return noModels{} }

func checkResponseRequest(client.ResponseRequest, []client.Model) error { return nil }

func checkChatRequest(client.ChatRequest, []client.Model) error { return nil }

type noModels struct{}

func (noModels) Models(context.Context) ([]client.Model, error) { return nil, errNoModelClient }

func (noModels) StreamResponse(context.Context, client.ResponseRequest) ResponseStream {
	return noStream{}
}

func (noModels) StreamChatCompletion(context.Context, client.ChatRequest) ChatStream {
	return noStream{}
}

type noStream struct{}

func (noStream) Next() bool                         { return false }
func (noStream) Text() string                       { return "" }
func (noStream) Err() error                         { return errNoModelClient }
func (noStream) Close() error                       { return nil }
func (noStream) RequestID() string                  { return "" }
func (noStream) Response() *client.Response         { return nil }
func (noStream) Completion() *client.ChatCompletion { return nil }
