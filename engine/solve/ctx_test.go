package solve

import (
	"testing"

	"pasyans/engine"
	"pasyans/engine/enginetest"
)

// ctxGames are the games whose context (key, move generator) these tests
// check against the generic knowledge.
var ctxGames = []string{"le-cadran", "fifteen", "zodiac"}

// moveGenGames are the games whose move generator TestMoveGenAgrees checks:
// those of ctxGames and salic-law, whose suit-blind key has tests of its own.
var moveGenGames = append([]string{"salic-law"}, ctxGames...)

// TestKeyInjective checks, over the positions of bounded searches, that a
// game's compact key never merges two positions that the generic key (every
// card of every pile, interchangeable piles sorted, counters) tells apart.
func TestKeyInjective(t *testing.T) {
	t.Parallel()
	for _, id := range ctxGames {
		v := enginetest.Lookup(t, id)
		sv := New(v)
		if _, ok := sv.ctx.(*generic); ok {
			continue
		}
		gk := newKeyer(v)
		seen := map[string]string{}
		var bad string
		sv.check = func(s *engine.State, key []byte) {
			full := string(gk.key(s, nil))
			if old, ok := seen[string(key)]; ok && old != full && bad == "" {
				bad = "two positions share a key"
			}
			seen[string(key)] = full
		}
		for seed := uint64(1); seed <= 4; seed++ {
			clear(seen)
			sv.Solve(engine.NewDeal(v, seed, 0), Options{MaxNodes: 20000, NoSafe: seed%2 == 0})
			if bad != "" {
				t.Fatalf("%s seed %d: %s", id, seed, bad)
			}
		}
	}
}

// TestMoveGenAgrees checks a game's own move generator against the
// engine's moves at the positions of bounded searches: every listed move
// is legal and every legal move is listed or leads to a position of the
// same key as a listed move.
func TestMoveGenAgrees(t *testing.T) {
	t.Parallel()
	for _, id := range moveGenGames {
		v := enginetest.Lookup(t, id)
		for oi := -1; oi < len(v.Options); oi++ {
			var o engine.Options
			if oi >= 0 {
				o = 1 << uint(oi)
			}
			sv := New(v)
			if sv.gen == nil {
				continue
			}
			var bad string
			sv.check = func(s *engine.State, _ []byte) {
				if bad != "" {
					return
				}
				bad = moveGenDiff(s, sv.ctx, sv.gen)
			}
			for seed := uint64(1); seed <= 3; seed++ {
				s := engine.NewDeal(v, seed, o)
				sv.ctx.start(s)
				if bad = moveGenDiff(s, sv.ctx, sv.gen); bad == "" {
					sv.Solve(s, Options{MaxNodes: 5000})
				}
				if bad != "" {
					t.Fatalf("%s options %v seed %d: %s", id, v.OptionIDs(o), seed, bad)
				}
			}
		}
	}
}

func moveGenDiff(s *engine.State, ctx gameCtx, gen moveGen) string {
	fast := gen.moves(s, nil)
	keys := map[string]bool{}
	for _, m := range fast {
		if r := s.Check(m); r != nil {
			return "lists illegal move " + s.V.FormatMove(m) + " (" + r.ID + ")"
		}
		s.Do(m)
		keys[string(ctx.key(s, nil))] = true
		s.Undo()
	}
	for _, m := range append([]engine.Move(nil), s.Moves()...) {
		s.Do(m)
		k := string(ctx.key(s, nil))
		s.Undo()
		if !keys[k] {
			return "misses " + s.V.FormatMove(m)
		}
	}
	return ""
}

func TestLuby(t *testing.T) {
	want := []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		if got := luby(i + 1); got != w {
			t.Errorf("luby(%d) = %d, want %d", i+1, got, w)
		}
	}
}

// mustOptions parses the option ids opts of v, failing the test on an
// unknown one.
func mustOptions(t testing.TB, v *engine.Variant, opts []string) engine.Options {
	t.Helper()
	o, err := v.ParseOptions(opts)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestCtxRegistry checks that each game's solver file registers its
// context under a variant the engine knows, that New gives a registered
// variant its own context and any other the generic one, and that a second
// registration for one game is refused.
func TestCtxRegistry(t *testing.T) {
	for id := range ctxs {
		if _, err := engine.Lookup(id); err != nil {
			t.Errorf("a search context is registered for %s: %v", id, err)
		}
	}
	for _, v := range engine.Variants() {
		_, isGeneric := New(v).ctx.(*generic)
		if _, own := ctxs[v.ID]; own == isGeneric {
			t.Errorf("%s: own context registered %v, generic context used %v", v.ID, own, isGeneric)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("a second context for zodiac was registered")
		}
	}()
	registerCtx(func(v *engine.Variant) gameCtx { return newGeneric(v) }, "zodiac")
}
