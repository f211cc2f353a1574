package render

import (
	"encoding/json"
	"html/template"
	"net/url"
	"strconv"
	"strings"

	"pasyans/corpus"
	"pasyans/engine"
)

// The Play page of a game: the engine in the browser (site/static/
// engine.js, the WebAssembly build of cmd/pasyans-wasm) deals, checks and
// plays and draws the table (package figure, the diagrams' drawing);
// play.js shows it and explains a refused move with the rule and the
// book's paragraph, all taken from the data block this file writes.

// playPath is the Play page of game id.
func playPath(lang, id string) string { return lang + "/games/" + id + "/play/index.html" }

// playView is what play.html receives.
type playView struct {
	Game    gameLink
	GameRef string // the game page
	Options []optionRow
	Data    template.JS
}

// playData is the page's data block, read by play.js.
type playData struct {
	Game    string              `json:"game"`
	Lang    string              `json:"lang"`
	Names   map[string]playPile `json:"names"` // by pile id: how the page names it
	Title   string              `json:"title"`
	Piles   []engine.PileDef    `json:"piles"`
	Words   []string            `json:"words"`
	Hidden  bool                `json:"hidden"`
	Rules   map[string]playRule `json:"rules"`
	Strings map[string]string   `json:"strings"`
}

// playPile is what the page says of a pile: its name, the label drawn
// under it (which a shared label leaves without the pile's number), the
// mark shown on its empty place, and whether its cards are fanned (all of
// them can be read).
type playPile struct {
	Name  string `json:"n"`
	Label string `json:"l,omitempty"`
	Mark  string `json:"mark,omitempty"`
	Fan   bool   `json:"fan,omitempty"`
}

// playPiles names v's drawn piles as the page shows them, never by the
// notation's ids: the slot's label with the number its place is marked
// with ("top row 5"), or with its rank among the piles of that label
// ("ace foundation 2"); a pile without a label by its role and its rank
// among the piles of that role ("pile 3", «стопка 3»).
func playPiles(pc *pageCtx, v *engine.Variant) map[string]playPile {
	out := map[string]playPile{}
	byName, byRole := map[string]int{}, map[engine.Role]int{}
	for _, sl := range v.Layout.Slots {
		if j := v.Pile(sl.Pile); j >= 0 {
			byName[pick2(pc.lang, sl.Label.EN, sl.Label.RU)]++
			byRole[v.Piles[j].Role]++
		}
	}
	seenName, seenRole := map[string]int{}, map[engine.Role]int{}
	for _, sl := range v.Layout.Slots {
		j := v.Pile(sl.Pile)
		if j < 0 {
			continue
		}
		role := v.Piles[j].Role
		label := pick2(pc.lang, sl.Label.EN, sl.Label.RU)
		seenName[label]++
		seenRole[role]++
		name := label
		switch n := strings.TrimLeft(sl.Mark, "0123456789"); {
		case label == "":
			name = pc.pileName(pileAt, v, j)
			if keys, ok := roleKeys[role]; ok && byRole[role] > 1 {
				name = pc.t(keys[pileAt], strconv.Itoa(seenRole[role]))
			} else if ok {
				name = strings.TrimSpace(strings.NewReplacer("()", "", "( )", "").Replace(pc.t(keys[pileAt], "")))
			}
		case n != sl.Mark:
			name += " " + sl.Mark[:len(sl.Mark)-len(n)]
		case byName[label] > 1:
			name += " " + strconv.Itoa(seenName[label])
		}
		out[sl.Pile] = playPile{Name: name, Label: label, Mark: sl.Mark, Fan: sl.Fan != engine.Stacked}
	}
	return out
}

// playRule is what a refusal shows of a rule: its statement in the page's
// language and the paragraphs that state it, or why the edition
// reconstructs it.
type playRule struct {
	Statement     string     `json:"s"`
	Paras         []playPara `json:"paras,omitempty"`
	Reconstructed string     `json:"recon,omitempty"`
	Href          string     `json:"href"` // the rule's page
	// EN is the English statement, on Russian pages: the engine's reason
	// for a refusal is the rule's English statement (or, for a move it
	// cannot read, what it could not read), and a reason that only says
	// the statement again in English is not shown.
	EN string `json:"en,omitempty"`
}

// playPara is a paragraph stating a rule: its id, its anchor on the game
// page and its text (the corrected Russian on Russian pages, the English
// on English pages), as HTML.
type playPara struct {
	ID   string `json:"id"`
	Href string `json:"href"`
	HTML string `json:"html"`
}

// playStrings are the interface keys play.js uses, by the name it knows
// them by; {x} marks a value the script fills in. A string that counts
// something has its plural forms beside it, name_one and name_few (the
// plain name is every other count), which play.js picks with the page
// language's Intl.PluralRules: 1 card, 3 cards; 1 карта, 3 карты, 5 карт.
var playStrings = map[string][]any{
	"pile":         {"play.pile", "{pile}", "{n}", "{top}"},
	"pile_one":     {"play.pile-one", "{pile}", "{n}", "{top}"},
	"pile_few":     {"play.pile-few", "{pile}", "{n}", "{top}"},
	"pileEmpty":    {"play.pile-empty", "{pile}"},
	"down":         {"play.face-down"},
	"picked":       {"play.picked", "{pile}"},
	"playing":      {"play.state-playing"},
	"won":          {"play.state-won"},
	"over":         {"play.state-over"},
	"moved":        {"play.moved", "{move}"},
	"refused":      {"play.refused", "{n}", "{move}"},
	"book":         {"play.book"},
	"recon":        {"play.reconstructed"},
	"ruleLink":     {"play.rule-link"},
	"thinking":     {"play.thinking", "{s}"},
	"cancelled":    {"play.cancelled"},
	"hintWon":      {"play.hint-won", "{move}"},
	"winWon":       {"play.win-won", "{n}"},
	"winWon_one":   {"play.win-won-one", "{n}"},
	"winWon_few":   {"play.win-won-few", "{n}"},
	"lost":         {"play.lost"},
	"unknown":      {"play.unknown", "{s}", "{nodes}"},
	"openCards":    {"stats.open-cards"},
	"openCardsYes": {"stats.open-cards-yes"},
	"copied":       {"play.copied"},
	"fileHeader":   {"play.file-header"},
	"error":        {"play.error"},
	"loading":      {"play.loading"},
	"badSeed":      {"play.bad-seed", "{seed}", "{dealt}"},
	"noSeed":       {"play.no-seed", "{dealt}"},
	"badSeedTyped": {"play.bad-seed-typed", "{seed}"},
	"badOption":    {"play.bad-option", "{option}"},
	"badPart":      {"play.bad-part", "{part}"},
	"results":      {"play.results", "{played}", "{won}", "{best}", "{streak}"},
	"resultsNone":  {"play.results-none"},
}

// playData builds the Play page of g.
func (s *siteBuilder) playData(pc *pageCtx, g *corpus.Game) (any, error) {
	v := g.Variant
	link := pc.gameLink(g)
	pc.Title = pc.t("play.title", link.Title)
	pv := playView{Game: link, GameRef: pc.rel(gamePath(pc.lang, g.ID))}
	for _, o := range v.Options {
		text := o.EN
		if pc.lang == "ru" && o.RU != "" {
			text = o.RU
		}
		pv.Options = append(pv.Options, optionRow{ID: o.ID, Text: text, Default: o.Default})
	}
	d := playData{Lang: pc.lang, Names: playPiles(pc, v), Game: v.ID, Title: link.Title, Piles: v.Piles, Words: v.Actions,
		Hidden: v.Hidden, Rules: map[string]playRule{}, Strings: map[string]string{}}
	if d.Words == nil {
		d.Words = []string{}
	}
	tx := newTexts(pc)
	for _, r := range append(append([]*engine.Rule{}, v.Rules...), engine.CoreRules()...) {
		pr := playRule{Statement: pc.ruleStatement(r), Reconstructed: pick2(pc.lang, r.Reconstructed, r.ReconstructedRU), Href: pc.rel(rulePath(pc.lang, r.ID))}
		if pc.lang == "ru" {
			pr.EN = r.EN
		}
		for _, id := range r.Book {
			pr.Paras = append(pr.Paras, playPara{ID: id, Href: pc.paraHref(id), HTML: s.paraText(pc, tx, id)})
		}
		d.Rules[r.ID] = pr
	}
	for name, key := range playStrings {
		d.Strings[name] = pc.t(key[0].(string), key[1:]...)
	}
	for _, w := range engine.Words() { // the page's script names a word by "word" + its id capitalized
		d.Strings["word"+strings.ToUpper(w.ID[:1])+w.ID[1:]] = pc.text(w.Label)
	}
	js, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	pv.Data = template.JS(js)
	pc.Main = template.HTMLAttr(` data-game="` + template.HTMLEscapeString(v.ID) + `" data-seed="1" data-state="playing" data-applied="0"`)
	return pv, nil
}

// paraText is paragraph id's text for a refusal: the corrected Russian on
// Russian pages, the English translation on English pages.
func (s *siteBuilder) paraText(pc *pageCtx, tx *texts, id string) string {
	for _, p := range s.ed.Paragraphs {
		if p.ID != id {
			continue
		}
		if pc.lang == "ru" {
			return "<p>" + template.HTMLEscapeString(p.Corrected) + "</p>"
		}
		return tx.mr.text(p.Translation)
	}
	return ""
}

// playLink is the Play page of a game opened on a deal after the first n
// moves of a line (the page's permalink fragment).
func playLink(href string, seed uint64, options, moves []string) string {
	var b strings.Builder
	b.WriteString(href + "#seed=" + itoa64(seed))
	if len(options) > 0 {
		b.WriteString("&options=" + strings.Join(options, ","))
	}
	if len(moves) > 0 {
		esc := make([]string, len(moves))
		for i, m := range moves {
			esc[i] = url.QueryEscape(m)
		}
		b.WriteString("&moves=" + strings.Join(esc, ","))
	}
	return b.String()
}

// itoa is n in decimal.
func itoa(n int) string { return strconv.Itoa(n) }

func itoa64(n uint64) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa64(n/10) + string(rune('0'+n%10))
}
