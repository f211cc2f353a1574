package render

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/chromedp/chromedp"

	"pasyans/cmd/pasyans-wasm/play"
	"pasyans/engine"
	"pasyans/engine/solve"
)

// askWorker asks the page's solver whether the position can still be
// won and returns "result nodes ms" of the answer.
const askWorker = `new Promise((ok) => {
	const e = document.querySelector(".play-solver");
	e.removeAttribute("data-result");
	document.querySelector('[data-action="winnable"]').click();
	const t0 = Date.now();
	(function poll() {
		if (e.hasAttribute("data-result")) { ok(e.getAttribute("data-result") + " " + e.getAttribute("data-nodes") + " " + e.getAttribute("data-ms")); return; }
		if (Date.now() - t0 > 30000) { ok("timeout"); return; }
		setTimeout(poll, 20); })(); })`

// TestPlaySolverSpeed reports, per game, the page's solver speed as a
// ratio of one native thread's: positions per CPU-second on the first
// question (the worker warmed when the page opened) and on a later one,
// against the same question natively (package play's Table, the code the
// worker runs, with the page's bounds and 2 s budget, on one thread),
// asked at the same moment. Both are timed by their thread's CPU time
// (the worker's thread in Chromium by Linux's schedstat, the native
// search's locked OS thread by its CPU clock), which the machine's load does not change;
// wall-clock rates on a loaded machine gave ratios of 0.01× to 268×. The
// figures are reported, not asserted.
func TestPlaySolverSpeed(t *testing.T) {
	if testing.Short() {
		t.Skip("times the solver in a browser")
	}
	s := newPlaySession(t)
	if _, err := os.Stat("/proc/self/schedstat"); err != nil {
		t.Skip("no /proc/PID/schedstat: the test reads threads' CPU time there")
	}
	const budget = 2 * time.Second
	var rows []string
	for _, v := range engine.Variants() {
		seed := searchedDeal(v)
		s.open(playPath("en", v.ID), fragmentOf(seed, nil, nil))
		s.do("budget", chromedp.SetValue(chromedp.CSS("#play-budget"), "2"))
		workerIdle(t) // the warm-up's short searches are over
		var page, native [2]float64
		var results [2]string
		var nativeOut string
		for q := 0; q < 2; q++ {
			done := make(chan float64, 1)
			go func() {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				var tb play.Table
				c0 := ownThreadCPU()
				r, err := tb.Solve(play.SolveRequest{Request: play.Request{Game: v.ID, Seed: seed}, BudgetMS: int(budget.Milliseconds())})
				c1 := ownThreadCPU()
				if err != nil || c1 <= c0 {
					done <- 0
					return
				}
				nativeOut = fmt.Sprintf("%s, %d", r.Result, r.Nodes)
				done <- float64(r.Nodes) / (c1 - c0).Seconds()
			}()
			c0 := workerCPU()
			var n int64
			var ms float64
			got := s.eval(askWorker)
			c1 := workerCPU()
			native[q] = <-done
			if _, err := fmt.Sscan(got, &results[q], &n, &ms); err != nil || n == 0 || c1 <= c0 || native[q] == 0 {
				t.Fatalf("%s: worker answer %q, worker CPU %v, native %.0f/s", v.ID, got, c1-c0, native[q])
			}
			page[q] = float64(n) / (c1 - c0).Seconds()
		}
		rows = append(rows, fmt.Sprintf("%-15s seed %2d  first: page %8.0f/s native %8.0f/s = %.2f×  later: page %8.0f/s native %8.0f/s = %.2f×  (page %s, native %s)",
			v.ID, seed, page[0], native[0], page[0]/native[0], page[1], native[1], page[1]/native[1], results[1], nativeOut))
	}
	s.check("solver speed")
	t.Logf("positions per CPU-second, page ÷ one native thread, budget %v:\n%s", budget, strings.Join(rows, "\n"))
}

// ownThreadCPU returns the CPU time of the calling OS thread
// (CLOCK_THREAD_CPUTIME_ID: exact, where another thread's schedstat is
// brought up to date only when it stops running).
func ownThreadCPU() time.Duration {
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3 /* CLOCK_THREAD_CPUTIME_ID */, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}

// threadCPU returns the CPU time thread tid of process pid has run
// (the first field of its schedstat, in nanoseconds), 0 if unknown.
func threadCPU(pid, tid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/schedstat", pid, tid))
	if err != nil {
		return 0
	}
	var ns int64
	fmt.Sscan(string(b), &ns)
	return time.Duration(ns)
}

// workerCPU returns the CPU time of all the Web Workers' threads
// ("DedicatedWorker") of the processes this test started, the Chromium
// that runs the page.
func workerCPU() time.Duration {
	var sum time.Duration
	tasks, _ := filepath.Glob("/proc/[0-9]*/task/[0-9]*/comm")
	for _, c := range tasks {
		b, err := os.ReadFile(c)
		if err != nil || !strings.HasPrefix(string(b), "DedicatedWorker") {
			continue
		}
		parts := strings.Split(c, "/")
		pid, _ := strconv.Atoi(parts[2])
		tid, _ := strconv.Atoi(parts[4])
		if descends(pid, os.Getpid()) {
			sum += threadCPU(pid, tid)
		}
	}
	return sum
}

// descends reports whether process pid descends from process root.
func descends(pid, root int) bool {
	for i := 0; i < 64 && pid > 1; i++ {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return false
		}
		// pid (comm) state ppid …; comm may hold spaces and parentheses.
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		if len(f) < 2 {
			return false
		}
		pid, _ = strconv.Atoi(f[1])
		if pid == root {
			return true
		}
	}
	return false
}

// workerIdle waits (20 s at most) until the page's workers have used no
// CPU for 200 ms: the warm-up's searches are over.
func workerIdle(t *testing.T) {
	t.Helper()
	last := workerCPU()
	for start := time.Now(); time.Since(start) < 20*time.Second; {
		time.Sleep(200 * time.Millisecond)
		now := workerCPU()
		if now > 0 && now-last < 2*time.Millisecond {
			return
		}
		last = now
	}
	t.Logf("the workers did not go idle within 20 s")
}

// searchedDeal is a deal of v whose question takes the solver long enough
// to be timed: the first of deals 1…12 that a native search does not
// decide within 20,000 positions, else the one it searches longest. (In
// positions, not time: the choice must not depend on the machine's load.)
func searchedDeal(v *engine.Variant) uint64 {
	best, most := uint64(1), int64(-1)
	for seed := uint64(1); seed <= 12; seed++ {
		r := solve.Solve(engine.NewDeal(v, seed, 0), solve.Options{MaxNodes: 20000, MaxSeen: 1 << 20})
		if r.Nodes >= 20000 {
			return seed
		}
		if r.Nodes > most {
			best, most = seed, r.Nodes
		}
	}
	return best
}
