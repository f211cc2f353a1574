package check

import (
	"fmt"
	"strings"

	"pasyans/corpus"
	"pasyans/engine"
)

// gameGroup checks one game: its paragraphs, the citations of its
// variant's rules, its claims and its example deals.
func gameGroup(ed *corpus.Edition, g *corpus.Game, cited map[string][]string, pr *probeResult, f *findings) *Group {
	all := &f.diags
	grp := &Group{ID: g.ID, Title: g.Titles.EN, Files: []string{g.Pos.File, "deals/" + g.ID + "/"}}
	grp.add("structure", "front matter and sections well-formed", nil)
	grp.add("paragraphs", paragraphSummary(g.Paragraphs), map[string]int{"paragraphs": len(g.Paragraphs)})
	summary, counts := ruleSummary(g, cited, all)
	grp.add("rules", summary, counts)
	nclaims, nparas := 0, 0
	for _, p := range g.Paragraphs {
		if n := p.Claims.Len(); n > 0 {
			nclaims, nparas = nclaims+n, nparas+1
		}
	}
	counts = map[string]int{"claims": nclaims, "paragraphs": nparas}
	if g.Variant == nil {
		grp.add("claims", fmt.Sprintf("%d %s in %d %s; no engine variant to compare them with", nclaims, plural(nclaims, "claim"), nparas, plural(nparas, "paragraph")), counts)
	} else {
		n, bad := checkClaims(g, g.Variant, f)
		counts["compared"], counts["differ"] = n, bad
		grp.add("claims", fmt.Sprintf("%d %s in %d %s and the front matter's packs: %d %s compared with the Spec, %d differ",
			nclaims, plural(nclaims, "claim"), nparas, plural(nparas, "paragraph"), n, plural(n, "fact"), bad), counts)
	}
	summary, counts = probeSummary(g, pr, f)
	grp.add("probes", summary, counts)
	summary, counts = dealSummary(ed, g, f)
	grp.add("deals", summary, counts)
	return grp
}

func paragraphSummary(ps []*corpus.Paragraph) string {
	translated, notes := 0, 0
	for _, p := range ps {
		if p.Translation.Markdown != "" {
			translated++
		}
		notes += len(p.Notes)
	}
	return fmt.Sprintf("%d owned, %d translated, %d %s", len(ps), translated, notes, plural(notes, "note"))
}

// ruleSummary checks that each rule of the game's variant is cited by a
// paragraph or reconstructed, and that the paragraphs the engine says
// state a rule exist.
func ruleSummary(g *corpus.Game, cited map[string][]string, all *corpus.Diagnostics) (string, map[string]int) {
	links, resolved := 0, 0
	for _, p := range g.Paragraphs {
		for _, l := range p.Rules {
			links++
			if l.Rule != nil {
				resolved++
			}
		}
	}
	counts := map[string]int{"links": links, "resolved": resolved}
	if g.Variant == nil {
		return fmt.Sprintf("%d %s (%d resolved); no engine variant", links, plural(links, "link"), resolved), counts
	}
	var nCited, nRecon, nUncited int
	for _, r := range g.Variant.Rules {
		switch {
		case len(cited[r.ID]) > 0:
			nCited++
		case r.Reconstructed != "":
			nRecon++
		default:
			nUncited++
			*all = append(*all, corpus.Diagnostic{Pos: citePos(g, r), Rule: CheckCited, Msg: uncited(r)})
		}
	}
	counts["engine_rules"], counts["cited"], counts["reconstructed"], counts["uncited"] = len(g.Variant.Rules), nCited, nRecon, nUncited
	return fmt.Sprintf("%d %s (%d resolved); %d engine %s: %d cited, %d reconstructed, %d uncited",
		links, plural(links, "link"), resolved, len(g.Variant.Rules), plural(len(g.Variant.Rules), "rule"), nCited, nRecon, nUncited), counts
}

// citePos is where a link to r belongs: the section of the first
// paragraph of the game that the engine says states it, else the game's
// variant line.
func citePos(g *corpus.Game, r *engine.Rule) corpus.Pos {
	for _, id := range r.Book {
		for _, p := range g.Paragraphs {
			if p.ID == id && p.Pos.File == g.Pos.File {
				return p.Pos
			}
		}
	}
	return g.Pos
}

func uncited(r *engine.Rule) string {
	where := "link it from the paragraph that states it, or mark it reconstructed in the engine"
	if len(r.Book) > 0 {
		where = "the engine says " + strings.Join(r.Book, ", ") + " state it: link it there"
	}
	return fmt.Sprintf("rule %s (%q) is cited by no paragraph and not marked reconstructed; %s", r.ID, short(r.EN, 50), where)
}

// short returns the first n runes of s, with an ellipsis if cut.
func short(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return strings.TrimSpace(string(r[:n])) + "…"
	}
	return s
}

// dealSummary replays the game's example deals and has the solver prove
// again the lost deals and the failed games.
func dealSummary(ed *corpus.Edition, g *corpus.Game, f *findings) (string, map[string]int) {
	counts := map[string]int{}
	for _, d := range ed.Deals {
		if d.Game != g.ID {
			continue
		}
		counts["deals"]++
		if diag := replay(g.Variant, d); diag != nil {
			f.add(*diag, "", "")
			continue
		}
		if d.Outcome != "won" {
			counts[d.Outcome]++
			if diag := reprove(g.Variant, d); diag != nil {
				f.add(*diag, "", "")
				continue
			}
			counts["proved"]++
			counts["proved-"+d.Outcome]++
		}
		counts["verified"]++
	}
	n := counts["deals"]
	if n == 0 {
		return "no example deals", counts
	}
	s := fmt.Sprintf("%d of %d %s replayed to the stated outcome", counts["verified"], n, plural(n, "deal"))
	if lost := counts["lost"]; lost > 0 {
		s += fmt.Sprintf("; %d of %d lost %s re-proved by the solver within %s", counts["proved-lost"], lost, plural(lost, "deal"), pronoun(lost))
	}
	if failed := counts["failed"]; failed > 0 {
		s += fmt.Sprintf("; %d of %d failed %s: no win after the fatal move, a win before it, found again by the solver", counts["proved-failed"], failed, plural(failed, "game"))
	}
	return s, counts
}

func pronoun(n int) string {
	if n == 1 {
		return "its budget"
	}
	return "their budgets"
}

// replay plays a deal's moves and compares the end with its outcome.
func replay(v *engine.Variant, d *corpus.Deal) *corpus.Diagnostic {
	fail := func(pos corpus.Pos, format string, args ...any) *corpus.Diagnostic {
		return &corpus.Diagnostic{Pos: pos, Rule: CheckReplay, Msg: fmt.Sprintf("deal %s: ", d.Name) + fmt.Sprintf(format, args...)}
	}
	if v == nil {
		return fail(d.Pos, "cannot replay: the game has no engine variant")
	}
	if len(d.Moves) == 0 {
		return fail(d.Pos, "cannot replay: no valid move list")
	}
	opts, err := v.ParseOptions(d.Options)
	if err != nil {
		return fail(d.Pos, "cannot replay: %v", err)
	}
	st := engine.NewDeal(v, d.Seed, opts)
	if _, ill := st.Play(d.Moves); ill != nil {
		return fail(corpus.Pos{File: d.Pos.File, Line: ill.Line}, "move %d %q is illegal: %s [%s]", ill.Index, ill.Move, ill.Reason, ill.Rule)
	}
	last := corpus.Pos{File: d.Pos.File, Line: d.Moves[len(d.Moves)-1].Line}
	switch won := st.Won(); {
	case d.Outcome == "won" && !won:
		return fail(last, "stated won, but the position after the last move (%d) is not won", len(d.Moves))
	case d.Outcome != "won" && won:
		return fail(last, "stated %s, but the moves win the game", d.Outcome)
	}
	return nil
}

// bookGroup summarizes the book's paragraphs and sections.
func bookGroup(ed *corpus.Edition) *Group {
	g := &Group{ID: "book", Title: "front matter", Files: []string{"book.md", "book.ru.md"}}
	g.add("structure", "front matter and sections well-formed", nil)
	var paras []*corpus.Paragraph
	sections := 0
	for _, b := range []*corpus.Book{ed.Book, ed.BookRU} {
		if b != nil {
			paras = append(paras, b.Paragraphs...)
			sections += len(b.Sections)
		}
	}
	g.add("paragraphs", paragraphSummary(paras)+fmt.Sprintf("; %d %s in English and Russian", sections, plural(sections, "section")),
		map[string]int{"paragraphs": len(paras), "sections": sections})
	return g
}

// glossaryGroup checks the glossary's paragraph lists against the text
// and reports the occurs claims of the notes verified with them.
func glossaryGroup(ed *corpus.Edition, ix *textIndex, occurs int, f *findings) *Group {
	g := &Group{ID: "glossary", Files: []string{"glossary.yaml"}}
	refs := 0
	for _, t := range ed.Glossary {
		refs += len(t.Paragraphs)
	}
	verified, _ := checkGlossaryOccurs(ed, ix, f)
	g.add("terms", fmt.Sprintf("%d %s, %d paragraph %s, Russian alphabetical order; %d %s' paragraph lists verified against the text",
		len(ed.Glossary), plural(len(ed.Glossary), "term"), refs, plural(refs, "reference"), verified, plural(verified, "term")),
		map[string]int{"terms": len(ed.Glossary), "references": refs, "verified": verified})
	g.add("occurs", fmt.Sprintf("%d occurs %s in the notes' sections verified against the text", occurs, plural(occurs, "claim")),
		map[string]int{"claims": occurs})
	return g
}

// sourcesGroup summarizes the sources and the ownership of their
// paragraphs.
func sourcesGroup(ed *corpus.Edition) *Group {
	g := &Group{ID: "sources", Files: []string{"sources.yaml", "emendations.tsv"}}
	owned, edits := 0, 0
	for _, p := range ed.Paragraphs {
		if p.Owner != "" {
			owned++
		}
		edits += len(p.Apparatus)
	}
	for _, s := range ed.Sources {
		g.Files = append(g.Files, s.File)
	}
	g.add("paragraphs", fmt.Sprintf("%d %s in %d %s, %d owned, %d apparatus entries", len(ed.Paragraphs), plural(len(ed.Paragraphs), "paragraph"),
		len(ed.Sources), plural(len(ed.Sources), "source"), owned, edits), map[string]int{"paragraphs": len(ed.Paragraphs), "owned": owned})
	return g
}
