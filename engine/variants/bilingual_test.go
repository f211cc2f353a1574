package variants

import (
	"testing"

	"pasyans/engine"
)

// TestReconstructedInRussian: every reason the edition gives for a rule
// or a figure it reconstructs is given in Russian too (the site's Russian
// rule pages print it).
func TestReconstructedInRussian(t *testing.T) {
	rules := engine.CoreRules()
	for _, v := range engine.Variants() {
		rules = append(rules, v.Rules...)
		if (v.Layout.Reconstructed == "") != (v.Layout.ReconstructedRU == "") {
			t.Errorf("%s: the layout's reason is given in one language only", v.ID)
		}
	}
	for _, r := range rules {
		if (r.Reconstructed == "") != (r.ReconstructedRU == "") {
			t.Errorf("rule %s: Reconstructed %q, ReconstructedRU %q: want both or neither", r.ID, r.Reconstructed, r.ReconstructedRU)
		}
	}
}
