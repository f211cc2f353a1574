package solve

import (
	"math"
	"sync/atomic"
	"time"

	"pasyans/engine"
)

// Outcomes of a search.
const (
	Won     = "won"     // a winning line was found (Result.Moves)
	Lost    = "lost"    // every reachable position was visited: no win exists
	Unknown = "unknown" // the budget ran out first
)

// DefaultMaxSeen is the visited-set cap used when Options.MaxSeen and
// Options.MaxMem are 0: about 4 million positions, a few hundred
// megabytes.
const DefaultMaxSeen = 1 << 22

// Options bound a search. Zero fields mean no bound (MaxSeen:
// DefaultMaxSeen unless MaxMem is set).
type Options struct {
	Budget   time.Duration // wall-clock budget
	MaxNodes int64         // positions to generate at most
	MaxSeen  int           // positions a visited set may hold
	// MaxMem bounds the memory of the search, in bytes, over all its
	// threads: its visited sets (and the beams' candidates) and its
	// depth-first stacks take at most seenMemShare of it, the rest is left
	// to the rest of the search and to the garbage collector's headroom
	// (the caller sets the process's limit, see
	// runtime/debug.SetMemoryLimit). When a visited set can have no more
	// memory it is full, as at MaxSeen: the search goes on without
	// recording new positions and can no longer answer Lost
	// (Result.SeenCapHit, Result.MemFull); when the stack can have no
	// more, the search leaves the positions below it unexplored, with the
	// same consequence (see deeper). With MaxMem and no MaxSeen the sets
	// have no cap in positions.
	MaxMem int64
	// ProbeShare is the share of the budget spent on probes, short
	// randomized searches for a win, before the exhaustive search (0:
	// DefaultProbeShare; negative: no probes).
	ProbeShare float64
	// NoBeam turns off the beam search of the games that have one (see
	// beamSearch), for tests of the other phases.
	NoBeam bool
	// NoSafe turns off the safe automatic moves (for tests that compare
	// results with and without them).
	NoSafe bool
	// Threads is how many searches run at once on the deal (0 or 1: one,
	// which runs the phases one after the other). With 2 (or more: two
	// are used) and a budget, the exhaustive search runs on its own thread
	// from the start, beside the beams and probes, each with the whole
	// budget (MaxNodes bounds each of them); the first to decide stops the
	// other (see solveBeside). The answer then depends on which finishes
	// first, so a search that must repeat exactly uses one thread.
	Threads int
	// winOnly leaves the exhaustive search out (the beams and probes of
	// solveBeside: the probes get all the time the beams leave).
	winOnly bool
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
	// MemFull is true when a visited set (of the exhaustive search, the
	// probes or the beams) or a search's stack was refused memory by
	// Options.MaxMem; with SeenCapHit, the memory budget is what filled
	// the exhaustive search's set.
	MemFull bool
	// SeenBytes is the most memory the search's visited sets and stacks
	// held at once (of the thread that held most, with two threads the
	// sum of both), as counted against Options.MaxMem.
	SeenBytes int64
	// OpenCards is true when the variant hides cards (Variant.Hidden): the
	// solver then solves the open-card problem, knowing every face-down
	// card, so Won means "winnable by a player who could see them" and
	// Lost means "not winnable even so".
	OpenCards bool
	// Probes is the number of probes made before the exhaustive search
	// (or until the one that decided).
	Probes int
	// Progress is the most cards that lay on the foundations in any
	// position the search reached (Goal when it won), and Goal how many a
	// win puts there (0 for a game not won on its foundations: Sympathy).
	// On an undecided deal they tell how near the search came.
	Progress, Goal int
}

// frame is one level of the search stack: the moves of a position are
// buf[start:end], and next is the one to try next; keep is set when the
// position, once its moves are all tried, is marked lost in the visited
// set (see acyclicer).
type frame struct {
	start, end, next int32
	keep             bool
	off              uint32 // the position's record in the visited set
}

// Solver searches positions of one variant, reusing its memory from one
// search to the next. A Solver is not safe for concurrent use.
type Solver struct {
	v        *engine.Variant
	ctx      gameCtx
	seen     *seenSet
	key      []byte
	tkey     []byte // the key of a dominating position (dominator)
	buf      []engine.Move
	frames   []frame
	tmp      []engine.Move
	gen      moveGen      // the game's own move generator, or nil
	end      endgamer     // the game's own endgame search, or nil (see Solve)
	pseen    *seenSet     // the probes' visited set
	bseen    *seenSet     // the beams' visited set (see newBeamSearch)
	pool     *memPool     // the memory of the visited sets (Options.MaxMem)
	keepLost bool         // the visited set keeps lost positions (acyclicer)
	rng      *engine.Rand // perturbs the move order in probes
	line     []engine.Move
	mbuf     []engine.Move
	// peer runs the exhaustive search beside this one (Options.Threads),
	// stop tells a search to give up: the other one has decided.
	peer  *Solver
	stop  *atomic.Bool
	shift int // perturb's k in probes (probeShifter; 1 by default)
	// noLost turns the keeping of lost positions off (for tests that
	// compare answers).
	noLost bool
	// check, when set (by tests), sees every position and its key.
	check func(s *engine.State, key []byte)
	// found are the foundation piles, goal the cards a win puts there
	// (nil and 0 for a game not won on them); progress is the most cards
	// seen there in this search (Result.Progress), counted in each new
	// position (automatic moves, such as le-cadran's aces, may put cards
	// there after any move).
	found    []int
	goal     int
	progress int
	// stackLevels is how deep the search's stack may go on the memory
	// taken for it from pool so far (see deeper).
	stackLevels int
}

// New returns a Solver for variant v.
func New(v *engine.Variant) *Solver {
	sv := &Solver{v: v, ctx: newCtx(v), pool: &memPool{}}
	sv.seen = newSeenSet(DefaultMaxSeen).withPool(sv.pool, 0)
	// The game's own move generator lists the moves of the registered
	// rules; a copy of the variant with other rules (a test's mutant)
	// is searched with the moves its engine lists, so that every line
	// found is legal under its rules.
	if reg, err := engine.Lookup(v.ID); err == nil && reg == v {
		sv.gen, _ = sv.ctx.(moveGen)
	}
	if g := foundationGoal(v.Spec); g > 0 {
		sv.goal = g
		sv.found = v.PilesOf(engine.Foundation)
	}
	return sv
}

// foundationGoal returns how many cards a win puts on the foundations
// (0 when the game is not won on them).
func foundationGoal(sp engine.Spec) int {
	if sp.Win != "foundations" {
		return 0
	}
	n := 0
	for _, f := range sp.Foundations {
		base, err1 := engine.ParseRank(f.Base)
		top, err2 := engine.ParseRank(f.Top)
		if err1 != nil || err2 != nil {
			return 0
		}
		n += f.Count * (int(max(base, top)-min(base, top)) + 1)
	}
	return n
}

// onFoundations counts the cards on the foundations of s.
func (sv *Solver) onFoundations(s *engine.State) int {
	n := 0
	for _, p := range sv.found {
		n += len(s.Piles[p].Cards)
	}
	return n
}

// Solve searches s (which it leaves as it found it) for a win.
func Solve(s *engine.State, o Options) Result {
	return New(s.V).Solve(s, o)
}

// Solve searches s for a win, leaving s as it found it.
//
// With a budget (Budget or MaxNodes) the search has two phases, three for
// a game with a beam search (beamer), which runs first on the share of the
// budget its plan gives and looks for a win only (see beamSearch). The
// next (ProbeShare of the budget left, 30% by default) looks for a win
// only: short depth-first probes, with node limits in the Luby sequence
// (restarts) and each its own visited set, whose move order is the game's order
// perturbed at random (seeded by the deal, so results repeat). A probe that
// finds a win ends the search; a probe that exhausts the reachable space
// within its limit, with its visited set never full, has proved the deal
// lost. Then the exhaustive phase: one depth-first search with make/undo on
// s, a visited set of canonical keys, the variant's safe automatic moves
// and its move order, for the rest of the budget. Only an exhaustive search
// (a probe that ran out of moves, or the second phase) answers Lost. For a
// game whose search graph has no cycle (acyclicer), the probes and the
// second phase share one visited set, each in a generation of its own, in
// which the positions proved lost stay (see acyclicer).
func (sv *Solver) Solve(s *engine.State, o Options) Result {
	if o.Threads >= 2 && (o.Budget > 0 || o.MaxNodes > 0) {
		return sv.solveBeside(s, o)
	}
	sv.setMem(o.MaxMem)
	res := sv.solveOne(s, o)
	if sv.pool != nil {
		res.MemFull, res.SeenBytes = sv.pool.refused, sv.pool.peak
	}
	sv.releaseStack()
	return res
}

// solveOne is Solve on one thread.
func (sv *Solver) solveOne(s *engine.State, o Options) Result {
	start := time.Now()
	maxSeen := o.MaxSeen
	if maxSeen <= 0 {
		maxSeen = DefaultMaxSeen
		if o.MaxMem > 0 {
			maxSeen = math.MaxInt
		}
	}
	res := Result{OpenCards: s.V.Hidden, Goal: sv.goal}
	sv.progress = sv.onFoundations(s)
	ctx := sv.ctx
	ctx.start(s)
	// The game's endgame search knows the registered rules only, as its
	// move generator does (see New).
	sv.end = nil
	if sv.gen != nil {
		sv.end, _ = ctx.(endgamer)
	}
	if s.Won() {
		res.Outcome = Won
		res.Progress = sv.progressOf(Won)
		res.Elapsed = time.Since(start)
		return res
	}
	var deadline instant
	if o.Budget > 0 {
		deadline = at(start) + instant(o.Budget)
	}
	// A dominator's twin keys differ in their last byte (see dominator):
	// hashed without it, a twin's lookup reads what the visit just read.
	tail := 0
	if _, ok := ctx.(dominator); ok {
		tail = 1
	}
	sv.seen.hashTail(tail)
	// For a game whose search graph has no cycle, one visited set serves
	// the probes and the exhaustive search: each starts a new generation
	// of it, which forgets the positions visited before except those
	// proved lost (see acyclicer).
	sv.keepLost = false
	if a, ok := ctx.(acyclicer); ok && !sv.noLost && a.acyclic(s) {
		sv.keepLost = true
	}
	sv.seen.setGens(sv.keepLost) // generations only for keepLost
	sv.seen.reset(maxSeen)
	share, unit := DefaultProbeShare, int64(probeUnit)
	if p, ok := ctx.(prober); ok {
		share, unit = p.probePlan()
	}
	sv.shift = 1
	if p, ok := ctx.(probeShifter); ok {
		sv.shift = p.probeShift()
	}
	var lubyCap int64
	if p, ok := ctx.(probeCapper); ok {
		lubyCap = p.probeCap()
	}
	if o.ProbeShare != 0 {
		share = o.ProbeShare
	}
	if o.winOnly {
		share = 1
	}
	if bm, ok := ctx.(beamer); ok && !o.NoBeam && (o.Budget > 0 || o.MaxNodes > 0) {
		b := shareOf(at(start), deadline, o.MaxNodes, 0, bm.beamPlan().share)
		b.maxSeen = maxSeen
		b.stop = sv.stop
		line, won := sv.beams(s, bm, &b)
		res.Nodes += b.nodes
		sv.releaseSet(sv.bseen)
		if won {
			res.Outcome, res.Moves = Won, line
			res.Progress = sv.progressOf(Won)
			res.Elapsed = time.Since(start)
			return res
		}
	}
	if share > 0 && (share < 1 || o.winOnly) && (o.Budget > 0 || o.MaxNodes > 0) {
		pb := shareOf(now(), deadline, o.MaxNodes, res.Nodes, share)
		pdeadline := pb.deadline
		pnodes := int64(0)
		if pb.limit > 0 {
			pnodes = res.Nodes + pb.limit
		}
		pseen := sv.seen // a new generation for each probe (keepLost)
		if !sv.keepLost {
			if sv.pseen == nil {
				sv.pseen = newSeenSet(maxSeen).withPool(sv.pool, 0)
				sv.pseen.setGens(false) // emptied for each probe
			}
			sv.pseen.hashTail(tail) // before its reset for each probe
			pseen = sv.pseen        // emptied for each probe
		}
		rng := dealRand(s, 1)
		sv.rng = rng
		for i := 1; ; i++ {
			limit := unit * luby(i)
			if lubyCap > 0 {
				limit = unit * min(luby(i), lubyCap)
			}
			if pnodes > 0 {
				if res.Nodes >= pnodes {
					break
				}
				limit = min(limit, pnodes-res.Nodes)
			}
			if (pdeadline != 0 && now() >= pdeadline) || sv.stopped() {
				break
			}
			if sv.keepLost {
				pseen.nextGen()
			} else {
				pseen.reset(maxSeen)
			}
			out, n, capHit := sv.search(s, o, pseen, budget{limit: limit, deadline: pdeadline, maxSeen: maxSeen, pool: sv.pool}, rng)
			res.Nodes += n
			if out == Won || (out == Lost && !capHit) {
				res.Outcome = out
				res.Moves = sv.line
				res.Probes++
				res.Progress = sv.progressOf(out)
				res.Elapsed = time.Since(start)
				sv.releaseSet(sv.pseen)
				return res
			}
			res.Probes++
		}
		sv.releaseSet(sv.pseen)
	}
	if o.winOnly {
		res.Outcome = Unknown
		res.Progress = sv.progressOf(Unknown)
		res.Elapsed = time.Since(start)
		return res
	}
	if sv.keepLost {
		sv.seen.nextGen()
	} else {
		sv.seen.reset(maxSeen)
	}
	limit := int64(0)
	if o.MaxNodes > 0 {
		limit = max(o.MaxNodes-res.Nodes, 1)
	}
	out, n, capHit := sv.search(s, o, sv.seen, budget{limit: limit, deadline: deadline, maxSeen: maxSeen, pool: sv.pool}, nil)
	res.Nodes += n
	res.SeenCapHit = capHit
	if out == Lost && capHit {
		out = Unknown
	}
	res.Outcome = out
	res.Moves = sv.line
	res.Progress = sv.progressOf(out)
	res.Elapsed = time.Since(start)
	return res
}

// solveBeside is Solve on two threads (Options.Threads): this solver runs
// the beams and the probes, a second one (sv.peer) the exhaustive search
// on a copy of s, both from the start and each with the whole budget. The
// first to decide (a win, or a loss proved without a full visited set)
// stops the other. The result adds up both searches' positions and gives
// the exhaustive search's visited-set cap and the probes' count.
func (sv *Solver) solveBeside(s *engine.State, o Options) Result {
	start := time.Now()
	if sv.peer == nil {
		sv.peer = New(sv.v)
	}
	var stop atomic.Bool
	sv.stop, sv.peer.stop = &stop, &stop
	defer func() { sv.stop, sv.peer.stop = nil, nil }()
	po := o
	po.Threads, po.NoBeam, po.ProbeShare = 1, true, -1
	// The exhaustive search, which keeps every position, gets two thirds
	// of the memory; the beams and probes, which start afresh often, the
	// rest.
	po.MaxMem = o.MaxMem / 3 * 2
	var pr Result
	done := make(chan struct{})
	go func(c *engine.State) {
		defer close(done)
		pr = sv.peer.Solve(c, po)
		if decided(pr) {
			stop.Store(true)
		}
	}(s.Clone())
	mo := o
	mo.Threads, mo.winOnly = 1, true
	mo.MaxMem = o.MaxMem - po.MaxMem
	mr := sv.Solve(s, mo)
	if decided(mr) {
		stop.Store(true)
	}
	<-done
	res := mr
	if !decided(mr) && decided(pr) {
		res.Outcome, res.Moves = pr.Outcome, pr.Moves
	}
	res.Nodes = mr.Nodes + pr.Nodes
	res.SeenCapHit = pr.SeenCapHit
	res.MemFull = mr.MemFull || pr.MemFull
	res.SeenBytes = mr.SeenBytes + pr.SeenBytes
	res.Progress = max(mr.Progress, pr.Progress)
	if res.Outcome == Won {
		res.Progress = res.Goal
	}
	res.Elapsed = time.Since(start)
	return res
}

// seenMemShare is the share of Options.MaxMem that the visited sets may
// hold. The rest covers the search's other memory (the beams' states, the
// stacks), the garbage of a table that grew (the old one, half the new
// one's size) and of the sets released after their phase, until the
// collector frees it, and the runtime's own.
const seenMemShare = 0.65

// setMem bounds the memory of the solver's visited sets for a search of
// memory budget mem (0: none). Sets hold their memory from one search to
// the next (a Stats worker's deals): a smaller bound may leave the pool
// over it until they are released.
func (sv *Solver) setMem(mem int64) {
	if sv.pool == nil {
		return
	}
	sv.pool.limit = int64(float64(mem) * seenMemShare)
	sv.pool.refused = false
	sv.pool.peak = sv.pool.used
}

// releaseSet gives the memory of a visited set whose phase is over back
// when the search's memory is bounded (with no bound the set keeps it for
// the next search, which saves page faults).
func (sv *Solver) releaseSet(t *seenSet) {
	if t != nil && sv.pool != nil && sv.pool.limit > 0 {
		t.release()
	}
}

// stopped reports that a search beside this one has decided (see
// solveBeside).
func (sv *Solver) stopped() bool { return sv.stop != nil && sv.stop.Load() }

// decided reports an answer that settles the deal.
func decided(r Result) bool { return r.Outcome == Won || r.Outcome == Lost }

// dealRand returns the random generator of a search phase from s: seeded
// by the deal and the phase's salt, so that a search repeats.
func dealRand(s *engine.State, salt uint64) *engine.Rand {
	return engine.NewRand(s.Seed*0x9E3779B97F4A7C15 + salt)
}

// progressOf returns Result.Progress for a search that ended in out.
func (sv *Solver) progressOf(out string) int {
	if out == Won {
		return sv.goal
	}
	return sv.progress
}

// DefaultProbeShare is the share of the budget given to the probes when
// Options.ProbeShare is 0 and the game has no plan of its own (prober).
const DefaultProbeShare = 0.3

// probeUnit is the node limit of the shortest probes: probe i may
// generate probeUnit×luby(i) positions.
const probeUnit = 1000

// luby returns the i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1
// 1 2 1 1 2 4 8 …, the restart schedule that is within a logarithmic
// factor of the best fixed one for every distribution of search lengths
// (Luby, Sinclair and Zuckerman, 1993).
func luby(i int) int64 {
	for k := 1; ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return luby(i - (1<<(k-1) - 1))
		}
	}
}

// shareOf returns the budget of a phase that gets share of what is left
// at now of a search's budget: its deadline, and maxNodes of which used
// are spent (0: no limit).
func shareOf(now, deadline instant, maxNodes, used int64, share float64) budget {
	var b budget
	if deadline != 0 {
		b.deadline = now + instant(float64(deadline-now)*share)
	}
	if maxNodes > 0 {
		b.limit = max(int64(float64(maxNodes-used)*share), 1)
	}
	return b
}

// instant is a moment of the search's clock: nanoseconds since clockStart,
// and never 0, which a budget's deadline takes for none. (A budget is not
// given a time.Time: it reaches an interface's method (endgamer), and a
// time.Time there kept the time package's formatting in the WebAssembly
// build, 30 KB of the Play page's engine.)
type instant int64

// clockStart is the origin of instants, set once when the package loads.
var clockStart = time.Now()

// at returns the instant of t (from the monotonic clock).
func at(t time.Time) instant { return instant(t.Sub(clockStart)) | 1 }

// now returns the present instant.
func now() instant { return at(time.Now()) }

// budget is what a search may spend: positions (limit, 0: no limit) and
// time (deadline, zero: none); nodes counts the positions generated so
// far. maxSeen is the cap of the visited sets; stop, when set, ends the
// search early (another search beside it has decided; see solveBeside).
type budget struct {
	nodes, limit int64
	deadline     instant
	maxSeen      int
	stop         *atomic.Bool
	pool         *memPool // the memory of the visited sets (Options.MaxMem)
}

// step counts one more position and reports whether the budget allows it
// (the clock is read every 1024 positions).
func (b *budget) step() bool {
	b.nodes++
	if b.nodes&1023 == 0 || b.nodes == b.limit {
		if (b.limit > 0 && b.nodes >= b.limit) || (b.deadline != 0 && now() > b.deadline) ||
			(b.stop != nil && b.stop.Load()) {
			return false
		}
	}
	return true
}

// endgamer is an optional method of a gameCtx: a search of its own for
// the positions it takes over (ok), much faster there than this general
// one (salic-law once the pack is out, see saliclaw_end.go). The general
// search hands it each such position it reaches (new, not transient, not
// dead) instead of pushing a frame for it. It answers Won (the line from
// s in q.line), Lost (proved) or Unknown (q's budget ran out, or q.rng's
// probe ended), counts its positions in q.nodes, the most cards it saw on
// the foundations in q.progress, a full visited set in q.capHit, and leaves
// s as it found it. It sees the probes' rng, which may perturb its order.
type endgamer interface {
	endgame(s *engine.State, q *subSearch) (outcome string, ok bool)
}

// subSearch is the general search's state handed to an endgamer.
type subSearch struct {
	budget
	rng      *engine.Rand // a probe's, or nil
	shift    int          // perturb's k
	line     []engine.Move
	progress int
	capHit   bool
}

// search is one depth-first search from s with the visited set seen and
// budget b. With rng the move order is perturbed (a probe). It returns Won
// (the line in sv.line), Lost (the space was exhausted) or Unknown, the
// positions generated and whether seen filled up.
func (sv *Solver) search(s *engine.State, o Options, seen *seenSet, b budget, rng *engine.Rand) (outcome string, nodes int64, capHit bool) {
	ctx := sv.ctx
	tr, _ := ctx.(transienter)
	dm, _ := ctx.(dominator)
	q := &subSearch{budget: b, rng: rng, shift: sv.shift}
	q.stop = sv.stop
	sv.line = nil
	sv.key = ctx.key(s, sv.key[:0])
	seen.Add(sv.key)
	sv.frames = sv.frames[:0]
	sv.buf = sv.buf[:0]
	sv.rng = rng
	outcome = Lost
	if !ctx.dead(s) {
		if out, ok := sv.endgame(s, q); ok {
			if out == Won {
				sv.line = q.line
			}
			return out, q.nodes, q.capHit
		}
		sv.push(s, ctx, o, false, 0)
	}
	// The frames below unkept lie above a position that was left
	// unexplored (see deeper): they are not proved lost when done.
	unkept := 0
	for len(sv.frames) > 0 {
		f := &sv.frames[len(sv.frames)-1]
		if f.next == f.end {
			if top := len(sv.frames) - 1; top < unkept {
				unkept = top
			} else if f.keep {
				seen.markLost(f.off)
			}
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
		if !q.step() {
			s.Undo()
			outcome = Unknown
			break
		}
		if s.Won() {
			sv.line = sv.stackLine(nil)
			outcome = Won
			s.Undo()
			break
		}
		if !sv.deeper(b.pool) {
			// No memory to search below s: unexplored, so nothing
			// above it can be proved lost.
			q.capHit = true
			unkept = len(sv.frames)
			s.Undo()
			continue
		}
		if tr != nil && tr.transient(s) {
			if sv.check != nil {
				sv.check(s, ctx.key(s, sv.key[:0]))
			}
			if ctx.dead(s) {
				s.Undo()
				continue
			}
			sv.push(s, ctx, o, false, 0)
			continue
		}
		sv.key = ctx.key(s, sv.key[:0])
		if sv.check != nil {
			sv.check(s, sv.key)
		}
		st, off := seen.visit(sv.key)
		if st == visitFull {
			q.capHit = true
		}
		if st == visitSeen || st == visitLost {
			s.Undo()
			continue
		}
		keep := sv.keepLost && st == visitNew
		if dm != nil && sv.dominated(s, dm, seen) {
			if keep {
				seen.markLost(off)
			}
			s.Undo()
			continue
		}
		sv.progress = max(sv.progress, sv.onFoundations(s))
		if ctx.dead(s) {
			if keep {
				seen.markLost(off)
			}
			s.Undo()
			continue
		}
		if out, ok := sv.endgame(s, q); ok {
			s.Undo()
			if out == Lost {
				if keep {
					seen.markLost(off)
				}
				continue
			}
			if out == Won {
				sv.line = sv.stackLine(q.line)
			}
			outcome = out
			break
		}
		sv.push(s, ctx, o, keep, off)
	}
	// Unwind: the position is restored to what the caller gave.
	for i := len(sv.frames) - 1; i > 0; i-- {
		s.Undo()
	}
	sv.frames = sv.frames[:0]
	return outcome, q.nodes, q.capHit
}

// The memory of the search's stack, which grows with its depth: the
// frames, their moves, and the position's undo log, history and marks
// (State.Do). A search whose visited set is full records no more
// positions and walks a game's cycles ever deeper: le-cadran's deal 1,
// at -threads 2 -mem 1GiB, had its stack at 630 MB after a minute (by the
// heap profile, about ten million levels), more than its visited sets
// (450 MB), and the process grew to 2.0 GB resident in 110 s when the
// stack was not counted.
const (
	// stackBytesPerLevel is charged for each level of the stack: the
	// bytes a level holds (TestStackBytesPerLevel) with room for the
	// slices' growth by doubling.
	stackBytesPerLevel = 128
	// stackFree is the depth the search may reach without charge (the
	// stack's first 128 KB, left to Options.MaxMem's margin).
	stackFree = 1 << 10
	// stackBlock is the levels taken from the pool at a time.
	stackBlock = 1 << 12
)

// deeper reports whether the search's stack may grow by one more frame:
// when it is as deep as the memory taken for it allows, it takes more
// from pool (in blocks of stackBlock levels), and reports false when the
// pool refuses. The memory stays charged, as the stack's slices stay
// grown, until the end of Solve (releaseStack).
func (sv *Solver) deeper(pool *memPool) bool {
	if len(sv.frames) < max(sv.stackLevels, stackFree) {
		return true
	}
	if !pool.take(stackBlock * stackBytesPerLevel) {
		return false
	}
	sv.stackLevels = max(sv.stackLevels, stackFree) + stackBlock
	return true
}

// releaseStack gives the memory of a stack that went deeper than
// stackFree back to the pool, dropping its slices, when the search is
// over (the position's undo log, the caller's, is the caller's to drop).
func (sv *Solver) releaseStack() {
	if sv.stackLevels <= stackFree {
		return
	}
	sv.pool.give(int64(sv.stackLevels-stackFree) * stackBytesPerLevel)
	sv.stackLevels = 0
	sv.frames, sv.buf = nil, nil
}

// endgame hands s to the game's endgame search when it takes s over.
func (sv *Solver) endgame(s *engine.State, q *subSearch) (string, bool) {
	if sv.end == nil {
		return "", false
	}
	q.progress = sv.progress
	out, ok := sv.end.endgame(s, q)
	sv.progress = max(sv.progress, q.progress)
	return out, ok
}

// stackLine returns the moves of the search stack, the line from the
// position the search started from to the present one, followed by tail.
func (sv *Solver) stackLine(tail []engine.Move) []engine.Move {
	line := make([]engine.Move, 0, len(sv.frames)+len(tail))
	for _, fr := range sv.frames {
		line = append(line, sv.buf[fr.next-1])
	}
	return append(line, tail...)
}

// dominated reports whether the position that dominates s (see
// dominator), if any, is lost or was visited in this generation.
func (sv *Solver) dominated(s *engine.State, dm dominator, seen *seenSet) bool {
	tk, ok := dm.dominatedBy(s, sv.key, sv.tkey[:0])
	sv.tkey = tk
	if !ok {
		return false
	}
	st := seen.lookup(tk)
	return st == visitSeen || st == visitLost
}

// push generates the moves of s, ordered, and pushes a frame for them,
// marked keep when s, whose record in the visited set is at off, is to be
// marked lost once they are all tried. A
// safe automatic move, when the variant has one, is the frame's only move.
// A position without moves still gets a frame, popped (and undone) next.
func (sv *Solver) push(s *engine.State, ctx gameCtx, o Options, keep bool, off uint32) {
	moves := sv.listMoves(s)
	start := int32(len(sv.buf))
	if !o.NoSafe {
		if m, ok := ctx.safe(s, moves); ok {
			sv.buf = append(sv.buf, m)
			sv.frames = append(sv.frames, frame{start: start, end: start + 1, next: start, keep: keep, off: off})
			return
		}
	}
	sv.buf = ctx.order(s, moves, sv.buf)
	if sv.rng != nil {
		perturb(sv.buf[start:], sv.rng, sv.shift)
	}
	sv.frames = append(sv.frames, frame{start: start, end: int32(len(sv.buf)), next: start, keep: keep, off: off})
}

// listMoves returns the moves of s: the game's own generator's (in
// sv.mbuf, valid until the next call), or the engine's.
func (sv *Solver) listMoves(s *engine.State) []engine.Move {
	if sv.gen != nil {
		sv.mbuf = sv.gen.moves(s, sv.mbuf[:0])
		return sv.mbuf
	}
	return s.Moves()
}

// perturb reorders ms at random but close to their order: each place in
// turn takes the next remaining move with probability 1-q, the one after
// with q(1-q), and so on, where q = 2^-k passes over a move (k = 1: 1/2,
// 1/4, …).
func perturb[M any](ms []M, rng *engine.Rand, k int) {
	bits, nb := uint64(0), 0
	mask := uint64(1)<<uint(k) - 1
	for i := 0; i < len(ms)-1; i++ {
		j := i
		for j < len(ms)-1 {
			if nb < k {
				bits, nb = rng.Uint64(), 64
			}
			b := bits & mask
			bits >>= uint(k)
			nb -= k
			if b != mask {
				break
			}
			j++
		}
		bringForward(ms, i, j)
	}
}

// bringForward moves ms[j] to place i (i <= j), shifting the moves between
// one place on.
func bringForward[M any](ms []M, i, j int) {
	if j != i {
		m := ms[j]
		copy(ms[i+1:j+1], ms[i:j])
		ms[i] = m
	}
}
