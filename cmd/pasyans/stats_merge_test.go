package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"pasyans/engine/solve/stats"
)

// TestStatsRetry: stats -retry solves only the unknown deals of a file
// with the larger budget, and the merge of both decides more deals.
func TestStatsRetry(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	if _, errs, code := cli(t, "", "stats", "-game", "fifteen", "-deals", "60", "-nodes", "500", "-records", a); code != 0 {
		t.Fatal(errs)
	}
	first, _, err := stats.Merge([]string{a})
	if err != nil {
		t.Fatal(err)
	}
	unknown := first.Unknown
	if _, errs, code := cli(t, "", "stats", "-retry", a, "-nodes", "20000", "-records", b); code != 0 {
		t.Fatal(errs)
	}
	second, err := os.ReadFile(b)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(second), "\n"); n != unknown || unknown == 0 {
		t.Fatalf("retry solved %d deals, want the %d unknown ones", n, unknown)
	}
	out, errs, code := cli(t, "", "stats", "merge", a, b)
	if code != 0 || !strings.Contains(out, "answered by a retry with 20000 nodes") {
		t.Fatalf("merge: exit %d %s\n%s", code, errs, out)
	}
	r, _, _ := stats.Merge([]string{a, b})
	if r.Unknown >= unknown {
		t.Errorf("the retry decided no deal: %d unknown before, %d after", unknown, r.Unknown)
	}
	if _, errs, code := cli(t, "", "stats", "-retry", a, "-nodes", "400"); code != 2 || !strings.Contains(errs, "is not larger than the budget 500 nodes") {
		t.Errorf("a smaller retry budget: exit %d, %s", code, errs)
	}
}

// TestRecordInputsRegular: record files, -retry, -records and FILE.part
// that are devices or FIFOs are refused before they are opened (they
// read forever or block), and huge or overflowing -deals and -first are
// refused before anything is allocated.
func TestRecordInputsRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	part := filepath.Join(dir, "r.jsonl")
	if err := syscall.Mkfifo(part+".part", 0o644); err != nil {
		t.Fatal(err)
	}
	run := []string{"stats", "-game", "fifteen", "-deals", "2", "-nodes", "100"}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"stats", "merge", "/dev/zero"}, "/dev/zero: is a device"},
		{[]string{"stats", "merge", fifo}, "fifo: is a named pipe"},
		{append(slices.Clone(run), "-retry", "/dev/zero"), "/dev/zero: is a device"},
		{append(slices.Clone(run), "-retry", fifo), "fifo: is a named pipe"},
		{append(slices.Clone(run), "-records", fifo), "fifo: is a named pipe"},
		{append(slices.Clone(run), "-records", part), "r.jsonl.part: is a named pipe"},
		{[]string{"stats", "-game", "fifteen", "-deals", "9223372036854775807", "-nodes", "1"}, "deals need"},
		{[]string{"stats", "-game", "fifteen", "-deals", "1000000000000", "-nodes", "1"}, "deals need"},
		{[]string{"stats", "-game", "fifteen", "-deals", "100000000", "-nodes", "1", "-mem", "1GiB"}, "deals need"},
		{[]string{"stats", "-game", "fifteen", "-deals", "2", "-first", "18446744073709551615", "-nodes", "1"}, "the seeds would pass"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, errs, code := cliContext(t, ctx, "", tt.args...)
		cancel()
		if code != 2 || !strings.Contains(errs, tt.want) || strings.Contains(errs, "goroutine") {
			t.Errorf("pasyans %q: exit %d, %q; want 2 and %q", tt.args, code, errs, tt.want)
		}
	}
}
