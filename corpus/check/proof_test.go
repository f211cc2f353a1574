package check

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"pasyans/engine"
	"pasyans/engine/solve"
)

// lostSeed returns a seed of game from first on that the solver proves
// lost in more than minNodes positions, and the positions it took.
func lostSeed(t *testing.T, game string, first uint64, minNodes int64) (*engine.Variant, uint64, int64) {
	t.Helper()
	v, err := engine.Lookup(game)
	if err != nil {
		t.Skip(err)
	}
	for seed := first; seed < first+40; seed++ {
		r := solve.Solve(engine.NewDeal(v, seed, 0), solve.Options{MaxNodes: 200_000})
		if r.Outcome == solve.Lost && r.Nodes > minNodes {
			return v, seed, r.Nodes
		}
	}
	t.Skipf("no lost deal of %s from seed %d", game, first)
	return nil, 0, 0
}

// TestReprove: a lost deal is re-proved within its budget; one without a
// proof, one whose budget is too small and one the solver wins fail at the
// deal file.
func TestReprove(t *testing.T) {
	v, seed, nodes := lostSeed(t, "salic-law", 283, 5000)
	won := uint64(0)
	for s := uint64(1); s < 50 && won == 0; s++ {
		if solve.Solve(engine.NewDeal(v, s, 0), solve.Options{MaxNodes: 200_000}).Outcome == solve.Won {
			won = s
		}
	}
	lostDeal := func(seed uint64, proof string) string {
		moves, st := playout(v, seed, 3)
		if st.Won() {
			t.Fatal("playout won")
		}
		y := dealYAML(v.ID, "lost", moves)
		y = strings.Replace(y, "seed: 7", fmt.Sprintf("seed: %d", seed), 1)
		return y + proof
	}
	cases := []struct {
		name, yaml, want string
	}{
		{"proved", lostDeal(seed, fmt.Sprintf("proof: {nodes: %d, budget: 60s}\n", nodes)), ""},
		{"no proof", lostDeal(seed, ""), "no proof"},
		{"budget too small", lostDeal(seed, "proof: {nodes: 1000, budget: 60s}\n"), "could not prove it"},
		{"bad budget", lostDeal(seed, "proof: {nodes: 1000, budget: soon}\n"), "want a duration"},
		{"winnable", lostDeal(won, "proof: {nodes: 1000, budget: 60s}\n"), "the solver wins it"},
	}
	base := groupByID(run(t, realCorpus(t)), v.ID).result("deals").Counts["proved"]
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "winnable" && won == 0 {
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
