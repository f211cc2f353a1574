package solve

import "pasyans/engine"

// Sympathy: two partners, each with 17 packets of three face-down cards and
// the Grace; a partner turns up the top card of one of his packets per move
// (flip), a card turned up that equals a face-up card of the other partner
// is paired with it and both leave, and the chain turns the next card of the
// same packet. Pile indexes as in engine/variants/sympathy.go.
const (
	symA     = 0  // a1..a17, ag (17)
	symB     = 18 // b1..b17, bg (35)
	symPairs = 36 // d
)

// sympathy is the solver's knowledge of sympathy: the outcome is fixed by
// the deal, whatever the order of play, so any one maximal line decides it.
//
// Theorem. Under every option (grace-spare, card-turns), every maximal play
// from a position ends in the same set of paired cards; in particular it is
// won in all or in none. So every legal move is safe, and the solver plays
// the first one at each position: one line, a few hundred positions at
// most, decides the deal (Lost is then a proof).
//
// Proof. Call a card revealed once it has been face up (turned by a flip or
// a chain, or a Grace laid face up by grace-spare). Facts of the engine's
// rules (sympathy.go): (a) a pile's face-up cards are only ever its top card
// (a flip needs a face-down top; a chain turns the next card only after the
// top left); (b) cards leave piles only as pairs, and nothing is ever put on
// a pile, so a face-up card stays the top of its pile until it is paired;
// (c) a card is paired exactly when its twin (the equal card, which lies on
// the other partner's side) has also been revealed: when the second of the
// two is turned up, the first is face up (by b) and they pair at once, and
// two cards of one partner never pair.
//
// Let R be the least set of cards closed under: x is in R when every card y
// above x in its pile has y in R and twin(y) in R (a top card is in R;
// under grace-spare the Graces are too). In any play every revealed card is
// in R (induction on time: when x is turned up, every card above it has
// left, i.e. was paired, i.e. it and its twin were revealed earlier, so
// they are in R). Conversely every maximal play reveals all of R: else take
// an unrevealed x in R added to R at the earliest stage; the cards above it
// and their twins were added earlier, so all were revealed, so by (c) all
// were paired and have left; then x is a face-down top card.
//
// But a maximal play leaves no face-down top anywhere. The turn invariant
// "the partner to play has a face-down top, or nobody has one" holds at the
// deal (A's packets are face down) and after every move: a pass needs B to
// have one; after a flip the turn goes to the other partner only when he has
// one, and stays otherwise only when the mover still has one (default) or
// the other has none (card-turns). The partner to play can flip any of his
// face-down tops, so play stops only when nobody has one. (Play does stop:
// every flip turns a card up for good, and a pass, made by A only, hands
// the turn to B, who can only flip.)
//
// So the revealed cards at the end are exactly R whatever the order, the
// paired cards are the revealed cards whose twins are revealed, and the
// game is won (all 104 paired) exactly when R holds every card.
// TestSympathyConfluent checks the theorem against random playouts.
type sympathy struct{ *generic }

func init() { registerCtx(func(v *engine.Variant) gameCtx { return newSympathy(v) }, "sympathy") }

func newSympathy(v *engine.Variant) *sympathy { return &sympathy{newGeneric(v)} }

// safe plays the first flip (any move is safe by the theorem; a flip
// rather than a pass keeps the line short).
func (g *sympathy) safe(s *engine.State, moves []engine.Move) (engine.Move, bool) {
	for _, m := range moves {
		if m.From >= 0 {
			return m, true
		}
	}
	if len(moves) > 0 {
		return moves[0], true
	}
	return engine.Move{}, false
}
