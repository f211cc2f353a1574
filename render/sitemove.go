package render

import (
	"fmt"
	"strings"

	"pasyans/engine"
	"pasyans/render/typo"
)

// describeMove says in words, in the page's language, what move m does
// in position s (before it is made): "the 7♠ from pile k3 onto the 8♠ on
// pile k5". The pack's cards are unknown to the reader, so a card turned
// from it is named only once it lies face up. It returns "" for a move it
// cannot describe.
func (pc *pageCtx) describeMove(v *engine.Variant, s *engine.State, m engine.Move) string {
	word := ""
	if m.Action > 0 && int(m.Action) <= len(v.Words) {
		w := v.Words[m.Action-1]
		word = w.ID
		if word != "open" || m.From < 0 || m.To < 0 {
			return pc.text(w.Says)
		}
	}
	if int(m.From) >= len(s.Piles) || int(m.To) >= len(s.Piles) || m.From < 0 || m.To < 0 {
		return ""
	}
	from, to := &s.Piles[m.From], &s.Piles[m.To]
	card := from.Top()
	if word == "open" && len(from.Cards) >= 2 { // Fifteen's opening exception: the card above the lowest
		card = from.Cards[len(from.Cards)-2]
	}
	if !card.Valid() || s.Seen().Piles[m.From].Cards[len(from.Cards)-1] == "??" {
		return ""
	}
	src := pc.pileName(pileFrom, v, int(m.From))
	if t := to.Top(); t.Valid() && len(to.Cards) > to.Down {
		return pc.t("move.onto", cardName(card), src, cardName(t), pc.pileName(pileAt, v, int(m.To)))
	}
	return pc.t("move.to", cardName(card), src, pc.pileName(pileTo, v, int(m.To)))
}

// pileName names pile j by its role and id in one of three forms (the
// Russian cases differ): pileFrom (из стопки k3), pileTo (на стопку k3),
// pileAt (стопка k3).
func (pc *pageCtx) pileName(form int, v *engine.Variant, j int) string {
	p := v.Piles[j]
	keys, ok := roleKeys[p.Role]
	if !ok {
		return p.ID
	}
	if own, ok := v.RoleName(p.Role); ok { // a game's own name for the role
		f := [3]engine.Text{own.From, own.To, own.At}[form]
		return pc.text(engine.Text{EN: fmt.Sprintf(f.EN, p.ID), RU: fmt.Sprintf(f.RU, p.ID)})
	}
	return pc.t(keys[form], p.ID)
}

// The forms of a pile's name: roleKeys[role][form].
const (
	pileFrom = iota
	pileTo
	pileAt
)

// roleKeys are the interface strings naming a pile of each role.
var roleKeys = map[engine.Role][3]string{
	engine.Tableau:    {"move.from.tableau", "move.to.tableau", "move.at.tableau"},
	engine.Foundation: {"move.from.foundation", "move.to.foundation", "move.at.foundation"},
	engine.Waste:      {"move.from.waste", "move.to.waste", "move.at.waste"},
	engine.Stock:      {"move.from.stock", "move.to.stock", "move.at.stock"},
	engine.Reserve:    {"move.from.reserve", "move.to.reserve", "move.at.reserve"},
	engine.Decoration: {"move.from.decoration", "move.to.decoration", "move.at.decoration"},
	engine.Discard:    {"move.from.discard", "move.to.discard", "move.at.discard"},
}

// text is t in the page's language; Russian goes through the typographic
// step as a catalog's message does, since a word's text reaches the page
// through JSON.
func (pc *pageCtx) text(t engine.Text) string {
	if pc.lang == "ru" {
		return typo.Text(t.RU)
	}
	return t.EN
}

// cardName writes a card as the boards show it: "10♦", "Q♠".
func cardName(c engine.Card) string {
	return strings.Replace(c.Symbol(), "T", "10", 1)
}
