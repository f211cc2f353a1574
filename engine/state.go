package engine

import (
	"fmt"
	"unsafe"
)

// NumVars is how many game counters a State carries (deals used, phase, …).
const NumVars = 8

// Pile is the content of one pile, cards from bottom to top; the first
// Down cards lie face down.
type Pile struct {
	Cards []Card
	Down  int
}

// Top returns the top card, or NoCard.
func (p *Pile) Top() Card {
	if len(p.Cards) == 0 {
		return NoCard
	}
	return p.Cards[len(p.Cards)-1]
}

// Len returns the number of cards.
func (p *Pile) Len() int { return len(p.Cards) }

// FaceUpTop reports whether the pile has a face-up top card.
func (p *Pile) FaceUpTop() bool { return len(p.Cards) > p.Down }

// State is a position of a game: the piles, the game's counters and the
// undo log. Games change it only through Move, MoveReversed, SetDown,
// SetVar and ShufflePile, so that Undo restores it exactly.
type State struct {
	V       *Variant
	Seed    uint64
	Options Options
	Piles   []Pile
	Vars    [NumVars]int32

	log     []step
	marks   []int32
	history []Move
	scratch []Card
	moves   []Move
}

type stepKind uint8

const (
	stepMove stepKind = iota
	stepMoveReversed
	stepDown
	stepVar
	stepShuffle
)

// step is one invertible change.
type step struct {
	kind     stepKind
	a, b     uint8
	n        int32
	old, new int64
}

// NewDeal deals seed of variant v with options o.
func NewDeal(v *Variant, seed uint64, o Options) *State {
	s := newState(v, seed, o)
	s.dealShuffled()
	return s
}

// NewDealInto is NewDeal made in dst's memory (see Redeal), and returns
// dst; with a nil dst, or one of another variant, it returns NewDeal's.
func NewDealInto(dst *State, v *Variant, seed uint64, o Options) *State {
	if dst == nil || dst.V != v {
		return NewDeal(v, seed, o)
	}
	dst.Redeal(seed, o)
	return dst
}

// Redeal makes s deal seed of its variant with options o, as NewDeal
// does, in the memory s already has: a loop that plays thousands of
// deals (the checker's playouts) allocates none. s's undo history is
// dropped.
func (s *State) Redeal(seed uint64, o Options) {
	for i := range s.Piles {
		s.Piles[i] = Pile{Cards: s.Piles[i].Cards[:0]}
	}
	*s = State{V: s.V, Seed: seed, Options: o, Piles: s.Piles,
		log: s.log[:0], marks: s.marks[:0], history: s.history[:0], scratch: s.scratch[:0], moves: s.moves[:0]}
	s.dealShuffled()
}

// dealShuffled shuffles the variant's packs for s's seed and deals them
// into s, whose piles are empty.
func (s *State) dealShuffled() {
	deck := FullDeck(s.V.Packs)
	Shuffle(deck, NewRand(dealSeed(s.V.ID, s.Seed)))
	s.V.Game.Deal(s, deck)
}

func newState(v *Variant, seed uint64, o Options) *State {
	total := v.Packs * 52
	s := &State{V: v, Seed: seed, Options: o, Piles: make([]Pile, len(v.Piles))}
	buf := make([]Card, total*len(v.Piles))
	for i := range s.Piles {
		s.Piles[i].Cards = buf[i*total : i*total : (i+1)*total]
	}
	s.scratch = make([]Card, 0, total)
	s.log = make([]step, 0, 1024)
	s.marks = make([]int32, 0, 256)
	s.history = make([]Move, 0, 256)
	return s
}

// Clone returns an independent copy of s without its undo history.
func (s *State) Clone() *State {
	return s.CloneInto(newState(s.V, s.Seed, s.Options))
}

// CloneInto makes dst an independent copy of s without its undo history,
// reusing dst's memory, and returns it; with a nil dst, or one of another
// variant or options, it returns Clone().
func (s *State) CloneInto(dst *State) *State {
	if dst == nil || dst.V != s.V || dst.Options != s.Options {
		return s.Clone()
	}
	dst.Seed = s.Seed
	for i := range s.Piles {
		dst.Piles[i].Cards = append(dst.Piles[i].Cards[:0], s.Piles[i].Cards...)
		dst.Piles[i].Down = s.Piles[i].Down
	}
	dst.Vars = s.Vars
	dst.log, dst.marks, dst.history = dst.log[:0], dst.marks[:0], dst.history[:0]
	return dst
}

// Opt reports whether option i is on.
func (s *State) Opt(i int) bool { return s.Options.Has(i) }

// Move moves the top n cards of pile from onto pile to, keeping their order.
func (s *State) Move(from, to, n int) {
	s.log = append(s.log, step{kind: stepMove, a: uint8(from), b: uint8(to), n: int32(n)})
	s.move(from, to, n)
}

func (s *State) move(from, to, n int) {
	f, t := &s.Piles[from], &s.Piles[to]
	k := len(f.Cards) - n
	t.Cards = append(t.Cards, f.Cards[k:]...)
	f.Cards = f.Cards[:k]
}

// MoveReversed moves the top n cards of from onto to one at a time, so their
// order is reversed (dealing a packet card by card).
func (s *State) MoveReversed(from, to, n int) {
	s.log = append(s.log, step{kind: stepMoveReversed, a: uint8(from), b: uint8(to), n: int32(n)})
	s.moveReversed(from, to, n)
}

func (s *State) moveReversed(from, to, n int) {
	f, t := &s.Piles[from], &s.Piles[to]
	for i := 0; i < n; i++ {
		t.Cards = append(t.Cards, f.Cards[len(f.Cards)-1])
		f.Cards = f.Cards[:len(f.Cards)-1]
	}
}

// SetDown sets how many cards of pile p lie face down.
func (s *State) SetDown(p, down int) {
	s.log = append(s.log, step{kind: stepDown, a: uint8(p), old: int64(s.Piles[p].Down), new: int64(down)})
	s.Piles[p].Down = down
}

// SetVar sets game counter i.
func (s *State) SetVar(i int, v int32) {
	s.log = append(s.log, step{kind: stepVar, a: uint8(i), old: int64(s.Vars[i]), new: int64(v)})
	s.Vars[i] = v
}

// ShufflePile shuffles pile p with a generator seeded by seed (a
// deterministic function of the deal, so the game stays reproducible).
func (s *State) ShufflePile(p int, seed uint64) {
	s.log = append(s.log, step{kind: stepShuffle, a: uint8(p), new: int64(seed)})
	Shuffle(s.Piles[p].Cards, NewRand(seed))
}

// unshuffle inverts ShufflePile by replaying the swaps backwards.
func (s *State) unshuffle(p int, seed uint64) {
	cards := s.Piles[p].Cards
	r := NewRand(seed)
	js := s.scratch[:0]
	for i := len(cards) - 1; i > 0; i-- {
		js = append(js, Card(r.Intn(i+1)))
	}
	for k := len(js) - 1; k >= 0; k-- {
		i := len(cards) - 1 - k
		j := int(js[k])
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// LastMove returns the move that Undo would revert.
func (s *State) LastMove() Move { return s.history[len(s.history)-1] }

// Do applies move m (which must be legal) with everything it causes.
func (s *State) Do(m Move) {
	s.marks = append(s.marks, int32(len(s.log)))
	s.history = append(s.history, m)
	s.V.Game.Apply(s, m)
}

// Undo reverts the last move made with Do.
func (s *State) Undo() {
	if len(s.marks) == 0 {
		panic("engine: Undo with no move to undo")
	}
	mark := int(s.marks[len(s.marks)-1])
	s.marks = s.marks[:len(s.marks)-1]
	s.history = s.history[:len(s.history)-1]
	for i := len(s.log) - 1; i >= mark; i-- {
		st := s.log[i]
		switch st.kind {
		case stepMove:
			s.move(int(st.b), int(st.a), int(st.n))
		case stepMoveReversed:
			s.moveReversed(int(st.b), int(st.a), int(st.n))
		case stepDown:
			s.Piles[st.a].Down = int(st.old)
		case stepVar:
			s.Vars[st.a] = int32(st.old)
		case stepShuffle:
			s.unshuffle(int(st.a), uint64(st.new))
		}
	}
	s.log = s.log[:mark]
}

// Depth returns how many moves can be undone.
func (s *State) Depth() int { return len(s.marks) }

// Check returns nil if m is legal, else the rule that forbids it.
func (s *State) Check(m Move) *Rule {
	if m.Action == 0 {
		if int(m.From) < 0 || int(m.From) >= len(s.Piles) || int(m.To) < 0 || int(m.To) >= len(s.Piles) || m.From == m.To {
			return RuleSyntax
		}
	} else if int(m.Action) > len(s.V.Actions) {
		return RuleSyntax
	}
	return s.V.Game.Check(s, m)
}

// Moves returns the legal moves of s. The slice is reused by the next call.
func (s *State) Moves() []Move {
	s.moves = s.V.Game.Moves(s, s.moves[:0])
	return s.moves
}

// Won reports whether the game is won.
func (s *State) Won() bool { return s.V.Game.Won(s) }

// Over reports whether the game is won or no legal move is left.
func (s *State) Over() bool { return s.Won() || len(s.Moves()) == 0 }

// Key appends the canonical byte key of the position to dst: per pile its
// face-down count, its cards and a 0xFF separator, then the game counters.
// Equal keys mean equal positions.
func (s *State) Key(dst []byte) []byte {
	for i := range s.Piles {
		p := &s.Piles[i]
		dst = append(dst, byte(p.Down))
		dst = append(dst, unsafe.Slice((*byte)(unsafe.SliceData(p.Cards)), len(p.Cards))...) // a Card is its byte
		dst = append(dst, 0xFF)
	}
	for _, v := range s.Vars {
		dst = append(dst, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return dst
}

// CardCount returns the number of cards in all piles.
func (s *State) CardCount() int {
	n := 0
	for i := range s.Piles {
		n += len(s.Piles[i].Cards)
	}
	return n
}

// GenericMoves appends the legal moves of s found by trying every transfer
// between two piles and every action word through Check: slow, but the
// reference that a game's own Moves must agree with.
func GenericMoves(s *State, dst []Move) []Move {
	for a := 1; a <= len(s.V.Actions); a++ {
		dst = appendIfLegal(s, dst, Move{Action: int8(a), From: -1, To: -1})
		for f := range s.Piles {
			dst = appendIfLegal(s, dst, Move{Action: int8(a), From: int8(f), To: -1})
			for t := range s.Piles {
				dst = appendIfLegal(s, dst, Move{Action: int8(a), From: int8(f), To: int8(t)})
			}
		}
	}
	for f := range s.Piles {
		if !s.Piles[f].FaceUpTop() {
			continue
		}
		for t := range s.Piles {
			if t != f {
				dst = appendIfLegal(s, dst, Move{From: int8(f), To: int8(t)})
			}
		}
	}
	return dst
}

func appendIfLegal(s *State, dst []Move, m Move) []Move {
	if s.V.Game.Check(s, m) == nil {
		dst = append(dst, m)
	}
	return dst
}

// CheckMovesAgree compares the game's Moves with GenericMoves on s and
// returns an error describing the first difference.
func CheckMovesAgree(s *State) error {
	fast := map[Move]bool{}
	for _, m := range s.V.Game.Moves(s, nil) {
		if fast[m] {
			return fmt.Errorf("Moves lists %s twice", s.V.FormatMove(m))
		}
		fast[m] = true
	}
	slow := map[Move]bool{}
	for _, m := range GenericMoves(s, nil) {
		slow[m] = true
		if !fast[m] {
			return fmt.Errorf("Moves misses legal move %s", s.V.FormatMove(m))
		}
	}
	for m := range fast {
		if !slow[m] {
			if r := s.V.Game.Check(s, m); r != nil {
				return fmt.Errorf("Moves lists %s, which Check refuses (%s)", s.V.FormatMove(m), r.ID)
			}
			return fmt.Errorf("Moves lists %s, a move of a shape GenericMoves does not try", s.V.FormatMove(m))
		}
	}
	return nil
}
