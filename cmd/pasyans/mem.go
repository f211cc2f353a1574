package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// memFlag is the -mem flag of solve and stats: the memory budget of the
// whole process, in bytes once parsed.
type memFlag struct{ text string }

func (m *memFlag) register(fs *flag.FlagSet) {
	fs.StringVar(&m.text, "mem", "", "memory `budget` of the process, such as 512MiB or 4GiB (default: half the memory available, at least 256MiB, at most 16GiB)")
}

// Bounds of the default memory budget, and the least budget accepted.
const (
	memDefaultMin = 256 << 20
	memDefaultMax = 16 << 30
	memLeast      = 16 << 20
)

// budget returns the budget in bytes: the flag's, or the default sized
// from the machine's memory (see defaultMem). It also sets the
// process's soft memory limit to it (runtime/debug.SetMemoryLimit), so
// that the garbage collector works harder rather than let the heap grow
// past it.
func (m *memFlag) budget() (int64, error) {
	if err := m.check(); err != nil {
		return 0, err
	}
	n := defaultMem(readMeminfo())
	if m.text != "" {
		n, _ = parseSize(m.text)
	}
	debug.SetMemoryLimit(n)
	return n, nil
}

// defaultMem is the default budget for a machine whose /proc/meminfo
// says info (nil when unreadable): half of MemAvailable (or MemTotal),
// within memDefaultMin and memDefaultMax; memDefaultMin when unknown.
func defaultMem(info map[string]int64) int64 {
	avail, ok := info["MemAvailable"]
	if !ok {
		avail = info["MemTotal"]
	}
	return min(max(avail/2, memDefaultMin), memDefaultMax)
}

// readMeminfo returns the fields of /proc/meminfo in bytes (nil when it
// cannot be read: another system).
func readMeminfo() map[string]int64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return nil
	}
	return parseMeminfo(b)
}

// parseMeminfo reads lines such as "MemAvailable:   23456789 kB".
func parseMeminfo(b []byte) map[string]int64 {
	info := map[string]int64{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 {
			continue
		}
		n, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil || n < 0 {
			continue
		}
		if len(f) > 1 && f[1] == "kB" {
			n <<= 10
		}
		info[name] = n
	}
	return info
}

// sizeUnits are the units parseSize reads: binary ones (KiB, and K
// alone), decimal ones (KB).
var sizeUnits = map[string]float64{
	"": 1, "B": 1,
	"K": 1 << 10, "KIB": 1 << 10, "KB": 1e3,
	"M": 1 << 20, "MIB": 1 << 20, "MB": 1e6,
	"G": 1 << 30, "GIB": 1 << 30, "GB": 1e9,
	"T": 1 << 40, "TIB": 1 << 40, "TB": 1e12,
}

// parseSize reads a size in bytes: a number, maybe with a fraction, and
// a unit (B, KiB, MiB, GiB, TiB, K, M, G, T binary; KB, MB, GB, TB
// decimal; any case): "4GiB", "1.5G", "512MiB", "2000000000".
func parseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if i < 0 {
		i = len(t)
	}
	num, unit := t[:i], strings.ToUpper(strings.TrimSpace(t[i:]))
	x, err := strconv.ParseFloat(num, 64)
	mult, ok := sizeUnits[unit]
	if num == "" || err != nil || !ok {
		return 0, fmt.Errorf("cannot read size %q: want a number and a unit, such as 512MiB, 4GiB or 2000000000", s)
	}
	v := x * mult
	if v >= 1<<62 {
		return 0, fmt.Errorf("size %q is too large", s)
	}
	return int64(v), nil
}

// sizeText writes n bytes in the largest binary unit that keeps one
// decimal: "1.0GiB", "512.0MiB".
func sizeText(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	x, i := float64(n), 0
	for x >= 1024 && i < len(units)-1 {
		x /= 1024
		i++
	}
	return fmt.Sprintf("%.1f%s", x, units[i])
}

// check refuses a -mem that budget would refuse, without setting
// anything.
func (m *memFlag) check() error {
	if m.text == "" {
		return nil
	}
	n, err := parseSize(m.text)
	if err != nil {
		return usageError("-mem: %v", err)
	}
	if n < memLeast {
		return usageError("-mem: %s is too little for a search; give at least 16MiB", m.text)
	}
	return nil
}
