package check

import (
	"fmt"
	"slices"
	"strings"

	"pasyans/engine"
	"pasyans/engine/solve"
)

// CheckProbe is the check id of a behaviour probe's finding: the engine
// allowing what the text forbids, or never allowing what it permits.
const CheckProbe = "probe"

// Probe sizes. Random playouts are cheap; the solver-guided games reach
// the late positions random play rarely does (a full foundation, the
// second deal of a won game).
const (
	maxPlayout    = 1500    // moves per random playout at most
	solverNodes   = 150_000 // positions per solver-guided game at most
	solverSeen    = 1 << 18
	sampleEvery   = 7 // refusals are sampled every this many moves
	firstSolverAt = 1_000_000
)

// probePlan says how many games of each kind a variant is probed with.
type probePlan struct {
	random    int // random playouts with the default options
	perOption int // random playouts with each option switched on as well
	solver    int // solver-guided games
}

func planFor(n int) probePlan {
	if n <= 0 {
		return probePlan{}
	}
	return probePlan{random: n, perOption: max(n/4, 1), solver: min(max(n/25, 1), 8)}
}

// violation is the first move seen breaking one fact, and how often the
// fact was broken in all.
type violation struct {
	key   string // the fact: "foundations.suit", "rule:zodiac/marriage-sources", …
	rule  string // the engine rule the fact belongs to, for rule facts
	what  string // what the move did
	deal  string // game, seed, options and kind of probe
	n     int    // the move's number in the game
	move  string
	count int
}

// permission is something the text permits that some probe must see.
type permission struct {
	key  string // the fact it belongs to, for locating the paragraph
	rule string // the rule it belongs to, if any
	what string
	seen bool
}

// probeResult is what the probes of one variant found.
type probeResult struct {
	games, moves, solverGames, solverWins int
	viol                                  []*violation
	perms                                 []*permission
	refused                               map[string]int  // rule id → moves seen refused by it
	exercised                             map[string]bool // rule id → its permission or option seen at work
}

// fgroup is the Spec of one foundation pile.
type fgroup struct {
	base, top engine.Rank
	dir       int // +1 up, -1 down
	same      bool
	when      string
}

// observer watches every move of the probes of one variant.
type observer struct {
	v      *engine.Variant
	roles  []engine.Role
	fnd    []*fgroup
	bld    []*engine.BuildSpec
	stock  int // pile index, -1 if none
	waste  int
	redeal int // action number of "redeal", 0 if none
	res    *probeResult
	// refusedBy counts the moves sample saw refused, by rule; res.refused
	// is made from it at the end (see probeWork.finish).
	refusedBy ruleCounts
	rules     []*ruleProbe // rule facts of the variant
	perm      map[string]*permission

	// other is a deal under other options, for dealAtWork.
	other *engine.State

	// the game under way
	deal    string
	opts    engine.Options
	redeals int
	counter map[string]int // per-game counters of rule facts
	lens    []int
	tops    []engine.Card
	downs   []int
}

func newObserver(v *engine.Variant) *observer {
	o := &observer{v: v, stock: -1, waste: -1, redeal: v.Action("redeal"),
		res: &probeResult{refused: map[string]int{}, exercised: map[string]bool{}}, perm: map[string]*permission{},
		fnd: make([]*fgroup, len(v.Piles)), bld: make([]*engine.BuildSpec, len(v.Piles)), counter: map[string]int{}}
	for i, p := range v.Piles {
		o.roles = append(o.roles, p.Role)
		switch {
		case p.Role == engine.Stock && o.stock < 0:
			o.stock = i
		case p.Role == engine.Waste && o.waste < 0:
			o.waste = i
		}
	}
	for _, fs := range v.Spec.Foundations {
		base, _ := engine.ParseRank(fs.Base)
		top, _ := engine.ParseRank(fs.Top)
		g := &fgroup{base: base, top: top, dir: 1, same: fs.Suit != "any", when: fs.When}
		if fs.Dir == "down" {
			g.dir = -1
		}
		for _, id := range fs.Piles {
			if i := v.Pile(id); i >= 0 {
				o.fnd[i] = g
			}
		}
		if fs.Suit == "any" {
			o.permit("foundations.suit", "", "a card laid on a foundation card of another suit")
		}
	}
	for k := range v.Spec.Building {
		b := &v.Spec.Building[k]
		for _, id := range b.Piles {
			if i := v.Pile(id); i >= 0 {
				o.bld[i] = b
			}
		}
		if b.Dir == "either" {
			o.permit("building.up", "", fmt.Sprintf("a card built up on %s", pileRange(b.Piles)))
			o.permit("building.down", "", fmt.Sprintf("a card built down on %s", pileRange(b.Piles)))
		}
		if b.Suit == "any" {
			o.permit("building.suit", "", fmt.Sprintf("a card built on one of another suit on %s", pileRange(b.Piles)))
		}
		if b.Empty != "none" && b.Empty != "" {
			o.permit("building.empty", "", fmt.Sprintf("an empty pile of %s filled", pileRange(b.Piles)))
		}
	}
	switch d := v.Spec.Deals; {
	case d > 1 && o.redeal > 0:
		o.permit("deals", "", fmt.Sprintf("all %d deals played in one game (%d %s)", d, d-1, plural(d-1, "redeal")))
	case d == 0 && o.redeal > 0:
		o.permit("deals", "", "a redeal")
	}
	if r := foundationMoveRule(v); r != nil {
		o.permit("foundations.final", r.ID, "a card moved from one foundation to another")
	}
	for _, r := range v.Rules {
		if rp := ruleProbes[r.ID]; rp != nil {
			rp := *rp
			rp.rule = r
			o.rules = append(o.rules, &rp)
		}
	}
	for _, opt := range v.Options {
		o.permit("option:"+opt.ID, optionRule(v, opt.ID), fmt.Sprintf("option %s changing what the engine allows", opt.ID))
	}
	return o
}

func (o *observer) permit(key, rule, what string) {
	p := &permission{key: key, rule: rule, what: what}
	o.perm[key] = p
	o.res.perms = append(o.res.perms, p)
}

// see records a permission at work.
func (o *observer) see(key string) {
	if p := o.perm[key]; p != nil && !p.seen {
		p.seen = true
		if p.rule != "" {
			o.res.exercised[p.rule] = true
		}
		for _, suffix := range factRules[key] { // the rules that state the permission
			if r := o.v.Rule(o.v.ID + "/" + suffix); r != nil && o.active(r) {
				o.res.exercised[r.ID] = true
			}
		}
	}
}

// optionRule returns the id of the rule an option switches on, if any.
func optionRule(v *engine.Variant, opt string) string {
	for _, r := range v.Rules {
		if r.Option == opt {
			return r.ID
		}
	}
	return ""
}

// foundationMoveRule returns the rule by which the text lets a card move
// from one foundation to another, if the variant has one.
func foundationMoveRule(v *engine.Variant) *engine.Rule {
	for _, r := range v.Rules {
		if r.Lets == engine.LetsFoundationMove {
			return r
		}
	}
	return nil
}

// active reports whether rule r applies with the options of the game.
func (o *observer) active(r *engine.Rule) bool {
	if r.Option == "" {
		return true
	}
	i := o.v.Option(r.Option)
	return i >= 0 && o.opts.Has(i)
}

// relaxed reports whether a rule of the game that applies (switched on by
// its option) lifts fact key.
func (o *observer) relaxed(key string) bool {
	for _, r := range o.v.Rules {
		if slices.Contains(r.Lifts, key) && o.active(r) {
			return true
		}
	}
	return false
}

// begin starts watching a new game at its deal.
func (o *observer) begin(s *engine.State, kind string) {
	o.opts = s.Options
	o.deal = fmt.Sprintf("%s seed %d, options [%s], %s", o.v.ID, s.Seed, strings.Join(o.v.OptionIDs(s.Options), ","), kind)
	o.redeals = 0
	clear(o.counter)
	o.res.games++
	for i, fg := range o.fnd {
		if fg == nil {
			continue
		}
		p := &s.Piles[i]
		if fg.when == "before" && len(p.Cards) == 0 {
			o.violate("foundations.when", "", 0, "", fmt.Sprintf("foundation %s is empty at the deal, though its base is laid before it", o.v.Piles[i].ID))
		}
		if fg.when == "end" && len(p.Cards) > 0 {
			o.violate("foundations.when", "", 0, "", fmt.Sprintf("foundation %s holds %s at the deal, though foundations are laid at the end", o.v.Piles[i].ID, p.Top()))
		}
		o.foundationCards(s, i, 0, 0, "")
	}
}

// snap records the position before a move.
func (o *observer) snap(s *engine.State) {
	o.lens, o.tops, o.downs = o.lens[:0], o.tops[:0], o.downs[:0]
	for i := range s.Piles {
		p := &s.Piles[i]
		o.lens = append(o.lens, len(p.Cards))
		o.tops = append(o.tops, p.Top())
		o.downs = append(o.downs, p.Down)
	}
}

// violate records a move breaking fact key; only the first is kept.
func (o *observer) violate(key, rule string, n int, move, what string) {
	for _, v := range o.res.viol {
		if v.key == key {
			v.count++
			return
		}
	}
	o.res.viol = append(o.res.viol, &violation{key: key, rule: rule, what: what, deal: o.deal, n: n, move: move, count: 1})
}

// foundationCards checks the cards of foundation i from index from up,
// against its group's base, direction, top and suit.
func (o *observer) foundationCards(s *engine.State, i, from, n int, move string) {
	fg, p, id := o.fnd[i], &s.Piles[i], o.v.Piles[i].ID
	for k := from; k < len(p.Cards); k++ {
		c := p.Cards[k]
		if k == 0 {
			if c.Rank() != fg.base {
				o.violate("foundations.base", "", n, move, fmt.Sprintf("%s starts foundation %s, whose base is %s", c, id, fg.base))
			}
			continue
		}
		prev := p.Cards[k-1]
		switch {
		case prev.Rank() == fg.top:
			o.violate("foundations.top", "", n, move, fmt.Sprintf("%s laid on %s of foundation %s, which ends at %s", c, prev, id, fg.top))
		case int(c.Rank()) != int(prev.Rank())+fg.dir:
			o.violate("foundations.dir", "", n, move, fmt.Sprintf("%s laid on %s of foundation %s, built %s", c, prev, id, dirWord(fg.dir)))
		}
		if fg.same && c.Suit() != p.Cards[0].Suit() {
			o.violate("foundations.suit", "", n, move, fmt.Sprintf("%s laid on foundation %s of %s, which follows suit", c, id, p.Cards[0]))
		}
		if !fg.same && c.Suit() != prev.Suit() {
			o.see("foundations.suit")
		}
	}
}

func dirWord(d int) string {
	if d > 0 {
		return "up"
	}
	return "down"
}

// observe checks the move m, number n of the game, that took the position
// recorded by snap to s.
func (o *observer) observe(s *engine.State, m engine.Move, n int) {
	o.res.moves++
	move := o.v.FormatMove(m)
	stockLost := o.stock >= 0 && len(s.Piles[o.stock].Cards) < o.lens[o.stock]
	foundLost, foundGained := 0, 0
	for i := range s.Piles {
		before, after := o.lens[i], len(s.Piles[i].Cards)
		if before == after {
			continue
		}
		id := o.v.Piles[i].ID
		switch o.roles[i] {
		case engine.Foundation:
			if after < before {
				foundLost += before - after
				if foundationMoveRule(o.v) == nil || !o.f2fActive() {
					o.violate("foundations.final", "", n, move, fmt.Sprintf("a card taken from foundation %s", id))
				}
				continue
			}
			foundGained += after - before
			if o.fnd[i] != nil {
				if o.fnd[i].when == "end" && (stockLeft(o) || o.waste >= 0 && o.lens[o.waste] > 0) {
					o.violate("foundations.when", "", n, move, fmt.Sprintf("a card laid on foundation %s while the pack or the talon still holds cards", id))
				}
				o.foundationCards(s, i, before, n, move)
			}
		case engine.Stock:
			if after < before && m.Action == 0 && !o.stockFeeds() {
				o.violate("source.stock", "", n, move, fmt.Sprintf("a card taken from the pack %s by a move that is not one of its words", id))
			}
			if after > before && m.Action == 0 {
				o.violate("source.stock", "", n, move, fmt.Sprintf("a card put back on the pack %s", id))
			}
		case engine.Waste:
			if after > before && !stockLost {
				o.violate("talon", "", n, move, fmt.Sprintf("a card put on the talon %s, not from the pack", id))
			}
		case engine.Decoration:
			if after < before {
				o.violate("source.decoration", "", n, move, fmt.Sprintf("a card taken from %s, which only adorns the layout", id))
			}
		case engine.Discard:
			if after < before {
				o.violate("source.discard", "", n, move, fmt.Sprintf("a card taken back from %s, where cards are set aside", id))
			}
		}
	}
	if foundLost > 0 && foundGained >= foundLost && o.f2fActive() {
		o.see("foundations.final")
	} else if foundLost > 0 && foundationMoveRule(o.v) != nil && o.f2fActive() {
		o.violate("foundations.final", "", n, move, "a foundation card gone back to the layout")
	}
	if o.redeal > 0 && int(m.Action) == o.redeal {
		o.redeals++
		switch d := o.v.Spec.Deals; {
		case d > 0 && o.redeals+1 > d:
			o.violate("deals", "", n, move, fmt.Sprintf("deal number %d, where %d in all are allowed", o.redeals+1, d))
		case d > 0 && o.redeals+1 == d, d == 0:
			o.see("deals")
		}
	}
	if m.Action == 0 {
		o.building(s, m, n, move)
	}
	for _, rp := range o.rules {
		if !o.active(rp.rule) || o.relaxed("rule:"+rp.rule.ID) {
			continue
		}
		if what := rp.check(o, s, m); what != "" {
			o.violate("rule:"+rp.rule.ID, rp.rule.ID, n, move, what)
		}
	}
}

// f2fActive reports whether the rule letting cards move between
// foundations applies in the game under way.
func (o *observer) f2fActive() bool {
	r := foundationMoveRule(o.v)
	return r != nil && o.active(r)
}

// stockFeeds reports whether a rule lets the pack give cards within an
// ordinary move (a card replaced from the pack, a vacancy filled from it).
func (o *observer) stockFeeds() bool {
	for _, r := range o.v.Rules {
		if r.Lets == engine.LetsStockFeed && o.active(r) {
			return true
		}
	}
	return false
}

// building checks a transfer onto a pile the Spec builds on.
func (o *observer) building(s *engine.State, m engine.Move, n int, move string) {
	to, from := int(m.To), int(m.From)
	b := o.bld[to]
	if b == nil || o.roles[from] == engine.Foundation {
		return
	}
	c, t := o.tops[from], o.tops[to]
	id := o.v.Piles[to].ID
	switch b.When {
	case "after-deal":
		if stockLeft(o) && !o.relaxed("building.when") {
			o.violate("building.when", "", n, move, fmt.Sprintf("%s put on %s while the pack still holds cards", c, id))
		}
	case "before-foundations":
		for i, fg := range o.fnd {
			if fg != nil && o.lens[i] > 0 {
				o.violate("building.when", "", n, move, fmt.Sprintf("%s put on %s after the foundations were begun", c, id))
				break
			}
		}
	}
	if o.lens[to] == 0 {
		if b.Empty == "none" {
			o.violate("building.empty", "", n, move, fmt.Sprintf("%s put on the empty pile %s", c, id))
		} else {
			o.see("building.empty")
		}
		return
	}
	d := int(c.Rank()) - int(t.Rank())
	ok := false
	switch b.Dir {
	case "down":
		ok = d == -1
	case "up":
		ok = d == 1
	case "either":
		ok = d == 1 || d == -1
	}
	if !ok {
		o.violate("building.dir", "", n, move, fmt.Sprintf("%s put on %s of %s, where cards are built %s", c, t, id, b.Dir))
	} else if d == 1 {
		o.see("building.up")
	} else {
		o.see("building.down")
	}
	switch b.Suit {
	case "same":
		if c.Suit() != t.Suit() {
			o.violate("building.suit", "", n, move, fmt.Sprintf("%s put on %s of %s, where cards are built in suit", c, t, id))
		}
	case "alternate":
		if c.Red() == t.Red() {
			o.violate("building.suit", "", n, move, fmt.Sprintf("%s put on %s of %s, where colours alternate", c, t, id))
		}
	case "any":
		if c.Suit() != t.Suit() {
			o.see("building.suit")
		}
	}
}

// ruleCounts counts moves by the rule that refused them, indexed by the
// rule's Seq. Sampling asks about millions of moves per check, almost all
// refused, so the count must cost next to nothing (a map here was a tenth
// of the check; a list searched from the front, a tenth of the sampling).
type ruleCounts struct {
	n     []int
	rules []*engine.Rule       // by Seq, the rules counted
	other map[*engine.Rule]int // rules of no registry (Seq 0)
}

func (c *ruleCounts) add(r *engine.Rule) {
	if i := r.Seq(); i < len(c.n) && c.rules[i] == r {
		c.n[i]++
		return
	}
	c.addNew(r)
}

// addNew counts the first move refused by r.
func (c *ruleCounts) addNew(r *engine.Rule) {
	i := r.Seq()
	if i == 0 {
		if c.other == nil {
			c.other = map[*engine.Rule]int{}
		}
		c.other[r]++
		return
	}
	if i >= len(c.n) {
		c.n = slices.Grow(c.n, i+1-len(c.n))[:i+1]
		c.rules = slices.Grow(c.rules, i+1-len(c.rules))[:i+1]
	}
	c.rules[i] = r
	c.n[i]++
}

// each calls f with every rule counted and its count.
func (c *ruleCounts) each(f func(r *engine.Rule, n int)) {
	for i, r := range c.rules {
		if r != nil {
			f(r, c.n[i])
		}
	}
	for r, n := range c.other {
		f(r, n)
	}
}

// sample asks the engine about every move of a simple shape in s and
// records the rules that refuse them.
func (o *observer) sample(s *engine.State) {
	// Every move asked about is well formed (its piles exist and differ,
	// its action is the variant's), which is all State.Check adds to the
	// game's own Check: so the game is asked directly, a call less for
	// each of the millions of moves a check samples.
	game := s.V.Game
	note := func(m engine.Move) {
		if r := game.Check(s, m); r != nil {
			o.refusedBy.add(r)
		}
	}
	for a := 1; a <= len(o.v.Actions); a++ {
		note(engine.ActionMove(a, -1, -1))
		for f := range s.Piles {
			note(engine.ActionMove(a, f, -1))
		}
	}
	for f := range s.Piles {
		if !s.Piles[f].FaceUpTop() {
			continue
		}
		for t := range s.Piles {
			if t != f {
				note(engine.Transfer(f, t))
			}
		}
	}
}

// optionAtWork reports whether switching option i off would change what
// the engine allows in s, or what move m does.
func (o *observer) optionAtWork(s *engine.State, i int, m engine.Move) bool {
	on := s.Options
	off := on &^ (1 << uint(i))
	with := slices.Clone(s.Moves())
	s.Options = off
	without := s.Moves()
	differ := len(with) != len(without)
	for k := 0; !differ && k < len(with); k++ {
		differ = with[k] != without[k]
	}
	if !differ && s.Check(m) == nil {
		s.Options = on
		s.Do(m)
		a := s.Key(nil)
		s.Undo()
		s.Options = off
		s.Do(m)
		b := s.Key(nil)
		s.Undo()
		differ = string(a) != string(b)
	}
	s.Options = on
	return differ
}

// dealAtWork records the options of s that change the deal itself
// (compared with the deal under options def).
func (o *observer) dealAtWork(s *engine.State, def engine.Options) {
	if s.Options == def {
		return
	}
	key := string(s.Key(nil))
	for i, opt := range o.v.Options {
		if !s.Opt(i) || def&(1<<uint(i)) != 0 {
			continue
		}
		o.other = engine.NewDealInto(o.other, o.v, s.Seed, s.Options&^(1<<uint(i)))
		if string(o.other.Key(nil)) != key {
			o.see("option:" + opt.ID)
		}
	}
}

// play replays moves from s (a fresh deal), watching each.
func (o *observer) play(s *engine.State, moves []engine.Move, kind string) {
	o.begin(s, kind)
	for n, m := range moves {
		if n%sampleEvery == 0 {
			o.sample(s)
		}
		for i, opt := range o.v.Options {
			key := "option:" + opt.ID
			if s.Opt(i) && !o.perm[key].seen && o.optionAtWork(s, i, m) {
				o.see(key)
			}
		}
		o.snap(s)
		s.Do(m)
		o.observe(s, m, n+1)
	}
}

// runProbes plays the probes of variant v: random playouts from a fixed
// set of seeds with the default options, more with each option on, and a
// few solver-guided games. The result depends only on v and plan.
func runProbes(v *engine.Variant, plan probePlan) *probeResult {
	w := newProbeWork(v, plan)
	w.playouts()
	for k := range plan.solver {
		w.solverGame(k)
	}
	return w.finish()
}

// probeWork is the probes of one variant cut into tasks that may run at
// once (see probeAll): the playouts, watched by the observer, and each
// solver-guided game, searched on its own; finish then watches the
// solver games' winning lines, in the order of their seeds, as runProbes
// did one after the other, so the result is the same.
type probeWork struct {
	v     *engine.Variant
	plan  probePlan
	o     *observer
	lines [][]engine.Move // solver game k's winning line
	won   []bool          // whether solver game k was won
}

func newProbeWork(v *engine.Variant, plan probePlan) *probeWork {
	return &probeWork{v: v, plan: plan, lines: make([][]engine.Move, plan.solver), won: make([]bool, plan.solver)}
}

// playouts plays the random playouts under a new observer.
func (pw *probeWork) playouts() {
	v, plan := pw.v, pw.plan
	o := newObserver(v)
	pw.o = o
	def, _ := v.ParseOptions(nil)
	var w engine.Walker
	var moves []engine.Move
	var s *engine.State // one state for every playout (NewDealInto)
	playout := func(seed uint64, opts engine.Options) {
		s = engine.NewDealInto(s, v, seed, opts)
		o.dealAtWork(s, def)
		n, _ := w.Playout(s, engine.NewRand(seed*0x9e3779b97f4a7c15+1), maxPlayout)
		moves = moves[:0]
		for range n {
			moves = append(moves, s.LastMove())
			s.Undo()
		}
		slices.Reverse(moves)
		o.play(s, moves, "random playout")
	}
	for k := range plan.random {
		playout(uint64(k+1), def)
	}
	for i := range v.Options {
		for k := range plan.perOption {
			playout(uint64(k+1), def|1<<uint(i))
		}
	}
}

// solverGame searches solver-guided game k (seed firstSolverAt+k) with a
// solver of its own: the search, bounded by positions alone, gives the
// same answer on a fresh solver as on one reused.
func (pw *probeWork) solverGame(k int) {
	def, _ := pw.v.ParseOptions(nil)
	s := engine.NewDeal(pw.v, uint64(firstSolverAt+k), def)
	r := solve.New(pw.v).Solve(s, solve.Options{MaxNodes: solverNodes, MaxSeen: solverSeen})
	pw.won[k], pw.lines[k] = r.Outcome == solve.Won, r.Moves
}

// finish watches the winning lines of the solver games, after the
// playouts, and returns what the probes found.
func (pw *probeWork) finish() *probeResult {
	def, _ := pw.v.ParseOptions(nil)
	for k := range pw.plan.solver {
		pw.o.res.solverGames++
		if pw.won[k] {
			pw.o.res.solverWins++
			pw.o.play(engine.NewDeal(pw.v, uint64(firstSolverAt+k), def), pw.lines[k], "solver's winning line")
		}
	}
	pw.o.refusedBy.each(func(r *engine.Rule, n int) { pw.o.res.refused[r.ID] += n })
	return pw.o.res
}
