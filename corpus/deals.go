package corpus

import (
	"fmt"
	"math"
	"path"
	"strings"
	"time"

	"pasyans/engine"
	"pasyans/engine/solve"

	"gopkg.in/yaml.v3"
)

type dealYAML struct {
	Game       string    `yaml:"game"`
	Title      DealTitle `yaml:"title"`
	Seed       uint64    `yaml:"seed"`
	Options    []string  `yaml:"options"`
	Outcome    string    `yaml:"outcome"`
	Moves      string    `yaml:"moves"`
	Commentary []Comment `yaml:"commentary"`
	Proof      *Proof    `yaml:"proof"`
}

// loadDeals loads deals/<game>/<name>.yaml and checks the move lists'
// syntax; replaying them is the checker's work.
func (l *loader) loadDeals() error {
	return l.readEach(dealsGlob, "deals", func(name string, data []byte) {
		if d := l.loadDeal(name, data); d != nil {
			l.ed.Deals = append(l.ed.Deals, d)
		}
	})
}

func (l *loader) loadDeal(name string, data []byte) *Deal {
	var y dealYAML
	root, _ := decodeYAML(&l.d, name, data, 1, &y)
	if root == nil {
		l.d.add(Pos{File: name, Line: 1}, CheckDeal, "empty deal file")
		return nil
	}
	d := &Deal{Name: strings.TrimSuffix(path.Base(name), ".yaml"), Game: y.Game, Title: y.Title, Seed: y.Seed,
		Options: y.Options, Outcome: y.Outcome, Commentary: y.Commentary, Proof: y.Proof, Pos: Pos{File: name, Line: 1}}
	at := func(key string) Pos { return Pos{File: name, Line: keyLine(root, key, 1)} }
	if dir := path.Base(path.Dir(name)); d.Game != dir {
		l.d.add(at("game"), CheckDeal, "game %q: a deal in deals/%s/ is a deal of %s", d.Game, dir, dir)
	}
	if d.Title.EN == "" || d.Title.RU == "" {
		l.d.add(at("title"), CheckTitles, "missing title.en or title.ru")
	}
	switch d.Outcome {
	case "won", "lost", "failed":
	default:
		l.d.add(at("outcome"), CheckDeal, "outcome %q: want won, lost or failed", d.Outcome)
	}
	g := l.ed.Game(d.Game)
	if g == nil {
		l.d.add(at("game"), CheckDeal, "deal for unknown game %q: there is no games/%s.md", d.Game, d.Game)
		return d
	}
	v := g.Variant
	if v == nil {
		return d // the game file reports the unknown variant
	}
	if _, err := v.ParseOptions(d.Options); err != nil {
		l.d.add(at("options"), CheckDeal, "%v", err)
	}
	d.Moves = l.dealMoves(name, v, mapValue(root, "moves"), y.Moves)
	l.checkProof(name, root, d)
	l.checkCommentary(name, root, d)
	return d
}

// checkProof checks where a deal's proof starts: lost deals from the
// deal, failed ones after one of their moves.
func (l *loader) checkProof(name string, root *yaml.Node, d *Deal) {
	if d.Proof == nil || d.Proof.After == 0 {
		return
	}
	at := Pos{File: name, Line: keyLine(root, "proof", 1)}
	switch {
	case d.Outcome != "failed":
		l.d.add(at, CheckDeal, "proof.after %d: only a failed deal's proof starts after a move", d.Proof.After)
	case d.Proof.After < 0 || d.Proof.After > len(d.Moves):
		l.d.add(at, CheckDeal, "proof.after %d: the deal has %d moves", d.Proof.After, len(d.Moves))
	}
}

// dealMoves splits a deal's move list, giving each move its line in the
// deal file, and reports moves that are not in the game's notation.
func (l *loader) dealMoves(name string, v *engine.Variant, n *yaml.Node, moves string) []engine.MoveText {
	if n == nil {
		l.d.add(Pos{File: name, Line: 1}, CheckDeal, "missing key \"moves\"")
		return nil
	}
	first := n.Line // a plain or quoted scalar starts on the key's line
	if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		first++
	}
	mts, err := engine.SplitMoves(name, strings.NewReader(moves))
	if err != nil {
		l.d.add(Pos{File: name, Line: n.Line}, CheckDeal, "moves: %v", err)
		return nil
	}
	if len(mts) == 0 {
		l.d.add(Pos{File: name, Line: n.Line}, CheckDeal, "empty move list")
	}
	for i := range mts {
		mts[i].Line += first - 1
		if _, err := v.ParseMove(mts[i].Text); err != nil {
			l.d.add(Pos{File: name, Line: mts[i].Line}, CheckDeal, "move %d: %v", i+1, err)
		}
	}
	return mts
}

// checkCommentary checks that comments name existing moves and rules.
func (l *loader) checkCommentary(name string, root *yaml.Node, d *Deal) {
	lines := itemLines(root, "commentary")
	items := mapValue(root, "commentary")
	for i, c := range d.Commentary {
		pos := Pos{File: name, Line: lineAt(lines, i, 1, 1)}
		d.Commentary[i].ENPos, d.Commentary[i].RUPos = pos, pos
		if items != nil && i < len(items.Content) {
			d.Commentary[i].ENPos.Line = keyLine(items.Content[i], "en", pos.Line)
			d.Commentary[i].RUPos.Line = keyLine(items.Content[i], "ru", pos.Line)
		}
		if c.Move < 1 || c.Move > len(d.Moves) {
			l.d.add(pos, CheckDeal, "comment on move %d: the deal has %d moves", c.Move, len(d.Moves))
		}
		if c.Rule != "" {
			if r, _ := engine.LookupRule(c.Rule); r == nil {
				l.d.add(pos, CheckRuleLink, "comment names no rule: %q%s", c.Rule, ruleHint(c.Rule))
			}
		}
		if c.EN == "" || c.RU == "" {
			l.d.add(pos, CheckTranslated, "comment on move %d: missing en or ru", c.Move)
		}
	}
}

// checkSeeds checks a list of seeds of s (field key): when given, it holds
// n seeds in rising order, each a deal of the run.
func checkSeeds(d *diags, s *Stats, key string, seeds []uint64, n int) {
	if seeds == nil {
		return // written before the lists were
	}
	if len(seeds) != n {
		d.add(s.Pos, CheckSyntax, "%s: %d seeds for %d deals", key, len(seeds), n)
	}
	for i, seed := range seeds {
		if seed < s.FirstSeed || seed-s.FirstSeed >= uint64(s.Deals) {
			d.add(s.Pos, CheckSyntax, "%s: seed %d is not one of the deals %d to %d", key, seed, s.FirstSeed, s.FirstSeed+uint64(s.Deals)-1)
		}
		if i > 0 && seed <= seeds[i-1] {
			d.add(s.Pos, CheckSyntax, "%s: seed %d after %d: want rising order", key, seed, seeds[i-1])
		}
	}
}

// statsProblems checks what a statistics file says against itself and
// the game: the budgets as 'pasyans stats' writes them, the options of
// the game, and the rates and interval that its counts give.
func statsProblems(s *Stats) []string {
	var out []string
	if _, err := solve.ParseBudget(s.Budget); err != nil {
		out = append(out, err.Error())
	}
	if s.RetryBudget != "" {
		if _, err := solve.ParseBudget(s.RetryBudget); err != nil {
			out = append(out, "retry_"+err.Error())
		}
	}
	if v, err := engine.Lookup(s.Game); err != nil {
		out = append(out, err.Error())
	} else if err := v.CheckOptionIDs(s.Options); err != nil {
		out = append(out, err.Error())
	}
	if s.FirstSeed > math.MaxUint64-uint64(max(s.Deals, 1)-1) {
		out = append(out, fmt.Sprintf("first_seed %d, deals %d: the seeds would pass the largest seed", s.FirstSeed, s.Deals))
	}
	if s.Deals <= 0 || s.Won < 0 || s.Lost < 0 || s.Unknown < 0 {
		return append(out, fmt.Sprintf("deals %d, won %d, lost %d, unknown %d: want counts, and at least one deal", s.Deals, s.Won, s.Lost, s.Unknown))
	}
	lo, _ := solve.Wilson(s.Won, s.Deals)
	_, hi := solve.Wilson(s.Won+s.Unknown, s.Deals)
	near := func(a, b float64) bool { return math.Abs(a-b) <= 0.00006 }
	if !near(s.WinRate, float64(s.Won)/float64(s.Deals)) || !near(s.CI95[0], lo) || !near(s.CI95[1], hi) ||
		!near(s.UnknownFraction, float64(s.Unknown)/float64(s.Deals)) {
		out = append(out, fmt.Sprintf("win_rate %g, ci95 [%g, %g], unknown_fraction %g: not what won %d, unknown %d of deals %d give (%.4f, [%.4f, %.4f], %.4f)",
			s.WinRate, s.CI95[0], s.CI95[1], s.UnknownFraction, s.Won, s.Unknown, s.Deals,
			float64(s.Won)/float64(s.Deals), lo, hi, float64(s.Unknown)/float64(s.Deals)))
	}
	return out
}

// loadStats loads stats/<game>.yaml strictly: unknown keys and values of
// the wrong type are diagnostics at their line.
func (l *loader) loadStats() error {
	return l.readEach(statsGlob, "stats", func(name string, data []byte) {
		if st, ok := parseStats(&l.d, name, data); ok {
			l.ed.Stats = append(l.ed.Stats, st)
		}
	})
}

// ReadStats reads stats/<game>.yaml (name, its data) as the loader does,
// with every problem the loader would report: how 'pasyans stats -write'
// checks what it wrote.
func ReadStats(name string, data []byte) (*Stats, Diagnostics) {
	var d diags
	s, _ := parseStats(&d, name, data)
	return s, d.list
}

// parseStats decodes a statistics file strictly and checks it; ok is
// false when it could not be decoded at all.
func parseStats(d *diags, name string, data []byte) (*Stats, bool) {
	s := &Stats{}
	if _, ok := decodeYAML(d, name, data, 1, s); !ok {
		return nil, false
	}
	s.Pos = Pos{File: name, Line: 1}
	if want := strings.TrimSuffix(path.Base(name), ".yaml"); s.Game != want {
		d.add(s.Pos, CheckSyntax, "game %q: stats/%s.yaml holds the statistics of %s", s.Game, want, want)
		s.Game = want
	}
	if _, err := time.Parse(time.DateOnly, s.Date); err != nil {
		d.add(s.Pos, CheckSyntax, "date %q: want YYYY-MM-DD", s.Date)
	}
	for _, msg := range statsProblems(s) {
		d.add(s.Pos, CheckSyntax, "%s", msg)
	}
	if s.Won+s.Lost+s.Unknown != s.Deals {
		d.add(s.Pos, CheckSyntax, "won %d + lost %d + unknown %d is not deals %d", s.Won, s.Lost, s.Unknown, s.Deals)
	}
	checkSeeds(d, s, "lost_seeds", s.LostSeeds, s.Lost)
	checkSeeds(d, s, "unknown_seeds", s.UnknownSeeds, s.Unknown)
	if s.UnknownProgress < 0 || s.UnknownProgress > 1 || (s.UnknownProgress > 0 && s.Unknown == 0) {
		d.add(s.Pos, CheckSyntax, "unknown_progress %g: want a share from 0 to 1, and 0 when no deal is unknown", s.UnknownProgress)
	}
	if s.Shards < 0 || s.Shards > s.Deals || s.Retried < 0 || s.Retried > s.Deals || (s.Retried > 0) != (s.RetryBudget != "") {
		d.add(s.Pos, CheckSyntax, "shards %d, retried %d, retry_budget %q: want at most deals %d each, and a retry budget exactly when deals were retried",
			s.Shards, s.Retried, s.RetryBudget, s.Deals)
	}
	return s, true
}
