package modelchat

import (
	"context"
	"sync"

	"lectern/app/connection"
	"lectern/app/explain"
	"lectern/client"
)

// ModelService is what the app uses of the client's model endpoints (/v1, model-api.md): the
// tiers the key may use, and an answer streamed in either API family. *client.Client provides it;
// tests pass a fake in Options.ModelService (its streams made with client.StreamFunc).
type ModelService interface {
	Models(ctx context.Context) ([]client.Model, error)
	StreamResponse(ctx context.Context, r client.ResponseRequest) *client.Stream[client.ResponseEvent]
	StreamChatCompletion(ctx context.Context, r client.ChatRequest) *client.Stream[client.ChatChunk]
}

// modelCatalog gives the model service of the current server and the tiers its key may use,
// read once per client (that is, per server and key) and kept while that client is in use: they
// change with the server's configuration, not from one message to the next.
type modelCatalog struct {
	conn *connection.Manager
	of   func(*client.Client) ModelService

	mu    sync.Mutex
	from  *client.Client // the client tiers were read with
	tiers []client.Model // the tiers of GET /v1/models
}

func newModelCatalog(conn *connection.Manager, fake ModelService) *modelCatalog {
	m := &modelCatalog{conn: conn, of: func(cl *client.Client) ModelService { return cl }}
	if fake != nil {
		m.of = func(*client.Client) ModelService { return fake }
	}
	return m
}

// modelSession is the model service of the current server, with the client it came from and the
// server's cache key.
type modelSession struct {
	ModelService
	cl  *client.Client
	key string
}

// service returns the model service of the current server.
func (m *modelCatalog) service() (modelSession, error) {
	cl, key, err := m.conn.Current()
	if err != nil {
		return modelSession{}, err
	}
	return modelSession{ModelService: m.of(cl), cl: cl, key: key}, nil
}

// list returns the tiers the key may use: asked of the server when fresh or not known yet.
func (m *modelCatalog) list(ctx context.Context, s modelSession, fresh bool) ([]client.Model, error) {
	m.mu.Lock()
	tiers, known := m.tiers, m.from == s.cl
	m.mu.Unlock()
	if known && !fresh {
		return tiers, nil
	}
	tiers, err := s.Models(ctx)
	m.conn.Observe(s.key, err)
	if err != nil {
		return nil, &explain.ModelError{Err: err}
	}
	m.mu.Lock()
	m.from, m.tiers = s.cl, tiers
	m.mu.Unlock()
	return tiers, nil
}

// Models returns the tiers the key may use, with their capabilities and limits (GET /v1/models),
// asked of the server each time.
func (c *Models) All(ctx context.Context) ([]client.Model, error) {
	s, err := c.models.service()
	if err != nil {
		return nil, err
	}
	return c.models.list(ctx, s, true)
}
