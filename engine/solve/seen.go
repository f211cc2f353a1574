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
type seenSet struct {
	seed   maphash.Seed
	table  []entry // power-of-two size, zero entry = empty
	chunks [][]byte
	cur    int // the chunk being filled
	n      int
	max    int
}

// seenChunkBits sets the size of an arena chunk (1 MiB); an entry's offset
// holds the chunk's index above these bits and the place in it below.
const seenChunkBits = 20

// entry points at one key of the arena; h is the hash with its top bit set
// so that the zero entry means an empty slot.
type entry struct {
	h   uint64
	off uint32
	n   uint32
}

func newSeenSet(max int) *seenSet {
	return &seenSet{seed: maphash.MakeSeed(), table: make([]entry, 1<<12), max: max}
}

// reset empties the set, keeping its memory.
func (t *seenSet) reset(max int) {
	clear(t.table)
	for i := range t.chunks {
		t.chunks[i] = t.chunks[i][:0]
	}
	t.cur = 0
	t.n = 0
	t.max = max
}

// Len returns the number of keys held.
func (t *seenSet) Len() int { return t.n }

// Add records key and reports whether it was new. full is true when key
// was new but the set is full (or the key longer than a chunk, or the
// arena at its addressable end), so it could not be recorded.
func (t *seenSet) Add(key []byte) (added, full bool) {
	h := maphash.Bytes(t.seed, key) | 1<<63
	mask := uint64(len(t.table) - 1)
	i := h & mask
	for {
		e := &t.table[i]
		if e.h == 0 {
			break
		}
		if e.h == h && int(e.n) == len(key) && string(t.stored(*e)) == string(key) {
			return false, false
		}
		i = (i + 1) & mask
	}
	if t.n >= t.max {
		return true, true
	}
	off, ok := t.store(key)
	if !ok {
		return true, true
	}
	t.table[i] = entry{h: h, off: off, n: uint32(len(key))}
	t.n++
	if t.n*4 > len(t.table)*3 {
		t.grow()
	}
	return true, false
}

// stored returns the bytes of the key e points at.
func (t *seenSet) stored(e entry) []byte {
	c := t.chunks[e.off>>seenChunkBits]
	at := e.off & (1<<seenChunkBits - 1)
	return c[at : at+e.n]
}

// store appends key to the arena and returns its offset; ok is false when
// it does not fit (longer than a chunk, or no chunk index left).
func (t *seenSet) store(key []byte) (off uint32, ok bool) {
	const size = 1 << seenChunkBits
	if len(key) > size {
		return 0, false
	}
	if t.cur < len(t.chunks) && len(t.chunks[t.cur])+len(key) > size {
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
	t.chunks[t.cur] = append(c, key...)
	return off, true
}

// grow doubles the table and reinserts every entry.
func (t *seenSet) grow() {
	old := t.table
	t.table = make([]entry, 2*len(old))
	mask := uint64(len(t.table) - 1)
	for _, e := range old {
		if e.h == 0 {
			continue
		}
		i := e.h & mask
		for t.table[i].h != 0 {
			i = (i + 1) & mask
		}
		t.table[i] = e
	}
}
