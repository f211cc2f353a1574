package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"pasyans/site/preview"
)

// liveServer is serve -watch running in the test process on a loopback
// port, over a copy of the embedded corpus.
type liveServer struct {
	t      *testing.T
	url    string // http://127.0.0.1:PORT
	corpus string // the corpus folder it watches
	log    *syncBuffer
	first  time.Duration // the first build, to scale the time limits
	cancel context.CancelFunc
	done   chan error
}

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startLive starts serve -watch over a fresh copy of the corpus and
// stops it when the test ends.
func startLive(t *testing.T) *liveServer {
	t.Helper()
	if testing.Short() {
		t.Skip("serve -watch builds the edition several times; skipped in -short mode")
	}
	return startLiveOn(t, copyCorpus(t))
}

// startLiveOn starts serve -watch over the corpus folder dir.
func startLiveOn(t *testing.T, dir string) *liveServer {
	t.Helper()
	s := &liveServer{t: t, corpus: dir, log: &syncBuffer{}, done: make(chan error, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	addrs := make(chan string, 1)
	start := time.Now()
	go func() {
		e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: s.log}
		s.done <- serve(ctx, e, serveOptions{addr: "127.0.0.1:0", watch: true, cf: corpusFlags{dir: s.corpus},
			ready: func(a string) { addrs <- a }})
	}()
	select {
	case a := <-addrs:
		s.url = "http://" + a
	case err := <-s.done:
		t.Fatalf("serve -watch: %v\n%s", err, s.log)
	case <-time.After(3 * time.Minute):
		t.Fatalf("serve -watch did not start\n%s", s.log)
	}
	s.first = time.Since(start)
	t.Cleanup(func() {
		s.stop()
		if t.Failed() {
			t.Logf("terminal:\n%s", s.log)
		}
	})
	return s
}

// stop stops the server as Ctrl-C does and returns its error.
func (s *liveServer) stop() error {
	if s.cancel == nil {
		return nil
	}
	s.cancel()
	s.cancel = nil
	select {
	case err := <-s.done:
		return err
	case <-time.After(2 * time.Minute):
		s.t.Errorf("serve -watch did not stop")
		return nil
	}
}

// limit is how long a rebuild may take to show: 3 s, the bar, on
// a machine that made the first build in under a second; three first
// builds on a slower (or busier) one.
func (s *liveServer) limit() time.Duration {
	return max(3*time.Second, 3*s.first)
}

// status fetches /__pasyans/status.
func (s *liveServer) status() preview.Status {
	s.t.Helper()
	var st preview.Status
	if err := json.Unmarshal([]byte(s.get("/__pasyans/status", 200)), &st); err != nil {
		s.t.Fatalf("status: %v", err)
	}
	return st
}

// get fetches a path and checks its status code.
func (s *liveServer) get(p string, code int) string {
	s.t.Helper()
	resp, err := http.Get(s.url + p)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		s.t.Fatal(err)
	}
	if resp.StatusCode != code {
		s.t.Fatalf("GET %s: %d, want %d: %.300s", p, resp.StatusCode, code, b)
	}
	return string(b)
}

// waitGen waits until the status reaches generation gen and no rebuild
// is pending, and returns it with the time waited. The wait is long: the
// tests that measure speed compare the time with limit themselves.
func (s *liveServer) waitGen(gen int) (preview.Status, time.Duration) {
	s.t.Helper()
	start := time.Now()
	limit := 20 * s.limit()
	for {
		st := s.status()
		if st.Generation >= gen && !st.Building {
			return st, time.Since(start)
		}
		if time.Since(start) > limit {
			s.t.Fatalf("generation %d not reached within %v: %+v", gen, limit, st)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// edit replaces old with new in a corpus file, as an editor's save does.
func (s *liveServer) edit(name, old, new string) {
	s.t.Helper()
	p := filepath.Join(s.corpus, filepath.FromSlash(name))
	b, err := os.ReadFile(p)
	if err != nil {
		s.t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(old)) {
		s.t.Fatalf("%s has no %q", name, old)
	}
	if err := os.WriteFile(p, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
		s.t.Fatal(err)
	}
}

// lineOf returns the 1-based line of the first occurrence of text in a
// corpus file.
func (s *liveServer) lineOf(name, text string) int {
	s.t.Helper()
	b, err := os.ReadFile(filepath.Join(s.corpus, filepath.FromSlash(name)))
	if err != nil {
		s.t.Fatal(err)
	}
	i := bytes.Index(b, []byte(text))
	if i < 0 {
		s.t.Fatalf("%s has no %q", name, text)
	}
	return bytes.Count(b[:i], []byte("\n")) + 1
}

const salic = "games/salic-law.md"

// TestWatchEdit edits a translation: one rebuild, and the page served
// changes within the time limit; the page carries the reload script and
// the passing panel, and never the diagnostics.
func TestWatchEdit(t *testing.T) {
	s := startLive(t)
	st := s.status()
	if st.Generation != 1 || !st.OK || len(st.Diagnostics) != 0 || st.Check != "quick" {
		t.Fatalf("first status: %+v", st)
	}
	page := "/en/games/salic-law/index.html"
	before := s.get(page, 200)
	for _, want := range []string{`src="/__pasyans/live.js" data-generation="1"`, `id="pasyans-watch"`, "/__pasyans/live.css"} {
		if !strings.Contains(before, want) {
			t.Errorf("the served page lacks %s", want)
		}
	}
	if strings.Contains(before, "pasyans-diagnostics") {
		t.Errorf("a passing corpus's page has the diagnostics panel")
	}
	start := time.Now()
	s.edit(salic, "in a horizontal line while the patience is being dealt", "in a horizontal line (EDITED) while the patience is being dealt")
	st, _ = s.waitGen(2)
	took := time.Since(start)
	if !st.OK {
		t.Fatalf("status after the edit: %+v", st)
	}
	after := s.get(page, 200)
	if !strings.Contains(after, "(EDITED)") {
		t.Errorf("the page did not change after the edit")
	}
	if !strings.Contains(after, `data-generation="2"`) {
		t.Errorf("the page is not marked with generation 2")
	}
	t.Logf("translation edit to the changed page: %v (limit %v; first build %v)", took, s.limit(), s.first)
	if took > s.limit() {
		t.Errorf("the change took %v to show, more than %v", took, s.limit())
	}
	// The files on disk are the build's bytes: the script is added as the
	// page is served.
	gen := filepath.Join(mustPrivate(t, s.log.String()), "gen-2", "site", "en", "games", "salic-law", "index.html")
	disk, err := os.ReadFile(gen)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(disk, []byte("__pasyans")) {
		t.Errorf("the built file %s holds the preview's script", gen)
	}
}

// mustPrivate finds the private folder in the terminal's output.
func mustPrivate(t *testing.T, log string) string {
	t.Helper()
	m := regexp.MustCompile(`building into (\S+)`).FindStringSubmatch(log)
	if m == nil {
		t.Fatalf("no private folder in the output:\n%s", log)
	}
	return m[1]
}

// TestWatchBurst writes ten game files at once, and a new folder with a
// file: each burst is one rebuild.
func TestWatchBurst(t *testing.T) {
	s := startLive(t)
	games, err := filepath.Glob(filepath.Join(s.corpus, "games", "*.md"))
	if err != nil || len(games) < 10 {
		t.Fatalf("games: %v %v", games, err)
	}
	for _, g := range games[:10] {
		b, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(g, append(b, "\n"...), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	st, _ := s.waitGen(2)
	if !st.OK {
		t.Fatalf("after ten writes: %+v", st)
	}
	// Nothing more comes: give a second rebuild every chance to start.
	time.Sleep(preview.Quiet + 2*time.Second)
	if st := s.status(); st.Generation != 2 || st.Building {
		t.Errorf("ten files written at once: generation %d (building %v), want one rebuild (2)", st.Generation, st.Building)
	}

	// A new folder is watched as soon as it appears.
	sub := filepath.Join(s.corpus, "drafts")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	s.waitGen(3)
	if err := os.WriteFile(filepath.Join(sub, "note.md"), []byte("draft\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.waitGen(4)
}

// TestWatchDuringBuild changes the corpus while a rebuild runs: one more
// rebuild follows it, not one per change.
func TestWatchDuringBuild(t *testing.T) {
	s := startLive(t)
	s.edit(salic, "in a horizontal line", "in a level line")
	deadline := time.Now().Add(s.limit())
	for !s.status().Building {
		if time.Now().After(deadline) {
			t.Fatal("the rebuild never started")
		}
		time.Sleep(5 * time.Millisecond)
	}
	s.edit(salic, "in a level line", "in one line")
	s.edit(salic, "in one line", "in a single line")
	s.waitGen(3)
	time.Sleep(preview.Quiet + 2*time.Second)
	st := s.status()
	if st.Generation != 3 || st.Building {
		t.Errorf("changes during a rebuild: generation %d (building %v), want exactly one more (3)", st.Generation, st.Building)
	}
	if page := s.get("/en/games/salic-law/index.html", 200); !strings.Contains(page, "in a single line") {
		t.Errorf("the last change is not served")
	}
}

// TestWatchBroken breaks a game's front matter: the diagnostics name the
// file and line, in the status, the terminal and a panel on every page,
// while the last good page is still served; the fix takes the panel away.
func TestWatchBroken(t *testing.T) {
	s := startLive(t)
	page := "/en/games/salic-law/index.html"
	s.edit(salic, "in a horizontal line", "in a GOOD line")
	s.waitGen(2)
	line := s.lineOf(salic, "order: 4")
	s.edit(salic, "order: 4", "order: [4")
	st, _ := s.waitGen(3)
	if st.OK || len(st.Diagnostics) == 0 {
		t.Fatalf("status after breaking the front matter: %+v", st)
	}
	file := filepath.Join(s.corpus, "games", "salic-law.md")
	found := false
	for _, d := range st.Diagnostics {
		found = found || d.File == file && d.Line == line
	}
	if !found {
		t.Errorf("diagnostics %+v: none at %s:%d", st.Diagnostics, file, line)
	}
	where := fmt.Sprintf("%s:%d", file, line)
	for _, p := range []string{page, "/ru/index.html", "/"} {
		body := s.get(p, 200)
		panel := body[max(0, strings.Index(body, `id="pasyans-diagnostics"`)):]
		if !strings.Contains(body, `id="pasyans-diagnostics"`) || !strings.Contains(panel, where) {
			t.Errorf("%s: no diagnostics panel naming %s", p, where)
		}
	}
	body := s.get(page, 200)
	if !strings.Contains(body, "in a GOOD line") {
		t.Errorf("the last good page is not served while the corpus is broken")
	}
	if !strings.Contains(body, `href="/en/games/salic-law/index.html"`) {
		t.Errorf("the diagnostic does not link its game's page")
	}
	if !strings.Contains(s.log.String(), where+": ") {
		t.Errorf("the terminal does not print %s", where)
	}

	s.edit(salic, "order: [4", "order: 4")
	st, _ = s.waitGen(4)
	if !st.OK || len(st.Diagnostics) != 0 {
		t.Fatalf("status after the fix: %+v", st)
	}
	for _, p := range []string{page, "/ru/index.html"} {
		if strings.Contains(s.get(p, 200), "pasyans-diagnostics") {
			t.Errorf("%s: the diagnostics panel stays after the fix", p)
		}
	}
}

// TestWatchClaim makes a claim the engine contradicts: the diagnostic
// names the claim's line and links its paragraph; the full check is one
// GET away and answers 303 back to the page.
func TestWatchClaim(t *testing.T) {
	s := startLive(t)
	claim := "foundations: {count: 8, base: A, dir: up, top: J}"
	line := s.lineOf(salic, claim)
	s.edit(salic, claim, "foundations: {count: 8, base: A, dir: up, top: Q}")
	st, _ := s.waitGen(2)
	if st.OK {
		t.Fatalf("a contradicted claim passed: %+v", st)
	}
	found := false
	for _, d := range st.Diagnostics {
		found = found || strings.HasSuffix(d.File, salic) && d.Line == line
	}
	if !found {
		t.Errorf("diagnostics %+v: none at %s:%d", st.Diagnostics, salic, line)
	}
	page := s.get("/ru/games/salic-law/index.html", 200)
	if !strings.Contains(page, `href="/ru/games/salic-law/index.html#p-001-7"`) || !strings.Contains(page, `id="p-001-7"`) {
		t.Errorf("the claim's diagnostic does not link paragraph 001:7 on the Russian page")
	}
	if !strings.Contains(page, "quick check") || !strings.Contains(page, `name="back" value="/ru/games/salic-law/index.html"`) {
		t.Errorf("the panel does not say the check was quick, or offer the full check")
	}
	// The full check: a POST with the page's token that sends the browser back.
	resp := s.fullCheck(page, "/ru/")
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/ru/" {
		t.Errorf("full-check: %d to %q, want 303 to /ru/", resp.StatusCode, resp.Header.Get("Location"))
	}
	resp = s.fullCheck(page, "//evil.example/")
	if resp.Header.Get("Location") != "/" {
		t.Errorf("full-check sends the browser to %q, want only same-site paths", resp.Header.Get("Location"))
	}
}

// tokenRE finds the full check's token in a page.
var tokenRE = regexp.MustCompile(`name="token" value="([0-9a-f]+)"`)

// fullCheck asks for the full check as the panel's form does, with the
// token of page, and returns the answer (not followed).
func (s *liveServer) fullCheck(page, back string) *http.Response {
	s.t.Helper()
	m := tokenRE.FindStringSubmatch(page)
	if m == nil {
		s.t.Fatalf("no token for the full check in the page")
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(s.url+"/__pasyans/full-check", url.Values{"token": {m[1]}, "back": {back}})
	if err != nil {
		s.t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// TestWatchEndpoints checks the preview's own paths against the server's
// rules: GET and HEAD only, the policy, no listing, JSON status.
func TestWatchEndpoints(t *testing.T) {
	s := startLive(t)
	for _, p := range []string{"/__pasyans/status", "/__pasyans/live.js", "/en/index.html"} {
		req, _ := http.NewRequest("POST", s.url+p, strings.NewReader("x"))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 405 || resp.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("POST %s: %d Allow %q", p, resp.StatusCode, resp.Header.Get("Allow"))
		}
		if resp.Header.Get("Content-Security-Policy") != preview.ContentSecurityPolicy {
			t.Errorf("POST %s: no Content-Security-Policy", p)
		}
	}
	s.get("/__pasyans/", 404)
	s.get("/__pasyans/nope", 404)
	s.get("/static/", 404)
	if js := s.get("/__pasyans/live.js", 200); !strings.Contains(js, "EventSource") {
		t.Errorf("live.js is not the reload script")
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(s.get("/__pasyans/status", 200)), &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"generation", "ok", "diagnostics", "build_ms"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("status has no %q: %v", k, raw)
		}
	}
}

// watchProc is serve -watch running as a real process (startWatch).
type watchProc struct {
	cmd    *exec.Cmd
	stderr io.Reader        // the rest of its standard error
	log    *strings.Builder // its standard error so far
	addr   string           // where it serves
}

// startWatch starts serve -watch on the corpus in dir as a real process
// and reads its standard error up to the line that says where it serves.
func startWatch(t *testing.T, dir string) *watchProc {
	t.Helper()
	cmd := exec.Command(os.Args[0], "serve", "-watch", "-corpus", dir, "-addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "PASYANS_AS_CLI=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &watchProc{cmd: cmd, stderr: stderr, log: &strings.Builder{}}
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		p.log.WriteString(sc.Text() + "\n")
		if _, a, ok := strings.Cut(sc.Text(), "serving the live preview at "); ok {
			p.addr = strings.Fields(a)[0]
			break
		}
	}
	return p
}

// stop sends sig to the process, adds the rest of its standard error to
// the log and waits for it to end.
func (p *watchProc) stop(sig os.Signal) error {
	p.cmd.Process.Signal(sig)
	rest, _ := io.ReadAll(p.stderr)
	p.log.Write(rest)
	return p.cmd.Wait()
}

// stopEachWay starts serve -watch on a copy of the corpus once for SIGINT
// and once for SIGTERM and hands each process with its signal to stop,
// which ends it (watchProc.stop). The private folder, there once the
// process serves, must be gone then.
func stopEachWay(t *testing.T, stop func(p *watchProc, sig syscall.Signal)) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the edition; skipped in -short mode")
	}
	dir := copyCorpus(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		p := startWatch(t, dir)
		private := mustPrivate(t, p.log.String())
		if _, err := os.Stat(private); err != nil {
			t.Fatalf("the private folder: %v", err)
		}
		stop(p, sig)
		if _, err := os.Stat(private); !os.IsNotExist(err) {
			t.Errorf("%v: the private folder %s is still there (%v)", sig, private, err)
		}
	}
}

// TestWatchStop runs serve -watch as a real process and stops it with
// SIGINT and with SIGTERM: exit 0, and its private folder is gone.
func TestWatchStop(t *testing.T) {
	stopEachWay(t, func(p *watchProc, sig syscall.Signal) {
		if err := p.stop(sig); err != nil {
			t.Errorf("%v: serve -watch ended with %v\n%s", sig, err, p.log.String())
		}
	})
}

// TestWatchUsage checks -watch's flag rules.
func TestWatchUsage(t *testing.T) {
	tests := [][]string{
		{"serve", "-watch"},
		{"serve", "-watch", "-corpus", "/no/such/folder", "-addr", "127.0.0.1:0"},
		{"serve", "-watch", "-corpus", ".", "-dir", "."},
		{"serve", "-corpus", "."},
		{"serve", "-watch", "-corpus", ".", "-addr", "0.0.0.0:0"},
	}
	for _, args := range tests {
		if _, errs, code := cliWithin(t, 20*time.Second, args...); code != 2 {
			t.Errorf("pasyans %v: exit %d (%s), want 2", args, code, errs)
		}
	}
}

// TestWatchRecreated: the corpus folder deleted and made again (a
// checkout, an rsync, a restore) is watched again: the preview used to
// stop watching silently.
func TestWatchRecreated(t *testing.T) {
	s := startLive(t)
	backup := copyCorpus(t)
	if err := os.RemoveAll(s.corpus); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.waitGen(2); st.OK {
		t.Fatalf("the corpus folder is gone, but the status is OK: %+v", st)
	}
	gen := s.status().Generation
	if err := os.CopyFS(s.corpus, os.DirFS(backup)); err != nil {
		t.Fatal(err)
	}
	s.waitOK(gen + 1)
	gen = s.status().Generation
	s.edit(salic, "in a horizontal line while the patience is being dealt", "in a horizontal line (AGAIN) while the patience is being dealt")
	s.waitOK(gen + 1)
	if page := s.get("/en/games/salic-law/index.html", 200); !strings.Contains(page, "(AGAIN)") {
		t.Errorf("an edit in the folder made again did not show")
	}
}

// TestWatchSymlink: -corpus naming a link to the folder watches the
// folder (it used to watch nothing).
func TestWatchSymlink(t *testing.T) {
	if testing.Short() {
		t.Skip("serve -watch builds the edition; skipped in -short mode")
	}
	link := filepath.Join(t.TempDir(), "corpus")
	if err := os.Symlink(copyCorpus(t), link); err != nil {
		t.Fatal(err)
	}
	s := startLiveOn(t, link)
	s.edit(salic, "in a horizontal line while the patience is being dealt", "in a horizontal line (LINKED) while the patience is being dealt")
	s.waitOK(2)
	if page := s.get("/en/games/salic-law/index.html", 200); !strings.Contains(page, "(LINKED)") {
		t.Errorf("an edit through the link did not show")
	}
}

// waitOK waits for a passing generation gen or later with no rebuild
// pending.
func (s *liveServer) waitOK(gen int) {
	s.t.Helper()
	start := time.Now()
	for {
		st := s.status()
		if st.Generation >= gen && st.OK && !st.Building {
			return
		}
		if time.Since(start) > 20*s.limit() {
			s.t.Fatalf("no passing generation %d within %v: %+v", gen, 20*s.limit(), st)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestWatchStopMidBuild: SIGINT or SIGTERM during a rebuild (here the
// full check, the slowest) ends serve -watch within a second, its private
// folder removed; it used to run the build to its end ("stopping after
// the build in progress") and ignore further signals.
func TestWatchStopMidBuild(t *testing.T) {
	stopEachWay(t, func(p *watchProc, sig syscall.Signal) {
		s := &liveServer{t: t, url: strings.TrimSuffix(p.addr, "/")}
		s.fullCheck(s.get("/en/", 200), "/en/")
		time.Sleep(300 * time.Millisecond) // the full check under way
		if st := s.status(); !st.Building {
			t.Fatalf("no rebuild under way: %+v", st)
		}
		start := time.Now()
		err := p.stop(sig)
		took := time.Since(start)
		t.Logf("%v mid-rebuild: ended in %v", sig, took)
		if err != nil {
			t.Errorf("%v: serve -watch ended with %v\n%s", sig, err, p.log.String())
		}
		// The build stops at once; removing the private folder's files
		// then takes what the disk takes (about 700 files a build).
		m := regexp.MustCompile(`stopped the build in progress in (\S+)\n`).FindStringSubmatch(p.log.String())
		if m == nil {
			t.Fatalf("%v: no build was stopped:\n%s", sig, p.log.String())
		}
		if d, err := time.ParseDuration(m[1]); err != nil || d > time.Second {
			t.Errorf("%v: the build in progress took %s to stop, want at most a second\n%s", sig, m[1], p.log.String())
		}
		if took > 15*time.Second {
			t.Errorf("%v: serve -watch took %v to end mid-rebuild\n%s", sig, took, p.log.String())
		}
	})
}

// cliWithin runs pasyans as cli does, but kills it after limit: a server
// that should have refused to start must not hang the test.
func cliWithin(t *testing.T, limit time.Duration, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	return cliContext(t, ctx, "", args...)
}
