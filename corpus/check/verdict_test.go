package check

import (
	"slices"
	"strings"
	"testing"

	"pasyans/corpus"
	"pasyans/engine"
)

// TestVerdicts: every rule of every variant and every paragraph of every
// game has a verdict; a rule the probes saw at work is verified; a
// paragraph whose claim is broken fails, and so do the rules it blames.
func TestVerdicts(t *testing.T) {
	m := realCorpus(t)
	ed, err := corpus.Load(m)
	if ed == nil {
		t.Fatal(err)
	}
	r := Run(ed, Options{Probes: 40})
	vs := Verdicts(r)
	count := map[string]int{}
	var unchecked []string
	for _, v := range engine.Variants() {
		for _, rule := range v.Rules {
			got := vs[rule.ID]
			count[got]++
			if got == Unchecked {
				unchecked = append(unchecked, rule.ID)
			}
			if !slices.Contains([]string{Verified, Failed, Unchecked}, got) {
				t.Errorf("rule %s: verdict %q", rule.ID, got)
			}
		}
	}
	for _, g := range ed.Games {
		for _, p := range g.Paragraphs {
			if vs[p.ID] == "" {
				t.Errorf("paragraph %s has no verdict", p.ID)
			}
		}
	}
	t.Logf("rules: %v; unchecked: %s", count, strings.Join(unchecked, " "))
	if count[Verified] == 0 {
		t.Error("no rule verified")
	}
	if vs["salic-law/foundations"] != Verified && r.OK() {
		t.Errorf("salic-law/foundations: %s, want verified", vs["salic-law/foundations"])
	}
}

// TestVerdictFailed: a claim contradicting the Spec makes its paragraph
// fail; a probe blaming a rule makes the rule fail.
func TestVerdictFailed(t *testing.T) {
	m := realCorpus(t)
	data := string(m["games/salic-law.md"].Data)
	if !strings.Contains(data, "suit: any") {
		t.Skip("salic-law.md claims no suit")
	}
	m["games/salic-law.md"].Data = []byte(strings.Replace(data, "suit: any", "suit: same", 1))
	ed, _ := corpus.Load(m)
	r := Run(ed, Options{})
	vs := Verdicts(r)
	var para string
	for _, p := range ed.Game("salic-law").Paragraphs {
		if p.Claims != nil && claimsState(p.Claims, "foundations.suit") {
			para = p.ID
		}
	}
	if vs[para] != Failed {
		t.Errorf("paragraph %s: %q, want failed", para, vs[para])
	}
}
