package play

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"pasyans/engine"
)

// TestCacheAgrees walks random lines forward and back on one Table and
// checks every answer against a fresh Table replaying the whole line.
func TestCacheAgrees(t *testing.T) {
	for _, v := range engine.Variants() {
		t.Run(v.ID, func(t *testing.T) {
			var tab Table
			r := engine.NewRand(7)
			line := []string{}
			for step := 0; step < 120; step++ {
				req := Request{Game: v.ID, Seed: 3, Moves: line}
				got, err := tab.Position(req)
				if err != nil {
					t.Fatal(err)
				}
				fresh, err := (&Table{}).Position(req)
				if err != nil {
					t.Fatal(err)
				}
				if got.Key != fresh.Key || got.Applied != fresh.Applied || len(got.Legal) != len(fresh.Legal) {
					t.Fatalf("step %d: cached position differs from a replay of %v", step, line)
				}
				switch {
				case len(got.Legal) == 0 || r.Intn(6) == 0:
					if len(line) > 0 {
						line = line[:r.Intn(len(line))] // undo some
					}
				default:
					line = append(line, got.Legal[r.Intn(len(got.Legal))].Move)
				}
			}
		})
	}
}

func TestRefusal(t *testing.T) {
	var tab Table
	p, err := tab.Position(Request{Game: "salic-law", Seed: 1, Moves: []string{"k1>k1", "deal"}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Applied != 0 || p.Illegal == nil || p.Illegal.Index != 1 || p.Illegal.Rule != engine.RuleSyntax.ID {
		t.Fatalf("got applied %d, illegal %+v", p.Applied, p.Illegal)
	}
	if _, err := tab.Position(Request{Game: "no-such-game"}); err == nil {
		t.Fatal("unknown game accepted")
	}
	// An unknown option is named and dropped; the deal goes on.
	v, _ := engine.Lookup("le-cadran")
	known := v.Options[0].ID
	p, err = tab.Position(Request{Game: "le-cadran", Options: []string{"nope", known, "no-" + known + "x"}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(p.Dropped, ",") != "nope,no-"+known+"x" || strings.Join(p.Options, ",") != known {
		t.Fatalf("options %q dropped %q", p.Options, p.Dropped)
	}
}

func TestParseSeed(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint64
		ok   bool
	}{
		{"0", 0, true}, {"1", 1, true}, {"9007199254740993", 9007199254740993, true},
		{"18446744073709551615", 18446744073709551615, true}, {"18446744073709551616", 0, false},
		{"99999999999999999999", 0, false}, {"1.5", 0, false}, {"1e3", 0, false}, {"0x1F", 0, false},
		{"-5", 0, false}, {"+5", 0, false}, {"", 0, false}, {"010", 0, false}, {" 1", 0, false}, {"1_000", 0, false},
	} {
		got, err := ParseSeed(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseSeed(%q) = %d, %v; want %d, ok %v", c.in, got, err, c.want, c.ok)
		}
	}
}

func FuzzParseSeed(f *testing.F) {
	for _, s := range []string{"0", "1", "18446744073709551615", "1e3", "010"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseSeed(s)
		if err == nil && strconv.FormatUint(n, 10) != s {
			t.Fatalf("ParseSeed(%q) = %d: not the canonical decimal", s, n)
		}
	})
}

func TestSolveWins(t *testing.T) {
	var tab Table
	s, err := tab.Solve(SolveRequest{Request: Request{Game: "la-belle-lucie", Seed: 1}, BudgetMS: 2000})
	if err != nil {
		t.Fatal(err)
	}
	if s.Result == "won" {
		p, _ := (&Table{}).Position(Request{Game: "la-belle-lucie", Seed: 1, Moves: s.Moves})
		if !p.Won {
			t.Fatalf("the solver's line does not win: %+v", p.Illegal)
		}
	}
	t.Logf("la-belle-lucie seed 1: %s in %d positions", s.Result, s.Nodes)
}

// TestSolveOptionsBounded: the browser's searches are bounded in memory as
// well as in positions (a full visited set without a memory budget lets
// the stack grow: see engine/solve's TestMaxMemHeapTwoThreads).
func TestSolveOptionsBounded(t *testing.T) {
	o := solveOptions(time.Minute, 0)
	if o.MaxMem <= 0 || o.MaxMem > 512<<20 {
		t.Errorf("MaxMem %d: want a budget of at most 512 MiB", o.MaxMem)
	}
	if o.MaxSeen <= 0 || o.Budget != time.Minute {
		t.Errorf("MaxSeen %d, Budget %v", o.MaxSeen, o.Budget)
	}
}
