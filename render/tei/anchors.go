package tei

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"pasyans/corpus"
	"pasyans/normalize"
)

// A note about one word of its paragraph points at that word: an anchor
// stands before the word in the Russian text, and the note's target is
// the anchor. The word is the first Russian form the note quotes («…»,
// (…) or *…*) that stands whole in the paragraph's corrected reading.

// quotedForm finds the forms a note quotes: in «», in brackets or in
// italics.
var quotedForm = regexp.MustCompile(`«([^»]+)»|\(([^()]+)\)|\*([^*]+)\*`)

// noteAnchor is the place of a note's word in the corrected reading.
type noteAnchor struct {
	at int    // rune offset in the corrected reading
	id string // the anchor's xml:id
}

// anchorID is the xml:id of the anchor of note i (0-based) of paragraph p.
func anchorID(pid string, i int) string {
	return paraID(pid, "at-note") + "-" + strconv.Itoa(i+1)
}

// noteAnchors returns the anchors of a paragraph's notes, in text order.
func noteAnchors(p *corpus.Paragraph) []noteAnchor {
	var out []noteAnchor
	for i, n := range p.Notes {
		if at, ok := quotedWord(p.Corrected, n.RU.Markdown, n.Markdown); ok {
			out = append(out, noteAnchor{at, anchorID(p.ID, i)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out
}

// quotedWord returns the rune offset in text of the first Cyrillic form
// that one of the notes quotes and that stands in text as whole words.
func quotedWord(text string, notes ...string) (int, bool) {
	for _, note := range notes {
		for _, m := range quotedForm.FindAllStringSubmatch(note, -1) {
			form := strings.TrimSpace(m[1] + m[2] + m[3])
			if !cyrillic(form) {
				continue
			}
			if at, ok := wholeIndex(text, form); ok {
				return at, true
			}
		}
	}
	return 0, false
}

// wholeIndex is the rune offset of the first occurrence of form in text
// that no word character touches on either side.
func wholeIndex(text, form string) (int, bool) {
	for from := 0; from < len(text); {
		i := strings.Index(text[from:], form)
		if i < 0 {
			return 0, false
		}
		i += from
		before, _ := utf8.DecodeLastRuneInString(text[:i])
		after, _ := utf8.DecodeRuneInString(text[i+len(form):])
		if (i == 0 || !normalize.IsWordRune(before)) && (i+len(form) == len(text) || !normalize.IsWordRune(after)) {
			return utf8.RuneCountInString(text[:i]), true
		}
		_, n := utf8.DecodeRuneInString(text[i:])
		from = i + n
	}
	return 0, false
}

// cyrillic reports whether s has a Cyrillic letter.
func cyrillic(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Cyrillic, r) {
			return true
		}
	}
	return false
}
