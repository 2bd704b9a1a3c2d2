package engine

import "sort"

// Turn is one earlier turn of a conversation, as an ask's history sends it.
type Turn struct {
	// Role is "user" or "assistant".
	Role string
	// Content is the question or the answer text.
	Content string
}

// A follow-up ("What is her name?", "And how many cats?") leans on the turns
// before it. Its own terms still decide whether and where it is covered, so
// that a new topic is answered as if asked alone and a question the documents
// do not cover stays not found. The terms of the last question and answer
// only favour, among the passages that cover it about as well as the best,
// those of the documents the conversation is about. A question without terms
// of its own stands on the previous question.
const (
	// answerWeight is what a term of the last answer counts against one of
	// the last question: answers quote many words nobody asked about.
	answerWeight = 0.5
	// contextBoost is how much the score of a passage grows when its
	// document holds every context term (2: tripled): enough to leave an
	// equally good passage of an unrelated document below keepRatio.
	contextBoost = 2.0
)

// contextTerm is a term of an earlier turn with the weight of its turn.
type contextTerm struct {
	group  []string
	weight float64
}

// followUp returns the terms to search for (the question's, or the last
// question's when it has none) and the context: the other terms of the last
// question and of the last answer.
func followUp(question string, history []Turn) ([]string, []contextTerm) {
	terms := uniqueTokens(question)
	lastQuestion, lastAnswer := lastTurns(history)
	if len(terms) == 0 {
		terms, lastQuestion = uniqueTokens(lastQuestion), ""
	}
	seen := map[string]bool{}
	for _, t := range terms {
		seen[t] = true
	}
	var context []contextTerm
	addTurn := func(text string, weight float64) {
		for _, t := range uniqueTokens(text) {
			if !seen[t] {
				seen[t] = true
				context = append(context, contextTerm{[]string{t}, weight})
			}
		}
	}
	addTurn(lastQuestion, 1)
	addTurn(lastAnswer, answerWeight)
	return terms, context
}

// lastTurns returns the contents of the last user turn and of the last
// assistant turn of history.
func lastTurns(history []Turn) (question, answer string) {
	for i := len(history) - 1; i >= 0; i-- {
		switch t := history[i]; {
		case t.Role == "user" && question == "":
			question = t.Content
		case t.Role == "assistant" && answer == "":
			answer = t.Content
		}
	}
	return question, answer
}

// favour re-ranks hits for a follow-up. Hits that cover the question less
// well than the best one by more than coverSlack are dropped first, so that
// the context cannot lift an old topic over a passage that answers the new
// question; each other score then grows by contextBoost times the share of
// the context's weight that the hit's document holds.
func (ix *index) favour(hits []hit, context []contextTerm) []hit {
	if len(context) == 0 || len(hits) == 0 {
		return hits
	}
	weights := make([]float64, len(context))
	for i, c := range context {
		weights[i] = c.weight * ix.idf(c.group)
	}
	shares := map[int]float64{}
	var out []hit
	for _, h := range hits {
		if h.cover < hits[0].cover-coverSlack {
			continue
		}
		share, ok := shares[h.p.doc]
		if !ok {
			share = ix.contextShare(h.p.doc, context, weights)
			shares[h.p.doc] = share
		}
		h.score *= 1 + contextBoost*share
		out = append(out, h)
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].score > out[b].score })
	return out
}

// contextShare is the share of the context's weight held by document doc, in
// its passages or its title.
func (ix *index) contextShare(doc int, context []contextTerm, weights []float64) float64 {
	total, held := 0.0, 0.0
	for i, c := range context {
		total += weights[i]
		if ix.docHolds(doc, c.group) {
			held += weights[i]
		}
	}
	if total == 0 {
		return 0
	}
	return held / total
}

// docHolds reports whether document doc has a term of group in its title or
// in any of its passages.
func (ix *index) docHolds(doc int, group []string) bool {
	if ix.inTitle(doc, group) {
		return true
	}
	for i := ix.starts[doc]; i < ix.starts[doc+1]; i++ {
		if termFreq(&ix.passages[i], group) > 0 {
			return true
		}
	}
	return false
}
