package engine

import (
	"regexp"
	"strings"
	"unicode"
)

// words splits s into lowercase runs of letters and digits. A possessive
// 's is dropped first ("the keeper's name" asks about the keeper, and a lone
// "s" would be a term that no passage holds).
func words(s string) []string {
	s = strings.ToLower(s)
	if strings.ContainsRune(s, '\'') || strings.ContainsRune(s, '’') { // ContainsAny is slow with '’'
		s = possessive.ReplaceAllString(s, "")
	}
	return strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// possessive matches the 's that ends a word, with a straight or curly apostrophe.
var possessive = regexp.MustCompile(`['’]s\b`)

// tokens returns the search terms of s: words without stopwords, stemmed.
func tokens(s string) []string {
	ws := words(s)
	out := ws[:0]
	for _, w := range ws {
		if !stopwords[w] {
			out = append(out, stem(w))
		}
	}
	return out
}

// stem strips common English endings so that "policies", "policy" and
// "shipping", "shipped", "ship" meet. It is light and only needs to be
// consistent between questions and documents.
func stem(w string) string {
	if base, ok := irregular[w]; ok {
		w = base
	}
	if len(w) <= 3 || !isASCIIWord(w) {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") &&
		!strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		w = w[:len(w)-1]
	}
	for _, suf := range []string{"ing", "ed"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 {
			w = undouble(w[:len(w)-len(suf)])
			break
		}
	}
	if strings.HasSuffix(w, "ee") && len(w) > 5 { // employee, employ
		w = w[:len(w)-2]
	} else if strings.HasSuffix(w, "e") && len(w) > 3 { // name, named: nam
		w = w[:len(w)-1]
	}
	if strings.HasSuffix(w, "ght") { // weight, weigh
		w = w[:len(w)-1]
	}
	return w
}

// irregular maps common irregular past forms, which no ending rule meets,
// to their base word: "How many cats are fed?" asks what "feeds" says.
var irregular = map[string]string{
	"fed": "feed", "kept": "keep", "paid": "pay", "sold": "sell", "bought": "buy",
	"made": "make", "told": "tell", "held": "hold", "met": "meet", "sent": "send",
	"spent": "spend", "built": "build", "taught": "teach", "brought": "bring",
}

// undouble turns a final doubled consonant into a single one: shipp → ship.
func undouble(w string) string {
	n := len(w)
	if n >= 4 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiou", rune(w[n-1])) {
		return w[:n-1]
	}
	return w
}

func isASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// stopwords are common English words that carry no subject.
var stopwords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again all also am an and any are as at be
		because been before being below between both but by can could did do does doing down
		during each few for from further get gets got had has have having he her here hers him his
		how i if in into is it its itself just me more most my no nor not now of off on once only
		or other our ours out over own please same she should so some such tell than that the
		their theirs them then there these they this those through to too under until up us very
		was we were what when where which while who whom why will with would you your yours
		much many does did doc document documents say says said according know let give show
		find list name names`) {
		m[w] = true
	}
	return m
}()

// withSynonyms turns each query term into a group: the term and the terms
// that may stand for it in a document ("heavy" is asked, "weight" written).
func withSynonyms(terms []string) [][]string {
	groups := make([][]string, len(terms))
	for i, t := range terms {
		groups[i] = append([]string{t}, synonyms[t]...)
	}
	return groups
}

// synonyms maps a stemmed question term to stemmed document terms; the
// pairs read "question word: document words".
var synonyms = func() map[string][]string {
	m := map[string][]string{}
	for _, line := range strings.Split(`heavy: weight
		weight: heavy
		bright: lumens
		cost: price
		price: cost
		vacation: leave holiday
		holiday: leave vacation
		wfh: remote
		refund: return
		return: refund
		shipping: delivery
		delivery: shipping
		boss: manager
		salary: pay
		ill: sick
		sick: ill`, "\n") {
		q, docWords, _ := strings.Cut(line, ":")
		for _, w := range strings.Fields(docWords) {
			m[stem(strings.TrimSpace(q))] = append(m[stem(strings.TrimSpace(q))], stem(w))
		}
	}
	return m
}()
