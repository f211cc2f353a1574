package stats

import (
	"unsafe"

	"bufio"
	"bytes"
	"fmt"
	"os"
	"pasyans/engine/solve"
	"strconv"
	"strings"
)

// Bounds of the default memory budget, and the least budget accepted.
const (
	memDefaultMin = 256 << 20
	memDefaultMax = 16 << 30
	// MemLeast is the least memory budget a search is given.
	MemLeast = 16 << 20
)

// DefaultMem is the default memory budget of a run on this machine:
// half the memory available, within 256MiB and 16GiB (see defaultMem).
func DefaultMem() int64 { return defaultMem(readMeminfo()) }

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

// ParseSize reads a size in bytes: a number, maybe with a fraction, and
// a unit (B, KiB, MiB, GiB, TiB, K, M, G, T binary; KB, MB, GB, TB
// decimal; any case): "4GiB", "1.5G", "512MiB", "2000000000".
func ParseSize(s string) (int64, error) {
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

// SizeText writes n bytes in the largest binary unit that keeps one
// decimal: "1.0GiB", "512.0MiB".
func SizeText(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	x, i := float64(n), 0
	for x >= 1024 && i < len(units)-1 {
		x /= 1024
		i++
	}
	return fmt.Sprintf("%.1f%s", x, units[i])
}

// dealBytes is what the figures of a run hold for each deal: its seed and
// its record.
const dealBytes = int64(unsafe.Sizeof(uint64(0)) + unsafe.Sizeof(solve.Record{}) + unsafe.Sizeof(record{}))

// checkDealsFit refuses, before anything is allocated, a run of n deals
// whose figures alone would take more than half the memory budget mem.
func checkDealsFit(n int, mem int64) error {
	if n <= 0 || int64(n) > mem/2/dealBytes {
		return usageError("%d deals need %s for their figures alone, more than half the memory budget of %s (-mem): split the run (-shard K/N, 'pasyans stats plan')",
			n, SizeText(int64(min(float64(n)*float64(dealBytes), 1<<62))), SizeText(mem))
	}
	return nil
}
