package solve

import (
	"fmt"
	"strings"
	"testing"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// bare is a game's knowledge with its safe moves and dead positions taken
// out: only its key and its move order remain.
type bare struct{ gameCtx }

func (bare) dead(*engine.State) bool { return false }
func (bare) safe(*engine.State, []engine.Move) (engine.Move, bool) {
	return engine.Move{}, false
}

// keyWatch passes the game's key through and records, for each key, the
// generic key (every card of every pile, interchangeable piles sorted,
// counters) of the position it was given for; bad is set when one key
// stands for two positions the generic key tells apart.
type keyWatch struct {
	gameCtx
	gk   *keyer
	seen map[string]string
	bad  bool
	// ref, when set, writes the reference key of a position instead of gk
	// (for games whose interchangeable piles depend on the position).
	ref func(s *engine.State) []byte
}

func (w *keyWatch) key(s *engine.State, dst []byte) []byte {
	n := len(dst)
	dst = w.gameCtx.key(s, dst)
	var full string
	if w.ref != nil {
		full = string(w.ref(s))
	} else {
		full = string(w.gk.key(s, nil))
	}
	k := string(dst[n:])
	if old, ok := w.seen[k]; ok && old != full {
		w.bad = true
	}
	w.seen[k] = full
	return dst
}

// agreeKnowledge solves deals 1..deals of game id with the full solver
// and with one without the game's safe moves and dead positions, checks
// that every winning line wins, and fails when both decide and disagree;
// it returns how many both decided.
func agreeKnowledge(t *testing.T, id string, opts []string, deals int, nodes int64) int {
	t.Helper()
	v := enginetest.Lookup(t, id)
	decided := agreeWith(t, v, opts, deals, nodes, withoutKnowledge(v))
	t.Logf("%s %v: %d of %d deals decided both ways", id, opts, decided, deals)
	return decided
}

// withoutKnowledge turns off a solver's safe moves and dead positions.
func withoutKnowledge(v *engine.Variant) func(*Solver) {
	return func(sv *Solver) { sv.ctx = bare{newCtx(v)} }
}

// agreeWith solves deals 1..deals with the full solver and with one that
// mod changes, checks that every winning line of the full solver wins, and
// fails when both decide and disagree; it returns how many both decided.
func agreeWith(t *testing.T, v *engine.Variant, opts []string, deals int, nodes int64, mod func(*Solver)) int {
	t.Helper()
	o := mustOptions(t, v, opts)
	with, without := New(v), New(v)
	mod(without)
	decided := 0
	for seed := uint64(1); seed <= uint64(deals); seed++ {
		s := engine.NewDeal(v, seed, o)
		a := with.Solve(s, Options{MaxNodes: nodes})
		b := without.Solve(s, Options{MaxNodes: nodes})
		if a.Outcome == Won && !replay(t, v, seed, o, a.Moves) {
			t.Fatalf("%s %v seed %d: the winning line does not win", v.ID, opts, seed)
		}
		if a.Outcome != Unknown && b.Outcome != Unknown {
			decided++
			if a.Outcome != b.Outcome {
				t.Errorf("%s %v seed %d: %s with the full knowledge, %s without", v.ID, opts, seed, a.Outcome, b.Outcome)
			}
		}
	}
	return decided
}

// agreeAlongLines is agreeKnowledge on positions nearer the end (see
// agreeLines).
func agreeAlongLines(t *testing.T, id string, opts []string, deals, step int, nodes int64) (decided, lost int) {
	t.Helper()
	v, _ := engine.Lookup(id)
	return agreeLines(t, v, opts, deals, step, nodes, withoutKnowledge(v))
}

// agreeLines is agreeWith on positions nearer the end: for each deal the
// full solver wins, it takes the positions of the winning line every step
// moves, plays a few random moves from each (so that some are lost), and
// solves each with the full solver and with the one mod changes. It
// returns how many positions were decided both ways, and how many of them
// lost.
func agreeLines(t *testing.T, v *engine.Variant, opts []string, deals, step int, nodes int64, mod func(*Solver)) (decided, lost int) {
	t.Helper()
	o := mustOptions(t, v, opts)
	with, without := New(v), New(v)
	mod(without)
	for seed := uint64(1); seed <= uint64(deals); seed++ {
		s := engine.NewDeal(v, seed, o)
		r := with.Solve(s, Options{MaxNodes: 200000})
		if r.Outcome != Won {
			continue
		}
		offLine(s, r.Moves, step, 4, engine.NewRand(seed), func(at, extra int) {
			a := with.Solve(s, Options{MaxNodes: nodes})
			b := without.Solve(s, Options{MaxNodes: nodes})
			if a.Outcome != Unknown && b.Outcome != Unknown {
				decided++
				if a.Outcome == Lost {
					lost++
				}
				if a.Outcome != b.Outcome {
					t.Errorf("%s %v seed %d move %d+%d: %s with the full knowledge, %s without", v.ID, opts, seed, at, extra, a.Outcome, b.Outcome)
				}
			}
		})
	}
	t.Logf("%s %v: %d positions decided both ways, %d of them lost", v.ID, opts, decided, lost)
	return decided, lost
}

// pair solves positions with two solvers, the full one and one with a
// piece of knowledge off, checks that every win replays, and counts the
// positions decided both ways (and how many of them are lost), reporting
// each on which the two disagree.
type pair struct {
	with, without *Solver
	o             Options
	decided, lost int
}

// compare solves s both ways; where names the position in messages.
func (p *pair) compare(t *testing.T, s *engine.State, where string) {
	t.Helper()
	a := p.with.Solve(s, p.o)
	b := p.without.Solve(s, p.o)
	for _, r := range []Result{a, b} {
		if r.Outcome == Won && !wins(s, r.Moves) {
			t.Fatalf("%s: the winning line does not win", where)
		}
	}
	if a.Outcome == Unknown || b.Outcome == Unknown {
		return
	}
	p.decided++
	if a.Outcome == Lost {
		p.lost++
	}
	if a.Outcome != b.Outcome {
		t.Errorf("%s: %s with, %s without", where, a.Outcome, b.Outcome)
	}
}

// aroundDeal compares the answers on deal s (of seed) and, when the full
// solver wins it within solveNodes positions, on every step-th position
// of its winning line, stepped off by up to six random moves; what names
// the comparison in messages.
func (p *pair) aroundDeal(t *testing.T, s *engine.State, seed uint64, solveNodes int64, step int, what string) {
	t.Helper()
	p.compare(t, s, fmt.Sprintf("%s: seed %d at 0", what, seed))
	r := p.with.Solve(s, Options{MaxNodes: solveNodes})
	if r.Outcome != Won {
		return
	}
	offLine(s, r.Moves, step, 6, engine.NewRand(seed), func(at, _ int) {
		p.compare(t, s, fmt.Sprintf("%s: seed %d at %d", what, seed, at))
	})
}

// offLine plays the winning line on s and, at every step-th position
// before its end, steps off it by up to detour random moves (so that some
// positions are lost), calls visit with the position's number on the line
// and the moves made off it, and steps back.
func offLine(s *engine.State, line []engine.Move, step, detour int, rng *engine.Rand, visit func(at, extra int)) {
	for i, m := range line {
		s.Do(m)
		if (len(line)-i)%step != 0 {
			continue
		}
		extra := 0
		for ; extra < detour && !s.Won(); extra++ {
			ms := s.Moves()
			if len(ms) == 0 {
				break
			}
			s.Do(ms[rng.Intn(len(ms))])
		}
		visit(i+1, extra)
		for ; extra > 0; extra-- {
			s.Undo()
		}
	}
}

// keyInjective checks, over the positions of bounded searches of game id,
// that its key never merges two positions the generic key tells apart.
func keyInjective(t *testing.T, id string, opts []string, deals int, nodes int64) {
	t.Helper()
	keyInjectiveRef(t, id, opts, deals, nodes, nil)
}

// keyInjectiveRef is keyInjective with the reference key written by ref
// (nil: the generic key).
func keyInjectiveRef(t *testing.T, id string, opts []string, deals int, nodes int64, ref func(s *engine.State) []byte) {
	t.Helper()
	v, _ := engine.Lookup(id)
	o := mustOptions(t, v, opts)
	sv := New(v)
	w := &keyWatch{gameCtx: sv.ctx, gk: newKeyer(v), seen: map[string]string{}, ref: ref}
	sv.ctx = w
	for seed := uint64(1); seed <= uint64(deals); seed++ {
		clear(w.seen)
		sv.Solve(engine.NewDeal(v, seed, o), Options{MaxNodes: nodes, NoSafe: seed%2 == 0})
		if w.bad {
			t.Fatalf("%s %v seed %d: two positions share a key", id, opts, seed)
		}
	}
}

func TestConstitutionKnowledge(t *testing.T) {
	for _, opts := range [][]string{nil, {"free-vacancies"}, {"talon-on-people"}} {
		agreeKnowledge(t, "constitution", opts, 30, 30000)
		agreeAlongLines(t, "constitution", opts, 8, 15, 20000)
		keyInjective(t, "constitution", opts, 4, 20000)
	}
}

// TestConstitutionNoCounters guards the constitution key, which leaves out
// the counters, the face-down counts and the set-aside cards: random
// playouts must never change them.
func TestConstitutionNoCounters(t *testing.T) {
	v, _ := engine.Lookup("constitution")
	aside := func(s *engine.State) string {
		b := []byte{}
		for p := coTalon + 1; p < len(s.Piles); p++ {
			b = pileBytes(b, &s.Piles[p])
		}
		return string(b)
	}
	before := map[uint64]string{}
	onPlayouts(t, v, nil, 20, func(s *engine.State) {
		if _, ok := before[s.Seed]; !ok {
			before[s.Seed] = aside(engine.NewDeal(v, s.Seed, 0))
		}
		if s.Vars != [engine.NumVars]int32{} {
			t.Fatalf("seed %d: constitution sets a counter", s.Seed)
		}
		for _, p := range s.Piles {
			if p.Down != 0 {
				t.Fatalf("seed %d: constitution has face-down cards", s.Seed)
			}
		}
		if aside(s) != before[s.Seed] {
			t.Fatalf("seed %d: a set-aside card moved", s.Seed)
		}
	})
}

// TestConstitutionRuns checks the fact that makes a dead test of the
// Privy Council vacuous (see constitution.go): along random playouts every
// pile above the People is a run descending by one rank in alternate
// colours.
func TestConstitutionRuns(t *testing.T) {
	v, _ := engine.Lookup("constitution")
	for _, opts := range [][]string{nil, {"free-vacancies"}, {"talon-on-people"}} {
		onPlayouts(t, v, opts, 20, func(s *engine.State) {
			for p := coPrivy; p < coPeople; p++ {
				cards := s.Piles[p].Cards
				for i := 1; i < len(cards); i++ {
					if cards[i].Rank()+1 != cards[i-1].Rank() || cards[i].Red() == cards[i-1].Red() {
						t.Fatalf("%v seed %d: pile %d is not a run: %v", opts, s.Seed, p, cards)
					}
				}
			}
		})
	}
}

// onPlayouts calls f on every position of a random playout (at most 2000
// moves) of each of deals 1..deals of v under opts, from the last back to
// the deal.
func onPlayouts(t *testing.T, v *engine.Variant, opts []string, deals int, f func(*engine.State)) {
	t.Helper()
	o := mustOptions(t, v, opts)
	var w engine.Walker
	for seed := uint64(1); seed <= uint64(deals); seed++ {
		s := engine.NewDeal(v, seed, o)
		n, _ := w.Playout(s, engine.NewRand(seed), 2000)
		for ; n >= 0; n-- {
			f(s)
			if n > 0 {
				s.Undo()
			}
		}
	}
}

// TestConstitutionDealReduction compares the answers of the search with
// and without the deal reduction (constitution_deal.go), on deals and on
// positions near and off the winning lines (some of them lost).
func TestConstitutionDealReduction(t *testing.T) {
	v, _ := engine.Lookup("constitution")
	for _, opts := range [][]string{nil, {"free-vacancies"}, {"talon-on-people"}} {
		o := mustOptions(t, v, opts)
		p := &pair{with: New(v), without: New(v), o: Options{MaxNodes: 20000}}
		p.without.ctx.(*constitution).noPOR = true
		for seed := uint64(1); seed <= 4; seed++ {
			p.aroundDeal(t, engine.NewDeal(v, seed, o), seed, 200000, 12, fmt.Sprintf("%v, the deal reduction", opts))
		}
		t.Logf("%v: %d positions decided both ways, %d of them lost", opts, p.decided, p.lost)
		if p.lost == 0 {
			t.Errorf("%v: no lost position was compared", opts)
		}
	}
}

func splitCards(s string) []string { return strings.Fields(s) }
