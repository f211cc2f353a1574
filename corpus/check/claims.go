package check

import (
	"fmt"
	"slices"
	"strings"

	"pasyans/corpus"
	"pasyans/engine"
)

// CheckClaim is the check id of a claim that disagrees with the Spec.
const CheckClaim = "claim"

// claimCheck compares the claims of a game's paragraphs, and the packs of
// its front matter, with its variant's Spec.
type claimCheck struct {
	g    *corpus.Game
	spec engine.Spec
	out  *findings
	n    int // facts compared
	bad  int // facts that differ
}

// checkClaims compares every claim of g with v's Spec and returns the
// number of facts compared and of those that differ.
func checkClaims(g *corpus.Game, v *engine.Variant, out *findings) (n, bad int) {
	c := &claimCheck{g: g, spec: v.Spec, out: out}
	if g.Packs != 0 && g.Packs != v.Spec.Packs {
		c.bad++
		out.add(corpus.Diagnostic{Pos: corpus.Pos{File: g.Pos.File, Line: max(g.Pos.Line, 1)}, Rule: CheckClaim,
			Msg: fmt.Sprintf("front matter packs: %d, but the engine's Spec of %s has %d", g.Packs, v.ID, v.Spec.Packs)}, "", "")
	}
	c.n++
	for _, p := range g.Paragraphs {
		if p.Claims != nil && p.Pos.File == g.Pos.File {
			c.paragraph(p)
		}
	}
	return c.n, c.bad
}

// differ reports one claimed fact that the Spec contradicts.
func (c *claimCheck) differ(p *corpus.Paragraph, key, format string, args ...any) {
	c.bad++
	pos := claimPos(p, strings.SplitN(key, ".", 2)[0])
	c.out.add(corpus.Diagnostic{Pos: pos, Rule: CheckClaim,
		Msg: fmt.Sprintf("%s: claim %s: ", paraRef(p), key) + fmt.Sprintf(format, args...)}, p.ID, "")
}

// claimPos is the line of a top-level key of p's claims block.
func claimPos(p *corpus.Paragraph, key string) corpus.Pos {
	c := p.Claims
	if l := c.Lines[key]; l > 0 {
		return corpus.Pos{File: c.Pos.File, Line: l}
	}
	return c.Pos
}

// paraRef names a paragraph and quotes the first words of its corrected
// reading.
func paraRef(p *corpus.Paragraph) string {
	text := strings.Join(strings.Fields(p.Corrected), " ")
	if text == "" {
		text = strings.Join(strings.Fields(p.Raw), " ")
	}
	return fmt.Sprintf("%s «%s»", p.ID, short(text, 80))
}

func (c *claimCheck) paragraph(p *corpus.Paragraph) {
	cl, sp := p.Claims, c.spec
	ints := []struct {
		key        string
		claim      *int
		spec       int
		specAsText string
	}{
		{"packs", cl.Packs, sp.Packs, ""}, {"cards", cl.Cards, sp.Cards, ""}, {"players", cl.Players, sp.Players, ""},
		{"deals", cl.Deals, sp.Deals, dealsText(sp.Deals)},
	}
	for _, f := range ints {
		if f.claim == nil {
			continue
		}
		c.n++
		if *f.claim != f.spec {
			c.differ(p, f.key, "%d, but the engine's Spec has %d%s", *f.claim, f.spec, f.specAsText)
		}
	}
	if len(cl.Removed) > 0 {
		c.n++
		if !sameSet(cl.Removed, sp.Removed) {
			c.differ(p, "removed", "%v, but the engine's Spec removes %v", cl.Removed, sp.Removed)
		}
	}
	if cl.Win != "" {
		c.n++
		if cl.Win != sp.Win {
			c.differ(p, "win", "%q, but the engine's Spec has %q", cl.Win, sp.Win)
		}
	}
	for _, f := range cl.Foundations {
		c.foundation(p, f)
	}
	for _, b := range cl.Building {
		c.building(p, b)
	}
}

func dealsText(n int) string {
	switch n {
	case 0:
		return " (as many as needed)"
	case 1:
		return " (no redeal)"
	}
	return fmt.Sprintf(" (%d redeals)", n-1)
}

// foundation compares a claimed foundation group with the Spec's groups it
// names: by piles if it lists them, else by base, else by direction, else
// every group. A count is compared with the sum over those groups.
func (c *claimCheck) foundation(p *corpus.Paragraph, f engine.FoundationSpec) {
	groups := c.spec.Foundations
	var sel []engine.FoundationSpec
	by := ""
	switch {
	case len(f.Piles) > 0:
		by = "piles " + strings.Join(f.Piles, " ")
		for _, g := range groups {
			if sameSet(g.Piles, f.Piles) {
				sel = append(sel, g)
			}
		}
	case f.Base != "":
		by = "base " + f.Base
		for _, g := range groups {
			if sameRank(g.Base, f.Base) {
				sel = append(sel, g)
			}
		}
	case f.Dir != "":
		by = "direction " + f.Dir
		for _, g := range groups {
			if g.Dir == f.Dir {
				sel = append(sel, g)
			}
		}
	default:
		sel = groups
	}
	c.n++
	if len(sel) == 0 {
		c.differ(p, "foundations", "the engine's Spec has no foundation group with %s (it has %s)", by, foundationList(groups))
		return
	}
	if f.Count != 0 {
		total := 0
		for _, g := range sel {
			total += g.Count
		}
		if total != f.Count {
			c.differ(p, "foundations.count", "%d, but the engine's Spec has %d", f.Count, total)
		}
	}
	for _, g := range sel {
		for _, fld := range []struct{ key, claim, spec string }{
			{"dir", f.Dir, g.Dir}, {"top", f.Top, g.Top}, {"suit", f.Suit, g.Suit}, {"when", f.When, g.When},
		} {
			if fld.claim == "" {
				continue
			}
			if fld.claim != fld.spec && !(fld.key == "top" && sameRank(fld.claim, fld.spec)) {
				c.differ(p, "foundations."+fld.key, "%q, but the engine's Spec has %q (foundations %s)", fld.claim, fld.spec, strings.Join(g.Piles, " "))
			}
		}
	}
}

func foundationList(gs []engine.FoundationSpec) string {
	if len(gs) == 0 {
		return "no foundations"
	}
	var parts []string
	for _, g := range gs {
		parts = append(parts, fmt.Sprintf("%d %s %s to %s", g.Count, g.Base, g.Dir, g.Top))
	}
	return strings.Join(parts, "; ")
}

// building compares a claimed building group with the Spec's group over
// the same piles, or with every group when it lists none.
func (c *claimCheck) building(p *corpus.Paragraph, b engine.BuildSpec) {
	groups := c.spec.Building
	sel := groups
	if len(b.Piles) > 0 {
		sel = nil
		for _, g := range groups {
			if sameSet(g.Piles, b.Piles) {
				sel = append(sel, g)
			}
		}
	}
	c.n++
	if len(sel) == 0 {
		if len(b.Piles) > 0 {
			c.differ(p, "building", "the engine's Spec builds on no group of piles %s", strings.Join(b.Piles, " "))
		} else {
			c.differ(p, "building", "the engine's Spec has no building on the layout")
		}
		return
	}
	for _, g := range sel {
		for _, fld := range []struct{ key, claim, spec string }{
			{"dir", b.Dir, g.Dir}, {"suit", b.Suit, g.Suit}, {"empty", b.Empty, g.Empty}, {"when", b.When, g.When},
		} {
			if fld.claim != "" && fld.claim != fld.spec {
				c.differ(p, "building."+fld.key, "%q, but the engine's Spec has %q (piles %s)", fld.claim, fld.spec, pileRange(g.Piles))
			}
		}
	}
}

// pileRange writes a pile list briefly: "c1…c10".
func pileRange(ids []string) string {
	if len(ids) > 3 {
		return ids[0] + "…" + ids[len(ids)-1]
	}
	return strings.Join(ids, " ")
}

func sameRank(a, b string) bool {
	ra, ea := engine.ParseRank(a)
	rb, eb := engine.ParseRank(b)
	return ea == nil && eb == nil && ra == rb
}

func sameSet(a, b []string) bool {
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}
