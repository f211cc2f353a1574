package check

import (
	"fmt"
	"strconv"
	"strings"

	"pasyans/engine"
)

// The checker's own reading of the text, for what the Spec cannot say.
// Each entry restates a paragraph's rule independently of the engine's
// code, as a test over one move: the engine's position before it (the
// observer's snapshot) and after it. A rule is looked up by its id; a
// variant without the rule is not probed for it.

// ruleProbe checks one rule over every move the engine allows.
type ruleProbe struct {
	rule *engine.Rule // set per variant
	// check returns what the move did against the rule, or "".
	check func(o *observer, s *engine.State, m engine.Move) string
}

// factRules are the rules (by the part of their id after the game) whose
// paragraphs state a fact of the Spec, in order of preference, for naming
// the paragraph when no claim states the fact.
var factRules = map[string][]string{
	"foundations.base":  {"foundation-base", "aces", "foundations", "set-aside"},
	"foundations.dir":   {"foundation-up", "foundation-order", "foundations"},
	"foundations.top":   {"foundation-up", "foundation-order", "foundations"},
	"foundations.suit":  {"foundation-suit", "foundations"},
	"foundations.when":  {"foundations-at-end", "foundation-base", "aces"},
	"foundations.final": {"foundation-to-foundation", "foundation-final"},
	"deals":             {"no-redeal", "redeals", "two-deals", "three-deals", "redeal"},
	"building.dir":      {"marriage", "build-rank", "sequence"},
	"building.up":       {"marriage", "build-rank", "sequence"},
	"building.down":     {"marriage", "build-rank", "sequence"},
	"building.suit":     {"marriage", "build-suit", "build-rank", "sequence"},
	"building.empty":    {"lane", "no-fill", "no-empty-fill", "fill-vacancy"},
	"building.when":     {"build-after-deal", "second-phase"},
	"source.stock":      {"deal", "deal-round", "talon-from-pack"},
	"source.decoration": {"set-aside", "queens", "kings"},
	"source.discard":    {"pair", "set-aside"},
	"talon":             {"talon-from-pack", "deal"},
}

// pileNo returns the number in a pile id ("t7" → 7) and its letter prefix.
func pileNo(id string) (string, int) {
	i := strings.IndexAny(id, "0123456789")
	if i < 0 {
		return id, 0
	}
	n, _ := strconv.Atoi(id[i:])
	return id[:i], n
}

// transferTo returns the ids of a transfer's piles, or ok false for a
// game word.
func transferIDs(o *observer, m engine.Move) (from, to string, ok bool) {
	if m.Action != 0 {
		return "", "", false
	}
	return o.v.Piles[m.From].ID, o.v.Piles[m.To].ID, true
}

// stockLeft reports whether the pack held cards before the move.
func stockLeft(o *observer) bool { return o.stock >= 0 && o.lens[o.stock] > 0 }

// positional makes the check of a positional rule of source 003: it
// looks only at a move that puts a pile card on a begun foundation while
// the pack lasts, and hands check the move's piles with their numbers
// (t7 → 7, f2 → 2).
func positional(check func(o *observer, m engine.Move, from, to string, p, f int) string) func(*observer, *engine.State, engine.Move) string {
	return func(o *observer, _ *engine.State, m engine.Move) string {
		if !stockLeft(o) || !toNonEmptyFoundation(o, m) {
			return ""
		}
		from, to, _ := transferIDs(o, m)
		_, p := pileNo(from)
		_, f := pileNo(to)
		return check(o, m, from, to, p, f)
	}
}

// toNonEmptyFoundation reports whether m puts a card on a foundation that
// was already begun (a base may start any empty place).
func toNonEmptyFoundation(o *observer, m engine.Move) bool {
	return m.Action == 0 && o.roles[m.To] == engine.Foundation && o.lens[m.To] > 0
}

var ruleProbes = map[string]*ruleProbe{
	// 000:2–9, rule I: cards reach the foundations only from the Privy Council.
	"constitution/foundation-from-privy-council": {check: func(o *observer, s *engine.State, m engine.Move) string {
		from, to, ok := transferIDs(o, m)
		if !ok || o.roles[m.To] != engine.Foundation {
			return ""
		}
		if row, _ := pileNo(from); row != "v" {
			return fmt.Sprintf("%s played from %s to foundation %s, not from the Privy Council", o.tops[m.From], from, to)
		}
		return ""
	}},
	// Rule II: a card climbs only to the row immediately above it.
	"constitution/build-from-row-below": {check: func(o *observer, s *engine.State, m engine.Move) string {
		from, to, ok := transferIDs(o, m)
		if !ok || o.roles[m.To] != engine.Tableau {
			return ""
		}
		above := map[string]string{"l": "v", "c": "l", "p": "c"}
		fr, _ := pileNo(from)
		tr, _ := pileNo(to)
		if fr == "w" && tr == "p" && o.v.Option("talon-on-people") >= 0 && o.opts.Has(o.v.Option("talon-on-people")) {
			return ""
		}
		if above[fr] != tr {
			return fmt.Sprintf("%s moved from %s to %s, not to the row immediately above", o.tops[m.From], from, to)
		}
		return ""
	}},
	// 000:10: marriages only onto the Zodiac, from the talon or the Equator.
	"zodiac/marriage-sources": {check: func(o *observer, s *engine.State, m engine.Move) string {
		from, to, ok := transferIDs(o, m)
		if !ok {
			return ""
		}
		switch o.roles[m.To] {
		case engine.Tableau:
			if r := o.roles[m.From]; r != engine.Waste && r != engine.Reserve {
				return fmt.Sprintf("%s married from %s onto %s: only talon and Equator cards marry onto the Zodiac", o.tops[m.From], from, to)
			}
		case engine.Reserve:
			if r := o.roles[m.From]; r != engine.Waste && r != engine.Stock {
				return fmt.Sprintf("%s moved from %s onto the Equator place %s", o.tops[m.From], from, to)
			}
		}
		return ""
	}},
	// 003:6–9: while the pack lasts, a side card feeds only the two
	// foundations of its own row; the corners (t1–t4) feed any.
	"swiss/side-row": {check: positional(func(o *observer, m engine.Move, from, to string, p, f int) string {
		if p < 5 {
			return ""
		}
		row := (p-5)/2 + 1
		if f != row && f != row+4 {
			return fmt.Sprintf("%s played from side pile %s to %s while the pack lasts: its row's foundations are f%d and f%d", o.tops[m.From], from, to, row, row+4)
		}
		return ""
	})},
	// 003:17: the top row feeds the aces below it, the bottom row the kings.
	"st-helena/row-to-row": {check: positional(func(o *observer, m engine.Move, from, to string, p, f int) string {
		switch {
		case p >= 5 && p <= 8 && f > 4:
			return fmt.Sprintf("%s played from the top row (%s) to the king place %s while the pack lasts", o.tops[m.From], from, to)
		case p >= 9 && f <= 4:
			return fmt.Sprintf("%s played from the bottom row (%s) to the ace place %s while the pack lasts", o.tops[m.From], from, to)
		}
		return ""
	})},
	// 003:22, 003:25: a pile «и» feeds only the foundation above it.
	"new-places/under-foundation": {check: positional(func(o *observer, m engine.Move, from, to string, p, f int) string {
		if o.roles[m.From] == engine.Tableau && p >= 3 && p <= 10 && f != p-2 {
			return fmt.Sprintf("%s played from %s, under f%d, to %s while the pack lasts", o.tops[m.From], from, p-2, to)
		}
		return ""
	})},
	// 000:17–18: cards leave the packets only as pairs of identical cards,
	// one of each partner.
	"sympathy/pair": {check: func(o *observer, s *engine.State, m engine.Move) string {
		lost := map[byte]int{}
		for i := range s.Piles {
			if o.roles[i] == engine.Discard {
				continue
			}
			if d := o.lens[i] - len(s.Piles[i].Cards); d > 0 {
				lost[o.v.Piles[i].ID[0]] += d
			}
		}
		if lost['a'] != lost['b'] {
			return fmt.Sprintf("%d cards of the first partner and %d of the second laid aside", lost['a'], lost['b'])
		}
		for i := range s.Piles {
			if o.roles[i] != engine.Discard {
				continue
			}
			cards := s.Piles[i].Cards
			for k := o.lens[i]; k+1 < len(cards); k += 2 {
				if cards[k] != cards[k+1] {
					return fmt.Sprintf("%s and %s laid aside as a pair", cards[k], cards[k+1])
				}
			}
		}
		return ""
	}},
	// 002:15, option talon-only: a lane is filled only from the talon.
	"le-cadran/lane-talon-only": {check: func(o *observer, s *engine.State, m engine.Move) string {
		from, to, ok := transferIDs(o, m)
		if ok && o.roles[m.To] == engine.Tableau && o.lens[m.To] == 0 && o.roles[m.From] != engine.Waste {
			return fmt.Sprintf("%s moved from %s into the lane %s", o.tops[m.From], from, to)
		}
		return ""
	}},
	// 002:17 (footnote 3): the opening exception takes one ace and one king.
	"fifteen/opening-once": {check: func(o *observer, s *engine.State, m engine.Move) string {
		if m.Action == 0 || o.v.Actions[m.Action-1] != "open" {
			return ""
		}
		c := s.Piles[m.To].Top()
		o.counter["open:"+c.Rank().String()]++
		if o.counter["open:"+c.Rank().String()] > 1 {
			return fmt.Sprintf("a second %s taken by the opening exception", c.Rank())
		}
		return ""
	}},
	// 001:6–9: kings never move and the queens take no cards.
	"salic-law/kings": {check: func(o *observer, s *engine.State, m engine.Move) string {
		if m.Action == 0 && o.tops[m.From].Rank() == engine.King {
			return fmt.Sprintf("the king %s moved from %s", o.tops[m.From], o.v.Piles[m.From].ID)
		}
		return ""
	}},
}
