package solve

import "pasyans/engine"

// slWords names the contents of salic-law's king piles by numbers, for
// the keys of both searches (salicLaw.key, slEnd). A pile's cards above
// its king, read as ranks (no rule reads a suit), are a word; the words
// are interned in a trie for the whole search of a deal, so that one
// number stands for one word wherever it is met, and two piles have the
// same number exactly when they hold the same ranks in the same order.
// Node 0 is the king alone.
//
// The piles last read are kept (cards, path): the search reads the piles
// of one position after another, which differ in a few cards at the top,
// and only the cards above the part they share with the piles read before
// are looked up in the trie.
type slWords struct {
	trie  map[uint64]uint32 // (node<<4 | rank) → the node one card longer
	nodes uint32            // nodes made besides node 0
	one   [14]uint32        // the node of each rank alone
	// cards[k]: king pile k as last read (its king first, empty before
	// the king is dealt); path[k][j]: the node of its first j cards above
	// the king (as long as cards[k]).
	cards [8][]engine.Card
	path  [8][]uint32
}

// slUndealt is the number of a pile whose king is still in the pack.
const slUndealt = ^uint32(0)

// reset forgets the words of the previous deal.
func (w *slWords) reset() {
	if w.trie == nil {
		w.trie = make(map[uint64]uint32)
	}
	clear(w.trie)
	w.nodes = 0
	for r := range w.one {
		w.one[r] = w.child(0, engine.Rank(r))
	}
	for k := range w.cards {
		w.cards[k] = w.cards[k][:0]
		w.path[k] = w.path[k][:0]
	}
}

// child returns the node of word node followed by rank r, made if new.
func (w *slWords) child(node uint32, r engine.Rank) uint32 {
	at := uint64(node)<<4 | uint64(r)
	if c, ok := w.trie[at]; ok {
		return c
	}
	w.nodes++
	w.trie[at] = w.nodes
	return w.nodes
}

// read brings cards and path up to the king piles of s.
func (w *slWords) read(s *engine.State) {
	for k := range w.cards {
		src := s.Piles[slKings+k].Cards
		n := commonPrefix(src, w.cards[k])
		if n == len(src) && n == len(w.cards[k]) {
			continue
		}
		path := w.path[k][:n]
		for j := n; j < len(src); j++ {
			if j == 0 {
				path = append(path, 0)
			} else {
				path = append(path, w.child(path[j-1], src[j].Rank()))
			}
		}
		w.path[k] = path
		w.cards[k] = append(w.cards[k][:n], src[n:]...)
	}
}

// node returns the number of pile k as last read.
func (w *slWords) node(k int) uint32 {
	if len(w.path[k]) == 0 {
		return slUndealt
	}
	return w.path[k][len(w.path[k])-1]
}
