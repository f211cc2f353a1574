package check

import (
	"testing"

	"pasyans/corpus"
)

func TestDebugProse(t *testing.T) {
	ed, err := corpus.Load(realCorpus(t))
	if ed == nil {
		t.Fatal(err)
	}
	f := &findings{}
	us := proseUnits(ed)
	s, q := checkQuotes(ed, newTextIndex(ed), us, f)
	t.Logf("units %d sentences %d quotes %d", len(us), s, q)
	for _, d := range f.diags {
		t.Log(d.String())
	}
}

func TestDebugStatements(t *testing.T) {
	ed, _ := corpus.Load(realCorpus(t))
	f := &findings{}
	us := proseUnits(ed)
	s, q := checkStatements(ed, newTextIndex(ed), us, f)
	t.Logf("sentences %d statements %d", s, q)
	for _, u := range us {
		for _, s := range sentences(u.text) {
			if w, says := occursStatement(maskQuotations(s.text)); w != "" {
				t.Logf("%s: [%s] %s", u.line(s.off), says, w)
			}
		}
	}
	for _, d := range f.diags {
		t.Log(d.String())
	}
}

func TestDebugParity(t *testing.T) {
	ed, _ := corpus.Load(realCorpus(t))
	f := &findings{}
	us := proseUnits(ed)
	p, s := checkParity(us, f)
	t.Logf("pairs %d sentences %d", p, s)
	for _, d := range f.diags {
		t.Log(d.String())
	}
}

func TestDebugFigures(t *testing.T) {
	ed, _ := corpus.Load(realCorpus(t))
	f := &findings{}
	us := proseUnits(ed)
	p, s := checkFigures(ed, us, f)
	t.Logf("sentences %d figures %d %v", p, s, ed.Figures)
	for _, d := range f.diags {
		t.Log(d.String())
	}
}

func TestDebugHedges(t *testing.T) {
	ed, _ := corpus.Load(realCorpus(t))
	f := &findings{}
	us := proseUnits(ed)
	p, s := checkHedges(us, f)
	t.Logf("sentences %d found %d", p, s)
	for _, d := range f.diags {
		t.Log(d.String())
	}
}

func TestDebugRefs(t *testing.T) {
	ed, _ := corpus.Load(realCorpus(t))
	f := &findings{}
	n := checkReferences(ed, proseUnits(ed), f)
	t.Logf("found %d", n)
	for _, d := range f.diags {
		t.Log(d.String())
	}
}
