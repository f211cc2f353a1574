// Package enginetest holds the property checks and benchmarks that every
// variant's tests run: random playouts that conserve cards, undo that
// restores the exact key, Moves that agree with Check, replays that
// reproduce the final position, and rule cases legal and illegal.
package enginetest

import (
	"bytes"
	"fmt"
	"testing"

	"pasyans/engine"
)

// MaxMoves caps a random playout; a playout that reaches it is reported.
const MaxMoves = 5000

// Properties plays deals random playouts of variant id (with options opts)
// and checks the engine's invariants after every move.
func Properties(t *testing.T, id string, opts []string, deals int) {
	t.Helper()
	v, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	o, err := v.ParseOptions(opts)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= uint64(deals); seed++ {
		if err := playoutProperties(v, seed, o, seed%7 == 1); err != nil {
			t.Fatalf("%s seed %d options %v: %v", id, seed, opts, err)
		}
	}
}

func playoutProperties(v *engine.Variant, seed uint64, o engine.Options, agree bool) error {
	s := engine.NewDeal(v, seed, o)
	total := s.CardCount()
	if want := v.Spec.Cards; want != 0 && total != v.Packs*52 && total != want {
		return fmt.Errorf("deal has %d cards, Spec says %d", total, want)
	}
	r := engine.NewRand(seed * 7919)
	var w engine.Walker
	n, _ := w.Playout(s, r, MaxMoves)
	if n == MaxMoves {
		return fmt.Errorf("playout did not end within %d moves", MaxMoves)
	}
	path := make([]engine.Move, n)
	for i := n - 1; i >= 0; i-- {
		path[i] = s.LastMove()
		s.Undo()
	}
	var played []engine.Move
	var key, key2 []byte
	for n, m := range path {
		if agree || n%17 == 0 {
			if err := engine.CheckMovesAgree(s); err != nil {
				return fmt.Errorf("after %d moves: %w", n, err)
			}
		}
		if rule := s.Check(m); rule != nil {
			return fmt.Errorf("Moves offered %s but Check refuses it: %s", v.FormatMove(m), rule.ID)
		}
		key = s.Key(key[:0])
		s.Do(m)
		if c := s.CardCount(); c != total {
			return fmt.Errorf("move %d %s: %d cards, want %d", n+1, v.FormatMove(m), c, total)
		}
		s.Undo()
		if key2 = s.Key(key2[:0]); !bytes.Equal(key, key2) {
			return fmt.Errorf("undo of move %d %s does not restore the position", n+1, v.FormatMove(m))
		}
		s.Do(m)
		played = append(played, m)
	}
	final := s.Key(nil)
	texts := make([]engine.MoveText, len(played))
	for i, m := range played {
		texts[i] = engine.MoveText{Text: v.FormatMove(m)}
	}
	replay := engine.NewDeal(v, seed, o)
	if n, ill := replay.Play(texts); ill != nil {
		return fmt.Errorf("replay stopped at move %d: %v", n+1, ill)
	}
	if !bytes.Equal(final, replay.Key(nil)) {
		return fmt.Errorf("replay of %d moves does not reproduce the final position", len(played))
	}
	for len(played) > 0 {
		s.Undo()
		played = played[:len(played)-1]
	}
	if !bytes.Equal(s.Key(nil), engine.NewDeal(v, seed, o).Key(nil)) {
		return fmt.Errorf("undoing every move does not restore the deal")
	}
	return nil
}

// Case is one rule case: a position reached by playing Moves from a deal,
// then Try, which must be legal (Rule "") or refused by Rule.
type Case struct {
	Name    string
	Seed    uint64
	Options []string
	// Setup prepares the position directly when a deal cannot reach it
	// quickly; it may be nil.
	Setup func(s *engine.State)
	Moves []string
	Try   string
	Rule  string // "" = legal
}

// Rules runs rule cases for variant id.
func Rules(t *testing.T, id string, cases []Case) {
	t.Helper()
	v, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			o, err := v.ParseOptions(c.Options)
			if err != nil {
				t.Fatal(err)
			}
			s := engine.NewDeal(v, c.Seed, o)
			if c.Setup != nil {
				c.Setup(s)
			}
			texts := make([]engine.MoveText, len(c.Moves))
			for i, m := range c.Moves {
				texts[i] = engine.MoveText{Text: m}
			}
			if n, ill := s.Play(texts); ill != nil {
				t.Fatalf("setup move %d: %v\n%s", n+1, ill, s.Text(true))
			}
			m, err := v.ParseMove(c.Try)
			if err != nil {
				t.Fatal(err)
			}
			r := s.Check(m)
			switch {
			case c.Rule == "" && r != nil:
				t.Fatalf("%s refused by %s, want legal\n%s", c.Try, r.ID, s.Text(true))
			case c.Rule != "" && r == nil:
				t.Fatalf("%s legal, want refused by %s\n%s", c.Try, c.Rule, s.Text(true))
			case c.Rule != "" && r.ID != c.Rule:
				t.Fatalf("%s refused by %s, want %s\n%s", c.Try, r.ID, c.Rule, s.Text(true))
			}
		})
	}
}

// Lookup returns the registered variant id, failing the test if there is
// none.
func Lookup(t testing.TB, id string) *engine.Variant {
	t.Helper()
	v, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Undone undoes the last move of s and fails the test unless that brings
// back the position whose key is before; what names the move undone.
func Undone(t *testing.T, s *engine.State, before []byte, what string) {
	t.Helper()
	s.Undo()
	if string(s.Key(nil)) != string(before) {
		t.Fatalf("undo of %s does not restore the position", what)
	}
}

// Set replaces the cards of pile id in s (bottom to top, written as cards),
// for cases that need a position no short deal reaches. Cards are taken
// from wherever they lie, so the deal's cards are conserved.
func Set(s *engine.State, id string, cards ...string) {
	p := s.V.Pile(id)
	if p < 0 {
		panic("enginetest: no pile " + id)
	}
	for _, text := range cards {
		c, err := engine.ParseCard(text)
		if err != nil {
			panic(err)
		}
		take(s, c, p)
		s.Piles[p].Cards = append(s.Piles[p].Cards, c)
	}
}

// take removes one copy of c from any pile other than except.
func take(s *engine.State, c engine.Card, except int) {
	for i := range s.Piles {
		if i == except {
			continue
		}
		cards := s.Piles[i].Cards
		for j := len(cards) - 1; j >= 0; j-- {
			if cards[j] == c {
				s.Piles[i].Cards = append(cards[:j], cards[j+1:]...)
				if s.Piles[i].Down > len(s.Piles[i].Cards) {
					s.Piles[i].Down = len(s.Piles[i].Cards)
				}
				return
			}
		}
	}
	panic("enginetest: card " + c.String() + " is nowhere else")
}

// Clear moves every card of pile id to pile dest (keeping order).
func Clear(s *engine.State, id, dest string) {
	p, d := s.V.Pile(id), s.V.Pile(dest)
	s.Piles[d].Cards = append(s.Piles[d].Cards, s.Piles[p].Cards...)
	s.Piles[p].Cards = s.Piles[p].Cards[:0]
	s.Piles[p].Down = 0
}

// BenchPlayouts measures full random playouts of variant id.
func BenchPlayouts(b *testing.B, id string) {
	v, err := engine.Lookup(id)
	if err != nil {
		b.Fatal(err)
	}
	states := make([]*engine.State, 64)
	for i := range states {
		states[i] = engine.NewDeal(v, uint64(i+1), 0)
	}
	r := engine.NewRand(1)
	var w engine.Walker
	b.ReportAllocs()
	b.ResetTimer()
	moves := 0
	for i := 0; i < b.N; i++ {
		s := states[i%len(states)]
		n, _ := w.Playout(s, r, MaxMoves)
		moves += n
		for j := 0; j < n; j++ {
			s.Undo()
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/playout")
}

// BenchApplyUndo measures one apply and undo of a legal move.
func BenchApplyUndo(b *testing.B, id string) {
	v, err := engine.Lookup(id)
	if err != nil {
		b.Fatal(err)
	}
	s := engine.NewDeal(v, 1, 0)
	ms := append([]engine.Move(nil), s.Moves()...)
	if len(ms) == 0 {
		b.Skip("no legal move in deal 1")
	}
	s.Do(ms[0])
	s.Undo()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Do(ms[i%len(ms)])
		s.Undo()
	}
}
