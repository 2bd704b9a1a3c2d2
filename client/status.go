package client

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DocumentStatus returns the upload record of a document, found by client_document_id or by
// server document_id. GET /workspace/documents/{id}?workspace_id={workspace_id} (60 s).
func (c *Client) DocumentStatus(ctx context.Context, workspaceID, id string) (*UploadRecord, error) {
	if err := validateWorkspaceID(workspaceID); err != nil {
		return nil, err
	}
	if strings.TrimSpace(id) == "" {
		return nil, missing("document_id")
	}
	r := &request{
		method:  http.MethodGet,
		path:    "/workspace/documents/" + url.PathEscape(id),
		query:   url.Values{"workspace_id": {workspaceID}},
		timeout: c.timeouts.List,
	}
	var rec UploadRecord
	if err := c.call(ctx, r, decodeInto(&rec, MaxRecordBody)); err != nil {
		return nil, err
	}
	c.rememberLimits(&rec)
	return &rec, nil
}

// WaitDocument polls DocumentStatus every 3 to 5 seconds (jittered; see WithPollInterval)
// until the status is ready or failed, or ctx ends. onUpdate, when set, gets every record. When it
// stops early it returns the last record seen (nil before the first) with the error.
func (c *Client) WaitDocument(ctx context.Context, workspaceID, id string, onUpdate func(*UploadRecord)) (*UploadRecord, error) {
	var last *UploadRecord
	for {
		rec, err := c.DocumentStatus(ctx, workspaceID, id)
		if err != nil {
			return last, err
		}
		last = rec
		if onUpdate != nil {
			onUpdate(rec)
		}
		if IsFinal(rec.Status) {
			return rec, nil
		}
		if err := sleep(ctx, c.pollDelay()); err != nil {
			return rec, err
		}
	}
}

// pollDelay is a random wait between the poll interval's bounds.
func (c *Client) pollDelay() time.Duration {
	if c.pollMax <= c.pollMin {
		return c.pollMin
	}
	return c.pollMin + rand.N(c.pollMax-c.pollMin+1)
}
