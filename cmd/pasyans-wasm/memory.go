//go:build js && wasm && play

package main

import "runtime/debug"

// The collector of the Play build. WebAssembly has one thread, so every
// collection stops the search, and its marking runs several times slower
// than natively: with the default GOGC of 100 the small heap between
// questions (a few megabytes) was collected after every question or two,
// which cost a short search (20,000 positions) a third of its time. A
// heap allowed to grow to five times what is live is collected a fifth
// as often; the memory limit keeps a long search's heap, whose visited
// sets the solver bounds at 256 MB (play's maxMem), under 384 MB in all
// (the collector then runs as often as it must).
const (
	gcPercent   = 400
	memoryLimit = 384 << 20
)

func init() {
	debug.SetGCPercent(gcPercent)
	debug.SetMemoryLimit(memoryLimit)
}
