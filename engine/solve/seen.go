package solve

import (
	"encoding/binary"
	"hash/maphash"
)

// seenSet is the visited set of a search: every key is stored in full in an
// arena, and an open-addressing table of 8-byte entries points into it.
// Two keys are equal only when their bytes are, so a hash collision can
// never prune a branch. The set holds at most max keys, and no more memory
// than its pool (see memPool) grants; Add reports when either stops it from
// recording a key.
//
// The arena is a list of fixed-size chunks, filled in turn and kept across
// resets: a growing single slice would copy every key it holds each time it
// doubles (a fifth of the time of a long salic-law search went there), and
// fresh memory costs page faults. A key never spans two chunks. A key's
// record in the arena is its generation (4 bytes, only in a set that keeps
// generations, see setGens), its length (a uvarint: one byte for a key
// shorter than 128 bytes) and its bytes.
//
// Compact entries. An entry is one uint64: the epoch that wrote it (top
// byte), 24 bits of the key's hash (a tag: keys of other tags are not
// compared) and the record's offset in the arena (low 32 bits). The key's
// length is in its record, and growing the table hashes the keys again
// from the arena. An entry of 16 bytes (the whole hash, the offset and the
// length) and a record with a 4-byte generation always, as before, cost
// 36.2 bytes per le-cadran position beyond its key, against 17.2 now
// (TestSeenSetBytesPerKey: with the key packed, 107.0 bytes a position
// before, 73.3 now).
//
// Epochs. reset empties the table without clearing it: an entry carries
// in its top byte the epoch (reset's count, 1–255) that wrote it, and an
// entry of another epoch is an empty slot. The table is cleared only when
// the epoch wraps around. (The beams empty the set for each stage of a
// deal, a few thousand positions, while a wide beam's stage grows the
// table to millions of slots: clearing it every time was a tenth of
// le-cadran's benchmark.)
//
// Generations. In a set that keeps them, each key's record starts with the
// generation that recorded it: nextGen forgets, at no cost, every key
// recorded before (a probe's restart) except the keys marked lost
// (markLost), which stay in every generation; a forgotten key met again is
// moved to the new generation in place.
type seenSet struct {
	seed   maphash.Seed
	table  []entry // power-of-two size, entries of other epochs = empty
	epoch  uint64  // the current epoch, in the top byte
	chunks [][]byte
	cur    int // the chunk being filled
	n      int
	max    int
	// room is the most keys the table takes at its size when the pool
	// refuses it the memory to grow (three quarters of its slots; see
	// visit), or 0 while it may grow.
	room int
	gen  uint32
	// gens: records carry a generation (see setGens).
	gens bool
	// starved is set when the pool refused the set memory (cleared by
	// reset).
	starved bool
	// rebuildAt is the number of keys at which nextGen rebuilds the set
	// (see nextGen).
	rebuildAt int
	// tail: the bytes at the end of a key left out of its hash (see
	// hashTail).
	tail int
	// pool grants the memory of the table and the arena (nil: no bound);
	// held is what the set holds of it; perKey is memory charged for each
	// key besides its own (a user's data per key, see withPool).
	pool   *memPool
	held   int64
	perKey int64
	// extra is what perKey charged for the keys held (given back by
	// reset).
	extra int64
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

// entry points at one key of the arena: the epoch that wrote it in its top
// byte (so that the zero entry, and any entry of an earlier epoch, is an
// empty slot), then 24 bits of the key's hash (entryTag), then the
// record's offset.
type entry uint64

// The parts of an entry.
const (
	epochMask = uint64(0xFF) << 56
	tagMask   = uint64(0xFFFFFF) << 32
	offMask   = uint64(0xFFFFFFFF)
)

// initialSlots is the size of a new set's table.
const initialSlots = 1 << 12

// newSeenSet returns an empty set of at most max keys that keeps
// generations (see setGens), with no memory bound (see withPool).
func newSeenSet(max int) *seenSet {
	t := &seenSet{seed: maphash.MakeSeed(), table: make([]entry, initialSlots), gens: true}
	t.reset(max)
	return t
}

// withPool makes the set take its memory from pool, charging perKey
// bytes more for each key it records; it is to be called on a new set.
func (t *seenSet) withPool(pool *memPool, perKey int64) *seenSet {
	t.pool, t.perKey = pool, perKey
	t.held = int64(len(t.table)) * 8
	pool.take(t.held)
	return t
}

// setGens empties the set and makes its records carry a generation (on),
// for nextGen and markLost, or not (4 bytes less per key).
func (t *seenSet) setGens(on bool) {
	t.gens = on
	t.reset(t.max)
}

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
	t.room = 0
	t.starved = false
	t.max = max
	t.gen = 1
	t.rebuildAt = max / 2
	if t.pool != nil {
		t.pool.give(t.extra)
		t.extra = 0
	}
}

// release empties the set and gives its memory back to the pool (and to
// the garbage collector), keeping a small table: for a set whose phase of
// the search is over, so that the next phase has the memory.
func (t *seenSet) release() {
	t.chunks, t.cur = nil, 0
	t.table = make([]entry, initialSlots)
	t.epoch = 0
	t.reset(t.max)
	if t.pool != nil {
		t.pool.give(t.held - int64(len(t.table))*8)
		t.held = int64(len(t.table)) * 8
	}
}

// Bytes returns the memory the set holds: its table and its arena's
// chunks.
func (t *seenSet) Bytes() int64 {
	return int64(len(t.table))*8 + int64(len(t.chunks))<<seenChunkBits
}

// nextGen forgets every key recorded so far but the ones marked lost.
// When the set is half full it is rebuilt then with those keys alone, so
// that forgotten keys do not fill it up over many generations. The next
// rebuild waits until half the room left after this one has been filled
// (at least a sixteenth of the cap): when the lost keys alone fill half
// the set, rebuilding at every generation would copy them all for each
// short probe (a 30 s salic-law search made 5 M positions, not 20 M).
// A set that the pool refused memory is rebuilt too.
func (t *seenSet) nextGen() {
	t.gen++
	if t.n < t.rebuildAt && !t.starved {
		return
	}
	var lost [][]byte // copies: reset reuses the arena
	for _, e := range t.table {
		if !t.live(e) {
			continue
		}
		if r := t.record(e); getGen(r) == lostGen {
			lost = append(lost, append([]byte(nil), t.keyOf(r)...))
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

// hash returns the hash of key (the table's index in its low bits, the
// entry's tag in bits 32–55).
func (t *seenSet) hash(key []byte) uint64 {
	return maphash.Bytes(t.seed, key[:len(key)-min(t.tail, len(key))])
}

// live reports whether e holds a key of the current epoch.
func (t *seenSet) live(e entry) bool { return uint64(e)&epochMask == t.epoch }

// markLost marks the key whose record is at off (from visit) lost. The
// set must keep generations (setGens).
func (t *seenSet) markLost(off uint32) {
	if !t.gens {
		panic("solve: markLost on a visited set without generations")
	}
	putGen(t.at(off), lostGen)
}

// Len returns the number of keys held.
func (t *seenSet) Len() int { return t.n }

// Add records key and reports whether it was new. full is true when key
// was new but the set is full (its cap, its memory, or the key longer than
// a chunk, or the arena at its addressable end), so it could not be
// recorded.
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
		off = uint32(t.table[i])
		if !t.gens {
			return visitSeen, off
		}
		if st = genState(t.at(off), t.gen); st == visitNew {
			putGen(t.at(off), t.gen)
		}
		return st, off
	}
	if t.n >= t.max || (t.room > 0 && t.n >= t.room) {
		return visitFull, 0
	}
	if t.pool != nil && t.perKey > 0 {
		if !t.pool.take(t.perKey) {
			t.starved = true
			return visitFull, 0
		}
		t.extra += t.perKey
	}
	off, ok := t.store(key)
	if !ok {
		return visitFull, 0
	}
	t.table[i] = entry(t.epoch | h&tagMask | uint64(off))
	t.n++
	// At most half full: most lookups are of new keys, whose linear probe
	// runs to an empty slot (about 2.5 slots at half load, 8.5 at three
	// quarters). On four hard salic-law deals 0.67–0.70 M positions per
	// CPU-second against 0.61–0.62 M; le-cadran unchanged (1.07 M). When
	// the pool refuses the memory to double, the table fills up to three
	// quarters (room) and the set is then full.
	if t.n*2 > len(t.table) && t.room == 0 {
		if !t.grow() {
			t.room = len(t.table) * 3 / 4
			t.starved = true
		}
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
	if !t.gens {
		return visitSeen
	}
	return genState(t.at(uint32(t.table[i])), t.gen)
}

// find returns the table slot of key, whose hash is h: its entry's when
// found, else the empty slot where it goes (linear probing).
func (t *seenSet) find(key []byte, h uint64) (i uint64, found bool) {
	mask := uint64(len(t.table) - 1)
	want := t.epoch | h&tagMask
	for i = h & mask; t.live(t.table[i]); i = (i + 1) & mask {
		e := t.table[i]
		if uint64(e)&^offMask == want && string(t.keyOf(t.record(e))) == string(key) {
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

// record returns the arena from e's record on.
func (t *seenSet) record(e entry) []byte { return t.at(uint32(e)) }

// at returns the arena from the record at off on.
func (t *seenSet) at(off uint32) []byte {
	c := t.chunks[off>>seenChunkBits]
	return c[off&(1<<seenChunkBits-1):]
}

// keyOf returns the key of the record r (from record).
func (t *seenSet) keyOf(r []byte) []byte {
	if t.gens {
		r = r[genBytes:]
	}
	if r[0] < 0x80 {
		return r[1 : 1+int(r[0])]
	}
	n, w := binary.Uvarint(r)
	return r[w : w+int(n)]
}

func getGen(r []byte) uint32 {
	return uint32(r[0]) | uint32(r[1])<<8 | uint32(r[2])<<16 | uint32(r[3])<<24
}

func putGen(r []byte, g uint32) {
	r[0], r[1], r[2], r[3] = byte(g), byte(g>>8), byte(g>>16), byte(g>>24)
}

// store appends a record of key (its generation, the current one, when the
// set keeps them, its length, then the key) to the arena and returns its
// offset; ok is false when it does not fit (longer than a chunk, no chunk
// index left, or the pool refuses a new chunk).
func (t *seenSet) store(key []byte) (off uint32, ok bool) {
	const size = 1 << seenChunkBits
	n := uvarintLen(len(key)) + len(key)
	if t.gens {
		n += genBytes
	}
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
		if !t.pool.take(size) {
			t.starved = true
			return 0, false
		}
		t.held += size
		t.chunks = append(t.chunks, make([]byte, 0, size))
	}
	c := t.chunks[t.cur]
	off = uint32(t.cur)<<seenChunkBits | uint32(len(c))
	if t.gens {
		c = append(c, byte(t.gen), byte(t.gen>>8), byte(t.gen>>16), byte(t.gen>>24))
	}
	c = binary.AppendUvarint(c, uint64(len(key)))
	t.chunks[t.cur] = append(c, key...)
	return off, true
}

// uvarintLen returns the length of n written as a uvarint.
func uvarintLen(n int) int {
	w := 1
	for ; n >= 0x80; n >>= 7 {
		w++
	}
	return w
}

// grow doubles the table and reinserts the entries of the epoch, hashing
// their keys again (an entry holds only a part of its hash); it reports
// false, leaving the table as it is, when the pool refuses the memory.
func (t *seenSet) grow() bool {
	old := t.table
	size := int64(len(old)) * 2 * 8
	if !t.pool.take(size) {
		return false
	}
	t.table = make([]entry, 2*len(old))
	mask := uint64(len(t.table) - 1)
	for _, e := range old {
		if !t.live(e) {
			continue
		}
		i := t.hash(t.keyOf(t.record(e))) & mask
		for t.live(t.table[i]) {
			i = (i + 1) & mask
		}
		t.table[i] = e
	}
	t.pool.give(size / 2)
	t.held += size / 2
	return true
}

// memPool is the memory a search's visited sets may hold, in bytes: each
// takes it as it grows (a new chunk of its arena, a larger table) and
// gives it back when released. A nil pool grants everything. It is not
// safe for concurrent use: each thread of a search has its own.
type memPool struct {
	limit, used int64
	// refused is set when take refused memory, peak is the most used.
	refused bool
	peak    int64
}

// take reports whether n more bytes fit, and counts them when they do.
func (p *memPool) take(n int64) bool {
	if p == nil {
		return true
	}
	if p.limit > 0 && p.used+n > p.limit {
		p.refused = true
		return false
	}
	p.used += n
	p.peak = max(p.peak, p.used)
	return true
}

// give hands n bytes back.
func (p *memPool) give(n int64) {
	if p != nil {
		p.used -= n
	}
}
