package solve

import "pasyans/engine"

// Answer is a search's result in the JSON shape of 'pasyans solve -json'
// (DESIGN.md), which the Play page's solver answers too: fields may be
// added, never renamed.
type Answer struct {
	Result    string   `json:"result"` // Won, Lost or Unknown
	Moves     []string `json:"moves"`  // the winning line, in the game's notation
	Nodes     int64    `json:"nodes"`
	ElapsedMS int64    `json:"elapsed_ms"`
	SeenCap   bool     `json:"seen_cap_hit"`
	OpenCards bool     `json:"open_cards"`
	// Progress: the most cards the search saw on the foundations, of Goal
	// (0 and 0 for a game not won on them).
	Progress int `json:"progress"`
	Goal     int `json:"goal"`
}

// Answer returns r as an Answer, its moves written in the notation of
// variant v (the game searched).
func (r Result) Answer(v *engine.Variant) Answer {
	a := Answer{Result: r.Outcome, Moves: make([]string, 0, len(r.Moves)), Nodes: r.Nodes,
		ElapsedMS: r.Elapsed.Milliseconds(), SeenCap: r.SeenCapHit, OpenCards: r.OpenCards,
		Progress: r.Progress, Goal: r.Goal}
	for _, m := range r.Moves {
		a.Moves = append(a.Moves, v.FormatMove(m))
	}
	return a
}
