package engine

import (
	"fmt"
	"strings"
	"testing"
)

func BenchmarkAnswerDemo(b *testing.B) {
	docs := demoDocs(b)
	qs := []string{"How many days of annual leave do employees get?", "What is the total revenue for the North region?",
		"What is the capital of France?", "What does the warranty cover?"}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		Answer(qs[i%len(qs)], docs)
	}
}

// corpus200 returns 200 documents of a few hundred words each: the demo
// documents repeated with generated memos between them.
func corpus200(b *testing.B) []Doc {
	demo := demoDocs(b)
	topics := []string{"inventory", "shipping", "supplier", "recycling", "training", "security", "pricing", "events"}
	var docs []Doc
	for i := 0; len(docs) < 200; i++ {
		if i%10 == 0 {
			d := demo[(i/10)%len(demo)]
			d.Name = fmt.Sprintf("%d-%s", i, d.Name)
			docs = append(docs, d)
			continue
		}
		var sb strings.Builder
		for p := 0; p < 12; p++ {
			topic := topics[(i+p)%len(topics)]
			fmt.Fprintf(&sb, "Memo %d on %s, part %d\nThe %s team reviewed item %d of the plan and agreed to report back "+
				"in week %d, with costs kept below the quarterly limit of %d dollars.\n\n", i, topic, p, topic, i*p, p+1, 1000*(p+1))
		}
		docs = append(docs, Doc{ID: fmt.Sprint(i), Name: fmt.Sprintf("memo-%03d.txt", i), Text: sb.String()})
	}
	return docs
}

func BenchmarkAnswer200Docs(b *testing.B) {
	docs := corpus200(b)
	qs := []string{"What did the recycling team agree?", "How many days of annual leave?", "total revenue", "Who won the cup?"}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		Answer(qs[i%len(qs)], docs)
	}
}

// BenchmarkAnswerFollowUp200Docs asks follow-ups whose history holds a
// question and its quoted answer: every answer term is context to weigh.
func BenchmarkAnswerFollowUp200Docs(b *testing.B) {
	docs := corpus200(b)
	const first = "What did the recycling team agree?"
	history := []Turn{{"user", first}, {"assistant", Answer(first, docs).Answer}}
	qs := []string{"And the training team?", "What is her name?", "How many days of annual leave?"}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		Answer(qs[i%len(qs)], docs, history...)
	}
}

// BenchmarkAnswer200DocsCold clears the passage cache before each answer,
// as for the first question over a workspace.
func BenchmarkAnswer200DocsCold(b *testing.B) {
	docs := corpus200(b)
	for i := 0; b.Loop(); i++ {
		clearCache()
		Answer("What did the recycling team agree?", docs)
	}
}

func clearCache() {
	passageCache.Lock()
	passageCache.m, passageCache.bytes = map[cacheKey]cached{}, 0
	passageCache.Unlock()
}

func BenchmarkExtractDemo(b *testing.B) {
	files := DemoFiles()
	for b.Loop() {
		for _, f := range files {
			if _, err := Extract(f.Name, f.Data); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkDemoFiles(b *testing.B) {
	for b.Loop() {
		DemoFiles()
	}
}
