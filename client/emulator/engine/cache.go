package engine

import "sync"

// The passages of a document depend only on its name and text, so they are
// kept between calls: an emulator answers many questions over the same
// documents. The cache never changes a result, only its cost.
const (
	cacheMaxBytes = 16 << 20 // text held by cached entries (passages take several times more)
	cacheMaxDocs  = 4096
)

type cacheKey struct{ name, text string }

// cached is what is kept of one document.
type cached struct {
	passages []passage
	title    map[string]bool
}

var passageCache = struct {
	sync.Mutex
	m     map[cacheKey]cached
	bytes int
}{m: map[cacheKey]cached{}}

// docPassages returns the passages of d, tagged with document index idx,
// and its title terms. The maps are shared between calls: read only.
func docPassages(d Doc, idx int) ([]passage, map[string]bool) {
	key := cacheKey{d.Name, d.Text}
	passageCache.Lock()
	c, ok := passageCache.m[key]
	passageCache.Unlock()
	if !ok {
		c = cached{splitPassages(d, 0), titleTerms(d)}
		passageCache.Lock()
		if len(passageCache.m) >= cacheMaxDocs || passageCache.bytes+len(d.Text) > cacheMaxBytes {
			passageCache.m, passageCache.bytes = map[cacheKey]cached{}, 0
		}
		if len(d.Text) <= cacheMaxBytes/4 {
			passageCache.m[key] = c
			passageCache.bytes += len(d.Text)
		}
		passageCache.Unlock()
	}
	out := make([]passage, len(c.passages))
	for i, p := range c.passages {
		p.doc = idx
		out[i] = p
	}
	return out, c.title
}
