package engine

// Spec is the declarative summary of a variant that claims in the edition's
// text are compared with. Ranks are written as letters (A, J, K), so a
// claim reads as the book does.
type Spec struct {
	Packs       int              `json:"packs"`
	Cards       int              `json:"cards"`             // cards in play after any are removed
	Removed     []string         `json:"removed,omitempty"` // ranks taken out before play ("K", "Q")
	Players     int              `json:"players"`
	Foundations []FoundationSpec `json:"foundations"`
	Building    []BuildSpec      `json:"building,omitempty"`
	// Deals is how many times the cards may be laid out in all (1 = no
	// redeal); 0 means as often as needed.
	Deals int `json:"deals"`
	// Win says what counts as a win, in a word: "foundations" (every card
	// on the foundations) or "paired" (Sympathy).
	Win string `json:"win"`
}

// FoundationSpec describes a group of foundations built alike.
type FoundationSpec struct {
	Count int    `json:"count"`
	Base  string `json:"base"` // rank letter of the first card
	Dir   string `json:"dir"`  // "up" or "down"
	Top   string `json:"top"`  // rank letter of the last card
	Suit  string `json:"suit"` // "same" (follow suit) or "any"
	// When says when the base cards are laid: "before" the deal,
	// "during" play as they come free, or "end" (the Zodiac).
	When  string   `json:"when"`
	Piles []string `json:"piles"`
}

// BuildSpec describes building on tableau piles.
type BuildSpec struct {
	Piles []string `json:"piles"`
	Dir   string   `json:"dir"`   // "down", "up" or "either"
	Suit  string   `json:"suit"`  // "same", "alternate" or "any"
	Empty string   `json:"empty"` // what an empty pile takes: "any", "none", "below" (row below), …
	When  string   `json:"when"`  // "always", "after-deal", …
}

// Layout is where a variant's piles sit, in an abstract grid whose unit is
// a card's width (a card is CardHeight units tall). SVG and PDF draw it.
type Layout struct {
	Width, Height float64
	Slots         []Slot
	Captions      []Caption
	// Reconstructed says why the figure is the edition's reconstruction,
	// when the book's own figure is not in the sources; ReconstructedRU
	// says it in Russian.
	Reconstructed, ReconstructedRU string
}

// CardHeight is a card's height in layout units (its width is 1).
const CardHeight = 1.4

// Fan is the direction in which a pile's cards are spread.
type Fan string

// The fans.
const (
	Stacked  Fan = ""
	FanDown  Fan = "down"
	FanUp    Fan = "up"
	FanRight Fan = "right"
)

// Text is a short text in both languages.
type Text struct {
	RU string `json:"ru"`
	EN string `json:"en"`
}

// Slot places one pile.
type Slot struct {
	Pile  string
	X, Y  float64 // top-left corner
	Fan   Fan
	Label Text
	// Mark is a sign the figure prints on the place ("И", "и", "1"…).
	Mark string
}

// Caption is a free label of the figure (a row's name).
type Caption struct {
	X, Y float64
	Text Text
}
