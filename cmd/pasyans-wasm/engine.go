//go:build js && wasm && play

package main

import (
	"fmt"
	"strconv"
	"strings"
	"syscall/js"

	"pasyans/cmd/pasyans-wasm/play"
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
		return toJS(p), nil
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
		return toJS(s), nil
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

// toJS is v as a JavaScript object with the field names of its json tags,
// made by one JSON.parse of the text play.AppendJSON writes: building it
// property by property would cross into JavaScript hundreds of times per
// move.
func toJS(v any) js.Value {
	return js.Global().Get("JSON").Call("parse", string(play.AppendJSON(nil, v)))
}
