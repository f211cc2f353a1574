//go:build js && wasm

package main

import (
	"fmt"
	"syscall/js"

	"pasyans/cmd/pasyans-wasm/play"
	"pasyans/engine"
)

// table is the page's position (one per instance: the page and the
// solver's worker each run their own).
var table play.Table

// The values cross into JavaScript as plain objects built field by field
// (the json tags of package play name them): encoding/json would add
// about 0.7 MB to the program, against a budget of 4 MB.
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
		s, err := table.Solve(sr)
		if err != nil {
			return nil, err
		}
		return map[string]any{"result": s.Result, "moves": strings(s.Moves), "nodes": float64(s.Nodes),
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
	switch sd := a.Get("seed"); sd.Type() {
	case js.TypeNumber:
		if f := sd.Float(); f < 0 || f != float64(uint64(f)) {
			return r, fmt.Errorf("seed %v is not a whole number ≥ 0", f)
		}
		r.Seed = uint64(sd.Float())
	case js.TypeUndefined, js.TypeNull:
	default:
		return r, fmt.Errorf("seed must be a number")
	}
	var err error
	if r.Options, err = stringList(a.Get("options"), "options"); err != nil {
		return r, err
	}
	if r.Moves, err = stringList(a.Get("moves"), "moves"); err != nil {
		return r, err
	}
	r.Trace = a.Get("trace").Truthy()
	return r, nil
}

// stringList reads an array of strings (undefined or null: none).
func stringList(v js.Value, name string) ([]string, error) {
	if v.Type() == js.TypeUndefined || v.Type() == js.TypeNull {
		return nil, nil
	}
	if !js.Global().Get("Array").Call("isArray", v).Bool() {
		return nil, fmt.Errorf("%s must be an array of strings", name)
	}
	out := make([]string, v.Length())
	for i := range out {
		e := v.Index(i)
		if e.Type() != js.TypeString {
			return nil, fmt.Errorf("%s[%d] is not a string", name, i)
		}
		out[i] = e.String()
	}
	return out, nil
}

func strings(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// position is p as a JavaScript object, field names as in package play.
func position(p *play.Position) map[string]any {
	o := map[string]any{"applied": p.Applied, "illegal": nil, "won": p.Won, "over": p.Over,
		"state": state(p.State), "key": p.Key, "hidden": p.Hidden,
		"facts": map[string]any{"pack": p.Facts.Pack, "redeals_left": p.Facts.RedealsLeft,
			"foundations": p.Facts.Foundations, "goal": p.Facts.Goal, "moves": p.Facts.Moves}}
	if ill := p.Illegal; ill != nil {
		o["illegal"] = map[string]any{"index": ill.Index, "move": ill.Move, "rule": ill.Rule, "reason": ill.Reason}
	}
	legal := make([]any, len(p.Legal))
	for i, l := range p.Legal {
		legal[i] = map[string]any{"m": l.Move, "w": l.Word, "from": l.From, "to": l.To}
	}
	o["legal"] = legal
	if p.Keys != nil {
		o["keys"] = strings(p.Keys)
	}
	return o
}

// state is the deal -json state shape.
func state(s engine.StateView) map[string]any {
	piles := make([]any, len(s.Piles))
	for i, p := range s.Piles {
		piles[i] = map[string]any{"id": p.ID, "role": string(p.Role), "cards": strings(p.Cards), "face_down": p.FaceDown}
	}
	return map[string]any{"game": s.Game, "seed": float64(s.Seed), "options": strings(s.Options),
		"piles": piles, "won": s.Won, "over": s.Over}
}
