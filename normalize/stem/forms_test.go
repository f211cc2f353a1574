package stem

import (
	"os"
	"strings"
	"testing"

	"github.com/kljensen/snowball/russian"
)

// TestRussianForms checks the rules of forms.go on the word forms of
// testdata/forms.txt: every form of a line reaches its first form (by key
// or Also), and no two lines share a key. It reports, beside its own
// figures, what the Snowball stemmer alone does (-v).
func TestRussianForms(t *testing.T) {
	data, err := os.ReadFile("testdata/forms.txt")
	if err != nil {
		t.Fatal(err)
	}
	k := New()
	snowball := func(w string) string { return russian.Stem(k.Norm(w), true) }
	var lines [][]string
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(line, "#") {
			lines = append(lines, f)
		}
	}
	forms, before, after := 0, 0, 0
	for _, f := range lines {
		for _, w := range f[1:] {
			forms++
			if snowball(w) == snowball(f[0]) {
				before++
			}
			if k.sameWord(w, f[0]) {
				after++
			} else {
				t.Errorf("%s (key %s, also %q) and %s (key %s, also %q): want one word", w, k.Key(w), k.Also(w), f[0], k.Key(f[0]), k.Also(f[0]))
			}
		}
	}
	owner := map[string]string{}
	for _, f := range lines {
		for _, w := range f {
			if o, ok := owner[k.Key(w)]; ok && o != f[0] {
				t.Errorf("%s (of %s) has the key %s of %s", w, f[0], k.Key(w), o)
			}
			owner[k.Key(w)] = f[0]
		}
	}
	t.Logf("%d words, %d forms: Snowball alone reaches the first form from %d (%.2f), with the rules %d (%.2f)",
		len(lines), forms, before, float64(before)/float64(forms), after, float64(after)/float64(forms))
}

// sameWord reports whether the search matches a and b as one word.
func (k *Keyer) sameWord(a, b string) bool {
	ka, kb := k.Key(a), k.Key(b)
	return ka == kb || k.Also(a) == kb || k.Also(b) == ka
}
