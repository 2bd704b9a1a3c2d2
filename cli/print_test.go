package cli

import (
	"bytes"
	"strings"
	"testing"
)

func TestAnswerPrinterLive(t *testing.T) {
	var b bytes.Buffer
	p := &answerPrinter{w: &b, term: &b, live: true}
	p.stage("retrieving")
	p.update("Hello")
	p.update("Hello wor")
	p.update("") // answer.reset
	p.update("Hi")
	p.finish("Hi there.")
	got := b.String()
	for _, want := range []string{"(retrieving…)", "Hello wor", "[the answer was revised; here it is again]", "Hi there.\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%q", want, got)
		}
	}
	if strings.Contains(got, "final answer differs") {
		t.Errorf("a final answer that extends the preview needs no notice:\n%q", got)
	}

	b.Reset()
	p = &answerPrinter{w: &b, term: &b, live: true}
	p.update("Draft text")
	p.finish("Final text")
	if !strings.Contains(b.String(), "[the final answer differs from the preview; here it is]\n\nFinal text\n") {
		t.Errorf("a differing final answer is not re-printed:\n%q", b.String())
	}
}

func TestAnswerPrinterPiped(t *testing.T) {
	var b bytes.Buffer
	p := &answerPrinter{w: &b, term: &b}
	p.stage("reading")
	p.update("Draft")
	p.update("")
	p.finish("The final answer.\n")
	if b.String() != "The final answer.\n" {
		t.Errorf("piped output %q, want exactly the final answer", b.String())
	}
}

func TestDemoAddresses(t *testing.T) {
	// Listening on every interface, the demo still prints an address that works from here.
	if url, _ := startDemo(t, ":0"); !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Errorf("demo on :0 printed %s", url)
	}
	if !isLoopbackURL("http://127.0.0.1:5") || !isLoopbackURL("http://localhost:5") || isLoopbackURL("http://10.0.0.2:5") {
		t.Error("isLoopbackURL")
	}
	for in, want := range map[string]string{"Finance": "Finance",
		"My documents": `"My documents"`, "Bob's": `"Bob's"`, `Say "hi"`: `'Say "hi"'`, "Tom's $5": `'Tom'\''s $5'`} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}
