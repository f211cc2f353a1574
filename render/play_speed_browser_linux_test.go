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
// won and returns "result nodes nodes-all answers workers" of the answer:
// the positions of the answer taken, of every worker's answer taken, and
// how many of the page's workers answered (a worker still searching when
// another decides is ended, its positions unknown).
const askWorker = `new Promise((ok) => {
	const e = document.querySelector(".play-solver");
	e.removeAttribute("data-result");
	document.querySelector('[data-action="winnable"]').click();
	const t0 = Date.now();
	(function poll() {
		if (e.hasAttribute("data-result")) { ok(["data-result", "data-nodes", "data-nodes-all", "data-answers", "data-workers"].map((a) => e.getAttribute(a)).join(" ")); return; }
		if (Date.now() - t0 > 30000) { ok("timeout"); return; }
		setTimeout(poll, 20); })(); })`

// speed is one question's figures: the page's and one native thread's.
type speed struct {
	result           string
	nodes, all       int64         // positions: the answer's, all answers'
	answers, workers int           // workers that answered, workers searching
	cpu, wall        time.Duration // the page's workers' CPU time, the question's wall time
	answered         time.Duration // CPU time of the workers' threads still running after the answer
	left             int           // how many of them
	native           float64       // one native thread's positions per CPU-second
	nativeWall       float64       // its positions per wall-clock second
	nativeOut        string
}

// perThread is the page's positions per CPU-second of one worker thread:
// the answers' positions over the CPU time of the threads that answered.
// Those are the threads still running after the answer (the page ends a
// worker still searching when another decides). When the threads left do
// not match the answers, the ended workers' threads are counted as the
// same share as the others' (estimated is then true).
func (q speed) perThread() (rate float64, estimated bool) {
	if q.answered > 0 && q.left == q.answers {
		return float64(q.all) / q.answered.Seconds(), false
	}
	cpu := q.cpu.Seconds() * float64(q.answers) / float64(q.workers)
	return float64(q.all) / cpu, true
}

// cell formats one question: per thread, the page's total by CPU (per
// thread × workers: what the page searches per second when each worker
// has a core) and by wall clock (positions answered over the question's
// time), each also as a ratio of one native thread. A "~" after the
// first two marks an estimate (see perThread); after the wall figure, an
// undercount: a worker was ended unanswered and its positions are unknown
// (the page total by CPU counts it at the answering threads' rate).
func (q speed) cell() string {
	per, est := q.perThread()
	mark := " "
	if est {
		mark = "~"
	}
	wmark := " "
	if q.answers < q.workers {
		wmark = "~"
	}
	wall := float64(q.all) / q.wall.Seconds()
	return fmt.Sprintf("thread %7.0f/s %.2f×%s page cpu %7.0f/s %.2f×%s wall %7.0f/s ÷ native wall %7.0f/s %.2f×%s (%s %d/%d)",
		per, per/q.native, mark, per*float64(q.workers), per*float64(q.workers)/q.native, mark,
		wall, q.nativeWall, wall/q.nativeWall, wmark, q.result, q.answers, q.workers)
}

// TestPlaySolverSpeed reports, per game, the page's solver speed as a
// ratio of one native thread's, on the first question (the workers warmed
// when the page opened) and on a later one, against the same question
// natively (package play's Table, the code the workers run, with the
// page's bounds and 2 s budget, on one thread), asked at the same moment.
// On a device with two cores or more the page runs two workers, so three
// figures: positions per CPU-second of one worker thread; the page's
// total by CPU time (that × the workers, what the page searches when each
// worker has a core); and the page's total by wall clock (all answered
// positions over the question's time as the test sees it, round trip
// included) against the native search's positions per wall-clock second
// at the same moment (the machine's load lowers both).
// CPU time is each thread's (the workers' threads in Chromium by Linux's
// schedstat, sampled while they search; the native search's locked OS
// thread by its CPU clock), which the machine's load does not change;
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
		var qs [2]speed
		for i := range qs {
			workerIdle(t) // the warm-up's short searches are over
			qs[i] = askBoth(t, s, v.ID, seed, budget)
		}
		rows = append(rows, fmt.Sprintf("%-15s seed %2d native %7.0f/s, %7.0f/s (%s)\n  first: %s\n  later: %s",
			v.ID, seed, qs[0].native, qs[1].native, qs[1].nativeOut, qs[0].cell(), qs[1].cell()))
	}
	s.check("solver speed")
	t.Logf("positions per second, page ÷ one native thread (CPU time), budget %v:\n%s", budget, strings.Join(rows, "\n"))
}

// askBoth asks the page's solver and, at the same moment on a locked OS
// thread, the native solver the same question, and returns their figures.
func askBoth(t *testing.T, s *playSession, game string, seed uint64, budget time.Duration) speed {
	t.Helper()
	var q speed
	done := make(chan float64, 1)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		var tb play.Table
		c0, w0 := ownThreadCPU(), time.Now()
		r, err := tb.Solve(play.SolveRequest{Request: play.Request{Game: game, Seed: seed}, BudgetMS: int(budget.Milliseconds())})
		c1 := ownThreadCPU()
		q.nativeWall = float64(r.Nodes) / time.Since(w0).Seconds()
		if err != nil || c1 <= c0 {
			done <- 0
			return
		}
		q.nativeOut = fmt.Sprintf("%s, %d", r.Result, r.Nodes)
		done <- float64(r.Nodes) / (c1 - c0).Seconds()
	}()
	stop := make(chan struct{})
	cpu := sampleWorkers(stop)
	t0 := time.Now()
	got := s.eval(askWorker)
	q.wall = time.Since(t0)
	close(stop)
	used := <-cpu
	time.Sleep(300 * time.Millisecond) // the ended workers' threads exit
	alive := workerThreads()
	for k, d := range used {
		q.cpu += d
		if _, ok := alive[k]; ok {
			q.answered += d
			q.left++
		}
	}
	q.native = <-done
	if _, err := fmt.Sscan(got, &q.result, &q.nodes, &q.all, &q.answers, &q.workers); err != nil || q.all == 0 || q.answers == 0 || q.cpu <= 0 || q.native == 0 {
		t.Fatalf("%s: worker answer %q (%v), workers' CPU %v, native %.0f/s", game, got, err, q.cpu, q.native)
	}
	return q
}

// sampleWorkers follows, every 20 ms until stop is closed, the CPU time
// of the Web Workers' threads that run when it starts, and then sends the
// CPU time each used meanwhile (a worker ended during the question is
// counted up to its last sample; workers started after it are not
// counted: they are the fresh ones that replace an ended one).
func sampleWorkers(stop <-chan struct{}) <-chan map[[2]int]time.Duration {
	out := make(chan map[[2]int]time.Duration, 1)
	first := workerThreads()
	last := make(map[[2]int]time.Duration, len(first))
	for k, v := range first {
		last[k] = v
	}
	go func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			for k, v := range workerThreads() {
				if _, ok := first[k]; ok {
					last[k] = v
				}
			}
			select {
			case <-stop:
				used := make(map[[2]int]time.Duration, len(last))
				for k, v := range last {
					used[k] = v - first[k]
				}
				out <- used
				return
			case <-tick.C:
			}
		}
	}()
	return out
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

// workerThreads returns the CPU time of each Web Worker's thread
// ("DedicatedWorker") of the processes this test started, the Chromium
// that runs the page, by process and thread id.
func workerThreads() map[[2]int]time.Duration {
	m := map[[2]int]time.Duration{}
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
			if ns := threadCPU(pid, tid); ns > 0 {
				m[[2]int{pid, tid}] = ns
			}
		}
	}
	return m
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
// CPU for 200 ms: the warm-up's searches are over (a worker that ends or
// starts meanwhile counts as busy).
func workerIdle(t *testing.T) {
	t.Helper()
	last := workerThreads()
	for start := time.Now(); time.Since(start) < 20*time.Second; {
		time.Sleep(200 * time.Millisecond)
		now := workerThreads()
		if len(now) > 0 && idleSince(last, now) {
			return
		}
		last = now
	}
	t.Logf("the workers did not go idle within 20 s")
}

// idleSince reports whether the same worker threads run in both samples
// and none used 2 ms of CPU or more between them.
func idleSince(last, now map[[2]int]time.Duration) bool {
	if len(last) != len(now) {
		return false
	}
	for k, v := range now {
		if was, ok := last[k]; !ok || v-was >= 2*time.Millisecond {
			return false
		}
	}
	return true
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
