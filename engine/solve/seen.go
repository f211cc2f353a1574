package solve

import "hash/maphash"

// seenSet is the visited set of a search: every key is stored in full in an
// arena, and an open-addressing table of (hash, offset, length) entries
// points into it. Two keys are equal only when their bytes are, so a hash
// collision can never prune a branch. The set holds at most max keys; Add
// reports when that cap stops it from recording a key.
//
// The arena is a list of fixed-size chunks, filled in turn and kept across
// resets: a growing single slice would copy every key it holds each time it
// doubles (a fifth of the time of a long salic-law search went there), and
// fresh memory costs page faults. A key never spans two chunks.
//
// Epochs. reset empties the table without clearing it: an entry's hash
// carries in its top byte the epoch (reset's count, 1–255) that wrote
// it, and an entry of another epoch is an empty slot. The table is
// cleared only when the epoch wraps around. (The beams empty the set for
// each stage of a deal, a few thousand positions, while a wide beam's
// stage grows the table to millions of slots: clearing it every time was
// a tenth of le-cadran's benchmark.)
//
// Generations. Each key's record in the arena starts with the generation
// that recorded it: nextGen forgets, at no cost, every key recorded before
// (a probe's restart) except the keys marked lost (markLost), which stay
// in every generation; a forgotten key met again is moved to the new
// generation in place.
type seenSet struct {
	seed   maphash.Seed
	table  []entry // power-of-two size, entries of other epochs = empty
	epoch  uint64  // the current epoch, in the top byte
	chunks [][]byte
	cur    int // the chunk being filled
	n      int
	max    int
	gen    uint32
	// rebuildAt is the number of keys at which nextGen rebuilds the set
	// (see nextGen).
	rebuildAt int
	// tail: the bytes at the end of a key left out of its hash (see
	// hashTail).
	tail int
}

// lostGen is the generation of the keys marked lost.
const lostGen = ^uint32(0)

// genBytes is the length of a record's generation, before its key.
const genBytes = 4

// What visit found.
const (
	visitNew  = iota // recorded now (or moved from a forgotten generation)
	visitSeen        // recorded before in this generation
	visitLost        // marked lost
	visitFull        // new, but not recorded: the set is full
)

// seenChunkBits sets the size of an arena chunk (1 MiB); an entry's offset
// holds the chunk's index above these bits and the place in it below.
const seenChunkBits = 20

// entry points at one key of the arena; h is the hash with the epoch that
// wrote it in its top byte, so that the zero entry, and any entry of an
// earlier epoch, is an empty slot.
type entry struct {
	h   uint64
	off uint32
	n   uint32
}

func newSeenSet(max int) *seenSet {
	t := &seenSet{seed: maphash.MakeSeed(), table: make([]entry, 1<<12)}
	t.reset(max)
	return t
}

// epochMask is the top byte of a hash, which holds the epoch.
const epochMask = uint64(0xFF) << 56

// reset empties the set, keeping its memory: a new epoch, the table
// cleared only when the epochs wrap around.
func (t *seenSet) reset(max int) {
	t.epoch += 1 << 56
	if t.epoch == 0 {
		clear(t.table)
		t.epoch = 1 << 56
	}
	for i := range t.chunks {
		t.chunks[i] = t.chunks[i][:0]
	}
	t.cur = 0
	t.n = 0
	t.max = max
	t.gen = 1
	t.rebuildAt = max / 2
}

// nextGen forgets every key recorded so far but the ones marked lost.
// When the set is half full it is rebuilt then with those keys alone, so
// that forgotten keys do not fill it up over many generations. The next
// rebuild waits until half the room left after this one has been filled
// (at least a sixteenth of the cap): when the lost keys alone fill half
// the set, rebuilding at every generation would copy them all for each
// short probe (a 30 s salic-law search made 5 M positions, not 20 M).
func (t *seenSet) nextGen() {
	t.gen++
	if t.n < t.rebuildAt {
		return
	}
	var lost [][]byte // copies: reset reuses the arena
	for _, e := range t.table {
		if !t.live(e) {
			continue
		}
		if r := t.record(e.off); getGen(r) == lostGen {
			lost = append(lost, append([]byte(nil), r[genBytes:genBytes+e.n]...))
		}
	}
	gen := t.gen
	t.reset(t.max)
	t.gen = gen
	for _, k := range lost {
		if st, off := t.visit(k); st == visitNew {
			t.markLost(off)
		}
	}
	t.rebuildAt = t.n + max((t.max-t.n)/2, t.max/16)
}

// hashTail makes the set hash keys without their last n bytes, so that
// keys differing only there land in one place of the table (a game whose
// dominating positions' keys differ so, see dominator). Keys are still
// compared in full. It is to be called on an empty set: keys recorded
// under another tail would be looked for in the wrong place.
func (t *seenSet) hashTail(n int) { t.tail = n }

// hash returns the hash of key, the epoch in its top byte.
func (t *seenSet) hash(key []byte) uint64 {
	return maphash.Bytes(t.seed, key[:len(key)-min(t.tail, len(key))])&^epochMask | t.epoch
}

// live reports whether e holds a key of the current epoch.
func (t *seenSet) live(e entry) bool { return e.h&epochMask == t.epoch }

// markLost marks the key whose record is at off (from visit) lost.
func (t *seenSet) markLost(off uint32) {
	putGen(t.record(off), lostGen)
}

// Len returns the number of keys held.
func (t *seenSet) Len() int { return t.n }

// Add records key and reports whether it was new. full is true when key
// was new but the set is full (or the key longer than a chunk, or the
// arena at its addressable end), so it could not be recorded.
func (t *seenSet) Add(key []byte) (added, full bool) {
	st, _ := t.visit(key)
	return st == visitNew || st == visitFull, st == visitFull
}

// visit looks key up and records it in the current generation when it is
// not there (visitNew, or visitFull when it cannot be recorded); off is
// where its record lies (not for visitFull).
func (t *seenSet) visit(key []byte) (st int, off uint32) {
	h := t.hash(key)
	i, found := t.find(key, h)
	if found {
		off = t.table[i].off
		if st = genState(t.record(off), t.gen); st == visitNew {
			putGen(t.record(off), t.gen)
		}
		return st, off
	}
	if t.n >= t.max {
		return visitFull, 0
	}
	off, ok := t.store(key)
	if !ok {
		return visitFull, 0
	}
	t.table[i] = entry{h: h, off: off, n: uint32(len(key))}
	t.n++
	// At most half full: most lookups are of new keys, whose linear probe
	// runs to an empty slot (about 2.5 slots at half load, 8.5 at three
	// quarters). On four hard salic-law deals 0.67–0.70 M positions per
	// CPU-second against 0.61–0.62 M; le-cadran unchanged (1.07 M). The
	// largest table is the same: DefaultMaxSeen keys fill 8 M slots.
	if t.n*2 > len(t.table) {
		t.grow()
	}
	return visitNew, off
}

// lookup reports what visit would find for key without recording it:
// visitLost, visitSeen (recorded in the current generation) or visitNew
// (absent, or recorded in a forgotten generation).
func (t *seenSet) lookup(key []byte) int {
	i, found := t.find(key, t.hash(key))
	if !found {
		return visitNew
	}
	return genState(t.record(t.table[i].off), t.gen)
}

// find returns the table slot of key, whose hash is h: its entry's when
// found, else the empty slot where it goes (linear probing).
func (t *seenSet) find(key []byte, h uint64) (i uint64, found bool) {
	mask := uint64(len(t.table) - 1)
	for i = h & mask; t.live(t.table[i]); i = (i + 1) & mask {
		e := &t.table[i]
		if e.h == h && int(e.n) == len(key) && string(t.record(e.off)[genBytes:genBytes+len(key)]) == string(key) {
			return i, true
		}
	}
	return i, false
}

// genState tells a found record's state in generation gen: visitLost,
// visitSeen (recorded in gen) or visitNew (recorded in a forgotten one).
func genState(r []byte, gen uint32) int {
	switch getGen(r) {
	case lostGen:
		return visitLost
	case gen:
		return visitSeen
	}
	return visitNew
}

// record returns the arena from the record at off on.
func (t *seenSet) record(off uint32) []byte {
	c := t.chunks[off>>seenChunkBits]
	return c[off&(1<<seenChunkBits-1):]
}

func getGen(r []byte) uint32 {
	return uint32(r[0]) | uint32(r[1])<<8 | uint32(r[2])<<16 | uint32(r[3])<<24
}

func putGen(r []byte, g uint32) {
	r[0], r[1], r[2], r[3] = byte(g), byte(g>>8), byte(g>>16), byte(g>>24)
}

// store appends a record of key (its generation, the current one, then
// the key) to the arena and returns its offset; ok is false when it does
// not fit (longer than a chunk, or no chunk index left).
func (t *seenSet) store(key []byte) (off uint32, ok bool) {
	const size = 1 << seenChunkBits
	n := genBytes + len(key)
	if n > size {
		return 0, false
	}
	if t.cur < len(t.chunks) && len(t.chunks[t.cur])+n > size {
		t.cur++
	}
	if t.cur == len(t.chunks) {
		if t.cur == 1<<(32-seenChunkBits) {
			return 0, false
		}
		t.chunks = append(t.chunks, make([]byte, 0, size))
	}
	c := t.chunks[t.cur]
	off = uint32(t.cur)<<seenChunkBits | uint32(len(c))
	c = append(c, make([]byte, genBytes)...)
	putGen(c[len(c)-genBytes:], t.gen)
	t.chunks[t.cur] = append(c, key...)
	return off, true
}

// grow doubles the table and reinserts the entries of the epoch.
func (t *seenSet) grow() {
	old := t.table
	t.table = make([]entry, 2*len(old))
	mask := uint64(len(t.table) - 1)
	for _, e := range old {
		if !t.live(e) {
			continue
		}
		i := e.h & mask
		for t.live(t.table[i]) {
			i = (i + 1) & mask
		}
		t.table[i] = e
	}
}
