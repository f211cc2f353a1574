package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"pasyans/engine"
	_ "pasyans/engine/variants" // the games register themselves
)

// dealFlags are the flags that name a deal: -game, -seed, -options.
type dealFlags struct {
	game    string
	seed    seedFlag
	options string
}

// seedFlag is a required -seed: it records whether it was given, so that a
// forgotten -seed is an error rather than a silent deal 0.
type seedFlag struct {
	n   uint64
	set bool
}

func (f *seedFlag) String() string {
	if f == nil || !f.set {
		return ""
	}
	return strconv.FormatUint(f.n, 10)
}

func (f *seedFlag) Set(s string) error {
	n, err := strconv.ParseUint(s, 0, 64)
	if err != nil {
		return errors.New("want a deal number 0 … 18446744073709551615")
	}
	f.n, f.set = n, true
	return nil
}

// value returns the seed, or a usage error when -seed was not given.
func (f *seedFlag) value() (uint64, error) {
	if !f.set {
		return 0, usageError("-seed is required: the deal number, for example -seed 1")
	}
	return f.n, nil
}

// registerSeed registers the required -seed flag on fs.
func registerSeed(fs *flag.FlagSet, f *seedFlag) {
	fs.Var(f, "seed", "deal `number` (required)")
}

func (d *dealFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&d.game, "game", "", "variant `id` (see 'pasyans games')")
	registerSeed(fs, &d.seed)
	fs.StringVar(&d.options, "options", "", "comma-separated option `ids` of the variant (no-ID switches a default off)")
}

// dealt is the run function of a command (name) that takes no arguments
// and works on the deal the flags give: run gets the dealt position.
func (d *dealFlags) dealt(name string, run func(e *env, s *engine.State) error) func(*env, []string) error {
	return func(e *env, args []string) error {
		if len(args) > 0 {
			return usageError("%s takes no arguments, got %q", name, args[0])
		}
		s, err := d.deal()
		if err != nil {
			return err
		}
		return run(e, s)
	}
}

// deal looks up the game and deals the seed with the options.
func (d *dealFlags) deal() (*engine.State, error) {
	if d.game == "" {
		return nil, usageError("-game is required; valid games: %s", strings.Join(engine.IDs(), ", "))
	}
	v, err := engine.Lookup(d.game)
	if err != nil {
		return nil, usageError("%v", err)
	}
	o, err := v.ParseOptions(strings.Split(d.options, ","))
	if err != nil {
		return nil, usageError("%v", err)
	}
	seed, err := d.seed.value()
	if err != nil {
		return nil, err
	}
	return engine.NewDeal(v, seed, o), nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// readMoves reads a move list from a file or, for "-", from stdin, and
// checks that every move is written in the notation of variant v: a move
// that is not (%%garbage!!, a pile the game lacks) is malformed input, exit
// status 2, named by file:line:column; a well-formed move the rules refuse
// is left to Play (exit status 1).
func readMoves(e *env, name string, v *engine.Variant) ([]engine.MoveText, error) {
	display := inputName(name)
	var ms []engine.MoveText
	var err error
	if name == "-" {
		ms, err = engine.SplitMoves(display, e.stdin)
	} else {
		var f *os.File
		if f, err = openInput(name, "a move list"); err != nil {
			return nil, err
		}
		defer f.Close()
		ms, err = engine.SplitMoves(name, f)
	}
	if err != nil {
		return nil, usageError("%v", err)
	}
	for i, mt := range ms {
		if _, err := v.ParseMove(mt.Text); err != nil {
			return nil, usageError("%s:%d:%d: move %d is malformed: %v", display, mt.Line, mt.Col, i+1, err)
		}
	}
	return ms, nil
}

type gameView struct {
	ID      string        `json:"id"`
	Titles  engine.Titles `json:"titles"`
	Packs   int           `json:"packs"`
	Piles   []pileView    `json:"piles"`
	Actions []string      `json:"actions"`
	Rules   []ruleView    `json:"rules"`
	Options []optionView  `json:"options"`
	Spec    engine.Spec   `json:"spec"`
	Layout  engine.Layout `json:"layout"`
	Hidden  bool          `json:"hidden"`
	Sym     [][]int       `json:"symmetric,omitempty"`
	_       struct{}      `json:"-"`
}

type pileView struct {
	ID   string      `json:"id"`
	Role engine.Role `json:"role"`
}

type ruleView struct {
	ID            string   `json:"id"`
	EN            string   `json:"en"`
	RU            string   `json:"ru"`
	Attested      []string `json:"attested"`
	Reconstructed string   `json:"reconstructed,omitempty"`
	// ReconstructedRU is the reason in Russian (a field added, as the
	// contract allows; none renamed).
	ReconstructedRU string `json:"reconstructed_ru,omitempty"`
	Option          string `json:"option,omitempty"`
}

type optionView struct {
	ID      string `json:"id"`
	EN      string `json:"en"`
	RU      string `json:"ru"`
	Default bool   `json:"default"`
}

func viewGame(v *engine.Variant) gameView {
	g := gameView{ID: v.ID, Titles: v.Titles, Packs: v.Packs, Actions: v.Actions, Spec: v.Spec, Layout: v.Layout, Hidden: v.Hidden, Sym: v.Symmetric}
	for _, p := range v.Piles {
		g.Piles = append(g.Piles, pileView{p.ID, p.Role})
	}
	for _, r := range v.Rules {
		book := r.Book
		if book == nil {
			book = []string{}
		}
		g.Rules = append(g.Rules, ruleView{r.ID, r.EN, r.RU, book, r.Reconstructed, r.ReconstructedRU, r.Option})
	}
	g.Options = []optionView{}
	for _, o := range v.Options {
		g.Options = append(g.Options, optionView{o.ID, o.EN, o.RU, o.Default})
	}
	return g
}

func init() {
	register(&command{
		name:  "games",
		usage: "[-json]",
		short: "list the games: titles, piles, rules and options",
		long: `Games lists every variant the engine plays: its titles in the book's
spelling, modern Russian and English, its piles with ids and roles, the
rules it enforces (with the paragraphs of the book that state them, or why
the edition reconstructs them) and its options.`,
		flags: func(fs *flag.FlagSet) func(*env, []string) error {
			asJSON := fs.Bool("json", false, "print JSON")
			return func(e *env, args []string) error {
				if len(args) > 0 {
					return usageError("games takes no arguments")
				}
				if *asJSON {
					out := []gameView{}
					for _, v := range engine.Variants() {
						out = append(out, viewGame(v))
					}
					return writeJSON(e.stdout, out)
				}
				for _, v := range engine.Variants() {
					printGame(e.stdout, v)
				}
				return nil
			}
		},
	})
}

func printGame(w io.Writer, v *engine.Variant) {
	fmt.Fprintf(w, "%s — %s / %s / %s (%d pack", v.ID, v.Titles.RU, v.Titles.RUModern, v.Titles.EN, v.Packs)
	if v.Packs != 1 {
		fmt.Fprint(w, "s")
	}
	fmt.Fprintln(w, ")")
	ids := make([]string, len(v.Piles))
	for i, p := range v.Piles {
		ids[i] = p.ID
	}
	fmt.Fprintf(w, "  piles: %s\n", strings.Join(ids, " "))
	if len(v.Actions) > 0 {
		fmt.Fprintf(w, "  words: %s\n", strings.Join(v.Actions, ", "))
	}
	for _, r := range v.Rules {
		src := "book " + strings.Join(r.Book, ", ")
		if len(r.Book) == 0 {
			src = "reconstructed"
		}
		opt := ""
		if r.Option != "" {
			opt = " [option " + r.Option + "]"
		}
		fmt.Fprintf(w, "  %-36s %s (%s)%s\n", r.ID, r.EN, src, opt)
	}
	for _, o := range v.Options {
		fmt.Fprintf(w, "  option %-28s %s\n", o.ID, o.EN)
	}
	fmt.Fprintln(w)
}
