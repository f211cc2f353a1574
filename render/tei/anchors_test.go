package tei

import (
	"strings"
	"testing"
)

func TestQuotedWord(t *testing.T) {
	for _, tt := range []struct {
		text, note string
		at         int
		ok         bool
	}{
		{"не должны быть выбираемы тотчасъ-же.", "«Не вынимаются» (тотчасъ-же): тузов", 25, true},
		{"Восемь тузовъ", "The *тузовъ* of 001:7", 7, true},
		{"Восемь тузовъ", "«туз» is not a whole word here", 0, false},
		{"карта", "(in English only)", 0, false},
		{"пачки и пачка", "«пачка»", 8, true},
	} {
		at, ok := quotedWord(tt.text, tt.note)
		if at != tt.at || ok != tt.ok {
			t.Errorf("quotedWord(%q, %q) = %d, %v; want %d, %v", tt.text, tt.note, at, ok, tt.at, tt.ok)
		}
	}
}

// TestNoteAnchors: a note about a word points at an anchor that stands in
// its paragraph right before that word (or before the choice that holds
// it), and every anchor is the target of its note.
func TestNoteAnchors(t *testing.T) {
	_, root, cs := document(t, load(t))
	targets := map[string]bool{}
	for _, n := range root.all("note") {
		for _, tg := range strings.Fields(n.attr["target"]) {
			targets[tg] = true
		}
	}
	anchors := 0
	root.walk(func(p *node) {
		if !strings.HasPrefix(p.attr["xml:id"], "p-") {
			return
		}
		for i, k := range p.kids {
			a, ok := k.(*node)
			if !ok || a.name != "anchor" {
				continue
			}
			anchors++
			if !targets["#"+a.attr["xml:id"]] {
				t.Errorf("%s: anchor %s is no note's target", p.attr["n"], a.attr["xml:id"])
			}
			rest := reading(&node{kids: p.kids[i+1:]}, false, true, cs)
			if rest == "" || !startsWord(rest) {
				t.Errorf("%s: anchor %s stands before %q, not before a word", p.attr["n"], a.attr["xml:id"], rest[:min(len(rest), 20)])
			}
		}
	})
	if anchors < 10 {
		t.Errorf("only %d anchors: the test proves little", anchors)
	}
}

func startsWord(s string) bool {
	for _, r := range s {
		return r != ' '
	}
	return false
}
