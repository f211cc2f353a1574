package search

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Snippet is a piece of one field of a found document with the words that
// matched the query marked.
type Snippet struct {
	Name    string `json:"name"`
	Reading string `json:"reading,omitempty"`
	Lang    string `json:"lang"`
	// HTML is the text, escaped, each matched word in a <mark>, with "…"
	// where the text was cut.
	HTML string `json:"html"`
}

// hits marks the tokens of a field that the query matched: the words of
// word terms, and every word of each occurrence of a phrase.
func hits(toks []token, ms []matcher) []bool {
	hit := make([]bool, len(toks))
	for _, m := range ms {
		if m.none {
			continue
		}
		if m.phrase != nil {
			for _, at := range phraseAt(toks, m.phrase) {
				for j := range m.phrase {
					hit[at+j] = true
				}
			}
			continue
		}
		for i, t := range toks {
			if slices.Contains(m.keys, t.key) {
				hit[i] = true
			}
		}
	}
	return hit
}

// Snippets returns the snippets of a document found by q: for each field
// name in the document's order, the field of the reader's reading if it
// has a match (else the first alternative that has one), cut to about
// width letters around its first match. Fields without a match are left
// out, except titles, which name the result.
func (ix *Index) Snippets(q Query, doc int, reading string, width int) []Snippet {
	ms := ix.resolve(q)
	d := ix.docs[doc]
	var out []Snippet
	done := map[string]bool{}
	for _, f := range d.Fields {
		if done[f.Name] {
			continue
		}
		done[f.Name] = true
		best, bestHit := pick(d.Fields, f.Name, reading, ms)
		if best < 0 {
			continue
		}
		fl := d.Fields[best]
		out = append(out, Snippet{Name: fl.Name, Reading: fl.Reading, Lang: fl.Lang, HTML: cut(fl.Text, fl.toks, bestHit, width)})
	}
	return out
}

// pick chooses the field of a name to show: the reader's reading if it
// has a match, else the first alternative with one; for a title, with no
// match, the reader's reading or the first. It returns -1 for none.
func pick(fields []Field, name, reading string, ms []matcher) (int, []bool) {
	first, firstHit, plain := -1, []bool(nil), -1
	for j, f := range fields {
		if f.Name != name {
			continue
		}
		h := hits(f.toks, ms)
		matched := slices.Contains(h, true)
		if matched && f.Reading == reading {
			return j, h
		}
		if matched && first < 0 {
			first, firstHit = j, h
		}
		if plain < 0 || f.Reading == reading && fields[plain].Reading != reading {
			plain = j
		}
	}
	if first >= 0 {
		return first, firstHit
	}
	if name == "title" && plain >= 0 {
		return plain, make([]bool, len(fields[plain].toks))
	}
	return -1, nil
}

// Forms returns the words of a found document, as written in any of its
// fields, that q matched: sorted, each once. The game page marks them
// when a result leads there.
func (ix *Index) Forms(q Query, doc int) []string {
	ms := ix.resolve(q)
	var out []string
	for _, f := range ix.docs[doc].Fields {
		for i, h := range hits(f.toks, ms) {
			if w := f.Text[f.toks[i].start:f.toks[i].end]; h && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	slices.Sort(out)
	return out
}

// cut writes text as HTML with the hit tokens marked, cut to about width
// letters starting a third of the width before the first hit, at word
// boundaries; "…" stands for what was cut.
func cut(text string, toks []token, hit []bool, width int) string {
	start, end := 0, len(text)
	if width > 0 && utf8.RuneCountInString(text) > width+width/4 {
		first := slices.Index(hit, true)
		at := 0
		if first >= 0 {
			at = int(toks[first].start)
		}
		start = back(text, at, width/3)
		end = forward(text, start, width)
	}
	var b strings.Builder
	if start > 0 {
		b.WriteString("…")
	}
	pos := start
	for i, t := range toks {
		s, e := int(t.start), int(t.end)
		if !hit[i] || s < start || e > end {
			continue
		}
		b.WriteString(escape(text[pos:s]))
		b.WriteString("<mark>")
		b.WriteString(escape(text[s:e]))
		b.WriteString("</mark>")
		pos = e
	}
	b.WriteString(escape(text[pos:end]))
	if end < len(text) {
		b.WriteString("…")
	}
	return b.String()
}

// back returns the byte offset about n letters before at, moved forward
// to the start of a word.
func back(text string, at, n int) int {
	i := at
	for ; n > 0 && i > 0; n-- {
		_, size := utf8.DecodeLastRuneInString(text[:i])
		i -= size
	}
	if i == 0 {
		return 0
	}
	if j := strings.IndexAny(text[i:at], " \n"); j >= 0 {
		return i + j + 1
	}
	return i
}

// forward returns the byte offset about n letters after from, moved back
// to the end of a word.
func forward(text string, from, n int) int {
	i := from
	for ; n > 0 && i < len(text); n-- {
		_, size := utf8.DecodeRuneInString(text[i:])
		i += size
	}
	if i >= len(text) {
		return len(text)
	}
	if j := strings.LastIndexAny(text[from:i], " \n"); j > 0 {
		return from + j
	}
	return i
}

// escapeHTML escapes the five characters that are special in HTML text
// and attribute values, as html.EscapeString does (package html would
// bring its table of entities into the WebAssembly program).
var escapeHTML = strings.NewReplacer(`&`, "&amp;", `'`, "&#39;", `<`, "&lt;", `>`, "&gt;", `"`, "&#34;")

func escape(s string) string { return escapeHTML.Replace(s) }
