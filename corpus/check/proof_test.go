package check

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"pasyans/engine"
	"pasyans/engine/solve"
)

// lostSeed returns the first of seeds of game that the solver proves lost
// in more than minNodes positions, and the positions it took. The seeds
// are known lost deals (pasyans stats -json lists them as lost_seeds); the
// test fails rather than skips when none qualifies, so that a change of
// the solver cannot silently turn it off.
func lostSeed(t *testing.T, game string, seeds []uint64, minNodes int64) (*engine.Variant, uint64, int64) {
	t.Helper()
	v, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range seeds {
		r := solve.Solve(engine.NewDeal(v, seed, 0), solve.Options{MaxNodes: 500_000})
		if r.Outcome == solve.Lost && r.Nodes > minNodes {
			return v, seed, r.Nodes
		}
	}
	t.Fatalf("none of the deals %v of %s is proved lost in more than %d positions: choose others", seeds, game, minNodes)
	return nil, 0, 0
}

// fatalPrefix returns the number of moves of the first-move playout of a
// won deal after which the position is first proved lost (a lost position
// stays lost, so a binary search finds it).
func fatalPrefix(t *testing.T, v *engine.Variant, seed uint64) int {
	t.Helper()
	moves, end := playout(v, seed, 10000)
	if end.Won() {
		t.Fatalf("the first-move playout of %s seed %d wins", v.ID, seed)
	}
	outcome := func(k int) string {
		s := engine.NewDeal(v, seed, 0)
		for _, m := range moves[:k] {
			mv, _ := v.ParseMove(m)
			s.Do(mv)
		}
		return solve.Solve(s, solve.Options{MaxNodes: 500_000}).Outcome
	}
	lo, hi := 0, len(moves) // won after lo moves, lost after hi
	if outcome(hi) != solve.Lost {
		t.Fatalf("the end of the first-move playout of %s seed %d is not proved lost", v.ID, seed)
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		switch outcome(mid) {
		case solve.Won:
			lo = mid
		case solve.Lost:
			hi = mid
		default:
			t.Fatalf("%s seed %d after %d moves: undecided", v.ID, seed, mid)
		}
	}
	if hi+1 > len(moves) {
		t.Fatalf("the playout of %s seed %d ends at its fatal move: a failed game one move too long cannot be built; choose another seed", v.ID, seed)
	}
	return hi
}

// TestReprove: a lost deal is re-proved within its budget; one without a
// proof, one whose budget is too small and one the solver wins fail at the
// deal file.
func TestReprove(t *testing.T) {
	v, seed, nodes := lostSeed(t, "salic-law", []uint64{248, 11, 108, 12}, 2000)
	won := uint64(0)
	for s := uint64(1); s < 50 && won == 0; s++ {
		if solve.Solve(engine.NewDeal(v, s, 0), solve.Options{MaxNodes: 200_000}).Outcome == solve.Won {
			won = s
		}
	}
	deal := func(outcome string, seed uint64, n int, proof string) string {
		moves, st := playout(v, seed, n)
		if st.Won() {
			t.Fatal("playout won")
		}
		y := dealYAML(v.ID, outcome, moves)
		y = strings.Replace(y, "seed: 7", fmt.Sprintf("seed: %d", seed), 1)
		return y + proof
	}
	lostDeal := func(seed uint64, proof string) string { return deal("lost", seed, 3, proof) }
	// A failed game: a won deal played by always taking the first legal
	// move, cut at its fatal move (fatal), one move early (the solver wins
	// from there) or one move late (the move before was already lost).
	fatal := fatalPrefix(t, v, won)
	failed := func(n int) string {
		return deal("failed", won, n, "proof: {nodes: 500000, budget: 60s}\n")
	}
	cases := []struct {
		name, yaml, want string
	}{
		{"proved", lostDeal(seed, fmt.Sprintf("proof: {nodes: %d, budget: 60s}\n", nodes)), ""},
		{"no proof", lostDeal(seed, ""), "no proof"},
		{"budget too small", lostDeal(seed, "proof: {nodes: 1000, budget: 60s}\n"), "could not prove the deal lost"},
		{"bad budget", lostDeal(seed, "proof: {nodes: 1000, budget: soon}\n"), "is not a duration"},
		{"winnable", lostDeal(won, "proof: {nodes: 1000, budget: 60s}\n"), "the solver wins the deal"},
		{"failed", failed(fatal), ""},
		{"failed too early", failed(fatal - 1), fmt.Sprintf("stated failed, but the solver wins the position after move %d", fatal-1)},
		{"failed too late", failed(fatal + 1), fmt.Sprintf("move %d is not the fatal move", fatal+1)},
	}
	base := groupByID(run(t, realCorpus(t)), v.ID).result("deals").Counts["proved"]
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if (c.name == "winnable" || strings.HasPrefix(c.name, "failed")) && won == 0 {
				t.Skip("no won deal found")
			}
			m := realCorpus(t)
			m["deals/"+v.ID+"/x.yaml"] = &fstest.MapFile{Data: []byte(c.yaml)}
			r := run(t, m)
			got := diagStrings(r, CheckProof)
			switch {
			case c.want == "" && len(got) > 0:
				t.Errorf("unexpected: %v", got)
			case c.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], "deals/"+v.ID+"/x.yaml:1: deal x: ") || !strings.Contains(got[0], c.want)):
				t.Errorf("got %v, want one diagnostic at the deal saying %q", got, c.want)
			}
			if g := groupByID(r, v.ID); c.want == "" && g.result("deals").Counts["proved"] != base+1 {
				t.Errorf("proof not counted: %+v", g.result("deals"))
			}
		})
	}
}
