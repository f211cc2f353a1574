package check

import (
	"reflect"
	"testing"

	"pasyans/engine"
)

// TestProbesReproducible: the probes of a variant depend only on the
// variant and the plan.
func TestProbesReproducible(t *testing.T) {
	for _, id := range []string{"salic-law", "sympathy"} {
		v, err := engine.Lookup(id)
		if err != nil {
			t.Skip(err)
		}
		a, b := runProbes(v, planFor(10)), runProbes(v, planFor(10))
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: two runs differ:\n%+v\n%+v", id, a, b)
		}
		if a.games != 10+len(v.Options)*planFor(10).perOption+a.solverWins { // a solver game is watched when won
			t.Errorf("%s: %d games played", id, a.games)
		}
	}
}

// TestRealEnginesPass: the registered variants break no fact and show
// every permission with the command's probe count.
func TestRealEnginesPass(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	for _, v := range engine.Variants() {
		t.Run(v.ID, func(t *testing.T) {
			t.Parallel()
			r := runProbes(v, planFor(DefaultProbes))
			for _, x := range r.viol {
				t.Errorf("%s broken at move %d %s of %s: %s", x.key, x.n, x.move, x.deal, x.what)
			}
			for _, p := range r.perms {
				if !p.seen {
					t.Errorf("never seen: %s (%s)", p.what, p.key)
				}
			}
		})
	}
}

// TestPlan: -probes 0 plays nothing; otherwise every kind of probe is
// played at least once.
func TestPlan(t *testing.T) {
	if p := planFor(0); p != (probePlan{}) {
		t.Errorf("planFor(0) = %+v", p)
	}
	for _, n := range []int{1, 10, 200, 10000} {
		p := planFor(n)
		if p.random != n || p.perOption < 1 || p.solver < 1 || p.solver > 8 {
			t.Errorf("planFor(%d) = %+v", n, p)
		}
	}
}

// TestRuleCounts: moves are counted by the rule that refused them, for
// the engine's rules, a variant's, and a rule no registry numbered.
func TestRuleCounts(t *testing.T) {
	v, err := engine.Lookup("le-cadran")
	if err != nil {
		t.Fatal(err)
	}
	loose := &engine.Rule{ID: "test/loose"}
	want := map[string]int{engine.RuleEmptySource.ID: 3, v.Rules[0].ID: 2, v.Rules[len(v.Rules)-1].ID: 1, loose.ID: 2}
	var c ruleCounts
	for _, r := range []*engine.Rule{v.Rules[0], engine.RuleEmptySource, loose, v.Rules[len(v.Rules)-1], engine.RuleEmptySource, loose, v.Rules[0], engine.RuleEmptySource} {
		c.add(r)
	}
	got := map[string]int{}
	c.each(func(r *engine.Rule, n int) { got[r.ID] += n })
	if !reflect.DeepEqual(got, want) {
		t.Errorf("counts %v, want %v", got, want)
	}
	if engine.RuleEmptySource.Seq() == 0 || v.Rules[0].Seq() == 0 || loose.Seq() != 0 || v.Rules[0].Seq() == v.Rules[1].Seq() {
		t.Errorf("Seq: %d %d %d %d", engine.RuleEmptySource.Seq(), v.Rules[0].Seq(), v.Rules[1].Seq(), loose.Seq())
	}
}
