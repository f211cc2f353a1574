package render

import (
	"strings"

	"pasyans/engine"
)

// describeMove says in words, in the page's language, what move m does
// in position s (before it is made): "the 7♠ from pile k3 onto the 8♠ on
// pile k5". The pack's cards are unknown to the reader, so a card turned
// from it is named only once it lies face up. It returns "" for a move it
// cannot describe.
func (pc *pageCtx) describeMove(v *engine.Variant, s *engine.State, m engine.Move) string {
	word := ""
	if m.Action > 0 && int(m.Action) <= len(v.Actions) {
		word = v.Actions[m.Action-1]
	}
	if word != "" && (word != "open" || m.From < 0 || m.To < 0) {
		return pc.t("move.word." + word)
	}
	if int(m.From) >= len(s.Piles) || int(m.To) >= len(s.Piles) || m.From < 0 || m.To < 0 {
		return ""
	}
	from, to := &s.Piles[m.From], &s.Piles[m.To]
	card := from.Top()
	if word == "open" && len(from.Cards) >= 2 { // Fifteen's opening exception: the card above the lowest
		card = from.Cards[len(from.Cards)-2]
	}
	if !card.Valid() || hidden(v, int(m.From), Shown(v, s, int(m.From)), len(from.Cards)-1) {
		return ""
	}
	src := pc.pileName("from", v, int(m.From))
	if t := to.Top(); t.Valid() && len(to.Cards) > to.Down {
		return pc.t("move.onto", cardName(card), src, cardName(t), pc.pileName("at", v, int(m.To)))
	}
	return pc.t("move.to", cardName(card), src, pc.pileName("to", v, int(m.To)))
}

// pileName names pile j by its role and id in one of three forms (the
// Russian cases differ): "from" (из стопки k3), "to" (на стопку k3), "at"
// (стопка k3).
func (pc *pageCtx) pileName(form string, v *engine.Variant, j int) string {
	p := v.Piles[j]
	return pc.t("move."+form+"."+string(p.Role), p.ID)
}

// cardName writes a card as the boards show it: "10♦", "Q♠".
func cardName(c engine.Card) string {
	return strings.Replace(c.Symbol(), "T", "10", 1)
}
