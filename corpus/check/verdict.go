package check

import (
	"maps"

	"pasyans/corpus"
)

// The verdicts of Verdicts.
const (
	Verified  = "verified"
	Failed    = "failed"
	Unchecked = "unchecked"
)

// Verdicts returns, for every engine rule of the edition's games (by rule
// id) and every paragraph of the games (by paragraph id), whether the run
// verified it, found it failing, or could not check it. A rule is verified
// when the probes saw it at work (refusing a move, or a permission or
// option of it happening) and nothing blames it; it fails when a
// diagnostic blames it or no paragraph cites it. A paragraph fails when a
// diagnostic falls in its section or blames it; it is verified when it
// links rules or states claims, and all its rules are verified (its claims
// having been compared with the Spec); else it is unchecked. The site and
// the PDF print them as badges.
func Verdicts(r *Report) map[string]string {
	return maps.Clone(r.verdicts)
}

func verdicts(ed *corpus.Edition, r *Report, f *findings, cited map[string][]string, probes map[string]*probeResult) map[string]string {
	out := map[string]string{}
	for _, g := range ed.Games {
		v := g.Variant
		if v == nil {
			continue
		}
		pr := probes[g.ID]
		for _, rule := range v.Rules {
			switch {
			case f.rules[rule.ID] || len(cited[rule.ID]) == 0 && rule.Reconstructed == "":
				out[rule.ID] = Failed
			case pr != nil && (pr.refused[rule.ID] > 0 || pr.exercised[rule.ID]):
				out[rule.ID] = Verified
			default:
				out[rule.ID] = Unchecked
			}
		}
	}
	failedPara := map[string]bool{}
	for id := range f.paras {
		failedPara[id] = true
	}
	for _, d := range r.Diagnostics {
		if p := sectionOf(ed, d.Pos); p != nil {
			failedPara[p.ID] = true
		}
	}
	for _, g := range ed.Games {
		for _, p := range g.Paragraphs {
			switch {
			case failedPara[p.ID]:
				out[p.ID] = Failed
			case len(p.Rules) == 0 && p.Claims.Len() == 0:
				out[p.ID] = Unchecked
			default:
				verdict := Verified
				for _, l := range p.Rules {
					if l.Rule == nil || out[l.ID] == Failed {
						verdict = Failed
						break
					}
					if out[l.ID] != Verified {
						verdict = Unchecked
					}
				}
				if p.Claims.Len() > 0 && g.Variant == nil {
					verdict = Unchecked
				}
				out[p.ID] = verdict
			}
		}
	}
	return out
}

// sectionOf returns the game paragraph whose section holds pos: the last
// paragraph of pos's file whose heading is at or above pos's line.
func sectionOf(ed *corpus.Edition, pos corpus.Pos) *corpus.Paragraph {
	if pos.Line <= 0 {
		return nil
	}
	var best *corpus.Paragraph
	for _, g := range ed.Games {
		if g.Pos.File != pos.File {
			continue
		}
		for _, p := range g.Paragraphs {
			if p.Pos.File == pos.File && p.Pos.Line <= pos.Line && (best == nil || p.Pos.Line > best.Pos.Line) {
				best = p
			}
		}
	}
	return best
}
