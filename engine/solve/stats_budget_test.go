package solve

import (
	"testing"
	"time"

	"pasyans/engine/enginetest"
)

// TestParseBudget: ParseBudget reads what BudgetString writes, and
// nothing else.
func TestParseBudget(t *testing.T) {
	for _, o := range []Options{{Budget: 2 * time.Second}, {MaxNodes: 2000}, {Budget: 1500 * time.Millisecond, MaxNodes: 7}} {
		got, err := ParseBudget(BudgetString(o))
		if err != nil || got != o {
			t.Errorf("ParseBudget(%q) = %+v, %v; want %+v", BudgetString(o), got, err, o)
		}
	}
	for _, s := range []string{"", "0s", "-5s", "2000", "0 nodes", "-1 nodes", "2s or nodes", " nodes", "2s or 0 nodes", "02 nodes", "2000ms", "9999999999999999999 nodes", "2s or 5 nodes or 6 nodes"} {
		if o, err := ParseBudget(s); err == nil {
			t.Errorf("ParseBudget(%q) = %+v, want an error", s, o)
		}
	}
}

// TestStatsSeedsStop: when emit cannot keep a record, no deal is started
// after it (a records file on a full disk used to let every remaining
// deal be solved) and none is emitted.
func TestStatsSeedsStop(t *testing.T) {
	v := enginetest.Lookup(t, "fifteen")
	seeds := make([]uint64, 50)
	for i := range seeds {
		seeds[i] = uint64(i + 1)
	}
	emitted, solved := 0, 0
	StatsSeeds(v, 0, seeds, Options{MaxNodes: 200}, 1, func(p Progress) { solved = p.Done }, func(Record) bool {
		emitted++
		return emitted < 2
	})
	if emitted != 2 || solved > 4 {
		t.Errorf("emitted %d, solved %d of 50; want 2 emitted and at most 4 solved (one worker)", emitted, solved)
	}
}
