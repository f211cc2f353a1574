package solve

import (
	"time"

	"pasyans/engine"
)

// Outcomes of a search.
const (
	Won     = "won"     // a winning line was found (Result.Moves)
	Lost    = "lost"    // every reachable position was visited: no win exists
	Unknown = "unknown" // the budget ran out first
)

// DefaultMaxSeen is the visited-set cap used when Options.MaxSeen is 0:
// about 4 million positions, a few hundred megabytes.
const DefaultMaxSeen = 1 << 22

// Options bound a search. Zero fields mean no bound (MaxSeen: DefaultMaxSeen).
type Options struct {
	Budget   time.Duration // wall-clock budget
	MaxNodes int64         // positions to generate at most
	MaxSeen  int           // positions the visited set may hold
	// NoSafe turns off the safe automatic moves (for tests that compare
	// results with and without them).
	NoSafe bool
}

// Result is the answer of a search.
type Result struct {
	Outcome string
	// Moves is the winning line (Outcome Won), from the position given to
	// Solve; State.Play replays it to a win.
	Moves   []engine.Move
	Nodes   int64 // positions generated
	Elapsed time.Duration
	// SeenCapHit is true when the visited set filled up; the search then
	// cannot claim Lost and answers Unknown when it runs out of moves.
	SeenCapHit bool
	// OpenCards is true when the variant hides cards (Variant.Hidden): the
	// solver then solves the open-card problem, knowing every face-down
	// card, so Won means "winnable by a player who could see them" and
	// Lost means "not winnable even so".
	OpenCards bool
}

// frame is one level of the search stack: the moves of a position are
// buf[start:end], and next is the one to try next.
type frame struct{ start, end, next int32 }

// Solver searches positions of one variant, reusing its memory from one
// search to the next. A Solver is not safe for concurrent use.
type Solver struct {
	v      *engine.Variant
	ctx    gameCtx
	seen   *seenSet
	key    []byte
	buf    []engine.Move
	frames []frame
	tmp    []engine.Move
	gen    moveGen // the game's own move generator, or nil
	mbuf   []engine.Move
	// check, when set (by tests), sees every position and its key.
	check func(s *engine.State, key []byte)
}

// New returns a Solver for variant v.
func New(v *engine.Variant) *Solver {
	sv := &Solver{v: v, ctx: newCtx(v), seen: newSeenSet(DefaultMaxSeen)}
	sv.gen, _ = sv.ctx.(moveGen)
	return sv
}

// Solve searches s (which it leaves as it found it) for a win.
func Solve(s *engine.State, o Options) Result {
	return New(s.V).Solve(s, o)
}

// Solve searches s for a win: depth-first, with make/undo on s itself, a
// visited set of canonical keys, the variant's safe automatic moves and its
// move ordering. s is restored before Solve returns.
func (sv *Solver) Solve(s *engine.State, o Options) Result {
	start := time.Now()
	maxSeen := o.MaxSeen
	if maxSeen <= 0 {
		maxSeen = DefaultMaxSeen
	}
	sv.seen.reset(maxSeen)
	res := Result{OpenCards: s.V.Hidden}
	ctx := sv.ctx
	ctx.start(s)
	if s.Won() {
		res.Outcome = Won
		res.Elapsed = time.Since(start)
		return res
	}
	sv.key = ctx.key(s, sv.key[:0])
	sv.seen.Add(sv.key)
	sv.frames = sv.frames[:0]
	sv.buf = sv.buf[:0]
	if !ctx.dead(s) {
		sv.push(s, ctx, o)
	}
	var nodes int64
	var deadline time.Time
	if o.Budget > 0 {
		deadline = start.Add(o.Budget)
	}
	outcome := Lost
	for len(sv.frames) > 0 {
		f := &sv.frames[len(sv.frames)-1]
		if f.next == f.end {
			sv.buf = sv.buf[:f.start]
			sv.frames = sv.frames[:len(sv.frames)-1]
			if len(sv.frames) > 0 {
				s.Undo()
			}
			continue
		}
		m := sv.buf[f.next]
		f.next++
		s.Do(m)
		nodes++
		if nodes&1023 == 0 {
			if (o.MaxNodes > 0 && nodes >= o.MaxNodes) || (!deadline.IsZero() && time.Now().After(deadline)) {
				s.Undo()
				outcome = Unknown
				break
			}
		}
		if s.Won() {
			res.Moves = make([]engine.Move, 0, len(sv.frames))
			for _, fr := range sv.frames {
				res.Moves = append(res.Moves, sv.buf[fr.next-1])
			}
			outcome = Won
			s.Undo()
			break
		}
		sv.key = ctx.key(s, sv.key[:0])
		if sv.check != nil {
			sv.check(s, sv.key)
		}
		added, full := sv.seen.Add(sv.key)
		if full {
			res.SeenCapHit = true
		}
		if !added || ctx.dead(s) {
			s.Undo()
			continue
		}
		sv.push(s, ctx, o)
	}
	// Unwind: the position is restored to what the caller gave.
	for i := len(sv.frames) - 1; i > 0; i-- {
		s.Undo()
	}
	sv.frames = sv.frames[:0]
	if outcome == Lost && res.SeenCapHit {
		outcome = Unknown
	}
	res.Outcome = outcome
	res.Nodes = nodes
	res.Elapsed = time.Since(start)
	return res
}

// push generates the moves of s, ordered, and pushes a frame for them. A
// safe automatic move, when the variant has one, is the frame's only move.
// A position without moves still gets a frame, popped (and undone) next.
func (sv *Solver) push(s *engine.State, ctx gameCtx, o Options) {
	var moves []engine.Move
	if sv.gen != nil {
		sv.mbuf = sv.gen.moves(s, sv.mbuf[:0])
		moves = sv.mbuf
	} else {
		moves = s.Moves()
	}
	start := int32(len(sv.buf))
	if !o.NoSafe {
		if m, ok := ctx.safe(s, moves); ok {
			sv.buf = append(sv.buf, m)
			sv.frames = append(sv.frames, frame{start, start + 1, start})
			return
		}
	}
	sv.buf = ctx.order(s, moves, sv.buf)
	sv.frames = append(sv.frames, frame{start, int32(len(sv.buf)), start})
}
