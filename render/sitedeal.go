package render

import (
	"encoding/json"
	"fmt"
	"html/template"
	"pasyans/render/typo"
	"slices"
	"strings"

	"pasyans/corpus"
	"pasyans/engine"
)

// dealView is an example deal as the game page shows it: the initial
// position drawn as SVG and the data from which site.js redraws every
// later position into the same SVG structure.
type dealView struct {
	ID       string // element id: "deal-<name>"
	Title    string
	Seed     uint64
	Options  []string
	Outcome  string        // the outcome's label in the page's language
	Proof    string        // what the solver proves of a lost or failed deal
	Initial  template.HTML // the SVG of the initial position
	Data     template.JS   // dealData as JSON
	Moves    []dealMove
	Err      string // why the deal could not be replayed in full
	Replayed int    // moves replayed
	Play     string // the Play page on this deal's start
	Fatal    int    // a failed deal's fatal move (1-based); 0 for none
}

// dealMove is one move of the list under the player.
type dealMove struct {
	N       int
	Text    string
	Comment template.HTML
}

// dealData is what site.js needs: the layout (mirroring NewFigure), the
// pile ids, the initial piles and, per move, the piles it changed.
type dealData struct {
	geometry
	Title  string      `json:"title"`
	Start  [][2]any    `json:"start"`         // per pile: [face-down count, cards]
	Steps  []dealStep  `json:"steps"`         // per move
	Won    bool        `json:"won,omitempty"` // the final position is won
	Moves  int         `json:"moves"`         // moves replayed
	Labels dealStrings `json:"labels"`        // interface strings for the status line
	Play   string      `json:"play"`          // the Play page on this deal; site.js adds the moves up to the step shown
}

// geometry is a variant's layout as site.js draws it, mirroring
// NewFigure: the deal player and the Play page both take it from here.
type geometry struct {
	Scale    float64     `json:"scale"`
	Pad      int         `json:"pad"`
	CardH    float64     `json:"cardH"`
	FanStep  float64     `json:"fanStep"`
	MaxFan   float64     `json:"maxFan"`
	W        float64     `json:"w"`
	H        float64     `json:"h"`
	Slots    []dealSlot  `json:"slots"`
	Captions []dealLabel `json:"captions"`
}

// geometry returns v's layout, labelled in the page's language.
func (pc *pageCtx) geometry(v *engine.Variant) geometry {
	g := geometry{Scale: svgScale, Pad: svgPad, CardH: engine.CardHeight, FanStep: fanStep, MaxFan: maxFanLen,
		W: v.Layout.Width, H: v.Layout.Height}
	for _, sl := range v.Layout.Slots {
		g.Slots = append(g.Slots, dealSlot{Pile: v.Pile(sl.Pile), X: sl.X, Y: sl.Y, Fan: string(sl.Fan), Mark: sl.Mark, Label: pick(sl.Label, pc.lang)})
	}
	for _, c := range v.Layout.Captions {
		g.Captions = append(g.Captions, dealLabel{X: c.X, Y: c.Y, Text: pick(c.Text, pc.lang)})
	}
	return g
}

type dealSlot struct {
	Pile  int     `json:"p"` // index in the variant's piles; -1 if none
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Fan   string  `json:"fan,omitempty"`
	Mark  string  `json:"mark,omitempty"`
	Label string  `json:"label,omitempty"`
}

type dealLabel struct {
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	Text string  `json:"t"`
}

type dealStep struct {
	Move    string   `json:"m"`
	Desc    string   `json:"w,omitempty"` // the move in words, in the page's language
	To      int      `json:"to"`          // the pile whose top card the move placed; -1 for none
	Comment string   `json:"c,omitempty"` // HTML
	Changed [][3]any `json:"d"`           // [pile index, face-down count, cards]
}

type dealStrings struct {
	Start string `json:"start"` // "Initial position"
	Move  string `json:"move"`  // "Move %d of %d: %s"
	Won   string `json:"won"`
	Over  string `json:"over"`
}

// pileCards writes a pile's cards as two-letter codes, "??" for a face-down
// card whose identity a player cannot know.
func pileCards(v *engine.Variant, s *engine.State, j int) string {
	var b strings.Builder
	p := Shown(v, s, j)
	for i, c := range p.Cards {
		if hidden(v, j, p, i) {
			b.WriteString("??")
		} else {
			b.WriteString(c.String())
		}
	}
	return b.String()
}

// outcomeLabel names a deal's stated outcome in the page's language.
func (pc *pageCtx) outcomeLabel(outcome string) string {
	switch outcome {
	case "won":
		return pc.t("deal.outcome-won")
	case "lost":
		return pc.t("deal.outcome-lost")
	}
	return pc.t("deal.outcome-failed")
}

// proofNote says what the solver proved of a lost deal or a failed game.
func (pc *pageCtx) proofNote(d *corpus.Deal) string {
	switch {
	case d.Proof == nil || d.Outcome == "won":
		return ""
	case d.Outcome == "lost":
		return pc.t("deal.proof-lost", d.Proof.Nodes)
	}
	return pc.t("deal.proof-failed", d.ProvedAfter(), d.Proof.Nodes)
}

// buildDeal replays a deal with the engine and makes its view. A deal
// that cannot be replayed in full is shown up to the first bad move, with
// the reason (the checker fails the build's corpus anyway).
func (pc *pageCtx) buildDeal(g *corpus.Game, d *corpus.Deal, mr *mdRenderer) dealView {
	v := g.Variant
	dv := dealView{ID: "deal-" + anchorID(d.Name), Title: d.Title.EN, Seed: d.Seed, Options: d.Options, Outcome: pc.outcomeLabel(d.Outcome), Proof: pc.proofNote(d)}
	if d.Outcome == "failed" && d.Proof != nil {
		dv.Fatal = d.ProvedAfter()
	}
	if pc.lang == "ru" && d.Title.RU != "" {
		dv.Title = d.Title.RU
	}
	opts, err := v.ParseOptions(d.Options)
	if err != nil {
		dv.Err = err.Error()
		return dv
	}
	s := engine.NewDeal(v, d.Seed, opts)
	dv.Play = playLink(pc.rel(playPath(pc.lang, g.ID)), d.Seed, d.Options, nil)
	dv.Initial = template.HTML(SVG(NewFigure(v, s, pc.lang), pc.t("deal.initial")+": "+dv.Title))

	data := dealData{geometry: pc.geometry(v), Title: dv.Title,
		Labels: dealStrings{Start: pc.t("deal.initial"), Move: pc.t("deal.move-of", "{n}", "{total}", "{move}"), Won: pc.t("deal.won"), Over: pc.t("deal.over")}}
	prev := make([]string, len(s.Piles))
	prevDown := make([]int, len(s.Piles))
	// Each pile as it was last written (its cards, its face-down count):
	// a pile that has not changed since is not written out again.
	was := make([]engine.Pile, len(s.Piles))
	for i := range s.Piles {
		prev[i], prevDown[i] = pileCards(v, s, i), Shown(v, s, i).Down
		was[i] = engine.Pile{Cards: slices.Clone(s.Piles[i].Cards), Down: s.Piles[i].Down}
		data.Start = append(data.Start, [2]any{prevDown[i], prev[i]})
	}
	comments := map[int]corpus.Comment{}
	for _, c := range d.Commentary {
		comments[c.Move] = c
	}
	for i, mt := range d.Moves {
		n := i + 1
		m, err := v.ParseMove(mt.Text)
		if err != nil {
			dv.Err = fmt.Sprintf("%d. %s: %v", n, mt.Text, err)
			break
		}
		if r := s.CheckPlayable(m); r != nil {
			dv.Err = fmt.Sprintf("%d. %s: %s [%s]", n, mt.Text, r.EN, r.ID)
			break
		}
		desc := pc.describeMove(v, s, m)
		s.Do(m)
		st := dealStep{Move: v.FormatMove(m), Desc: desc, To: -1, Changed: [][3]any{}}
		if m.To >= 0 && int(m.To) < len(s.Piles) && len(s.Piles[m.To].Cards) > 0 && (m.Action == 0 || v.Actions[m.Action-1] == "open") {
			st.To = int(m.To)
		}
		for j := range s.Piles {
			if p := &s.Piles[j]; p.Down == was[j].Down && slices.Equal(p.Cards, was[j].Cards) {
				continue // pileCards and Shown read the pile alone
			}
			was[j] = engine.Pile{Cards: append(was[j].Cards[:0], s.Piles[j].Cards...), Down: s.Piles[j].Down}
			c, dn := pileCards(v, s, j), Shown(v, s, j).Down
			if c != prev[j] || dn != prevDown[j] {
				st.Changed = append(st.Changed, [3]any{j, dn, c})
				prev[j], prevDown[j] = c, dn
			}
		}
		dm := dealMove{N: n, Text: st.Move}
		if c, ok := comments[n]; ok {
			text := c.EN
			if pc.lang == "ru" && c.RU != "" {
				text = typo.Text(c.RU)
			}
			h := escapeWithRefs(pc, text)
			if c.Rule != "" {
				h += " " + pc.badge(c.Rule, "")
			}
			dm.Comment = template.HTML(h)
			st.Comment = h
		}
		dv.Moves = append(dv.Moves, dm)
		data.Steps = append(data.Steps, st)
		dv.Replayed = n
	}
	data.Moves = dv.Replayed
	data.Play = dv.Play
	data.Won = s.Won()
	js, err := json.Marshal(data)
	if err != nil {
		dv.Err = err.Error()
		return dv
	}
	dv.Data = template.JS(js)
	return dv
}

// escapeWithRefs escapes plain text and links the paragraph ids in it.
func escapeWithRefs(pc *pageCtx, s string) string {
	var b strings.Builder
	last := 0
	for _, m := range paraRef.FindAllStringIndex(s, -1) {
		href := pc.paraHref(s[m[0]:m[1]])
		if href == "" {
			continue
		}
		b.WriteString(template.HTMLEscapeString(s[last:m[0]]))
		fmt.Fprintf(&b, `<a class="pref" href="%s">%s</a>`, template.HTMLEscapeString(href), s[m[0]:m[1]])
		last = m[1]
	}
	b.WriteString(template.HTMLEscapeString(s[last:]))
	return b.String()
}
