package engine

import "strings"

// Rule is one rule a variant enforces: the unit the edition's text links to
// ([R2](rule:salic-law/foundations)) and the checker verifies.
type Rule struct {
	ID string // namespaced, kebab-case: "salic-law/foundations"
	EN string // short statement in English
	RU string // short statement in modern Russian
	// Book lists the paragraph ids of the book that state the rule
	// ("001:4"). Empty when the edition reconstructs it.
	Book []string
	// Reconstructed says why and from which source the edition supplies a
	// rule the book does not state (Cadogan, PySolFC, the game's logic).
	Reconstructed string
	// ReconstructedRU is Reconstructed in Russian (the site's Russian
	// rule pages).
	ReconstructedRU string
	// Option is the id of the variant option that switches the rule on;
	// empty for rules that always apply.
	Option string
	// Lets says what the rule allows that the Spec cannot say, for the
	// checker's observer (LetsFoundationMove, LetsStockFeed); empty for
	// most rules.
	Lets string
	// Lifts lists the facts of the Spec that the rule lifts while it
	// applies, as the checker names them: "building.when", or "rule:ID"
	// for another rule's restriction.
	Lifts []string

	seq int32 // see Seq
}

// What a rule lets happen that the Spec cannot say (Rule.Lets).
const (
	// LetsFoundationMove: a card moves from one foundation to another.
	LetsFoundationMove = "foundation-move"
	// LetsStockFeed: the pack gives a card within an ordinary move (a
	// card played is replaced, a vacancy is filled from it).
	LetsStockFeed = "stock-feed"
)

// Seq returns a number that tells the rule apart from every other rule of
// the engine (CoreRules) and of the registered variants, counting from 1,
// or 0 for a rule no registry holds: a caller that counts moves by rule
// keeps its counts in a slice.
func (r *Rule) Seq() int { return int(r.seq) }

// rulesNumbered is how many rules Seq has numbered: a registry, filled at
// init (the core rules, then each variant's as Register takes it).
var rulesNumbered int32

// number gives r the next Seq, once.
func (r *Rule) number() {
	if r.seq == 0 {
		rulesNumbered++
		r.seq = rulesNumbered
	}
}

func init() {
	for _, r := range CoreRules() {
		r.number()
	}
}

// Game returns the variant id part of the rule id.
func (r *Rule) Game() string {
	game, _, _ := strings.Cut(r.ID, "/")
	return game
}

// Option is an optional rule the text mentions ("некоторые игроки…"),
// off unless Default says otherwise.
type Option struct {
	ID      string
	EN, RU  string
	Default bool
}

// Options is a set of switched-on options, bit i standing for
// Variant.Options[i].
type Options uint64

// Has reports whether option i is on.
func (o Options) Has(i int) bool { return o&(1<<uint(i)) != 0 }

// Core rules are the mechanics every variant shares; they belong to no game
// and are reconstructions by nature.
var (
	RuleSyntax = &Rule{ID: "play/syntax", EN: "A move is written FROM>TO with pile ids of this game, or one of its words.",
		RU:            "Ход записывается как ОТКУДА>КУДА обозначениями стопок этой игры (например, k3>f1) или одним из её слов.",
		Reconstructed: "notation of the edition", ReconstructedRU: "запись ходов, принятая в издании"}
	RuleEmptySource = &Rule{ID: "play/empty-source", EN: "A card can only be moved from a pile that has a face-up card on top.",
		RU:            "Карту можно взять только со стопки, наверху которой лежит открытая карта.",
		Reconstructed: "mechanics of play", ReconstructedRU: "механика игры"}
	RuleGameOver = &Rule{ID: "play/game-over", EN: "No move can be made once the game is over.",
		RU: "Когда пасьянс окончен, ходов больше нет.", Reconstructed: "mechanics of play", ReconstructedRU: "механика игры"}
	RuleNotAllowed = &Rule{ID: "play/not-allowed", EN: "This game has no such move.",
		RU: "В этом пасьянсе такого хода нет.", Reconstructed: "mechanics of play", ReconstructedRU: "механика игры"}
)

// CoreRules lists the mechanics shared by all variants.
func CoreRules() []*Rule { return []*Rule{RuleSyntax, RuleEmptySource, RuleGameOver, RuleNotAllowed} }
