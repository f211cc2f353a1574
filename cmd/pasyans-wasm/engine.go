//go:build js && wasm && play

package main

import (
	"fmt"
	"strconv"
	"strings"
	"syscall/js"

	"pasyans/cmd/pasyans-wasm/play"
	"pasyans/engine"
)

// table is the page's position (one per instance: the page and the
// solver's worker each run their own).
var table play.Table

// The values cross into JavaScript as plain objects with the field names
// of package play's json tags.
func init() {
	// position({game, seed, options, moves, trace}) → play.Position.
	export("position", func(args []js.Value) (any, error) {
		r, err := request(args)
		if err != nil {
			return nil, err
		}
		p, err := table.Position(r)
		if err != nil {
			return nil, err
		}
		return position(p), nil
	})
	// seed(text) → the deal number as its canonical decimal string, or an
	// error saying why text is not one (the page's links are checked with
	// the rule the engine reads them by).
	export("seed", func(args []js.Value) (any, error) {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return nil, fmt.Errorf("want one string argument")
		}
		n, err := play.ParseSeed(args[0].String())
		if err != nil {
			return nil, err
		}
		return strconv.FormatUint(n, 10), nil
	})
	// solve({game, seed, options, moves, budget_ms, nodes}) → play.Solution.
	export("solve", func(args []js.Value) (any, error) {
		r, err := request(args)
		if err != nil {
			return nil, err
		}
		sr := play.SolveRequest{Request: r}
		if b := args[0].Get("budget_ms"); b.Type() == js.TypeNumber {
			sr.BudgetMS = b.Int()
		}
		if n := args[0].Get("nodes"); n.Type() == js.TypeNumber {
			sr.Nodes = int64(n.Float())
		}
		if p := args[0].Get("probe_share"); p.Type() == js.TypeNumber {
			sr.ProbeShare = p.Float()
		}
		s, err := table.Solve(sr)
		if err != nil {
			return nil, err
		}
		moves := make([]any, len(s.Moves))
		for i, m := range s.Moves {
			moves[i] = m
		}
		return map[string]any{"result": s.Result, "moves": moves, "nodes": float64(s.Nodes),
			"elapsed_ms": float64(s.ElapsedMS), "seen_cap_hit": s.SeenCap, "open_cards": s.OpenCards,
			"progress": s.Progress, "goal": s.Goal, "applied": s.Applied}, nil
	})
}

// request reads {game, seed, options, moves, trace} from the one argument.
func request(args []js.Value) (play.Request, error) {
	var r play.Request
	if len(args) != 1 || args[0].Type() != js.TypeObject {
		return r, fmt.Errorf("want one object argument {game, seed, options, moves}")
	}
	a := args[0]
	if g := a.Get("game"); g.Type() == js.TypeString {
		r.Game = g.String()
	}
	// The seed comes as the decimal string of the links and the CLI: a
	// JavaScript number cannot hold every uint64.
	switch sd := a.Get("seed"); sd.Type() {
	case js.TypeString:
		n, err := play.ParseSeed(sd.String())
		if err != nil {
			return r, err
		}
		r.Seed = n
	case js.TypeUndefined, js.TypeNull:
	default:
		return r, fmt.Errorf("seed must be a string of decimal digits")
	}
	var err error
	if r.Options, err = stringList(a.Get("options"), "options"); err != nil {
		return r, err
	}
	if r.Moves, err = stringList(a.Get("moves"), "moves"); err != nil {
		return r, err
	}
	r.Trace = a.Get("trace").Truthy()
	for name, f := range map[string]*string{"draw": &r.Draw, "lang": &r.Lang, "title": &r.Title} {
		if v := a.Get(name); v.Type() == js.TypeString {
			*f = v.String()
		}
	}
	return r, nil
}

// stringList reads an array of strings (undefined or null: none) in one
// call into JavaScript: the array joined by newlines, which no move or
// option contains.
func stringList(v js.Value, name string) ([]string, error) {
	if v.Type() == js.TypeUndefined || v.Type() == js.TypeNull {
		return nil, nil
	}
	if !js.Global().Get("Array").Call("isArray", v).Bool() {
		return nil, fmt.Errorf("%s must be an array of strings", name)
	}
	if v.Length() == 0 {
		return nil, nil
	}
	return strings.Split(v.Call("join", "\n").String(), "\n"), nil
}

// position is p as a JavaScript object, field names as in package play,
// made by one JSON.parse of text written here: building it property by
// property would cross into JavaScript hundreds of times per move.
func position(p *play.Position) js.Value {
	var w jsonWriter
	w.raw(`{"applied":`)
	w.int(p.Applied)
	w.raw(`,"illegal":`)
	if ill := p.Illegal; ill != nil {
		w.raw(`{"index":`)
		w.int(ill.Index)
		w.field("move", ill.Move)
		w.field("rule", ill.Rule)
		w.field("reason", ill.Reason)
		w.raw("}")
	} else {
		w.raw("null")
	}
	w.raw(`,"won":`)
	w.bool(p.Won)
	w.raw(`,"over":`)
	w.bool(p.Over)
	w.raw(`,"state":`)
	w.state(p.State)
	w.field("key", p.Key)
	w.raw(`,"hidden":`)
	w.bool(p.Hidden)
	f := p.Facts
	w.raw(`,"facts":{"pack":`)
	w.int(f.Pack)
	w.raw(`,"redeals_left":`)
	w.int(f.RedealsLeft)
	w.raw(`,"foundations":`)
	w.int(f.Foundations)
	w.raw(`,"goal":`)
	w.int(f.Goal)
	w.raw(`,"moves":`)
	w.int(f.Moves)
	w.raw(`},"legal":[`)
	for i, l := range p.Legal {
		if i > 0 {
			w.raw(",")
		}
		w.raw(`{"m":`)
		w.str(l.Move)
		w.field("w", l.Word)
		w.field("from", l.From)
		w.field("to", l.To)
		w.raw("}")
	}
	w.raw("]")
	w.raw(`,"options":`)
	w.strs(p.Options)
	w.raw(`,"dropped":`)
	w.strs(p.Dropped)
	w.raw(`,"seen":`)
	w.state(p.Seen)
	w.raw(`,"names":[`)
	for i, ns := range p.Names {
		if i > 0 {
			w.raw(",")
		}
		w.strs(ns)
	}
	w.raw("]")
	if p.SVG != "" {
		w.field("svg", p.SVG)
	}
	if p.Keys != nil {
		w.raw(`,"keys":`)
		w.strs(p.Keys)
	}
	w.raw("}")
	return js.Global().Get("JSON").Call("parse", string(w.b))
}

// state writes the deal -json state shape.
func (w *jsonWriter) state(s engine.StateView) {
	w.raw(`{"game":`)
	w.str(s.Game)
	w.raw(`,"seed":`)
	w.b = strconv.AppendUint(w.b, s.Seed, 10)
	w.raw(`,"options":`)
	w.strs(s.Options)
	w.raw(`,"piles":[`)
	for i, p := range s.Piles {
		if i > 0 {
			w.raw(",")
		}
		w.raw(`{"id":`)
		w.str(p.ID)
		w.field("role", string(p.Role))
		w.raw(`,"cards":`)
		w.strs(p.Cards)
		w.raw(`,"face_down":`)
		w.int(p.FaceDown)
		w.raw("}")
	}
	w.raw(`],"won":`)
	w.bool(s.Won)
	w.raw(`,"over":`)
	w.bool(s.Over)
	w.raw("}")
}

// jsonWriter writes JSON text: encoding/json would add about 0.7 MB to
// the program, against a budget of 4 MB.
type jsonWriter struct{ b []byte }

func (w *jsonWriter) raw(s string) { w.b = append(w.b, s...) }
func (w *jsonWriter) int(n int)    { w.b = strconv.AppendInt(w.b, int64(n), 10) }
func (w *jsonWriter) bool(v bool)  { w.b = strconv.AppendBool(w.b, v) }

// field writes ,"name":"value".
func (w *jsonWriter) field(name, value string) {
	w.raw(`,"` + name + `":`)
	w.str(value)
}

func (w *jsonWriter) strs(ss []string) {
	w.raw("[")
	for i, s := range ss {
		if i > 0 {
			w.raw(",")
		}
		w.str(s)
	}
	w.raw("]")
}

// str writes a JSON string: quotes, backslashes and control characters
// escaped, other text (valid UTF-8 from the engine) as is.
func (w *jsonWriter) str(s string) {
	w.b = append(w.b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			w.b = append(w.b, '\\', c)
		case c < 0x20:
			w.b = append(w.b, `\u00`...)
			w.b = append(w.b, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		default:
			w.b = append(w.b, c)
		}
	}
	w.b = append(w.b, '"')
}
