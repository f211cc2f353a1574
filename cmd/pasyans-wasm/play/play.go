// Package play is the Play page's engine interface: what the WebAssembly
// program (cmd/pasyans-wasm) exports to the page and its solver worker,
// written over the engine's public API only and free of syscall/js, so it
// builds and is tested natively as well.
//
// A request names a position by its line: (game, seed, options, moves),
// the same four things pasyans play takes. The answer is what the page
// draws and offers: the state in the shape of pasyans play -json, the
// first refused move with its rule, the legal moves (for highlighting),
// the position's key facts and its canonical key. A Table keeps the last
// position, so a request whose line extends or shortens the previous one
// (a move, an undo, a redo) costs a move, not a replay of the whole line.
package play

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"time"

	"pasyans/engine"
	"pasyans/engine/solve"
	_ "pasyans/engine/variants" // the games register themselves
	"pasyans/render/figure"
)

// Request names a position: a deal and a line of moves from it.
type Request struct {
	Game    string   `json:"game"`
	Seed    uint64   `json:"seed"`
	Options []string `json:"options"`
	Moves   []string `json:"moves"`
	// Trace asks for the key after every applied move (Position.Keys).
	Trace bool `json:"trace,omitempty"`
	// Draw asks for the position drawn by package figure (Position.SVG),
	// labelled in Lang: "board" for the Play page (figure.Board), "svg"
	// for a diagram titled Title with the last move's card marked
	// (figure.SVG, the deal player's drawing).
	Draw  string `json:"draw,omitempty"`
	Lang  string `json:"lang,omitempty"`
	Title string `json:"title,omitempty"`
}

// Legal is a legal move with its piles, for highlighting.
type Legal struct {
	Move string `json:"m"`
	Word string `json:"w,omitempty"` // the game word, "" for a transfer
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
}

// Facts are a position's key facts; a count a game does not have is -1.
type Facts struct {
	Pack        int `json:"pack"`         // cards left in the pack (stock)
	RedealsLeft int `json:"redeals_left"` // redeals still allowed
	Foundations int `json:"foundations"`  // cards on the foundations
	Goal        int `json:"goal"`         // cards a win puts there
	Moves       int `json:"moves"`        // legal moves
}

// Position is the answer to a Request: the shape of pasyans play -json
// (applied, illegal, won, state) and what the page needs besides.
type Position struct {
	Applied int              `json:"applied"`
	Illegal *engine.Illegal  `json:"illegal"`
	Won     bool             `json:"won"`
	Over    bool             `json:"over"`
	State   engine.StateView `json:"state"`
	Legal   []Legal          `json:"legal"`
	Key     string           `json:"key"`
	Keys    []string         `json:"keys,omitempty"`
	Facts   Facts            `json:"facts"`
	Hidden  bool             `json:"hidden"`
	// Options are the requested options the game has, in the order
	// asked; Dropped the requested ones it does not have, which the
	// position ignores (a link from an older edition still deals).
	Options []string `json:"options"`
	Dropped []string `json:"dropped"`
	// Seen is the position as a player sees it (engine.State.Seen): what
	// the page says of a pile is what the drawing shows.
	Seen engine.StateView `json:"seen"`
	// Names are Seen's cards as the drawing prints them ("10♥"; "" face
	// down), per pile, for what the page says of the piles.
	Names [][]string `json:"names"`
	SVG   string     `json:"svg,omitempty"`
}

// ParseSeed reads a deal number as the page's links and the CLI write it:
// decimal digits, 0 … 18446744073709551615, no sign, no leading zero (the
// CLI would read 010 as octal), no exponent or fraction.
func ParseSeed(s string) (uint64, error) {
	if s == "" || s[0] < '0' || s[0] > '9' || (len(s) > 1 && s[0] == '0') {
		return 0, fmt.Errorf("seed %.40q is not a deal number 0 … 18446744073709551615 (decimal digits, no leading zero)", s)
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("seed %.40q is not a deal number 0 … 18446744073709551615 (decimal digits, no leading zero)", s)
	}
	return n, nil
}

// Table answers requests, keeping the last position to answer the next
// request on the same deal by undoing and making only the moves that
// differ. The zero value is ready.
type Table struct {
	v    *engine.Variant
	seed uint64
	opts engine.Options
	s    *engine.State
	line []string // the moves applied to s, as requested
}

// Position plays r's line and describes the position reached.
func (t *Table) Position(r Request) (*Position, error) {
	s, opts, dropped, err := t.deal(r.Game, r.Seed, r.Options)
	if err != nil {
		return nil, err
	}
	common := 0
	for common < len(t.line) && common < len(r.Moves) && t.line[common] == r.Moves[common] {
		common++
	}
	if r.Trace {
		common = 0 // a trace needs the key of every move: replay from the deal
	}
	for len(t.line) > common {
		s.Undo()
		t.line = t.line[:len(t.line)-1]
	}
	p := &Position{Options: opts, Dropped: dropped}
	if r.Trace {
		p.Keys = []string{}
	}
	for i := common; i < len(r.Moves); i++ {
		if ill := s.Step(r.Moves[i]); ill != nil {
			ill.Index = i + 1
			p.Illegal = ill
			break
		}
		t.line = append(t.line, r.Moves[i])
		if r.Trace {
			p.Keys = append(p.Keys, hex.EncodeToString(s.Key(nil)))
		}
	}
	t.describe(p)
	switch r.Draw {
	case "board":
		p.SVG = figure.Board(figure.FromView(t.v, &p.Seen, r.Lang, -1))
	case "svg":
		p.SVG = figure.SVG(figure.FromView(t.v, &p.Seen, r.Lang, t.placed()), r.Title)
	}
	return p, nil
}

// placed is the pile whose top card the last move placed (a transfer, or
// Fifteen's opening), -1 for none: the deal player marks that card.
func (t *Table) placed() int {
	if len(t.line) == 0 {
		return -1
	}
	m, err := t.v.ParseMove(t.line[len(t.line)-1])
	if err != nil || m.To < 0 || int(m.To) >= len(t.s.Piles) || len(t.s.Piles[m.To].Cards) == 0 {
		return -1
	}
	if m.Action == 0 || t.v.Actions[m.Action-1] == "open" {
		return int(m.To)
	}
	return -1
}

// deal returns the table's state, dealt anew when the deal differs, with
// the options the game has and those it does not (dropped).
func (t *Table) deal(game string, seed uint64, options []string) (s *engine.State, kept, dropped []string, err error) {
	v, err := engine.Lookup(game)
	if err != nil {
		return nil, nil, nil, err
	}
	kept, dropped = []string{}, []string{}
	for _, id := range options {
		if _, err := v.ParseOptions([]string{id}); err != nil {
			dropped = append(dropped, id)
		} else if id != "" {
			kept = append(kept, id)
		}
	}
	o, err := v.ParseOptions(kept)
	if err != nil {
		return nil, nil, nil, err
	}
	if t.s == nil || t.v != v || t.seed != seed || t.opts != o {
		t.v, t.seed, t.opts, t.line = v, seed, o, nil
		t.s = engine.NewDeal(v, seed, o)
	}
	return t.s, kept, dropped, nil
}

// describe fills in everything about the table's current position.
func (t *Table) describe(p *Position) {
	s, v := t.s, t.v
	p.Applied = len(t.line)
	p.Won = s.Won()
	p.State = s.View(false)
	p.Seen = s.Seen()
	p.Names = make([][]string, len(p.Seen.Piles))
	for i, pv := range p.Seen.Piles {
		p.Names[i] = make([]string, len(pv.Cards))
		for j, c := range pv.Cards {
			p.Names[i][j] = figure.CardName(c)
		}
	}
	p.Over = p.State.Over
	p.Key = hex.EncodeToString(s.Key(nil))
	p.Hidden = v.Hidden
	p.Legal = []Legal{}
	if !p.Won {
		for _, m := range s.Moves() {
			l := Legal{Move: v.FormatMove(m)}
			if m.Action > 0 {
				l.Word = v.Actions[m.Action-1]
			}
			if m.From >= 0 {
				l.From = v.Piles[m.From].ID
			}
			if m.To >= 0 {
				l.To = v.Piles[m.To].ID
			}
			p.Legal = append(p.Legal, l)
		}
	}
	p.Facts = t.facts(len(p.Legal))
}

// facts counts the pack and the foundations, and asks the engine for the
// redeals left.
func (t *Table) facts(moves int) Facts {
	s, v := t.s, t.v
	f := Facts{Pack: -1, Foundations: -1, Goal: -1, Moves: moves}
	if ps := v.PilesOf(engine.Stock); len(ps) > 0 {
		f.Pack = 0
		for _, p := range ps {
			f.Pack += s.Piles[p].Len()
		}
	}
	if ps := v.PilesOf(engine.Foundation); len(ps) > 0 {
		f.Foundations, f.Goal = 0, v.Spec.Cards
		for _, p := range ps {
			f.Foundations += s.Piles[p].Len()
		}
	}
	f.RedealsLeft = s.RedealsLeft()
	return f
}

// SolveRequest asks the solver about the position of a line.
type SolveRequest struct {
	Request
	BudgetMS int   `json:"budget_ms"` // time budget (0: 2000)
	Nodes    int64 `json:"nodes"`     // positions at most (0: no cap)
	// ProbeShare is the share of the budget spent on randomized probes
	// before the exhaustive search (0: the solver's default): a second
	// worker searches the same question this other way.
	ProbeShare float64 `json:"probe_share"`
}

// Solution is the solver's answer, in the shape of pasyans solve -json,
// and the moves of the line the search started after (Applied: fewer than
// asked when the line stops at an illegal move; the solver then answers
// for the position before it).
type Solution struct {
	solve.Answer
	Applied int `json:"applied"`
}

// maxSeen caps the visited set in the browser, whose memory is smaller
// than a command line's: about a million positions.
const maxSeen = 1 << 20

// maxMem bounds the search's visited sets and its depth-first stack in
// the browser's worker. The cap in positions alone is not enough: once
// the set is full, a long search (the page allows a minute) can cycle
// ever deeper through reversible moves, and its stack, counted only
// against a memory budget, would grow without end.
const maxMem = 256 << 20

// solveOptions are the bounds of a search in the browser.
func solveOptions(budget time.Duration, nodes int64) solve.Options {
	return solve.Options{Budget: budget, MaxNodes: nodes, MaxSeen: maxSeen, MaxMem: maxMem}
}

// Solve searches the position of r's line for a win, within the budget.
func (t *Table) Solve(r SolveRequest) (*Solution, error) {
	r.Trace = false
	p, err := t.Position(r.Request)
	if err != nil {
		return nil, err
	}
	budget := time.Duration(r.BudgetMS) * time.Millisecond
	if budget <= 0 {
		budget = 2 * time.Second
	}
	o := solveOptions(budget, r.Nodes)
	o.ProbeShare = r.ProbeShare
	res := solve.Solve(t.s.Clone(), o)
	return &Solution{Answer: res.Answer(t.v), Applied: p.Applied}, nil
}
