package solve

import (
	"slices"

	"pasyans/engine"
)

// gameCtx is what the search knows of one game: its canonical key, its
// proven pruning (dead positions, safe automatic moves) and its move
// ordering. Each is either generic (true of every game) or proven for the
// one variant that uses it; see the comments of each game's file.
type gameCtx interface {
	// start prepares for a search from s.
	start(s *engine.State)
	// key appends the canonical key of s.
	key(s *engine.State, dst []byte) []byte
	// dead reports positions proven unwinnable.
	dead(s *engine.State) bool
	// safe returns a move among moves that loses nothing: some winning
	// line, if one exists, begins with it.
	safe(s *engine.State, moves []engine.Move) (engine.Move, bool)
	// order appends moves to dst, most promising first.
	order(s *engine.State, moves []engine.Move, dst []engine.Move) []engine.Move
}

// moveGen is an optional method of a gameCtx: a faster generator of the
// moves of s than the engine's, which may leave out a move when it lists
// another that leads to a position of the same key (moves onto one of
// several interchangeable empty piles). Every move it lists must be legal
// under the registered rules; a copy of the variant with other rules (a
// test's mutant) is searched with its engine's moves instead (see New).
type moveGen interface {
	moves(s *engine.State, dst []engine.Move) []engine.Move
}

// transienter is an optional method of a gameCtx: transient reports a
// position that a second path rarely reaches, such as one whose only
// continuation is a move the game's rules force (a deal they leave no
// choice about, the next card of a dig chain). The search passes through
// such a position without its key and without recording it (it still
// tests it for dead and takes its safe move): a second path to it costs
// more positions, and its successors are recorded as usual. Recording
// less only prunes less, so any answer is sound; this keeps such
// positions out of the visited set (for salic-law, often a fifth of it)
// and saves their keys.
type transienter interface {
	transient(s *engine.State) bool
}

// dominator is an optional method of a gameCtx: for a position s of key
// key, dominatedBy returns (in dst) the key of a position t whose listed
// moves include every move the search lists at s (its safe move, or the
// moves its order keeps), each leading to a position of the same key as
// from s; ok is false when the game knows no such t. Every line the search
// follows from s it can then follow from t, so s is lost when t is: the
// search drops s when t is marked lost or was visited in the current
// generation (for a game without cycles, see acyclicer, the positions a
// search has visited and left are lost, or it would have stopped with a
// win). Only games without cycles may be dominators. The key of t must
// differ from key in its last byte only: the visited set leaves that byte
// out of its hash (seenSet.hashTail), so that t's lookup finds the memory
// the visit of key has just read.
type dominator interface {
	dominatedBy(s *engine.State, key, dst []byte) ([]byte, bool)
}

// acyclicer is an optional method of a gameCtx: acyclic reports that, in
// searches from s, no sequence of the moves the game lists (its safe move,
// or the moves its order keeps) leads from a position to a position of
// the same key. The search then keeps the positions it proves lost in its
// visited set (marked lost, see seenSet) from one probe to the next and
// into the exhaustive search, and skips them, so that the probes' work is
// not thrown away.
//
// Why a position the search has finished with is lost. The search walks a
// graph on keys: from a key, the moves the game lists (which depend only
// on the key, as the visited set already requires), none from a dead
// position. The game's proofs of its pruning show that the start is
// winnable exactly when some path of this graph leads from it to a won
// position. When the search pops the frame of a position P, every move
// listed at P has been tried, and led to a won position (the search would
// have stopped), to a dead one, to a key marked lost, to a key
// whose frame was popped before, or to a key on the search stack; the
// last is impossible, since the stack holds P's ancestors and the graph
// has no cycle. By induction on the order of popping, no path leads from
// any popped key, or any key marked lost, to a win: P is lost, in every
// search of the same graph. A search cut short by its limit pops nothing
// more, and the frames left on its stack are not recorded.
type acyclicer interface {
	acyclic(s *engine.State) bool
}

// prober is an optional method of a gameCtx: the share of the budget
// that the probes get (Options.ProbeShare, when set, overrides it) and
// the node limit of the shortest probe, chosen per game by trial.
type prober interface {
	probePlan() (share float64, unit int64)
}

// probeCapper is an optional method of a gameCtx: the largest multiple of
// the probe unit that a probe may run to (the Luby sequence is cut there),
// chosen per game by trial; 0 leaves the sequence uncut.
type probeCapper interface {
	probeCap() int64
}

// probeShifter is an optional method of a gameCtx: how little the probes
// perturb the game's move order, the k of perturb (a move is passed over
// with probability 2^-k; 1 when the game has no such method), chosen per
// game by trial.
type probeShifter interface {
	probeShift() int
}

// ctxs holds the games' own search knowledge by variant id, filled at
// init: each game's solver file registers its constructor with
// registerCtx.
var ctxs = map[string]func(*engine.Variant) gameCtx{}

// registerCtx makes newC the search knowledge of the variants ids. It
// panics on a variant registered twice.
func registerCtx(newC func(*engine.Variant) gameCtx, ids ...string) {
	for _, id := range ids {
		if _, dup := ctxs[id]; dup {
			panic("solve: two search contexts for " + id)
		}
		ctxs[id] = newC
	}
}

// newCtx returns the search knowledge for v: a game's own when its solver
// file has registered one, the generic one otherwise.
func newCtx(v *engine.Variant) gameCtx {
	if newC, ok := ctxs[v.ID]; ok {
		return newC(v)
	}
	return newGeneric(v)
}

// generic is the knowledge true of every game: the symmetric-sorted key,
// no pruning, and an ordering by destination role (foundations first, the
// game's words such as deal last).
type generic struct {
	v    *engine.Variant
	k    *keyer
	rank []int8 // per pile: rank of moves onto it
	tmp  []scored
}

type scored struct {
	m engine.Move
	r int8
}

// appendRanked appends the moves of ms to dst, lowest rank first, moves of
// one rank in the order given.
func appendRanked(dst []engine.Move, ms []scored) []engine.Move {
	slices.SortStableFunc(ms, func(a, b scored) int { return int(a.r) - int(b.r) })
	for _, x := range ms {
		dst = append(dst, x.m)
	}
	return dst
}

func newGeneric(v *engine.Variant) *generic {
	g := &generic{v: v, k: newKeyer(v), rank: make([]int8, len(v.Piles))}
	for i, p := range v.Piles {
		switch p.Role {
		case engine.Foundation:
			g.rank[i] = 0
		case engine.Discard:
			g.rank[i] = 1
		case engine.Tableau:
			g.rank[i] = 2
		default:
			g.rank[i] = 3
		}
	}
	return g
}

func (g *generic) start(*engine.State) {}

func (g *generic) key(s *engine.State, dst []byte) []byte { return g.k.key(s, dst) }

func (g *generic) dead(*engine.State) bool { return false }

func (g *generic) safe(*engine.State, []engine.Move) (engine.Move, bool) {
	return engine.Move{}, false
}

func (g *generic) order(s *engine.State, moves []engine.Move, dst []engine.Move) []engine.Move {
	g.tmp = g.tmp[:0]
	for _, m := range moves {
		r := int8(4)
		if m.To >= 0 {
			r = g.rank[m.To]
		}
		if m.Action != 0 {
			r += 4
		}
		g.tmp = append(g.tmp, scored{m, r})
	}
	return appendRanked(dst, g.tmp)
}
