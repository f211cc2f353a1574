package render

import (
	"encoding/json"
	"fmt"
	"html/template"
	"pasyans/render/typo"
	"strconv"
	"strings"

	"pasyans/corpus"
	"pasyans/engine"
	"pasyans/render/figure"
)

// dealView is an example deal as the game page shows it: the initial
// position drawn as SVG and the data with every later position drawn,
// which site.js shows without knowing any geometry.
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

// dealData is what site.js needs to step through the deal: the deal and
// its moves, which the WebAssembly engine (loaded when the reader first
// steps) replays and draws with package figure, the status line of every
// position, and per move its words and comment.
type dealData struct {
	Game    string     `json:"game"`
	Seed    string     `json:"seed"`
	Options []string   `json:"options"`
	Lang    string     `json:"lang"`
	Title   string     `json:"title"`
	Moves   []string   `json:"moves"` // the moves replayed
	Text    []string   `json:"text"`  // per position (0: the start): the status line
	Steps   []dealStep `json:"steps"` // per move
	Play    string     `json:"play"`  // the Play page on this deal; site.js adds the moves up to the step shown
}

type dealStep struct {
	Desc    string `json:"w,omitempty"` // the move in words, in the page's language
	Comment string `json:"c,omitempty"` // HTML
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
	start := pc.t("deal.initial")
	dv.Initial = template.HTML(figure.SVG(figure.New(v, s, pc.lang), start+": "+dv.Title))
	data := dealData{Game: v.ID, Seed: strconv.FormatUint(d.Seed, 10), Options: d.Options, Lang: pc.lang, Title: dv.Title,
		Moves: []string{}, Text: []string{start}, Steps: []dealStep{}}
	if data.Options == nil {
		data.Options = []string{}
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
		st := dealStep{Desc: desc}
		data.Moves = append(data.Moves, v.FormatMove(m))
		dm := dealMove{N: n, Text: v.FormatMove(m)}
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
	for i, m := range data.Moves {
		text := pc.t("deal.move-of", strconv.Itoa(i+1), strconv.Itoa(len(data.Moves)), m)
		if i == len(data.Moves)-1 {
			end := pc.t("deal.over")
			if s.Won() {
				end = pc.t("deal.won")
			}
			text += " \u2014 " + end
		}
		data.Text = append(data.Text, text)
	}
	data.Play = dv.Play
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
