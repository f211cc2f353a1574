package engine

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Role is what a pile is for.
type Role string

// The pile roles.
const (
	Stock      Role = "stock"
	Waste      Role = "waste" // the talon
	Foundation Role = "foundation"
	Tableau    Role = "tableau"
	Reserve    Role = "reserve"
	Decoration Role = "decoration"
	Discard    Role = "discard" // cards set aside (Sympathy's pairs, thrown-out queens)
)

// PileDef names one pile of a variant.
type PileDef struct {
	ID   string // short: "k3", "f1", "s", "w"
	Role Role
}

// Titles names a game in the book's spelling, in modern Russian and in English.
type Titles struct {
	RU       string `json:"ru"`
	RUModern string `json:"ru_modern"`
	EN       string `json:"en"`
}

// Game is the behaviour of a variant. Implementations keep no state of their
// own: everything lives in the State, changed only through its step methods
// so that Undo can revert it.
type Game interface {
	// Deal lays out the initial position from the shuffled deck, whose
	// last card is the top of the pack. It writes s.Piles and s.Vars
	// directly (nothing is recorded for undo).
	Deal(s *State, deck []Card)
	// Check returns nil if m is legal in s, else the rule that forbids it.
	Check(s *State, m Move) *Rule
	// Apply performs the legal move m and the automatic moves it causes,
	// through the State's step methods.
	Apply(s *State, m Move)
	// Moves appends every legal move of s to dst. It must agree with
	// Check (a test helper, CheckMovesAgree, compares them).
	Moves(s *State, dst []Move) []Move
	// Won reports whether s is won.
	Won(s *State) bool
}

// Variant is one game of the edition, registered at init.
type Variant struct {
	ID     string
	Titles Titles
	Packs  int
	Piles  []PileDef
	// RoleNames are the game's own names for the piles of a role that it
	// calls otherwise than the role's name (the Zodiac's reserve is its
	// equator).
	RoleNames []RoleName
	// Words are the game's words, the moves that are not a card's
	// transfer, each with its labels.
	Words []Word
	// Actions are the ids of Words, in order ("deal", "redeal"), filled by
	// Register: Move.Action n is Actions[n-1].
	Actions []string
	Rules   []*Rule
	Options []Option
	Spec    Spec
	Layout  Layout
	// Symmetric lists groups of pile indexes whose contents may be
	// permuted without changing the game (the solver sorts them).
	Symmetric [][]int
	// Hidden is true when the deal has face-down cards whose identity a
	// player cannot know.
	Hidden bool
	Game   Game
}

// Pile returns the index of the pile with the given id, or -1.
func (v *Variant) Pile(id string) int {
	return slices.IndexFunc(v.Piles, func(p PileDef) bool { return p.ID == id })
}

// PilesOf returns the indexes of the piles with role r, in order.
func (v *Variant) PilesOf(r Role) []int {
	var out []int
	for i, p := range v.Piles {
		if p.Role == r {
			out = append(out, i)
		}
	}
	return out
}

// Rule returns the variant's rule with the given id (core rules included).
func (v *Variant) Rule(id string) *Rule {
	for _, r := range v.Rules {
		if r.ID == id {
			return r
		}
	}
	for _, r := range CoreRules() {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// Option returns the index of the option with the given id, or -1.
func (v *Variant) Option(id string) int {
	return slices.IndexFunc(v.Options, func(o Option) bool { return o.ID == id })
}

// ParseOptions turns option ids into a set, starting from the defaults.
// "no-ID" switches a default option off.
func (v *Variant) ParseOptions(ids []string) (Options, error) {
	var o Options
	for i, opt := range v.Options {
		if opt.Default {
			o |= 1 << uint(i)
		}
	}
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id == "" {
			continue
		}
		off := false
		i := v.Option(id)
		if i < 0 && strings.HasPrefix(id, "no-") {
			i, off = v.Option(strings.TrimPrefix(id, "no-")), true
		}
		if i < 0 {
			return 0, fmt.Errorf("%s has no option %q; valid options: %s", v.ID, id, v.optionList())
		}
		if off {
			o &^= 1 << uint(i)
		} else {
			o |= 1 << uint(i)
		}
	}
	return o, nil
}

// OptionIDs lists the ids of the options that are on in o.
func (v *Variant) OptionIDs(o Options) []string {
	ids := []string{}
	for i, opt := range v.Options {
		if o.Has(i) {
			ids = append(ids, opt.ID)
		}
	}
	return ids
}

func (v *Variant) optionList() string {
	if len(v.Options) == 0 {
		return "(none)"
	}
	ids := make([]string, len(v.Options))
	for i, o := range v.Options {
		ids[i] = o.ID
	}
	return strings.Join(ids, ", ")
}

// RoleName is a game's own name for the piles of Role, in the three forms
// that a move's description uses (the Russian cases differ): From ("the
// equator place e4" a card comes from: места экватора e4), To (where it
// goes: место экватора e4) and At (where it lies). Each is a format whose
// one %s is the pile's id.
type RoleName struct {
	Role         Role
	From, To, At Text
}

// RoleName returns v's own name for the piles of role r, if it has one.
func (v *Variant) RoleName(r Role) (RoleName, bool) {
	for _, n := range v.RoleNames {
		if n.Role == r {
			return n, true
		}
	}
	return RoleName{}, false
}

// Word is one of a game's words: a move that is not a card's transfer
// ("deal", "redeal"), with the label of its button and a sentence that
// says what it does, each in English and Russian. Games that share a word
// share one Word.
type Word struct {
	ID    string
	Label Text // the button: "Deal", "Выложить"
	Says  Text // what the move does: "the next cards are dealt from the pack"
}

// The words several games share: the checker counts the deals of a game by
// its redeal word.
var (
	WordDeal = Word{ID: "deal",
		Label: Text{EN: "Deal", RU: "Выложить"},
		Says:  Text{EN: "the next cards are dealt from the pack", RU: "из колоды выкладываются следующие карты"}}
	WordRedeal = Word{ID: "redeal",
		Label: Text{EN: "Redeal", RU: "Пересдать"},
		Says:  Text{EN: "the cards are gathered and dealt again", RU: "карты собираются и раскладываются снова"}}
)

// registry holds the variants, filled at init by Register.
var registry = map[string]*Variant{}

// words holds the words of the registered variants by id, filled by
// Register.
var words = map[string]Word{}

// Register adds a variant. It panics on a duplicate variant, pile or rule
// id, a rule outside the variant's namespace, a rule that neither cites the
// book nor says why it is reconstructed, or a rule naming an unknown option:
// these are programming errors caught when the program starts.
func Register(v *Variant) {
	if _, dup := registry[v.ID]; dup {
		panic("engine: duplicate variant " + v.ID)
	}
	if len(v.Options) > 64 {
		panic("engine: more than 64 options in " + v.ID)
	}
	piles := map[string]bool{}
	for _, p := range v.Piles {
		if piles[p.ID] || strings.ContainsAny(p.ID, ">: \t") {
			panic("engine: duplicate or bad pile id " + v.ID + "/" + p.ID)
		}
		piles[p.ID] = true
	}
	rules := map[string]bool{}
	for _, r := range v.Rules {
		if rules[r.ID] || r.Game() != v.ID {
			panic("engine: duplicate rule or rule outside namespace: " + r.ID)
		}
		if len(r.Book) == 0 && r.Reconstructed == "" {
			panic("engine: rule " + r.ID + " neither cites the book nor says why it is reconstructed")
		}
		if r.EN == "" || r.RU == "" {
			panic("engine: rule " + r.ID + " lacks an English or Russian statement")
		}
		if r.Option != "" && v.Option(r.Option) < 0 {
			panic("engine: rule " + r.ID + " names unknown option " + r.Option)
		}
		rules[r.ID] = true
		r.number()
	}
	if v.Game == nil {
		panic("engine: variant " + v.ID + " has no Game")
	}
	registerWords(v)
	registerPacks(v)
	registry[v.ID] = v
}

// registerWords checks v's words and fills v.Actions with their ids. It
// panics on a word without an id or a label or sentence in either
// language, on a word given twice, on a word whose labels differ from
// another game's word of the same id, and on Actions set by hand.
func registerWords(v *Variant) {
	if v.Actions != nil {
		panic("engine: variant " + v.ID + " sets Actions: Register fills them from Words")
	}
	for _, w := range v.Words {
		if w.ID == "" || w.Label.EN == "" || w.Label.RU == "" || w.Says.EN == "" || w.Says.RU == "" {
			panic("engine: word " + v.ID + "/" + w.ID + " lacks an id, or an English or Russian label or sentence")
		}
		if slices.Contains(v.Actions, w.ID) {
			panic("engine: duplicate word " + v.ID + "/" + w.ID)
		}
		if old, ok := words[w.ID]; ok && old != w {
			panic("engine: word " + w.ID + " of " + v.ID + " differs from another game's word " + w.ID)
		}
		words[w.ID] = w
		v.Actions = append(v.Actions, w.ID)
	}
}

// registerPacks states the number of packs once: Spec.Packs is filled
// from Packs. It panics when a variant gives no packs or two numbers.
func registerPacks(v *Variant) {
	if v.Packs <= 0 || (v.Spec.Packs != 0 && v.Spec.Packs != v.Packs) {
		panic(fmt.Sprintf("engine: variant %s has %d packs and a Spec of %d: set Packs only", v.ID, v.Packs, v.Spec.Packs))
	}
	v.Spec.Packs = v.Packs
}

// Words lists the words of the registered variants, each once, sorted by
// id.
func Words() []Word {
	out := make([]Word, 0, len(words))
	for _, w := range words {
		out = append(out, w)
	}
	slices.SortFunc(out, func(a, b Word) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// Lookup returns the registered variant with the given id.
func Lookup(id string) (*Variant, error) {
	if v, ok := registry[id]; ok {
		return v, nil
	}
	return nil, fmt.Errorf("unknown game %q; valid games: %s", id, strings.Join(IDs(), ", "))
}

// IDs lists the registered variant ids, sorted.
func IDs() []string {
	ids := make([]string, 0, len(registry))
	for id := range registry {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Variants lists the registered variants sorted by id.
func Variants() []*Variant {
	out := make([]*Variant, 0, len(registry))
	for _, id := range IDs() {
		out = append(out, registry[id])
	}
	return out
}

// LookupRule finds a rule by id across all variants and the core rules.
func LookupRule(id string) (*Rule, *Variant) {
	for _, r := range CoreRules() {
		if r.ID == id {
			return r, nil
		}
	}
	game, _, _ := strings.Cut(id, "/")
	if v, ok := registry[game]; ok {
		for _, r := range v.Rules {
			if r.ID == id {
				return r, v
			}
		}
	}
	return nil, nil
}

// CheckOptionIDs returns an error unless ids are option ids of v exactly
// as OptionIDs writes them (each known, in v's order, defaults included):
// how records and statistics files name a run's options.
func (v *Variant) CheckOptionIDs(ids []string) error {
	o, err := v.ParseOptions(ids)
	if err != nil {
		return err
	}
	if want := v.OptionIDs(o); !slices.Equal(ids, want) {
		return fmt.Errorf("options %q of %s: want them as %q", ids, v.ID, want)
	}
	return nil
}
