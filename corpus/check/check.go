package check

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"pasyans/corpus"
	"pasyans/engine"
)

// Options tune a run.
type Options struct {
	// Load holds the diagnostics corpus.Load returned with the edition;
	// they are reported with the checker's own.
	Load corpus.Diagnostics
	// Probes is the number of random playouts per variant with its
	// default options (more are played with each option on, and a few
	// solver-guided games); 0 skips the behaviour probes.
	Probes int
	// Cache, if not nil, keeps the probes' results between runs of the
	// same engine (see ProbeCache).
	Cache *ProbeCache
}

// DefaultProbes is the probe count of pasyans check.
const DefaultProbes = 200

// The check ids of the diagnostics Run adds.
const (
	CheckCited  = "cited"  // an engine rule no paragraph cites and no reason reconstructs
	CheckReplay = "replay" // an example deal that does not replay to its outcome
	CheckEngine = "engine" // a variant with no game file
	CheckProof  = "proof"  // a lost example deal the solver does not re-prove
)

// Report is the result of a run.
type Report struct {
	Groups      []*Group           `json:"groups"`
	Diagnostics corpus.Diagnostics `json:"diagnostics"` // all, sorted by position

	verdicts map[string]string // see Verdicts
}

// OK reports whether no check failed.
func (r *Report) OK() bool { return len(r.Diagnostics) == 0 }

// Group is what was checked for one game, or for the book, the glossary,
// the sources or the engine.
type Group struct {
	ID          string             `json:"id"`
	Title       string             `json:"title,omitempty"`
	Files       []string           `json:"files"`
	Checks      []Result           `json:"checks"`
	Diagnostics corpus.Diagnostics `json:"diagnostics"`
}

// Result is one check of a group.
type Result struct {
	Check   string         `json:"check"` // "paragraphs", "rules", "claims", "deals", …
	OK      bool           `json:"ok"`
	Summary string         `json:"summary"`
	Counts  map[string]int `json:"counts,omitempty"`
}

// checkOf maps diagnostic ids to the summary line that reports them.
var checkOf = map[string]string{
	corpus.CheckSyntax: "structure", corpus.CheckSource: "structure",
	corpus.CheckOwned: "paragraphs", corpus.CheckChecksum: "paragraphs", corpus.CheckTranslated: "paragraphs",
	corpus.CheckTitles: "paragraphs", corpus.CheckBilingual: "paragraphs",
	corpus.CheckRuleLink: "rules", corpus.CheckVariant: "rules", CheckCited: "rules", CheckEngine: "rules",
	corpus.CheckGlossary: "terms",
	corpus.CheckDeal:     "deals", CheckReplay: "deals", CheckProof: "deals",
	CheckClaim: "claims", CheckProbe: "probes", CheckOccurs: "occurs", CheckTerms: "wording",
	CheckQuote: "quotes", CheckFigure: "figures", CheckParity: "parity", CheckHedge: "hedges",
}

// findings collects the diagnostics of a run with what they blame: the
// paragraphs and the engine rules that fail.
type findings struct {
	diags corpus.Diagnostics
	rules map[string]bool // rule id → failed
	paras map[string]bool // paragraph id → failed
}

// merge adds the findings of o after those of f.
func (f *findings) merge(o *findings) {
	f.diags = append(f.diags, o.diags...)
	f.paras = union(f.paras, o.paras)
	f.rules = union(f.rules, o.rules)
}

// union returns a with the keys of b added (a new map if a is nil).
func union(a, b map[string]bool) map[string]bool {
	if len(b) > 0 && a == nil {
		a = map[string]bool{}
	}
	maps.Copy(a, b)
	return a
}

// add records d, blaming rule (if not "").
func (f *findings) add(d corpus.Diagnostic, para, rule string) {
	f.diags = append(f.diags, d)
	if para != "" {
		if f.paras == nil {
			f.paras = map[string]bool{}
		}
		f.paras[para] = true
	}
	if rule != "" {
		if f.rules == nil {
			f.rules = map[string]bool{}
		}
		f.rules[rule] = true
	}
}

// Run checks the edition. ed must be non-nil (corpus.Load returns an
// edition whenever the corpus could be read).
func Run(ed *corpus.Edition, opts Options) *Report {
	r := &Report{}
	f := &findings{}
	f.diags = append(f.diags, opts.Load...)
	cited := citations(ed)
	// The probes take most of the time and use every processor; the
	// checks of the text, which read neither them nor the findings of the
	// games, run beside them, each with findings of its own, merged below
	// in the order the checks had when they ran one after the other.
	probesDone := make(chan map[string]*probeResult, 1)
	go func() { probesDone <- probeAll(ed, planFor(opts.Probes), opts.Cache) }()
	var fOccurs, fGlossary, fProse findings
	ix := newTextIndex(ed)
	occurs := checkOccursClaims(ed, ix, &fOccurs)
	glossary := glossaryGroup(ed, ix, occurs, &fGlossary)
	prose := proseGroup(ed, ix, &fProse)
	termDiags, wording, err := checkTerms(ed)
	if err != nil {
		termDiags = append(termDiags, corpus.Diagnostic{Pos: corpus.Pos{File: "terms.yaml"}, Rule: CheckTerms, Msg: err.Error()})
	}
	probes := <-probesDone
	f.diags = append(f.diags, termDiags...)
	f.merge(&fOccurs)
	f.merge(&fProse)
	for _, g := range ed.Games {
		r.Groups = append(r.Groups, gameGroup(ed, g, cited, probes[g.ID], f))
	}
	f.merge(&fGlossary)
	r.Groups = append(r.Groups, bookGroup(ed), glossary, prose, sourcesGroup(ed), engineGroup(ed, &f.diags))
	addWording(r, wording)
	all := f.diags
	all.Sort()
	r.Diagnostics = all
	if r.Diagnostics == nil {
		r.Diagnostics = corpus.Diagnostics{}
	}
	distribute(r)
	r.verdicts = verdicts(ed, r, f, cited, probes)
	return r
}

// distribute files every diagnostic under the group its file belongs to
// and marks the checks it fails.
func distribute(r *Report) {
	for _, d := range r.Diagnostics {
		g := groupOf(r, d.Pos.File)
		g.Diagnostics = append(g.Diagnostics, d)
		name := checkOf[d.Rule]
		if name == "" {
			name = "structure"
		}
		res := g.result(name)
		res.OK = false
		if res.Counts == nil {
			res.Counts = map[string]int{}
		}
		res.Counts["errors"]++
	}
	for _, g := range r.Groups {
		for i := range g.Checks {
			if n := g.Checks[i].Counts["errors"]; n > 0 {
				g.Checks[i].Summary += fmt.Sprintf("; %d %s", n, plural(n, "error"))
			}
		}
	}
}

// groupOf returns the group whose files include file (a deal's folder
// counts as its game's), else the sources group.
func groupOf(r *Report, file string) *Group {
	for _, g := range r.Groups {
		for _, f := range g.Files {
			if f == file || strings.HasSuffix(f, "/") && strings.HasPrefix(file, f) {
				return g
			}
		}
	}
	for _, g := range r.Groups {
		if g.ID == "sources" {
			return g
		}
	}
	return r.Groups[len(r.Groups)-1]
}

// result returns the named check of g, adding it (passing) if absent.
func (g *Group) result(name string) *Result {
	for i := range g.Checks {
		if g.Checks[i].Check == name {
			return &g.Checks[i]
		}
	}
	g.Checks = append(g.Checks, Result{Check: name, OK: true, Summary: "well-formed", Counts: map[string]int{}})
	return &g.Checks[len(g.Checks)-1]
}

func (g *Group) add(name, summary string, counts map[string]int) {
	g.Checks = append(g.Checks, Result{Check: name, OK: true, Summary: summary, Counts: counts})
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// citations returns, for each rule id, the paragraphs that link to it.
func citations(ed *corpus.Edition) map[string][]string {
	cited := map[string][]string{}
	for _, p := range ed.Paragraphs {
		for _, l := range p.Rules {
			if !slices.Contains(cited[l.ID], p.ID) {
				cited[l.ID] = append(cited[l.ID], p.ID)
			}
		}
	}
	return cited
}

// engineGroup checks that every registered variant has a game file.
func engineGroup(ed *corpus.Edition, all *corpus.Diagnostics) *Group {
	g := &Group{ID: "engine", Files: []string{}}
	vs := engine.Variants()
	missing := 0
	for _, v := range vs {
		if ed.Game(v.ID) == nil {
			missing++
			file := "games/" + v.ID + ".md"
			g.Files = append(g.Files, file)
			*all = append(*all, corpus.Diagnostic{Pos: corpus.Pos{File: file}, Rule: CheckEngine,
				Msg: fmt.Sprintf("variant %s has no game file: write games/%s.md", v.ID, v.ID)})
		}
	}
	g.add("variants", fmt.Sprintf("%d %s registered, %d with a game file", len(vs), plural(len(vs), "variant"), len(vs)-missing),
		map[string]int{"variants": len(vs), "without_game": missing})
	return g
}
