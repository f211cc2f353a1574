package check

import (
	"strings"
	"testing"

	"pasyans/corpus"
	"pasyans/engine"
)

func intp(n int) *int { return &n }

// TestClaims compares claims with the Specs of registered variants: a
// partial claim is compared on what it states, a group is found by its
// piles, base or direction, a count is summed over the groups found.
func TestClaims(t *testing.T) {
	fg := func(f ...engine.FoundationSpec) []engine.FoundationSpec { return f }
	cases := []struct {
		name, game string
		claims     corpus.Claims
		want       string // a substring of the one diagnostic, "" for none
	}{
		{"packs ok", "salic-law", corpus.Claims{Packs: intp(2)}, ""},
		{"packs", "salic-law", corpus.Claims{Packs: intp(1)}, "claim packs: 1, but the engine's Spec has 2"},
		{"partial suit ok", "salic-law", corpus.Claims{Foundations: fg(engine.FoundationSpec{Suit: "any"})}, ""},
		{"suit", "salic-law", corpus.Claims{Foundations: fg(engine.FoundationSpec{Suit: "same"})}, `claim foundations.suit: "same", but the engine's Spec has "any"`},
		{"top", "salic-law", corpus.Claims{Foundations: fg(engine.FoundationSpec{Count: 8, Base: "A", Top: "Q"})}, `claim foundations.top: "Q"`},
		{"no such base", "salic-law", corpus.Claims{Foundations: fg(engine.FoundationSpec{Base: "K"})}, "no foundation group with base K"},
		{"count over groups", "fifteen", corpus.Claims{Foundations: fg(engine.FoundationSpec{Count: 8, Suit: "same"})}, ""},
		{"count of a base", "fifteen", corpus.Claims{Foundations: fg(engine.FoundationSpec{Count: 8, Base: "K"})}, "claim foundations.count: 8, but the engine's Spec has 4"},
		{"direction by base", "fifteen", corpus.Claims{Foundations: fg(engine.FoundationSpec{Base: "K", Dir: "up"})}, `claim foundations.dir: "up", but the engine's Spec has "down"`},
		{"building ok", "le-cadran", corpus.Claims{Building: []engine.BuildSpec{{Dir: "down", Suit: "same", Empty: "any"}}}, ""},
		{"building dir", "le-cadran", corpus.Claims{Building: []engine.BuildSpec{{Dir: "either"}}}, `claim building.dir: "either", but the engine's Spec has "down" (piles c1…c10)`},
		{"building piles", "le-cadran", corpus.Claims{Building: []engine.BuildSpec{{Piles: []string{"c1"}, Dir: "down"}}}, "builds on no group of piles c1"},
		{"no building", "salic-law", corpus.Claims{Building: []engine.BuildSpec{{Dir: "down"}}}, "no building on the layout"},
		{"deals", "la-belle-lucie", corpus.Claims{Deals: intp(2)}, "claim deals: 2, but the engine's Spec has 3 (2 redeals)"},
		{"removed", "constitution", corpus.Claims{Removed: []string{"Q", "K"}}, ""},
		{"removed differs", "constitution", corpus.Claims{Removed: []string{"K"}}, "claim removed: [K], but the engine's Spec removes [K Q]"},
		{"win", "sympathy", corpus.Claims{Win: "foundations"}, `claim win: "foundations", but the engine's Spec has "paired"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := engine.Lookup(c.game)
			if err != nil {
				t.Skip(err)
			}
			cl := c.claims
			cl.Pos = corpus.Pos{File: "games/x.md", Line: 10}
			cl.Lines = map[string]int{"packs": 11, "foundations": 12, "building": 13, "deals": 14, "removed": 15, "win": 16}
			p := &corpus.Paragraph{ID: "001:4", Corrected: strings.Repeat("слово ", 30), Claims: &cl, Pos: corpus.Pos{File: "games/x.md", Line: 8}}
			g := &corpus.Game{ID: c.game, Variant: v, Packs: v.Spec.Packs, Paragraphs: []*corpus.Paragraph{p}, Pos: corpus.Pos{File: "games/x.md", Line: 1}}
			f := &findings{}
			_, bad := checkClaims(g, v, f)
			switch {
			case c.want == "" && len(f.diags) > 0:
				t.Errorf("unexpected: %v", f.diags)
			case c.want != "" && (len(f.diags) != 1 || !strings.Contains(f.diags[0].Msg, c.want)):
				t.Errorf("got %v, want one saying %q", f.diags, c.want)
			case c.want != "":
				d := f.diags[0]
				if i := strings.Index(c.want, "claim "); i >= 0 {
					key := strings.FieldsFunc(c.want[i+6:], func(r rune) bool { return r == '.' || r == ':' })[0]
					if d.Pos.Line != cl.Lines[key] {
						t.Errorf("at %s, want the line of %s (%d)", d.Pos, key, cl.Lines[key])
					}
				}
				if !strings.HasPrefix(d.Msg, "001:4 «слово слово") || bad != 1 {
					t.Errorf("message does not quote the paragraph: %s", d.Msg)
				}
			}
		})
	}
}

// TestGamePacks: the front matter's packs is compared with the Spec.
func TestGamePacks(t *testing.T) {
	v, err := engine.Lookup("salic-law")
	if err != nil {
		t.Skip(err)
	}
	f := &findings{}
	checkClaims(&corpus.Game{ID: v.ID, Packs: 1, Pos: corpus.Pos{File: "games/salic-law.md", Line: 1}}, v, f)
	if len(f.diags) != 1 || f.diags[0].String() != "games/salic-law.md:1: front matter packs: 1, but the engine's Spec of salic-law has 2" {
		t.Errorf("got %v", f.diags)
	}
}
