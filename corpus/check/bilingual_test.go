package check

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"pasyans/corpus"
)

// TestBilingual removes the Russian (or the English) of one piece of
// editorial prose from the real corpus: the check must fail with a
// bilingual diagnostic at the file and line of what lost its pair.
func TestBilingual(t *testing.T) {
	cases := []struct {
		name, file string
		drop       string // prefix of the line dropped (the first such line)
		at         string // prefix of the line the diagnostic names: the nearest such line before the dropped one
	}{
		{"note's Russian", "games/zodiac.md", "> Примечание.", "> Note."},
		{"note's English", "games/salic-law.md", "> Note.", "> Примечание."},
		{"book note's Russian", "book.md", "> Примечание.", "> Note."},
		{"rules line's Russian", "games/le-cadran.md", "Правила:", "Rules:"},
		{"introduction's Russian", "games/swiss.md", "", "# "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := realCorpus(t)
			lines := strings.Split(string(m[c.file].Data), "\n")
			drop, at := -1, -1
			title := false
			for i, l := range lines {
				title = title || strings.HasPrefix(l, "# ")
				if c.drop != "" && strings.HasPrefix(l, c.drop) ||
					c.drop == "" && title && !strings.HasPrefix(l, "#") && corpus.IsRussian(l) {
					drop = i
					break
				}
				if strings.HasPrefix(l, c.at) {
					at = i
				}
			}
			if c.name == "note's English" {
				at = drop + 1 // the Russian note, after the blank line, moves up one line
			}
			if drop < 0 || at < 0 {
				t.Fatalf("%s has no line to drop", c.file)
			}
			kept := append(append([]string{}, lines[:drop]...), lines[drop+1:]...)
			m[c.file] = &fstest.MapFile{Data: []byte(strings.Join(kept, "\n"))}
			want := fmt.Sprintf("%s:%d", c.file, at+1)
			r := run(t, m)
			got := diagStrings(r, corpus.CheckBilingual)
			for _, d := range r.Diagnostics {
				if d.Rule == corpus.CheckBilingual && d.Pos.String() == want {
					if r.OK() {
						t.Error("the check passed")
					}
					return
				}
			}
			t.Errorf("no bilingual diagnostic at %s; got %v", want, got)
		})
	}
}

// TestBilingualRealCorpus: the real corpus has every piece of editorial
// prose in both languages.
func TestBilingualRealCorpus(t *testing.T) {
	r := run(t, realCorpus(t))
	if got := diagStrings(r, corpus.CheckBilingual); len(got) > 0 {
		t.Errorf("%d bilingual diagnostics, first %s", len(got), got[0])
	}
}
