package app

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"lectern/app/connection"
)

// ServeDemo also serves the /v1 model endpoints at ModelsURL, for the same key.
func TestServeDemoModelsURL(t *testing.T) {
	d, err := connection.ServeDemo(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if d.ModelsURL != d.URL+"/v1" {
		t.Fatalf("ModelsURL %q for %q", d.ModelsURL, d.URL)
	}
	req, _ := http.NewRequest("GET", d.ModelsURL+"/models", nil)
	req.Header.Set("Authorization", "Bearer "+d.Key)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var list struct {
		Object string
		Data   []struct{ ID string }
	}
	if err := json.NewDecoder(res.Body).Decode(&list); err != nil || res.StatusCode != 200 || list.Object != "list" || len(list.Data) == 0 {
		t.Fatalf("status %d, %+v, %v", res.StatusCode, list, err)
	}
}
