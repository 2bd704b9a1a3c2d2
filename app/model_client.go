package app

import (
	"context"

	"lectern/client"
)

// The adapter from *client.Client to ModelService.

// modelsOf returns cl as the app's model service.
func modelsOf(cl *client.Client) ModelService { return clientModels{cl} }

// clientModels returns the client's concrete streams as the app's stream interfaces.
type clientModels struct{ *client.Client }

func (c clientModels) StreamResponse(ctx context.Context, r client.ResponseRequest) ResponseStream {
	return c.Client.StreamResponse(ctx, r)
}

func (c clientModels) StreamChatCompletion(ctx context.Context, r client.ChatRequest) ChatStream {
	return c.Client.StreamChatCompletion(ctx, r)
}
