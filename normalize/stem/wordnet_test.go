package stem

import (
	"os"
	"os/exec"
	"testing"
)

// TestWordnetCurrent checks that wordnet.txt is what wordnetgen makes of
// the installed WordNet exception lists (Debian's wordnet-base); without
// them it is skipped.
func TestWordnetCurrent(t *testing.T) {
	if _, err := os.Stat("/usr/share/wordnet/verb.exc"); err != nil {
		t.Skip("WordNet's exception lists are not installed (apt-get install wordnet-base)")
	}
	if testing.Short() {
		t.Skip("runs go run ./wordnetgen")
	}
	got, err := exec.Command("go", "run", "./wordnetgen").Output()
	if err != nil {
		t.Fatalf("go run ./wordnetgen: %v", err)
	}
	if string(got) != wordnetExc {
		t.Error("wordnet.txt is stale: go generate ./normalize/stem")
	}
	if l, ok := parseTable(wordnetExc).Lemma("dealt"); !ok || l != "deal" {
		t.Errorf("dealt: lemma %q, %v; want deal", l, ok)
	}
}
