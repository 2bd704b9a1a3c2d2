package modelchat

import (
	"fmt"

	"lectern/app/explain"
	"lectern/app/records"
	"lectern/client"
)

// The service keeps no conversation: each message sends the whole conversation again, which must
// fit the tier's context window with room left for the answer, and the request's limits (images,
// messages). When it does not, the oldest whole exchanges are left out; the system prompt and the
// new message always go.
//
// Tokens are estimated, not counted (the service does not say how it counts): about 4 characters
// a token, but a token a character for Chinese, Japanese and Korean (from U+2E80, where a character
// is a word or a syllable), 4 tokens of framing per message, and 1,000 tokens per image whatever
// its size. The
// estimate is meant to err on the large side, so that a request that fits here fits there.
const (
	charsPerToken = 4
	messageTokens = 4
	imageTokens   = 1000
	answerTokens  = 2048 // max_output_tokens' default (model-api.md §4), kept free for the answer
)

// maxRequestMessages is the client's limit of the input messages of one request (model-api.md §8).
const maxRequestMessages = client.MaxInputMessages

// exchange is a message to the model with its images, and the answer it got ("" for the new one).
type exchange struct {
	question string
	images   []records.Image
	answer   string
	refusal  string             // the model's refusal, sent back as received
	turn     int64              // the saved turn of an earlier exchange, whose images' bytes are read once it is kept
	tools    []records.TurnPart // the calls the app answered and their outputs (pairedParts), sent again
	context  string             // what a search on the message added to it (contextOf)
}

// textTokens estimates the tokens of a text.
func textTokens(s string) int {
	narrow, wide := 0, 0
	for _, r := range s {
		if r >= cjkStart {
			wide++
		} else {
			narrow++
		}
	}
	return (narrow+charsPerToken-1)/charsPerToken + wide
}

// cjkStart is where the CJK blocks begin (radicals, kana, ideographs, Hangul, and beyond).
const cjkStart = 0x2E80

// cost is what an exchange adds to a request.
type cost struct{ tokens, messages, images, imageBytes int }

func (c cost) plus(d cost) cost {
	return cost{c.tokens + d.tokens, c.messages + d.messages, c.images + d.images, c.imageBytes + d.imageBytes}
}

// costOf estimates an exchange: its message, its images and its answer.
func costOf(x exchange) cost {
	c := cost{tokens: messageTokens + textTokens(x.question), messages: 1, images: len(x.images)}
	for _, img := range x.images {
		c.tokens += imageTokens
		c.imageBytes += img.Size
	}
	if x.answer != "" || x.refusal != "" {
		c.tokens += messageTokens + textTokens(x.answer) + textTokens(x.refusal)
		c.messages++
	}
	return c.plus(toolCost(x))
}

// frame is what every request of a conversation carries besides its exchanges: the system prompt,
// and the answer's JSON schema and the functions offered, counted as text.
type frame struct {
	system string
	extra  string
}

// requestFrame is the frame of conv's requests offering functions.
func requestFrame(conv records.Conversation, functions []client.FunctionTool) frame {
	f := frame{system: conv.System, extra: string(conv.Format.Schema)}
	for _, fn := range functions {
		f.extra += fn.Name + fn.Description + string(fn.Parameters)
	}
	return f
}

// cost estimates the frame: the system prompt as a message, the rest as text.
func (f frame) cost() cost {
	c := cost{tokens: textTokens(f.extra)}
	if f.system != "" {
		c.tokens += messageTokens + textTokens(f.system)
		c.messages = 1
	}
	return c
}

// tokenBudget is what a request may hold for tier: its context window less the room kept for the
// answer (the tier's maximum output when smaller than the default); 0 when the tier does not
// report its window, and then only the request limits apply.
func tokenBudget(tier client.Model) int {
	if tier.ContextWindow <= 0 {
		return 0
	}
	answer := answerTokens
	if tier.MaxOutputTokens > 0 {
		answer = min(answer, tier.MaxOutputTokens)
	}
	return max(tier.ContextWindow-answer, 1)
}

// fits reports whether a request of cost c can go to a tier with the token budget.
func fits(c cost, budget int) bool {
	return (budget == 0 || c.tokens <= budget) && c.messages <= maxRequestMessages &&
		c.images <= MaxImages && c.imageBytes <= MaxImagesBytes
}

// fitConversation returns the newest of the earlier exchanges that fit in one request with the
// frame (system prompt, schema, functions) and the new message, leaving out the oldest whole
// exchanges first. When the frame and the new message alone do not fit, it says so in words.
func fitConversation(f frame, earlier []exchange, newest exchange, tier client.Model) ([]exchange, error) {
	start, total, ok := fitFrom(f, earlier, newest, tier)
	if !ok {
		budget := tokenBudget(tier)
		return nil, explain.Checkf("The message%s is about %d tokens, more than %s's context window takes (%d tokens, "+
			"%d of them kept for the answer). Shorten the message or the system prompt, or choose a tier with a larger window.",
			withWhat(f.system, newest), total.tokens, tier.ID, tier.ContextWindow, tier.ContextWindow-budget)
	}
	return earlier[start:], nil
}

// fitFrom returns where the earlier exchanges that fit begin, and the estimated cost of the
// request from there; ok is false when the frame and the new message alone do not fit (the cost
// is then theirs).
func fitFrom(f frame, earlier []exchange, newest exchange, tier client.Model) (start int, total cost, ok bool) {
	budget := tokenBudget(tier)
	total = f.cost().plus(costOf(newest))
	if !fits(total, budget) {
		return len(earlier), total, false
	}
	start = len(earlier)
	for start > 0 {
		next := total.plus(costOf(earlier[start-1]))
		if !fits(next, budget) {
			break
		}
		total, start = next, start-1
	}
	return start, total, true
}

// withWhat names what the estimate of the new message includes.
func withWhat(system string, newest exchange) string {
	switch {
	case system != "" && len(newest.images) > 0:
		return fmt.Sprintf(" with its %d images and the system prompt", len(newest.images))
	case system != "":
		return " with the system prompt"
	case len(newest.images) > 0:
		return fmt.Sprintf(" with its %d images", len(newest.images))
	}
	return ""
}
