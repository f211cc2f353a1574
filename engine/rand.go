package engine

// Rand is the edition's documented pseudo-random generator: SplitMix64
// (Steele, Lea and Flood, 2014). Its output for a seed never changes, so a
// seed names the same deal forever, whatever Go version builds the program.
type Rand struct{ state uint64 }

// NewRand returns a generator seeded with seed.
func NewRand(seed uint64) *Rand { return &Rand{state: seed} }

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a uniform integer in [0, n), n > 0, by rejection sampling:
// draws at or above the largest multiple of n below 2^64 are discarded.
func (r *Rand) Intn(n int) int {
	if n <= 0 {
		panic("engine: Intn with n <= 0")
	}
	un := uint64(n)
	limit := -un % un // 2^64 mod n
	for {
		x := r.Uint64()
		if x >= limit {
			return int(x % un)
		}
	}
}

// Shuffle permutes cards with Fisher–Yates from the end: for i from
// len-1 down to 1, swap cards[i] with cards[Intn(i+1)].
func Shuffle(cards []Card, r *Rand) {
	for i := len(cards) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// dealSeed mixes the variant id into the seed (FNV-1a, 64 bit).
func dealSeed(variant string, seed uint64) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(variant); i++ {
		h ^= uint64(variant[i])
		h *= 1099511628211
	}
	return seed ^ h
}
