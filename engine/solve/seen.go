package solve

import "hash/maphash"

// seenSet is the visited set of a search: every key is stored in full in an
// arena, and an open-addressing table of (hash, offset, length) entries
// points into it. Two keys are equal only when their bytes are, so a hash
// collision can never prune a branch. The set holds at most max keys; Add
// reports when that cap stops it from recording a key.
type seenSet struct {
	seed  maphash.Seed
	table []entry // power-of-two size, zero entry = empty
	arena []byte
	n     int
	max   int
}

// entry points at one key of the arena; h is the hash with its top bit set
// so that the zero entry means an empty slot.
type entry struct {
	h   uint64
	off uint32
	n   uint32
}

func newSeenSet(max int) *seenSet {
	return &seenSet{seed: maphash.MakeSeed(), table: make([]entry, 1<<12), arena: make([]byte, 0, 1<<16), max: max}
}

// reset empties the set, keeping its memory.
func (t *seenSet) reset(max int) {
	clear(t.table)
	t.arena = t.arena[:0]
	t.n = 0
	t.max = max
}

// Len returns the number of keys held.
func (t *seenSet) Len() int { return t.n }

// Add records key and reports whether it was new. full is true when key
// was new but the set is full, so it could not be recorded.
func (t *seenSet) Add(key []byte) (added, full bool) {
	h := maphash.Bytes(t.seed, key) | 1<<63
	mask := uint64(len(t.table) - 1)
	i := h & mask
	for {
		e := &t.table[i]
		if e.h == 0 {
			break
		}
		if e.h == h && int(e.n) == len(key) && string(t.arena[e.off:e.off+e.n]) == string(key) {
			return false, false
		}
		i = (i + 1) & mask
	}
	if t.n >= t.max || len(t.arena)+len(key) > 1<<32-1 {
		return true, true
	}
	off := len(t.arena)
	t.arena = append(t.arena, key...)
	t.table[i] = entry{h: h, off: uint32(off), n: uint32(len(key))}
	t.n++
	if t.n*4 > len(t.table)*3 {
		t.grow()
	}
	return true, false
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
