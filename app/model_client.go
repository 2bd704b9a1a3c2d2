package app

import (
	"context"

	"lectern/client"
)

// The adapter from *client.Client to ModelService. It compiles once the client's /v1 methods
// land (issue 13); until then the build tag keeps it out and model_noclient.go stands in. At the
// merge: remove the build tag and delete model_noclient.go.

// modelsOf returns cl as the app's model service.
func modelsOf(cl *client.Client) ModelService { return clientModels{cl} }

// checkResponseRequest and checkChatRequest are the client's own checks, run before a request is
// saved or sent (tier known to the key, images, tools, limits; the field named).
func checkResponseRequest(r client.ResponseRequest, models []client.Model) error {
	return r.Validate(models)
}

func checkChatRequest(r client.ChatRequest, models []client.Model) error { return r.Validate(models) }

// clientModels returns the client's concrete streams as the app's stream interfaces.
type clientModels struct{ *client.Client }

func (c clientModels) StreamResponse(ctx context.Context, r client.ResponseRequest) ResponseStream {
	return c.Client.StreamResponse(ctx, r)
}

func (c clientModels) StreamChatCompletion(ctx context.Context, r client.ChatRequest) ChatStream {
	return c.Client.StreamChatCompletion(ctx, r)
}
