package solve

import (
	"slices"
	"testing"
	"time"

	"pasyans/engine"
)

// TestBeamWins pins the beam search's answers on le-cadran deals: deals
// that it wins (10 and 34 are left undecided by the depth-first search in
// 30 s), with lines that replay to a win from the deal, and a lost deal
// (93, proved lost by the depth-first search), which no beam wins, each
// beam dying out or the budget running out.
func TestBeamWins(t *testing.T) {
	v, _ := engine.Lookup("le-cadran")
	for _, tc := range []struct {
		seed uint64
		won  bool
	}{{10, true}, {34, true}, {93, false}} {
		sv := New(v)
		s := engine.NewDeal(v, tc.seed, 0)
		before := string(s.Key(nil))
		sv.ctx.start(s)
		b := budget{limit: 1_500_000, maxSeen: DefaultMaxSeen}
		line, won := sv.beams(s, sv.ctx.(beamer), &b)
		if string(s.Key(nil)) != before || s.Depth() != 0 {
			t.Fatalf("deal %d: the beams changed the position", tc.seed)
		}
		if won != tc.won {
			t.Fatalf("deal %d: won %v after %d positions, want %v", tc.seed, won, b.nodes, tc.won)
		}
		if won && !replay(t, v, tc.seed, 0, line) {
			t.Errorf("deal %d: the beam's line does not win", tc.seed)
		}
	}
}

// TestBeamInSolve checks that Solve returns the beam's win, and that
// without the beam (NoBeam) the same budget leaves deal 10 undecided.
func TestBeamInSolve(t *testing.T) {
	v, _ := engine.Lookup("le-cadran")
	sv := New(v)
	r := sv.Solve(engine.NewDeal(v, 10, 0), Options{MaxNodes: 3_000_000})
	if r.Outcome != Won || !replay(t, v, 10, 0, r.Moves) {
		t.Fatalf("with the beam: %s", r.Outcome)
	}
	r = sv.Solve(engine.NewDeal(v, 10, 0), Options{MaxNodes: 3_000_000, NoBeam: true})
	if r.Outcome != Unknown {
		t.Fatalf("without the beam: %s, want unknown", r.Outcome)
	}
}

// TestShareOf checks the budget of a phase.
func TestShareOf(t *testing.T) {
	now := at(time.Unix(1000, 0))
	for _, tc := range []struct {
		deadline   instant
		max, used  int64
		share      float64
		wantIn     time.Duration
		wantLimit  int64
		noDeadline bool
	}{
		{now + instant(10*time.Second), 0, 0, 0.4, 4 * time.Second, 0, false},
		{0, 1000, 200, 0.5, 0, 400, true},
		{now + instant(time.Second), 1000, 1000, 0.5, 500 * time.Millisecond, 1, false},
	} {
		b := shareOf(now, tc.deadline, tc.max, tc.used, tc.share)
		if tc.noDeadline != (b.deadline == 0) || (!tc.noDeadline && time.Duration(b.deadline-now) != tc.wantIn) {
			t.Errorf("%+v: deadline %v", tc, b.deadline)
		}
		if b.limit != tc.wantLimit {
			t.Errorf("%+v: limit %d, want %d", tc, b.limit, tc.wantLimit)
		}
	}
}

// TestBeamWidth checks the widths of the beams in turn.
func TestBeamWidth(t *testing.T) {
	for _, tc := range []struct {
		widths []int
		repeat int
		want   []int
	}{
		{[]int{10, 20, 40}, 1, []int{10, 20, 40, 80, 160, 320}},
		{[]int{10, 20, 40}, 0, []int{10, 20, 40, 80}},
		{[]int{10, 20}, 2, []int{10, 10, 20, 20, 40, 40, 80}},
		{[]int{5}, 3, []int{5, 5, 5, 10, 10, 10, 20}},
	} {
		for i, want := range tc.want {
			if got := beamWidth(tc.widths, tc.repeat, i); got != want {
				t.Errorf("widths %v × %d, beam %d: width %d, want %d", tc.widths, tc.repeat, i, got, want)
			}
		}
	}
	if got := beamWidth([]int{10, 20, 40}, 1, 100); got < 1<<30 || got >= 1<<31 {
		t.Errorf("beam 100: width %d, want it to stop doubling past 2^30", got)
	}
}

// TestBeamNoise checks the beams' noise on le-cadran deals that the first
// beam of width 10 (no noise) does not win and the second, of the same
// width with noise, does: without noise the second beam repeats the first
// position for position, and with noise it wins again with the same line
// when run again (the noise is seeded by the deal and the beam).
func TestBeamNoise(t *testing.T) {
	v, _ := engine.Lookup("le-cadran")
	for _, seed := range []uint64{6, 21} {
		s := engine.NewDeal(v, seed, 0)
		noisy := beamPlan{widths: []int{10}, repeat: 2, closure: 1000, noise: 100}
		quiet := noisy
		quiet.noise = 0
		first, firstNodes := runBeamAlone(v, s, quiet, 0)
		if first != nil {
			t.Fatalf("deal %d: the first beam wins; the test needs a deal it does not", seed)
		}
		if line, n := runBeamAlone(v, s, quiet, 1); line != nil || n != firstNodes {
			t.Errorf("deal %d: without noise the second beam took %d positions (won %v), the first %d",
				seed, n, line != nil, firstNodes)
		}
		line, n := runBeamAlone(v, s, noisy, 1)
		if line == nil {
			t.Fatalf("deal %d: the noisy second beam does not win (%d positions)", seed, n)
		}
		if !replay(t, v, seed, 0, line) {
			t.Errorf("deal %d: the noisy beam's line does not win", seed)
		}
		if again, _ := runBeamAlone(v, s, noisy, 1); !slices.Equal(again, line) {
			t.Errorf("deal %d: the noisy beam does not repeat", seed)
		}
	}
}

// runBeamAlone runs beam i of plan from s with a new solver and returns
// its winning line (nil when it does not win) and the positions it took.
func runBeamAlone(v *engine.Variant, s *engine.State, plan beamPlan, i int) ([]engine.Move, int64) {
	sv := New(v)
	sv.ctx.start(s)
	b := budget{maxSeen: DefaultMaxSeen}
	line, out := sv.newBeamSearch(sv.ctx.(beamer), &b).runBeam(s, plan, i)
	if out != Won {
		line = nil
	}
	return line, b.nodes
}

// TestCandOrder checks that sorting candOrder's numbers orders candidates
// as the comparison they replace does: by score, highest first, then by
// index, on scores of both signs and the extremes.
func TestCandOrder(t *testing.T) {
	scores := []int32{0, 1, -1, 100, -100, 1 << 30, -1 << 31, 1<<31 - 1, 7, 7, -7, 0}
	rng := engine.NewRand(3)
	for i := 0; i < 200; i++ {
		scores = append(scores, int32(rng.Intn(2000))-1000)
	}
	var got []uint64
	want := make([]int32, len(scores))
	for i, sc := range scores {
		got = append(got, candOrder(sc, int32(i)))
		want[i] = int32(i)
	}
	slices.Sort(got)
	slices.SortFunc(want, func(x, y int32) int {
		if scores[x] != scores[y] {
			if scores[x] > scores[y] {
				return -1
			}
			return 1
		}
		return int(x - y)
	})
	for k, o := range got {
		if i := int32(uint32(o)); i != want[k] {
			t.Fatalf("place %d: candidate %d (score %d), want %d (score %d)", k, i, scores[i], want[k], scores[want[k]])
		}
	}
}
