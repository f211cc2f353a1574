package check

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"pasyans/corpus"
)

// CheckFigure is the check id of a figure about the edition's own data
// typed into the prose instead of taken from the data.
const CheckFigure = "figure"

// aboutData matches a sentence that speaks of the edition's measured
// data: the solver, won or lost deals, win rates, probes.
var aboutData = regexp.MustCompile(`(?i)\bsolver\b|\bsolved\b|\bwon\b|\bwin rate|\bprobes?\b|\bwinnable\b|решател|выигра|выигрыш|проигра|проб[аыу]`)

// figurePattern matches a figure: a number of two digits or more, grouped
// or not, or a percentage.
var figurePattern = regexp.MustCompile(`\b\d{1,3}(?:[, \x{a0}\x{202f}]\d{3})+\b|\b\d+(?:[.,]\d+)?\s?%|\b\d{2,}\b`)

// checkFigures finds the sentences that speak of the edition's data and
// reports every figure in them that the loader did not take from the data
// ({{stats:…}}), saying when it contradicts the data too. It returns the
// number of sentences read and of figures found in data sentences.
func checkFigures(ed *corpus.Edition, us []unit, f *findings) (sents, figures int) {
	fromData := map[corpus.Pos][]string{}
	for _, fg := range ed.Figures {
		fromData[fg.Pos] = append(fromData[fg.Pos], fg.Value)
	}
	for i := range us {
		u := &us[i]
		sents += len(u.sents)
		if !aboutData.MatchString(u.text) {
			continue
		}
		for _, s := range u.sents {
			if !aboutData.MatchString(s.text) {
				continue
			}
			text := codeSpan.ReplaceAllString(s.text, " ")
			text = linkDest.ReplaceAllString(text, "]")
			text = paraRefPattern.ReplaceAllString(text, " ")
			text = yearPattern.ReplaceAllString(text, " ")
			for _, loc := range figurePattern.FindAllStringIndex(text, -1) {
				figures++
				pos := u.line(s.off + loc[0])
				n := text[loc[0]:loc[1]]
				if contains(fromData[pos], n) {
					continue
				}
				msg := fmt.Sprintf("%q is a figure of the edition's data typed by hand: write it as a template reference, {{stats:GAME.FIELD}}, so that it follows the data", n)
				if c := contradiction(ed, n); c != "" {
					msg += "; " + c
				}
				f.add(corpus.Diagnostic{Pos: pos, Rule: CheckFigure, Msg: msg}, first(u.own), "")
			}
		}
	}
	return sents, figures
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// contradiction says which data a typed figure contradicts: none of the
// counts and rates of the stats files has its value.
func contradiction(ed *corpus.Edition, n string) string {
	clean := strings.NewReplacer(",", "", "\u00a0", "", "\u202f", "", "%", "", " ", "").Replace(n)
	v, err := strconv.ParseFloat(strings.Replace(clean, ",", ".", 1), 64)
	if err != nil {
		return ""
	}
	var seen []string
	for _, s := range ed.Stats {
		for _, x := range []float64{float64(s.Deals), float64(s.Won), float64(s.Lost), float64(s.Unknown), s.WinRate * 100} {
			if x == v {
				return ""
			}
		}
		seen = append(seen, fmt.Sprintf("%s %d deals, %d won", s.Game, s.Deals, s.Won))
	}
	if len(seen) == 0 {
		return "no stats file records it"
	}
	return "no stats file records it (" + strings.Join(seen, "; ") + ")"
}
