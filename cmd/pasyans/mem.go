package main

import (
	"flag"
	"runtime/debug"

	"pasyans/engine/solve/stats"
)

// memFlag is the -mem flag of solve and stats: the memory budget of the
// whole process, in bytes once parsed.
type memFlag struct{ text string }

func (m *memFlag) register(fs *flag.FlagSet) {
	fs.StringVar(&m.text, "mem", "", "memory `budget` of the process, such as 512MiB or 4GiB (default: half the memory available, at least 256MiB, at most 16GiB)")
}

// budget returns the budget in bytes: the flag's, or the default sized
// from the machine's memory (see defaultMem). It also sets the
// process's soft memory limit to it (runtime/debug.SetMemoryLimit), so
// that the garbage collector works harder rather than let the heap grow
// past it.
func (m *memFlag) budget() (int64, error) {
	if err := m.check(); err != nil {
		return 0, err
	}
	n := stats.DefaultMem()
	if m.text != "" {
		n, _ = stats.ParseSize(m.text)
	}
	debug.SetMemoryLimit(n)
	return n, nil
}

// check refuses a -mem that budget would refuse, without setting
// anything.
func (m *memFlag) check() error {
	if m.text == "" {
		return nil
	}
	n, err := stats.ParseSize(m.text)
	if err != nil {
		return usageError("-mem: %v", err)
	}
	if n < stats.MemLeast {
		return usageError("-mem: %s is too little for a search; give at least 16MiB", m.text)
	}
	return nil
}
