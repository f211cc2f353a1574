package normalize

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Layer names.
const (
	Corrected = "corrected"
	Modern    = "modern"
)

// Rule is a named, documented repair or spelling change.
type Rule struct {
	ID          string      // "ocr/dje-yat", "modern/yat"
	Doc         string      // one line: what the rule changes and when
	DocRU       string      // the same in Russian (the site's Russian method page)
	Examples    [][2]string // input and the rule's output; also test cases
	NonExamples []string    // inputs the rule must leave alone; also test cases
	// PreReform marks a rule that is safe only on pre-reform spelling (it
	// relies on, for example, every word-final hard consonant being
	// followed by ъ); it is skipped for sources already in modern spelling.
	PreReform bool
	// Heuristic marks a rule that decides by a guess that can be wrong
	// (a context that usually, not always, means the repair; the
	// fallback for a word the lexicon lacks). The TEI marks its changes
	// with a medium certainty.
	Heuristic bool

	// batch marks a rule that may share a pass with the batch rules next
	// to it: it neither reads nor writes what they change.
	batch bool

	// find appends the replacements the rule makes in s (sorted,
	// non-overlapping, byte offsets) to out.
	find func(c context, s string, out []repl) []repl
}

// context is what a rule may know besides the text: the paragraph id and
// the emendations for that paragraph.
type context struct {
	para string
	em   []Emendation
}

// Layer is an ordered list of rules turning one reading into the next.
type Layer struct {
	Name  string
	Rules []Rule
	em    map[string][]Emendation // by paragraph id
	// density, if set, is the expected number of input bytes per
	// replacement, to size the replacement buffer once.
	density int
}

// Apply runs the layer's rules, in order, over the text s (valid UTF-8) of
// paragraph para and returns the result and the edits (rune offsets in s).
// Each rule sees the output of the rules before it, except that consecutive
// rules marked as a batch all read the same text in one pass (where two of
// them would change overlapping text, the earlier rule wins). Where rules of
// different passes change overlapping text, one edit carries both ids joined
// by "+".
func (l *Layer) Apply(para, s string) (string, []Edit) {
	c := context{para: para}
	if l.em != nil {
		c.em = l.em[para]
	}
	var t *tracker
	var rs, scratch []repl
	if l.density > 0 {
		rs = make([]repl, 0, 8+len(s)/l.density)
	}
	cur := s
	for i := 0; i < len(l.Rules); i++ {
		r := &l.Rules[i]
		if r.find == nil {
			continue // a rule copied out of Rules(): documentation only
		}
		id := r.ID
		rs = r.find(c, cur, rs[:0])
		if r.batch {
			for k := range rs {
				rs[k].rule = r.ID
			}
			for i+1 < len(l.Rules) && l.Rules[i+1].batch {
				i++
				if l.Rules[i].find == nil {
					continue
				}
				n := len(rs)
				rs = l.Rules[i].find(c, cur, rs)
				for k := n; k < len(rs); k++ {
					rs[k].rule = l.Rules[i].ID
				}
				if n > 0 && len(rs) > n {
					rs, scratch = mergeRepls(rs, n, scratch), rs
				}
			}
		}
		if len(rs) == 0 {
			continue
		}
		if t == nil {
			t = &tracker{input: s, cur: s}
		}
		t.apply(rs, id)
		cur = t.cur
	}
	if t == nil {
		return s, nil
	}
	return t.cur, t.edits(para, l.Name)
}

// WithoutPreReform returns a copy of l without the rules marked PreReform:
// the layer to run on a source already in modern spelling.
func (l *Layer) WithoutPreReform() *Layer {
	m := &Layer{Name: l.Name, em: l.em, density: l.density}
	for _, r := range l.Rules {
		if !r.PreReform {
			m.Rules = append(m.Rules, r)
		}
	}
	return m
}

// only returns a layer with just the rule id (for tests).
func (l *Layer) only(id string) *Layer {
	m := &Layer{Name: l.Name, em: l.em, density: l.density}
	for _, r := range l.Rules {
		if r.ID == id {
			m.Rules = append(m.Rules, r)
		}
	}
	return m
}

// Character classes. The fast paths cover ASCII and the Cyrillic block.

func isCyr(r rune) bool {
	return (r >= 0x400 && r <= 0x481) || (r >= 0x48A && r <= 0x52F)
}

func isMark(r rune) bool {
	if r < 0x300 || isCyr(r) {
		return false
	}
	return unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me)
}

func isUpper(r rune) bool { return letterCase(r) > 0 }

func isLower(r rune) bool { return letterCase(r) < 0 }

// letterCase returns 1 for a capital letter, -1 for a small one, 0 for
// any other rune (quick for ASCII and the basic Cyrillic letters).
func letterCase(r rune) int {
	switch {
	case 'A' <= r && r <= 'Z', 0x400 <= r && r <= 0x42F:
		return 1
	case 'a' <= r && r <= 'z', 0x430 <= r && r <= 0x45F:
		return -1
	case r < 0x80:
		return 0
	case unicode.IsUpper(r):
		return 1
	case unicode.IsLower(r):
		return -1
	}
	return 0
}

// next returns the rune at byte i of s and its size, or (-1, 0) at the end.
func next(s string, i int) (rune, int) {
	if i >= len(s) {
		return -1, 0
	}
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s[i:])
}

// prev returns the rune ending at byte i of s and its size, or (-1, 0) at
// the start.
func prev(s string, i int) (rune, int) {
	if i <= 0 {
		return -1, 0
	}
	if c := s[i-1]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeLastRuneInString(s[:i])
}

// wordAround returns the bounds of the run of runes satisfying in that
// contains bytes [i, j) of s.
func wordAround(s string, i, j int, in func(rune) bool) (int, int) {
	for {
		r, n := prev(s, i)
		if n == 0 || !in(r) {
			break
		}
		i -= n
	}
	for {
		r, n := next(s, j)
		if n == 0 || !in(r) {
			break
		}
		j += n
	}
	return i, j
}

// letterBefore and letterAfter report whether a word letter touches bytes
// [i, j) of s.
func letterBefore(s string, i int) bool { r, _ := prev(s, i); return isLetter(r) }
func letterAfter(s string, j int) bool  { r, _ := next(s, j); return isLetter(r) }

// byteRank estimates how often a byte occurs in Russian text (UTF-8), in
// rough per-mille of bytes; unlisted bytes count as rare.
var byteRank = func() (r [256]uint8) {
	r[0xD0], r[0xD1], r[' '] = 255, 255, 150
	for i, f := range []uint8{ // continuation bytes of а…п (D0 B0–BF)
		80, 16, 45, 17, 30, 85, 9, 16, 75, 12, 35, 44, 32, 67, 100, 28} {
		r[0xB0+i] = f
	}
	for i, f := range []uint8{ // continuation bytes of р…я (D1 80–8F)
		47, 55, 63, 26, 2, 10, 5, 14, 7, 4, 40, 19, 17, 3, 6, 20} {
		r[0x80+i] = f
	}
	return r
}()

// find returns the byte offset of the first occurrence of needle in s at
// or after from, or -1. It scans for the needle's rarest byte (for a
// Cyrillic letter, never the lead byte D0/D1 that every letter shares).
func find(s, needle string, from int) int {
	n := len(needle)
	if n == 0 || from < 0 {
		return -1
	}
	k := n - 1
	for j := n - 2; j >= 0; j-- {
		if byteRank[needle[j]] < byteRank[needle[k]] {
			k = j
		}
	}
	c := needle[k]
	for i := from + k; i+n-k <= len(s); {
		j := strings.IndexByte(s[i:], c)
		if j < 0 {
			return -1
		}
		i += j
		if start := i - k; start+n <= len(s) && s[start:start+n] == needle {
			return start
		}
		i++
	}
	return -1
}

// sortRepls sorts replacements by start (stable, so an insertion stays
// before a replacement at the same offset) and drops any that overlap an
// earlier one.
func sortRepls(rs []repl) []repl {
	cmp := func(a, b repl) int { return a.start - b.start }
	if !slices.IsSortedFunc(rs, cmp) {
		slices.SortStableFunc(rs, cmp)
	}
	out := rs[:0]
	end := -1
	for _, r := range rs {
		if r.start < end || (r.start == end && r.start == r.end && len(out) > 0 && out[len(out)-1].start == out[len(out)-1].end) {
			continue
		}
		out = append(out, r)
		end = r.end
	}
	return out
}

// mergeRepls merges the sorted runs rs[:n] and rs[n:] into scratch (reused
// if large enough), dropping replacements that overlap an earlier one.
func mergeRepls(rs []repl, n int, scratch []repl) []repl {
	out := scratch[:0]
	if cap(out) < len(rs) {
		out = make([]repl, 0, len(rs)+len(rs)/2)
	}
	a, b := rs[:n], rs[n:]
	end := -1
	add := func(r repl) {
		if r.start >= end {
			out = append(out, r)
			end = r.end
		}
	}
	for len(a) > 0 && len(b) > 0 {
		if b[0].start < a[0].start {
			add(b[0])
			b = b[1:]
		} else {
			add(a[0])
			a = a[1:]
		}
	}
	for _, r := range a {
		add(r)
	}
	for _, r := range b {
		add(r)
	}
	return out
}
