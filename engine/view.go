package engine

import (
	"fmt"
	"strings"
)

// PileView is a pile as the JSON outputs show it: cards bottom to top, the
// first FaceDown of them face down ("??" when hidden).
type PileView struct {
	ID       string   `json:"id"`
	Role     Role     `json:"role"`
	Cards    []string `json:"cards"`
	FaceDown int      `json:"face_down"`
}

// StateView is the JSON shape of a position (DESIGN.md "deal / play state").
type StateView struct {
	Game    string     `json:"game"`
	Seed    uint64     `json:"seed"`
	Options []string   `json:"options"`
	Piles   []PileView `json:"piles"`
	Won     bool       `json:"won"`
	Over    bool       `json:"over"`
}

// View returns the position's JSON shape. With reveal false, face-down
// cards of a variant whose deal hides cards are written "??".
func (s *State) View(reveal bool) StateView {
	v := StateView{Game: s.V.ID, Seed: s.Seed, Options: s.V.OptionIDs(s.Options), Won: s.Won()}
	v.Over = v.Won || len(s.Moves()) == 0
	for i, p := range s.Piles {
		pv := PileView{ID: s.V.Piles[i].ID, Role: s.V.Piles[i].Role, Cards: make([]string, len(p.Cards)), FaceDown: p.Down}
		for j, c := range p.Cards {
			if j < p.Down && s.V.Hidden && !reveal {
				pv.Cards[j] = "??"
			} else {
				pv.Cards[j] = c.String()
			}
		}
		v.Piles = append(v.Piles, pv)
	}
	return v
}

// Seen is the position as a player sees it, the one rule of what is
// shown face down for every drawing (the site's figures, the PDF's, the
// Play page): View(false), with the pack (stock) face down and unknown
// besides, whatever the game.
func (s *State) Seen() StateView {
	v := s.View(false)
	for i := range v.Piles {
		if p := &v.Piles[i]; p.Role == Stock {
			p.FaceDown = len(p.Cards)
			for j := range p.Cards {
				p.Cards[j] = "??"
			}
		}
	}
	return v
}

// Text draws the position for a terminal: a line per pile with its label,
// role and cards (suit symbols), face-down cards as ▒▒.
func (s *State) Text(reveal bool) string {
	var b strings.Builder
	labels := map[string]string{}
	for _, sl := range s.V.Layout.Slots {
		labels[sl.Pile] = sl.Label.EN
	}
	fmt.Fprintf(&b, "%s, seed %d", s.V.Titles.EN, s.Seed)
	if ids := s.V.OptionIDs(s.Options); len(ids) > 0 {
		fmt.Fprintf(&b, ", options %s", strings.Join(ids, ","))
	}
	b.WriteString("\n")
	for i, p := range s.Piles {
		def := s.V.Piles[i]
		name := def.ID
		if l := labels[def.ID]; l != "" {
			name += " " + l
		}
		fmt.Fprintf(&b, "%-22s %-10s", name, def.Role)
		for j, c := range p.Cards {
			if j < p.Down && (s.V.Hidden && !reveal) {
				b.WriteString(" ▒▒")
			} else if j < p.Down {
				b.WriteString(" (" + c.Symbol() + ")")
			} else {
				b.WriteString(" " + c.Symbol())
			}
		}
		b.WriteString("\n")
	}
	switch {
	case s.Won():
		b.WriteString("won\n")
	case len(s.Moves()) == 0:
		b.WriteString("over: no legal move\n")
	}
	return b.String()
}
