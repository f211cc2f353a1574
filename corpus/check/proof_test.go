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
	// move until none is left (the proof is then at once), or only three
	// moves in (the solver wins from there).
	failed := func(seed uint64, n int) string { return deal("failed", seed, n, "proof: {nodes: 1000, budget: 60s}\n") }
	cases := []struct {
		name, yaml, want string
	}{
		{"proved", lostDeal(seed, fmt.Sprintf("proof: {nodes: %d, budget: 60s}\n", nodes)), ""},
		{"no proof", lostDeal(seed, ""), "no proof"},
		{"budget too small", lostDeal(seed, "proof: {nodes: 1000, budget: 60s}\n"), "could not prove the deal lost"},
		{"bad budget", lostDeal(seed, "proof: {nodes: 1000, budget: soon}\n"), "is not a duration"},
		{"winnable", lostDeal(won, "proof: {nodes: 1000, budget: 60s}\n"), "the solver wins the deal"},
		{"failed", failed(won, 10000), ""},
		{"failed too early", failed(won, 3), "stated failed, but the solver wins the position after move 3"},
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
