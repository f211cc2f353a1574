package check

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"pasyans/corpus"
	"pasyans/engine"
	"pasyans/engine/solve"
)

// probeAll runs the probes of every game's variant on every processor:
// each game's solver-guided games are tasks of their own (the longest
// work: zodiac's alone was two fifths of the check, one game per
// processor left one core idle for its last second), started first, then
// each game's playouts; each game's result is then put together in a
// fixed order (see probeWork), so it depends only on the variants and the
// plan, not on which task ran where or when. A game whose result the
// cache holds is not probed again, and the results computed are saved.
func probeAll(ed *corpus.Edition, plan probePlan, cache *ProbeCache) map[string]*probeResult {
	out := map[string]*probeResult{}
	if plan.random == 0 {
		return out
	}
	var works []*probeWork
	var games []string
	for _, g := range ed.Games {
		if g.Variant == nil {
			continue
		}
		if r, ok := cache.load(g.Variant, plan); ok {
			out[g.ID] = r
			continue
		}
		works = append(works, newProbeWork(g.Variant, plan))
		games = append(games, g.ID)
	}
	var tasks []func()
	for k := range plan.solver {
		for _, w := range works {
			tasks = append(tasks, func() { w.solverGame(k) })
		}
	}
	for _, w := range works {
		tasks = append(tasks, w.playouts)
	}
	runTasks(tasks)
	results := make([]*probeResult, len(works))
	finishing := make([]func(), len(works))
	for i, w := range works {
		finishing[i] = func() { results[i] = w.finish() }
	}
	runTasks(finishing)
	for i, id := range games {
		out[id] = results[i]
		cache.save(works[i].v, plan, results[i])
	}
	if len(works) > 0 {
		cache.trim()
	}
	return out
}

// runTasks runs tasks on as many goroutines as processors, taking them in
// order, and returns when all are done.
func runTasks(tasks []func()) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(tasks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := next.Add(1) - 1; i < int64(len(tasks)); i = next.Add(1) - 1 {
				tasks[i]()
			}
		}()
	}
	wg.Wait()
}

// where is the paragraph a finding names: the claim or the rule link that
// states the fact, else the section of a paragraph the engine says states
// it, else the game file.
type where struct {
	pos  corpus.Pos
	para *corpus.Paragraph
	rule string // the rule blamed, if any
}

func (w where) ref() string {
	if w.para == nil {
		return "(no paragraph states it)"
	}
	return paraRef(w.para)
}

// locate finds the paragraph of game g that states fact key (or rule, for
// a rule's fact).
func locate(g *corpus.Game, key, rule string) where {
	v := g.Variant
	var rules []string
	if rule != "" {
		rules = []string{rule}
	} else {
		for _, suffix := range factRules[key] {
			if v != nil && v.Rule(v.ID+"/"+suffix) != nil {
				rules = append(rules, v.ID+"/"+suffix)
			}
		}
		for _, p := range g.Paragraphs {
			if p.Claims != nil && p.Pos.File == g.Pos.File && claimsState(p.Claims, key) {
				w := where{pos: claimPos(p, strings.SplitN(key, ".", 2)[0]), para: p}
				if len(rules) > 0 {
					w.rule = rules[0]
				}
				return w
			}
		}
	}
	for _, id := range rules {
		for _, p := range g.Paragraphs {
			for _, l := range p.Rules {
				if l.ID == id && l.Pos.File == g.Pos.File {
					return where{pos: l.Pos, para: p, rule: id}
				}
			}
		}
	}
	for _, id := range rules {
		if r := v.Rule(id); r != nil {
			for _, book := range r.Book {
				for _, p := range g.Paragraphs {
					if p.ID == book && p.Pos.File == g.Pos.File {
						return where{pos: p.Pos, para: p, rule: id}
					}
				}
			}
		}
	}
	w := where{pos: corpus.Pos{File: g.Pos.File, Line: max(g.Pos.Line, 1)}}
	if len(rules) > 0 {
		w.rule = rules[0]
	}
	return w
}

// claimsState reports whether claims c state fact key.
func claimsState(c *corpus.Claims, key string) bool {
	top, field, _ := strings.Cut(key, ".")
	switch top {
	case "deals":
		return c.Deals != nil
	case "foundations":
		for _, f := range c.Foundations {
			switch field {
			case "base":
				if f.Base != "" {
					return true
				}
			case "dir":
				if f.Dir != "" {
					return true
				}
			case "top":
				if f.Top != "" {
					return true
				}
			case "suit":
				if f.Suit != "" {
					return true
				}
			case "when":
				if f.When != "" {
					return true
				}
			}
		}
	case "building":
		for _, b := range c.Building {
			switch field {
			case "dir", "up", "down":
				if b.Dir != "" {
					return true
				}
			case "suit":
				if b.Suit != "" {
					return true
				}
			case "empty":
				if b.Empty != "" {
					return true
				}
			case "when":
				if b.When != "" {
					return true
				}
			}
		}
	}
	return false
}

// factName writes a fact key for people.
func factName(key string) string {
	if r, ok := strings.CutPrefix(key, "rule:"); ok {
		return "rule " + r
	}
	if o, ok := strings.CutPrefix(key, "option:"); ok {
		return "option " + o
	}
	return key
}

// probeSummary reports the probes of g: every fact broken and every
// permission never seen is an error at the paragraph that states it.
func probeSummary(g *corpus.Game, pr *probeResult, f *findings) (string, map[string]int) {
	if g.Variant == nil {
		return "no engine variant to probe", nil
	}
	if pr == nil {
		return "skipped (-probes 0)", map[string]int{}
	}
	seen := 0
	for _, v := range pr.viol {
		w := locate(g, v.key, v.rule)
		more := ""
		if v.count > 1 {
			more = fmt.Sprintf(" (and %d more such %s)", v.count-1, plural(v.count-1, "move"))
		}
		at := fmt.Sprintf("move %d %s", v.n, v.move)
		if v.n == 0 {
			at = "the deal"
		}
		f.add(corpus.Diagnostic{Pos: w.pos, Rule: CheckProbe, Msg: fmt.Sprintf("%s: %s broken by the engine at %s of %s: %s%s",
			w.ref(), factName(v.key), at, v.deal, v.what, more)}, paraID(w.para), w.rule)
	}
	for _, p := range pr.perms {
		if p.seen {
			seen++
			continue
		}
		w := locate(g, p.key, p.rule)
		f.add(corpus.Diagnostic{Pos: w.pos, Rule: CheckProbe, Msg: fmt.Sprintf("%s: %s is permitted, but never happened in %d probe %s of %s (%d %s)",
			w.ref(), p.what, pr.games, plural(pr.games, "game"), g.Variant.ID, pr.moves, plural(pr.moves, "move"))}, paraID(w.para), w.rule)
	}
	counts := map[string]int{"games": pr.games, "moves": pr.moves, "solver_games": pr.solverGames, "solver_won": pr.solverWins,
		"violations": len(pr.viol), "permissions": len(pr.perms), "permissions_seen": seen}
	return fmt.Sprintf("%d %s (%d solver-guided, %d won), %d %s watched: %d %s broken; %d of %d %s seen",
		pr.games, plural(pr.games, "game"), pr.solverGames, pr.solverWins, pr.moves, plural(pr.moves, "move"),
		len(pr.viol), plural(len(pr.viol), "fact"), seen, len(pr.perms), plural(len(pr.perms), "permission")), counts
}

func paraID(p *corpus.Paragraph) string {
	if p == nil {
		return ""
	}
	return p.ID
}

// reprove asks the solver to prove again, within the budget its proof
// states, that a lost deal has no win, or that a failed deal's moves end
// in a position that has none.
func reprove(v *engine.Variant, d *corpus.Deal) *corpus.Diagnostic {
	fail := func(format string, args ...any) *corpus.Diagnostic {
		return &corpus.Diagnostic{Pos: d.Pos, Rule: CheckProof, Msg: fmt.Sprintf("deal %s: stated %s, but ", d.Name, d.Outcome) + fmt.Sprintf(format, args...)}
	}
	if d.Proof == nil {
		return fail("no proof {nodes, budget} is recorded")
	}
	budget, err := time.ParseDuration(d.Proof.Budget)
	if err != nil || budget <= 0 {
		return fail("the proof budget %q is not a duration such as 10s", d.Proof.Budget)
	}
	opts, err := v.ParseOptions(d.Options)
	if err != nil {
		return fail("%v", err)
	}
	o := solve.Options{Budget: budget}
	if d.Proof.Nodes > 0 {
		o.MaxNodes = d.Proof.Nodes + 1024 // the solver looks at its budget every 1024 positions
	}
	s := engine.NewDeal(v, d.Seed, opts)
	from := "the deal"
	if after := d.ProvedAfter(); after > 0 {
		if after > len(d.Moves) {
			return fail("the proof starts after move %d of %d", after, len(d.Moves))
		}
		if _, ill := s.Play(d.Moves[:after]); ill != nil {
			return fail("move %d %q is illegal: %s", ill.Index, ill.Move, ill.Reason)
		}
		from = fmt.Sprintf("the position after move %d", after)
	}
	r := solve.Solve(s, o)
	switch r.Outcome {
	case solve.Lost:
		if d.Outcome == "failed" {
			return fatalMove(v, d, opts, budget, fail)
		}
		return nil
	case solve.Won:
		return fail("the solver wins %s in %d moves", from, len(r.Moves))
	}
	return fail("the solver could not prove %s lost within the proof's budget (%s, %d positions): it stopped after %d positions",
		from, d.Proof.Budget, d.Proof.Nodes, r.Nodes)
}

// fatalMove checks that a failed deal's proof starts at its fatal move:
// the solver must find a win, within the proof's time budget, from the
// position just before it.
func fatalMove(v *engine.Variant, d *corpus.Deal, opts engine.Options, budget time.Duration, fail func(string, ...any) *corpus.Diagnostic) *corpus.Diagnostic {
	k := d.ProvedAfter()
	if k < 1 {
		return fail("a failed game needs a move that loses it")
	}
	s := engine.NewDeal(v, d.Seed, opts)
	if _, ill := s.Play(d.Moves[:k-1]); ill != nil {
		return fail("move %d %q is illegal: %s", ill.Index, ill.Move, ill.Reason)
	}
	if r := solve.Solve(s, solve.Options{Budget: budget}); r.Outcome != solve.Won {
		return fail("move %d is not the fatal move: the solver finds no win from the position before it (%s after %d positions)", k, r.Outcome, r.Nodes)
	}
	return nil
}
