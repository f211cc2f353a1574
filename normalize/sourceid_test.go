package normalize

import "testing"

// TestValidSourceID pins validSourceID to the pattern it replaces,
// ^[0-9A-Za-z][0-9A-Za-z_-]*$.
func TestValidSourceID(t *testing.T) {
	for id, want := range map[string]bool{
		"000": true, "a": true, "A_b-9": true, "x--": true,
		"": false, "-a": false, "_a": false, "a b": false, "а": false, "a.b": false, "a/": false,
	} {
		if got := validSourceID(id); got != want {
			t.Errorf("validSourceID(%q) = %v, want %v", id, got, want)
		}
	}
}
