package corpus

import "pasyans/normalize"

// Export is the edition model in the JSON shape of 'pasyans export'
// (DESIGN.md): fields may be added, never renamed.
type Export struct {
	Sources    []exportSource    `json:"sources"`
	Paragraphs []exportParagraph `json:"paragraphs"`
	Games      []exportGame      `json:"games"`
	Book       []exportBook      `json:"book"`
	Glossary   []*Term           `json:"glossary"`
	Deals      []exportDeal      `json:"deals"`
	Stats      []*Stats          `json:"stats"`
}

// The parts of Export.
type (
	exportSource struct {
		ID         string `json:"id"`
		File       string `json:"file"`
		Original   string `json:"original"`
		SHA256     string `json:"sha256"`
		Encoding   string `json:"encoding"`
		Title      string `json:"title"`
		Provenance string `json:"provenance"`
		Licence    string `json:"licence"`
		Modern     bool   `json:"modern"`
		Paragraphs int    `json:"paragraphs"`
	}
	exportParagraph struct {
		ID         string           `json:"id"`
		Source     string           `json:"source"`
		N          int              `json:"n"`
		SHA256     string           `json:"sha256"`
		Owner      string           `json:"owner"`
		Diplomatic string           `json:"diplomatic"`
		Corrected  string           `json:"corrected"`
		Modern     string           `json:"modern"`
		Apparatus  []normalize.Edit `json:"apparatus"`
		EN         string           `json:"en"`
		Rules      []string         `json:"rules"`
		Notes      []string         `json:"notes"`
		Claims     *Claims          `json:"claims,omitempty"`
		Pos        string           `json:"pos"`
	}
	exportGame struct {
		ID         string   `json:"id"`
		Variant    string   `json:"variant"`
		Order      int      `json:"order,omitempty"`
		Titles     Titles   `json:"titles"`
		Aliases    Aliases  `json:"aliases"`
		Packs      int      `json:"packs"`
		Title      string   `json:"title"`
		Intro      string   `json:"intro"`
		Paragraphs []string `json:"paragraphs"`
	}
	exportBook struct {
		ID         string          `json:"id"`
		Lang       string          `json:"lang"`
		Titles     Titles          `json:"titles"`
		Sections   []exportSection `json:"sections"`
		Paragraphs []string        `json:"paragraphs"`
	}
	exportSection struct {
		Title string `json:"title"`
		Text  string `json:"text"`
	}
	exportDeal struct {
		Game       string    `json:"game"`
		Name       string    `json:"name"`
		Title      DealTitle `json:"title"`
		Seed       uint64    `json:"seed"`
		Options    []string  `json:"options"`
		Outcome    string    `json:"outcome"`
		Moves      []string  `json:"moves"`
		Commentary []Comment `json:"commentary"`
		Proof      *Proof    `json:"proof,omitempty"`
	}
)

// Export returns the edition in the JSON shape of 'pasyans export', with
// each paragraph's file named by name (as the command prints it).
func (ed *Edition) Export(name func(string) string) Export {
	x := Export{Sources: []exportSource{}, Paragraphs: []exportParagraph{}, Games: []exportGame{},
		Book: []exportBook{}, Glossary: ed.Glossary, Deals: []exportDeal{}, Stats: []*Stats{}}
	for _, s := range ed.Sources {
		x.Sources = append(x.Sources, exportSource{s.ID, s.File, s.Original, s.SHA256, s.Encoding, s.Title,
			s.Provenance, s.Licence, s.Modern, len(s.Paragraphs)})
	}
	for _, p := range ed.Paragraphs {
		x.Paragraphs = append(x.Paragraphs, exportParagraphOf(p, name))
	}
	for _, g := range ed.Games {
		x.Games = append(x.Games, exportGameOf(g))
	}
	for _, b := range []*Book{ed.Book, ed.BookRU} {
		if b != nil {
			x.Book = append(x.Book, exportBookOf(b))
		}
	}
	if x.Glossary == nil {
		x.Glossary = []*Term{}
	}
	for _, d := range ed.Deals {
		x.Deals = append(x.Deals, exportDealOf(d))
	}
	for _, s := range ed.Stats {
		x.Stats = append(x.Stats, s)
	}
	return x
}

func exportParagraphOf(p *Paragraph, name func(string) string) exportParagraph {
	xp := exportParagraph{ID: p.ID, Source: p.Source, N: p.N, SHA256: p.SHA256, Owner: p.Owner,
		Diplomatic: p.Diplomatic, Corrected: p.Corrected, Modern: p.Modern, Apparatus: p.Apparatus,
		EN: p.Translation.Markdown, Rules: []string{}, Notes: []string{}, Claims: p.Claims,
		Pos: Pos{File: name(p.Pos.File), Line: p.Pos.Line}.String()}
	if xp.Apparatus == nil {
		xp.Apparatus = []normalize.Edit{}
	}
	for _, l := range p.Rules {
		xp.Rules = append(xp.Rules, l.ID)
	}
	for _, n := range p.Notes {
		xp.Notes = append(xp.Notes, n.Markdown)
	}
	return xp
}

func exportGameOf(g *Game) exportGame {
	xg := exportGame{ID: g.ID, Order: g.Order, Titles: g.Titles, Aliases: g.Aliases, Packs: g.Packs,
		Title: g.Title, Intro: g.Intro.Markdown, Paragraphs: paragraphIDs(g.Paragraphs)}
	if g.Variant != nil {
		xg.Variant = g.Variant.ID
	}
	return xg
}

func exportBookOf(b *Book) exportBook {
	xb := exportBook{ID: b.ID, Lang: b.Lang, Titles: b.Titles, Sections: []exportSection{}, Paragraphs: paragraphIDs(b.Paragraphs)}
	for _, s := range b.Sections {
		xb.Sections = append(xb.Sections, exportSection{s.Title, s.Text.Markdown})
	}
	return xb
}

func exportDealOf(d *Deal) exportDeal {
	xd := exportDeal{Game: d.Game, Name: d.Name, Title: d.Title, Seed: d.Seed, Options: d.Options, Outcome: d.Outcome,
		Moves: []string{}, Commentary: d.Commentary, Proof: d.Proof}
	if xd.Options == nil {
		xd.Options = []string{}
	}
	if xd.Commentary == nil {
		xd.Commentary = []Comment{}
	}
	for _, m := range d.Moves {
		xd.Moves = append(xd.Moves, m.Text)
	}
	return xd
}

func paragraphIDs(ps []*Paragraph) []string {
	ids := make([]string, len(ps))
	for i, p := range ps {
		ids[i] = p.ID
	}
	return ids
}
