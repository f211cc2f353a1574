package solve

import (
	"testing"
	"time"
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
