// Package solve searches the games of the edition for wins and proves
// losses, and runs the win statistics that the edition prints.
//
// What the search knows of one game (gameCtx) lives in that game's file,
// which registers it at init (registerCtx); a game without one is searched
// with the generic knowledge.
//
// The search is a depth-first search on one mutable engine.State with
// make/undo (State.Do, State.Undo) and an explicit stack. Positions already
// visited are kept in a visited set keyed by the full canonical key of the
// position (its piles, with the piles of each group in Variant.Symmetric
// sorted, and its counters): keys are stored in full in an arena, so a hash
// collision can never prune a branch. The set has a cap in positions
// (Options.MaxSeen) and in memory (Options.MaxMem: all the visited sets of
// a search, and its stacks, take their memory from one budget, see
// memPool); when either is reached the search goes on without recording,
// and can then no longer claim that a deal is lost (Result.SeenCapHit,
// Result.MemFull). A search that no longer records can walk the cycles of
// a game ever deeper: the memory of its stack is charged too, and the
// search goes no deeper than it grants (see Solver.deeper). Entries
// and records are compact, and a game's key may pack its cards (le-cadran
// six bits a card): see seenSet.
//
// Before that exhaustive search, a share of the budget goes to probes:
// short depth-first searches, each with its own visited set, whose move
// order is the game's order perturbed at random (seeded by the deal, so an
// answer repeats), restarted with node limits in the Luby sequence. A
// plain depth-first search sinks into the first subtree it enters; the
// restarts try many. A probe can only answer Won, or Lost when it
// exhausted the reachable space within its limit; otherwise the
// exhaustive search has the last word. For a game whose search graph has
// no cycle (salic-law), the positions a probe has searched in full without
// a win are proved lost: they are kept, in the one visited set that then
// serves every probe and the exhaustive search (a new generation of it
// each time), and skipped by all that follow, so restarts throw no proof
// away.
//
// A game cut into stages by an irreversible move (le-cadran's deal) may
// first get a share of the budget for beam searches (see beamSearch): from
// the best-scored positions of each stage (by a score of the game's), the
// positions the stage's other moves reach are searched, and the best of
// them, dealt on, make the next stage's beam; beams of growing width are
// run in turn, and a game's plan may run each width more than once, with
// random noise (seeded by the deal) added to the scores of all beams but
// the first, so that beams of one width keep different positions where the
// score hardly tells them apart. A depth-first search spends nearly all
// its positions under the last deals of one line; a beam spreads them over
// the choices made before each deal. It answers Won or nothing.
//
// Threads. By default the phases run one after the other on one thread.
// With Options.Threads 2 (pasyans solve and stats -threads 2), the
// exhaustive search runs from the start on a second thread, on a copy of
// the position, beside the beams and probes, each with the whole budget;
// the first to decide (a win, or a loss proved with the visited set not
// full) stops the other. On a machine with a core to spare this gives each
// phase the whole time; which answer arrives first may then vary, so the
// tests that pin answers use one thread.
//
// Outcomes: Won (Result.Moves is a winning line that State.Play replays to
// a win), Lost (the whole reachable space was searched: a proof that no win
// exists) and Unknown (the budget of time or positions was spent first, or
// the space was exhausted only after the visited set had filled up).
// Every result also says how near the search came: Result.Progress, the
// most cards it saw on the foundations, of Result.Goal, the cards a win
// puts there; on an undecided deal a low figure says the search never got
// going, which is what a lost deal it could not prove lost looks like.
//
// Game knowledge. Each game may add, in its own file of this package, a
// faster canonical key (which may also merge positions that provably play
// alike from then on, such as salic-law's any-suit foundations, keyed by
// their heights; never two positions that differ in a way the rules read:
// positions that are merely reachable from one another do not qualify,
// since the search turns away the move that leads from one to the other,
// the mistake TestTwelvePassNeeded pins), safe automatic moves, moves a
// shortest win never makes (left out of the order), and proven dead
// positions, each with the argument that makes it correct for that
// variant, and its move ordering; and optionally a faster move generator,
// positions to pass through without recording (transient: a dig chain's
// inner positions) and a dominance (a position dropped when one that can
// do all it can is lost: salic-law's pending lazy move), and a search of
// its own for the positions it takes over (salic-law once the pack is out:
// a compact position, a dig chain as one move, keys of interned packets;
// faster there than the search on engine.State). Games without
// such a file are searched with the generic knowledge (sorted symmetric
// piles, foundation moves first, no pruning). The knowledge holds for the
// registered rules: a copy of a variant with other rules (the checker's
// mutants) gets no move generator, so that its lines stay legal. Tests
// compare results with and without each piece of knowledge over many deals
// and positions.
//
// Hidden cards. For variants whose deals hide cards (Variant.Hidden, e.g.
// sympathy) the solver reads the hidden cards like any others: it solves
// the open-card problem, and Result.OpenCards says so. A Won result there
// means "winnable by a player who could see every card", a Lost result
// "not winnable even so". Sympathy is the exception that makes this moot:
// its outcome is fixed by the deal whatever the order of play (the proof
// is in sympathy.go), so its answers hold for players who cannot see the
// face-down cards too.
//
// Stats solves many deals in parallel and reports the win rate with a 95%
// Wilson interval in which the unknown deals widen both bounds, and the
// median Progress share of the unknown deals (StatsResult.UnknownProgress).
package solve
