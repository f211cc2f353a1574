package corpus

import (
	"io/fs"
	"strings"

	"pasyans/engine"
	"pasyans/engine/solve"
	"pasyans/normalize"
	"pasyans/source"

	"github.com/yuin/goldmark/ast"
)

// Edition is the whole edition model.
type Edition struct {
	Sources    []*source.Source
	Paragraphs []*Paragraph // every paragraph of every source, in source order
	Games      []*Game      // in the book's order; the games of source 003 last
	Book       *Book        // book.md: the English front matter
	BookRU     *Book        // book.ru.md: the Russian front matter
	Glossary   []*Term      // in Russian collation order of Modern
	Deals      []*Deal      // by game, then file name
	Stats      []*Stats     // by game
	Works      []*Work      // works.yaml: the other works the prose cites
	// Figures are the places where the Markdown asks for a figure of the
	// data ({{stats:game.field}}) and what the loader wrote there.
	Figures []Figure
	Terms   []*Usage // terms.yaml: the edition's terms and their wrong variants
	// Files is the corpus Load read, for the checks that read the
	// editor's prose line by line (package corpus/check).
	Files fs.FS
	// Emendations is the editor's table (emendations.tsv), whose rows
	// the apparatus's "emendation" edits apply.
	Emendations normalize.Emendations
	// Digest is the SHA-256 of the corpus's files (path and bytes, in
	// path order), which names the corpus an output was made from.
	Digest string
}

// The kinds of paragraph (Paragraph.Kind) besides a plain one.
const (
	KindHead        = "head"     // a heading of the book: a game's title, "Правила."
	KindRunningHead = "fw"       // a running head printed at the top of a page
	KindFootnote    = "footnote" // a line of one of the book's footnotes, its number included
)

// Paragraph is one paragraph of a source with its readings and what the
// edition says about it.
type Paragraph struct {
	ID         string // "001:7"
	Source     string // "001"
	N          int
	Raw        string // the diplomatic text
	SHA256     string
	Diplomatic string
	Corrected  string
	Modern     string
	Apparatus  []normalize.Edit
	// Owner is the id of the game or book that owns the paragraph; empty
	// if none does (a diagnostic says so).
	Owner       string
	Translation Text       // the English, without notes, claims and the rules lines
	RulesLine   Text       // the section's "Rules: [text](rule:id), …" line, as written
	RulesLineRU Text       // its Russian: "Правила: [текст](rule:id), …"
	Notes       []Note     // the editor's notes, in order
	Rules       []RuleLink // the rule links of the paragraph's section (not those of the Russian line)
	RulesRU     []RuleLink // the rule links of the Russian rules line
	Claims      *Claims    // nil when the section has no claims block
	// Pos is the paragraph's ## heading in its owner's file, or its line
	// in the source file when no section translates it.
	Pos Pos
	// Kind is what the paragraph is on the page, as its owner's front
	// matter says (kind:): "" for a plain paragraph, or KindHead,
	// KindRunningHead or KindFootnote.
	Kind string
}

// Text is a run of Markdown blocks: the source as written and the parsed
// top-level nodes, whose segments point into Source (the whole body of the
// file), so a renderer can render the nodes without parsing again.
type Text struct {
	Markdown string
	Nodes    []ast.Node
	Source   []byte
	// Pos is the line of Markdown's first line in its file (a note's
	// text without the blockquote markers keeps the lines of the file
	// when its blocks are single paragraphs).
	Pos Pos
}

// Note is one editor's note: a blockquote starting "Note." (the English)
// followed by a blockquote starting "Примечание." (its Russian).
type Note struct {
	Text       // the English, "Note. …"
	Pos   Pos  // the English blockquote
	RU    Text // the Russian, "Примечание. …"; empty if missing (a diagnostic says so)
	RUPos Pos
}

// Lang returns the note's text in lang ("ru" or "en"), falling back to
// the English when the Russian is missing.
func (n Note) Lang(lang string) Text {
	if lang == "ru" && n.RU.Markdown != "" {
		return n.RU
	}
	return n.Text
}

// RuleLink is a Markdown link to an engine rule: [text](rule:ID).
type RuleLink struct {
	ID   string
	Text string
	Rule *engine.Rule // nil if the id names no rule
	Pos  Pos
}

// Titles names a game or the book in the three forms.
type Titles struct {
	RU       string `yaml:"ru" json:"ru"`               // pre-reform Russian
	RUModern string `yaml:"ru_modern" json:"ru_modern"` // modern Russian
	EN       string `yaml:"en" json:"en"`
}

// Aliases are the names a game goes by elsewhere.
type Aliases struct {
	Cadogan1874 string `yaml:"cadogan_1874" json:"cadogan_1874,omitempty"`
	Cadogan1914 string `yaml:"cadogan_1914" json:"cadogan_1914,omitempty"`
	PySolFC     string `yaml:"pysolfc" json:"pysolfc,omitempty"`
}

// Game is one game of the edition: games/<id>.md.
type Game struct {
	ID         string
	Variant    *engine.Variant // nil if no variant has the id (a diagnostic says so)
	Titles     Titles
	Aliases    Aliases
	Order      int // the game's number in the book; 0 if not in it
	Packs      int
	Title      string // the # heading
	Intro      Text   // the English introduction: the blocks after the title in Latin script
	IntroRU    Text   // the Russian introduction: the blocks after the title in Cyrillic script
	Paragraphs []*Paragraph
	Pos        Pos // the file
}

// Book is book.md (English) or book.ru.md (Russian): the edition's front
// matter and the paragraphs that belong to no game.
type Book struct {
	ID     string
	Lang   string
	Titles Titles
	// Date is the book's date as the edition prints it, in the file's
	// language: a working date ("c. 1873", «ок. 1873 г.»), not a fact.
	Date       string
	Sections   []Section
	Paragraphs []*Paragraph
	Pos        Pos
}

// Section is a # section of the book's introduction.
type Section struct {
	Title string
	Text  Text
	Pos   Pos
}

// Term is one glossary entry.
type Term struct {
	ID         string   `yaml:"id" json:"id"`
	PreReform  string   `yaml:"pre_reform" json:"pre_reform"`
	Modern     string   `yaml:"modern" json:"modern"`
	EN         string   `yaml:"en" json:"en"`
	DefEN      string   `yaml:"def_en" json:"def_en"`
	DefRU      string   `yaml:"def_ru" json:"def_ru"`
	Paragraphs []string `yaml:"paragraphs" json:"paragraphs"`
	// Forms, when given, replace the alternatives of PreReform as the
	// words or phrases whose occurrences are the term's, for a term whose
	// glossary form is not the form in the text: other inflections the
	// stemmer does not fold together (пачекъ beside пачка), a synonym (без
	// перемешивания beside безъ тасовки), a phrase split by other words,
	// written with "…" for up to three words between (вторично … не
	// раскладывается). A word written "=играющихъ" matches on its spelling
	// (still blind to pre-reform and modern spelling and to the OCR's
	// damage), not on its stem, where the stemmer folds it together with
	// another word (играютъ).
	Forms []string `yaml:"forms,omitempty" json:"forms,omitempty"`
	// Heading marks a term that is a heading (Правила, Игра): it occurs
	// where its form makes up a whole paragraph, not where the word stands
	// in a sentence.
	Heading bool `yaml:"heading,omitempty" json:"heading,omitempty"`
	Pos     Pos  `yaml:"-" json:"-"`
	// ParagraphsPos is the line of the paragraphs key; DefENPos and
	// DefRUPos those of the definitions.
	ParagraphsPos Pos `yaml:"-" json:"-"`
	DefENPos      Pos `yaml:"-" json:"-"`
	DefRUPos      Pos `yaml:"-" json:"-"`
}

// Patterns returns the forms whose occurrences are the term's: Forms if
// given, else each alternative of PreReform (separated by ";").
func (t *Term) Patterns() []string {
	forms := t.Forms
	if len(forms) == 0 {
		forms = strings.Split(t.PreReform, ";")
	}
	var out []string
	for _, f := range forms {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// Deal is an example deal: deals/<game>/<name>.yaml.
type Deal struct {
	Name    string // the file name without .yaml
	Game    string
	Title   DealTitle
	Seed    uint64
	Options []string
	// Outcome is "won" (the moves win), "lost" (no line wins the deal:
	// the solver's proof starts from the deal) or "failed" (the moves end
	// in a position from which no line wins, the failure the book
	// describes; the proof starts from that position, and the deal itself
	// may be winnable by other play).
	Outcome    string
	Moves      []engine.MoveText // lines are lines of the deal file
	Commentary []Comment
	Proof      *Proof
	Pos        Pos
}

// DealTitle names a deal in both languages.
type DealTitle struct {
	EN string `yaml:"en" json:"en"`
	RU string `yaml:"ru" json:"ru"`
}

// Comment explains one move of a deal.
type Comment struct {
	Move int    `yaml:"move" json:"move"` // 1-based
	Rule string `yaml:"rule" json:"rule,omitempty"`
	EN   string `yaml:"en" json:"en"`
	RU   string `yaml:"ru" json:"ru"`
	// ENPos and RUPos are the lines of en and ru in the deal file.
	ENPos Pos `yaml:"-" json:"-"`
	RUPos Pos `yaml:"-" json:"-"`
}

// Proof records the solver's proof that a position has no win: the deal
// itself for a lost deal, the position after the first After moves for a
// failed one (After 0: after the whole move list). The checker proves it
// again within Nodes positions and the Budget.
type Proof struct {
	After  int    `yaml:"after,omitempty" json:"after,omitempty"`
	Nodes  int64  `yaml:"nodes" json:"nodes"`
	Budget string `yaml:"budget" json:"budget"`
}

// ProvedAfter returns how many of the deal's moves come before the
// position its proof starts from.
func (d *Deal) ProvedAfter() int {
	switch {
	case d.Outcome != "failed" || d.Proof == nil:
		return 0
	case d.Proof.After == 0:
		return len(d.Moves)
	}
	return d.Proof.After
}

// Stats is the solver's statistics for a game: stats/<game>.yaml, as
// written by 'pasyans stats -write'. Its fields, their YAML keys and
// their JSON (the export's) are those of solve.StatsResult, the one
// schema of the figures, in the form StatsResult.File gives (rounded,
// with a date, without Measured); Pos is where it was read.
type Stats struct {
	solve.StatsResult `yaml:",inline"`
	Pos               Pos `yaml:"-" json:"-"`
}

// Paragraph returns the paragraph with the given id, or nil.
func (ed *Edition) Paragraph(id string) *Paragraph {
	for _, p := range ed.Paragraphs {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// Game returns the game with the given id, or nil.
func (ed *Edition) Game(id string) *Game {
	for _, g := range ed.Games {
		if g.ID == id {
			return g
		}
	}
	return nil
}

// Term returns the glossary term with the given id, or nil.
func (ed *Edition) Term(id string) *Term {
	for _, t := range ed.Glossary {
		if t.ID == id {
			return t
		}
	}
	return nil
}
