package solve

import (
	"math"
	"slices"

	"pasyans/engine"
)

// beamer is an optional method of a gameCtx, for a game whose play is cut
// into stages by an irreversible move, such as le-cadran's deal (a move
// with an Action): beamScore rates a position (higher: closer to a win)
// for the beam search (see beamSearch), and beamPlan says how it is run.
type beamer interface {
	beamScore(s *engine.State) int
	beamPlan() beamPlan
}

// beamPlan is how a game's beam search is run: share of the budget goes to
// beams of the widths in turn, each width run repeat times (then the last
// width doubled, see beamWidth), each stage's search from one position of
// the beam stopping after closure positions. Every beam but the first adds
// to each position's score a random number below noise (drawn from a
// generator seeded by the deal and the beam's number, so runs repeat), so
// that two beams of one width keep different positions where the score
// hardly tells them apart.
type beamPlan struct {
	share   float64
	widths  []int
	repeat  int
	closure int
	noise   int
}

// beamSearch looks for a win only, stage by stage: the beam is up to width
// positions at the start of a stage (after a deal). From each it searches
// the positions the stage's other moves reach (depth first, the game's
// safe moves and order, up to closure positions each, one visited set per
// stage); the width best-scored of them that are not dead, each followed
// by the stage's move (the deal), are the next beam. It finds a win when a
// stage's search meets one. It proves nothing when it does not: the beam
// drops positions. A depth-first search spends its budget under the last
// deals of one line (on hard le-cadran deals nearly all its positions have
// 5 cards or fewer left in the pack); the beam spreads its budget over the
// choices made before each deal instead, and wins deals that the
// depth-first search does not win in many times the budget.
type beamSearch struct {
	sv    *Solver
	ctx   gameCtx
	score beamer
	seen  *seenSet
	b     *budget
	// cands are the positions of the stage searched so far, each reached
	// from beam[from] by the moves of the candidates it descends from (a
	// tree, so that a candidate costs the same whatever its depth).
	cands []beamCand
	path  []engine.Move
	moves [][]engine.Move // the ordered moves per depth of the stage's search
	beam  []beamNode
	next  []beamNode
	spare []*engine.State // states of an earlier beam, for reuse
	won   []engine.Move
	segs  []beamSeg
	lines []engine.Move // the moves of segs
	key   []byte
	order []uint64 // the candidates, best first (see advance)
	// cut is set when a beam dropped a position: a stage's search ran out
	// of its positions, or more candidates were left than the width.
	cut bool
	// noise is the bound of the random number added to each score (0:
	// none), drawn from rng.
	noise int
	rng   *engine.Rand
}

// beamNode is a position at the start of a stage and the line to it, an
// index into beamSearch.segs (-1: the start of the beam).
type beamNode struct {
	s    *engine.State
	line int32
}

// beamSeg is a piece of the lines of the beams' positions: the moves
// lines[start:end] of beamSearch, which follow the line of segment prev
// (-1: none). The positions of a beam share the lines to their
// common ancestors, so that a line costs its last stage's moves only (a
// copy of each whole line, up to two hundred moves, was a seventh of
// advance's time).
type beamSeg struct {
	prev       int32
	start, end int32
}

// beamCand is a position met in a stage's search (see beamSearch.cands):
// the one of index parent (-1: beam[from] itself) followed by move.
type beamCand struct {
	from, parent int32
	move         engine.Move
	score        int32
}

// beams runs beams of the plan's widths from s within budget b and returns
// the winning line of the first that finds one.
func (sv *Solver) beams(s *engine.State, bm beamer, b *budget) ([]engine.Move, bool) {
	plan := bm.beamPlan()
	bs := sv.newBeamSearch(bm, b)
	for i := 0; ; i++ {
		line, out := bs.runBeam(s, plan, i)
		if out == Won {
			return line, true
		}
		if out == Unknown || !bs.cut {
			// A beam that dropped nothing saw all there is to see: the
			// others would see it again.
			return nil, false
		}
	}
}

// newBeamSearch returns a beam search within budget b that scores
// positions with bm. Its visited set is the solver's bseen, emptied for
// each stage: a stage's keys alone keep the table small, so that lookups
// stay in the cache. (The beams once shared the probes' set, forgetting
// each stage's keys with a new generation, which leaves them in the table:
// it grew to millions of slots, and every probe's reset then cleared them
// all. Beams alone on le-cadran deals 1–8 at 2 M positions: 0.60 M
// positions per second against 0.51 M, the lookups' share of the time 7%
// against 19%.)
func (sv *Solver) newBeamSearch(bm beamer, b *budget) *beamSearch {
	if sv.bseen == nil {
		sv.bseen = newSeenSet(b.maxSeen).withPool(sv.pool, beamBytesPerKey)
		sv.bseen.setGens(false)
	}
	return &beamSearch{sv: sv, ctx: sv.ctx, score: bm, b: b, seen: sv.bseen}
}

// beamBytesPerKey is the memory charged to the pool for each key of the
// beams' visited set besides the key's own: the candidate it may make
// (beamCand, 16 bytes, and its place in order, 8), room for the slices'
// growth included.
const beamBytesPerKey = 48

// runBeam runs beam i (from 0) of plan from s: its width, and the noise of
// its scores (none for the first beam), from a generator seeded by the
// deal and i.
func (bs *beamSearch) runBeam(s *engine.State, plan beamPlan, i int) ([]engine.Move, string) {
	bs.noise = 0
	if i > 0 && plan.noise > 0 {
		bs.noise = plan.noise
		bs.rng = dealRand(s, uint64(i))
	}
	bs.cut = false
	return bs.run(s, min(beamWidth(plan.widths, plan.repeat, i), bs.sv.beamMaxWidth()), plan.closure)
}

// beamStateBytes is the memory of one position of a beam: its state's
// clone, whose history of moves makes most of it (29.7 KB for a le-cadran
// position 200 moves deep), and its share of the lines. The beam, the next
// one and the spare states hold up to three times the width.
const beamStateBytes = 3 * 32 << 10

// beamMaxWidth bounds the beams' width under a memory budget: their
// positions may take a quarter of the thread's pool (which does not count
// them) beside it. Without a budget, or with the default one on a large
// machine, the widths a stats run reaches (up to 1280 in 5 s) are below it;
// a search of minutes under a small budget doubles its beams until they
// would not fit (a 10 minutes' search at -mem 1GiB on two threads grew to
// 1.46 GB resident without the bound, its visited sets at 750 MB).
func (sv *Solver) beamMaxWidth() int {
	if sv.pool == nil || sv.pool.limit <= 0 {
		return math.MaxInt
	}
	return max(int(sv.pool.limit/4/beamStateBytes), 10)
}

// beamWidth returns the width of beam i (from 0): the plan's widths, each
// repeat times (at least once), then the last doubled again and again
// (repeat times each).
func beamWidth(widths []int, repeat, i int) int {
	i /= max(repeat, 1)
	if i < len(widths) {
		return widths[i]
	}
	w := widths[len(widths)-1]
	for j := len(widths); j <= i && w < 1<<30; j++ {
		w *= 2
	}
	return w
}

// run is one beam of width w from s: Won with the line, Lost when the beam
// died out (which proves nothing), Unknown when the budget ran out.
func (bs *beamSearch) run(s *engine.State, w, closure int) ([]engine.Move, string) {
	for _, n := range bs.beam {
		bs.spare = append(bs.spare, n.s)
	}
	bs.segs, bs.lines = bs.segs[:0], bs.lines[:0]
	bs.beam = append(bs.beam[:0], beamNode{s: s.CloneInto(bs.spareState()), line: -1})
	for len(bs.beam) > 0 {
		bs.seen.reset(bs.b.maxSeen)
		bs.cands = bs.cands[:0]
		for i := range bs.beam {
			out := bs.stage(int32(i), closure)
			if out == Won {
				return append(bs.lineOf(bs.beam[i].line), bs.won...), Won
			}
			if out == Unknown {
				return nil, Unknown
			}
		}
		bs.advance(w)
	}
	return nil, Lost
}

// stage searches the positions reached from beam[from] without the
// stage's move, recording them as candidates.
func (bs *beamSearch) stage(from int32, closure int) string {
	limit := bs.b.nodes + int64(closure)
	bs.path = bs.path[:0]
	return bs.visit(bs.beam[from].s, from, -1, engine.Move{}, limit)
}

// visit records s, reached by bs.path (from candidate parent by move), and
// searches on from it: Won (the path in bs.won), Unknown (the budget ran
// out) or "" (done).
func (bs *beamSearch) visit(s *engine.State, from, parent int32, move engine.Move, limit int64) string {
	if s.Won() {
		bs.won = slices.Clone(bs.path)
		return Won
	}
	bs.key = bs.ctx.key(s, bs.key[:0])
	if bs.sv.check != nil {
		bs.sv.check(s, bs.key)
	}
	if st, _ := bs.seen.visit(bs.key); st != visitNew {
		return ""
	}
	if !bs.b.step() {
		return Unknown
	}
	if bs.ctx.dead(s) {
		return ""
	}
	bs.sv.progress = max(bs.sv.progress, bs.sv.onFoundations(s))
	me := int32(len(bs.cands))
	score := bs.score.beamScore(s)
	if bs.noise > 0 {
		score += bs.rng.Intn(bs.noise)
	}
	bs.cands = append(bs.cands, beamCand{from: from, parent: parent, move: move, score: int32(score)})
	depth := len(bs.path)
	ms := bs.stageMoves(s, depth)
	for _, m := range ms {
		if bs.b.nodes >= limit {
			bs.cut = true
			return ""
		}
		s.Do(m)
		bs.path = append(bs.path, m)
		out := bs.visit(s, from, me, m, limit)
		bs.path = bs.path[:len(bs.path)-1]
		s.Undo()
		if out != "" {
			return out
		}
	}
	return ""
}

// stageMoves returns the moves of s within the stage (no Action), the
// safe move alone when there is one, in the game's order.
func (bs *beamSearch) stageMoves(s *engine.State, depth int) []engine.Move {
	for len(bs.moves) <= depth {
		bs.moves = append(bs.moves, nil)
	}
	all := bs.sv.listMoves(s)
	if m, ok := bs.ctx.safe(s, all); ok {
		if m.Action != 0 {
			return nil
		}
		return append(bs.moves[depth][:0], m)
	}
	ms := bs.ctx.order(s, all, bs.moves[depth][:0])
	ms = slices.DeleteFunc(ms, func(m engine.Move) bool { return m.Action != 0 })
	bs.moves[depth] = ms
	return ms
}

// advance makes the next beam: the w best candidates (ties in the order
// met), each with the stage's move made, without two of one key. A
// candidate whose stage move is not legal (the pack is out) ends there.
func (bs *beamSearch) advance(w int) {
	bs.order = bs.order[:0]
	for i, c := range bs.cands {
		bs.order = append(bs.order, candOrder(c.score, int32(i)))
	}
	slices.Sort(bs.order)
	bs.seen.reset(bs.b.maxSeen)
	bs.next = bs.next[:0]
	for _, o := range bs.order {
		i := int32(uint32(o))
		if len(bs.next) == w {
			bs.cut = true
			break
		}
		c := bs.cands[i]
		f := bs.beam[c.from]
		path := bs.pathTo(i)
		s := f.s.CloneInto(bs.spareState())
		for _, m := range path {
			s.Do(m)
		}
		deal, ok := bs.stageMove(s)
		if !ok {
			bs.spare = append(bs.spare, s)
			continue
		}
		s.Do(deal)
		bs.key = bs.ctx.key(s, bs.key[:0])
		if st, _ := bs.seen.visit(bs.key); st != visitNew {
			bs.spare = append(bs.spare, s)
			continue
		}
		start := int32(len(bs.lines))
		bs.lines = append(append(bs.lines, path...), deal)
		bs.segs = append(bs.segs, beamSeg{prev: f.line, start: start, end: int32(len(bs.lines))})
		bs.next = append(bs.next, beamNode{s: s, line: int32(len(bs.segs) - 1)})
	}
	for _, n := range bs.beam {
		bs.spare = append(bs.spare, n.s)
	}
	bs.beam, bs.next = bs.next, bs.beam
}

// candOrder packs a candidate's score and index into a number that sorts
// the candidates best first, ties in the order met (index first): the
// score, its sign bit flipped and all its bits inverted, above the index.
// (A plain sort of numbers, not a sort by a comparison function, which
// took a third of advance's time.)
func candOrder(score, i int32) uint64 {
	return uint64(^(uint32(score)^1<<31))<<32 | uint64(uint32(i))
}

// lineOf returns the moves of the line ending with segment i, a new slice.
func (bs *beamSearch) lineOf(i int32) []engine.Move {
	var chain []int32
	for ; i >= 0; i = bs.segs[i].prev {
		chain = append(chain, i)
	}
	var line []engine.Move
	for k := len(chain) - 1; k >= 0; k-- {
		sg := bs.segs[chain[k]]
		line = append(line, bs.lines[sg.start:sg.end]...)
	}
	return line
}

// spareState returns a state to reuse, or nil.
func (bs *beamSearch) spareState() *engine.State {
	if len(bs.spare) == 0 {
		return nil
	}
	s := bs.spare[len(bs.spare)-1]
	bs.spare = bs.spare[:len(bs.spare)-1]
	return s
}

// pathTo returns the moves from its beam position to candidate i.
func (bs *beamSearch) pathTo(i int32) []engine.Move {
	bs.path = bs.path[:0]
	for ; bs.cands[i].parent >= 0; i = bs.cands[i].parent {
		bs.path = append(bs.path, bs.cands[i].move)
	}
	slices.Reverse(bs.path)
	return bs.path
}

// stageMove returns the move with an Action that s allows (the deal).
func (bs *beamSearch) stageMove(s *engine.State) (engine.Move, bool) {
	for _, m := range bs.sv.listMoves(s) {
		if m.Action != 0 {
			return m, true
		}
	}
	return engine.Move{}, false
}
