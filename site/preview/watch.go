package preview

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/fsnotify/fsnotify"

	"pasyans/corpus"
	"pasyans/corpus/check"
	"pasyans/render"
)

// The live preview of serve -watch: a private build of the corpus,
// rebuilt on every change, served with a reload script and a panel of
// diagnostics added to each page.

//go:embed live
var liveFiles embed.FS

const (
	// livePrefix is the path of the preview's own endpoints and files.
	livePrefix = "/__pasyans/"
	// Quiet is how long the corpus must stay unchanged before a rebuild:
	// a burst of writes (an editor's save, a git checkout) gives one.
	Quiet = 150 * time.Millisecond
	// patience caps the wait for quiet: a folder that never stops
	// changing is still rebuilt this long after its first change.
	patience = 2 * time.Second
	// ping keeps an idle event stream open through proxies and timeouts.
	ping = 20 * time.Second
	// streamMax caps the event streams open at once (each holds a
	// connection); streamLife ends each after a while (the script
	// reconnects), and a stream whose client stops reading ends when a
	// write has waited streamStall.
	streamMax   = 64
	streamLife  = 30 * time.Minute
	streamStall = 2 * ping
)

// streamLimits are the time limits of an event stream.
type streamLimits struct{ life, stall time.Duration }

// Status is the answer of GET /__pasyans/status (a contract:
// fields may be added, never renamed).
type Status struct {
	Generation  int          `json:"generation"`
	OK          bool         `json:"ok"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	BuildMS     int64        `json:"build_ms"`
	Check       string       `json:"check"` // "quick" (no behaviour probes) or "full"
	Building    bool         `json:"building"`
	pages       *previewSite // the site served: the last good build, nil before one
}

// Diagnostic is one problem of a build as the preview shows it.
type Diagnostic struct {
	File    string `json:"file"` // as the terminal prints it: -corpus DIR joined
	Line    int    `json:"line"`
	Message string `json:"message"`
	Game    string `json:"-"` // the game whose page shows the problem, if any
	Para    string `json:"-"` // the paragraph it is in, if known
}

// Watch is what the live preview needs of the command: the corpus folder
// to watch, the build of it into a folder (with probes behaviour probes
// per game; the error a corpus that fails the check gives), and the
// reading of a failed build's error as diagnostics.
type Watch struct {
	Corpus   string
	Build    func(ctx context.Context, out string, probes int) error
	Diagnose func(err error) []Diagnostic
}

// previewSite is one good build: its generation folder and the site in it.
type previewSite struct {
	dir  string
	root *os.Root
}

// preview is the state of serve -watch.
type preview struct {
	w    *Watch
	tmp  string     // the private folder; one gen-N folder per good build
	log  io.Writer  // the terminal (safe for concurrent use)
	full chan bool  // a full check was asked for
	stop chan bool  // closed when the server shuts down
	mu   sync.Mutex // guards what follows
	st   Status
	old  *previewSite  // the build before the one served, kept for requests still reading it
	wake chan struct{} // closed and replaced at every new generation
	// changed is when the change that led to the current generation was
	// seen (zero for the first build); reloaded is set once a page has
	// reloaded at that generation and the time has been printed.
	changed  time.Time
	reloaded bool
	builds   int // folders made, for their names
	// token is the secret the pages hold for the full check's POST.
	token string
	// streams holds a place for each open event stream; limits are the
	// time limits of each.
	streams chan struct{}
	limits  streamLimits
}

// serveWatch runs the live preview until ctx is done.
func serveWatch(ctx context.Context, stderr io.Writer, o Options, warning string) error {
	if st, err := os.Stat(o.Watch.Corpus); err != nil {
		return fmt.Errorf("-corpus: %v", err)
	} else if !st.IsDir() {
		return fmt.Errorf("-corpus %s: not a folder", o.Watch.Corpus)
	}
	// The folder itself is watched, not a link to it; and its parent,
	// to see it made again (a checkout, an rsync, a restore).
	root, err := filepath.EvalSymlinks(o.Watch.Corpus)
	if err != nil {
		return fmt.Errorf("-corpus: %v", err)
	}
	if root, err = filepath.Abs(root); err != nil {
		return fmt.Errorf("-corpus: %v", err)
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return failure("watch %s: %v", o.Watch.Corpus, err)
	}
	defer fw.Close()
	if err := watchTree(fw, root); err != nil {
		return fmt.Errorf("watch %s: %v", o.Watch.Corpus, err)
	}
	if err := fw.Add(filepath.Dir(root)); err != nil {
		return fmt.Errorf("watch %s: %v", filepath.Dir(root), err)
	}
	ln, err := listen(o.Addr, o.Public)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "pasyans-serve-")
	if err != nil {
		ln.Close()
		return failure("serve: %v", err)
	}
	log := &lockedWriter{w: stderr}
	if warning != "" {
		fmt.Fprintln(log, warning)
	}
	token := make([]byte, 16)
	if _, err := rand.Read(token); err != nil {
		ln.Close()
		return failure("serve: %v", err)
	}
	p := &preview{w: o.Watch, tmp: tmp, log: log, full: make(chan bool, 1), stop: make(chan bool), wake: make(chan struct{}),
		token: hex.EncodeToString(token), streams: make(chan struct{}, streamMax), limits: streamLimits{streamLife, streamStall}}
	fmt.Fprintf(log, "pasyans: watching %s; building into %s\n", o.Watch.Corpus, tmp)
	p.rebuild(ctx, false, time.Time{}, 0)
	srv := newServer(hostGuard(p.handler(), ln.Addr(), o.Public))
	srv.RegisterOnShutdown(func() { close(p.stop) })
	fmt.Fprintf(log, "pasyans: serving the live preview at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	if o.Ready != nil {
		o.Ready(ln.Addr().String())
	}
	lctx, cancel := context.WithCancel(ctx)
	looped := make(chan struct{})
	go func() { p.loop(lctx, fw, root); close(looped) }()
	err = serveUntil(ctx, srv, ln)
	// The build in progress is cancelled while the builds served are
	// removed (no request reads them any more).
	cancel()
	closed := make(chan struct{})
	go func() { p.close(); close(closed) }()
	<-looped
	<-closed
	if rerr := removePrivate(tmp); rerr != nil {
		fmt.Fprintf(log, "pasyans: remove %s: %v\n", tmp, rerr)
	} else {
		fmt.Fprintf(log, "pasyans: stopped; removed %s\n", tmp)
	}
	return err
}

// removePrivate removes the private folder tmp. A cancelled build's
// writers may still be at work in it (see buildContext): the folder is
// renamed and a file put in its place while it is removed, so that they
// cannot make it again.
func removePrivate(tmp string) error {
	trash := tmp + ".removing"
	if err := os.Rename(tmp, trash); err != nil {
		return os.RemoveAll(tmp)
	}
	if err := os.WriteFile(tmp, nil, 0o600); err != nil {
		os.RemoveAll(trash)
		return err
	}
	var err error
	for i := 0; i < 3; i++ { // a writer may add a file meanwhile
		if err = os.RemoveAll(trash); err == nil {
			break
		}
	}
	if rerr := os.Remove(tmp); err == nil {
		err = rerr
	}
	return err
}

// lockedWriter serializes writes to the terminal.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// watchTree watches dir and every folder under it, but hidden ones
// (.git, editors' folders).
func watchTree(fw *fsnotify.Watcher, dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			return nil // vanished meanwhile
		}
		if !d.IsDir() {
			return nil
		}
		if p != dir && ignored(d.Name()) {
			return filepath.SkipDir
		}
		return fw.Add(p)
	})
}

// ignored reports whether a file name is an editor's or a tool's
// scratch file, whose changes are not the corpus's.
func ignored(name string) bool { return corpus.Ignored(name) }

// loop turns file events into rebuilds: after quiet time without a
// change, one rebuild; changes during a rebuild give one more after it.
func (p *preview) loop(ctx context.Context, fw *fsnotify.Watcher, root string) {
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	var (
		first    time.Time // the first change not yet built
		changes  int
		full     bool
		building bool
		done     = make(chan struct{})
	)
	for {
		select {
		case <-ctx.Done():
			if building {
				start := time.Now()
				<-done // cancelled through ctx
				fmt.Fprintf(p.log, "pasyans: stopped the build in progress in %s\n", time.Since(start).Round(time.Millisecond))
			}
			return
		case ev, ok := <-fw.Events:
			if !ok {
				return
			}
			if ev.Op == fsnotify.Chmod || ignored(filepath.Base(ev.Name)) {
				continue
			}
			if filepath.Dir(root) == filepath.Dir(ev.Name) && ev.Name != root {
				continue // beside the corpus folder, in its parent
			}
			if ev.Has(fsnotify.Create) {
				if st, err := os.Stat(ev.Name); err == nil && st.IsDir() {
					if err := watchTree(fw, ev.Name); err != nil {
						fmt.Fprintf(p.log, "pasyans: watch %s: %v\n", ev.Name, err)
					}
				}
			}
			if first.IsZero() {
				first = time.Now()
			}
			changes++
			if !building {
				timer.Reset(settle(time.Since(first)))
			}
		case err, ok := <-fw.Errors:
			if !ok {
				return
			}
			// An overflow loses events: rebuild to be sure.
			fmt.Fprintf(p.log, "pasyans: watching: %v\n", err)
			if first.IsZero() {
				first = time.Now()
			}
			changes++
			if !building {
				timer.Reset(Quiet)
			}
		case <-p.full:
			full = true
			if first.IsZero() {
				first = time.Now()
			}
			if !building {
				timer.Reset(0)
			}
		case <-timer.C:
			if building || (changes == 0 && !full) {
				continue
			}
			building = true
			f, c, n := full, first, changes
			full, first, changes = false, time.Time{}, 0
			go func() {
				p.rebuild(ctx, f, c, n)
				done <- struct{}{}
			}()
		case <-done:
			building = false
			if changes > 0 || full {
				timer.Reset(Quiet)
			}
		}
	}
}

// settle is how long to wait for quiet after a change, when the first
// change not yet built was seen waited ago.
func settle(waited time.Duration) time.Duration {
	return max(0, min(Quiet, patience-waited))
}

// rebuild builds the corpus into a new generation folder through the
// build command's own function, then serves it if the corpus passed the
// check, or keeps the last good build and shows the diagnostics if not.
// changed is when the first of the changes was seen.
func (p *preview) rebuild(ctx context.Context, full bool, changed time.Time, changes int) {
	p.mu.Lock()
	p.st.Building = true
	p.builds++
	out := filepath.Join(p.tmp, "gen-"+strconv.Itoa(p.builds))
	p.mu.Unlock()

	probes, kind := 0, "quick"
	if full {
		probes, kind = check.DefaultProbes, "full"
	}
	start := time.Now()
	err := p.w.Build(ctx, out, probes)
	var site *previewSite
	if err == nil {
		var root *os.Root
		if root, err = os.OpenRoot(filepath.Join(out, "site")); err == nil {
			site = &previewSite{dir: out, root: root}
		}
	}
	if ctx.Err() != nil {
		// Cancelled: the process is stopping, and removes the folder.
		if site != nil {
			site.root.Close()
		}
		return
	}
	diags := []Diagnostic{}
	if err != nil {
		diags = p.w.Diagnose(err)
	}
	took := time.Since(start)
	if site == nil {
		os.RemoveAll(out)
	}

	p.mu.Lock()
	st := &p.st
	st.Generation++
	st.OK, st.Diagnostics, st.BuildMS, st.Check, st.Building = err == nil, diags, took.Milliseconds(), kind, false
	var drop *previewSite
	if site != nil {
		drop, p.old, st.pages = p.old, st.pages, site
	}
	p.changed, p.reloaded = changed, false
	close(p.wake)
	p.wake = make(chan struct{})
	gen := st.Generation
	p.mu.Unlock()
	p.report(gen, kind, took, changed, changes, diags)
	// Two builds back: no request reads it any more. Removing 300 files
	// can take a while on a busy disk, and need not hold up the next build.
	go drop.remove()
}

// report prints a rebuild's outcome to the terminal.
func (p *preview) report(gen int, kind string, took time.Duration, changed time.Time, changes int, diags []Diagnostic) {
	what := "the first build"
	if changes > 0 {
		what = fmt.Sprintf("%d %s, the first %s ago", changes, plural(changes, "change"), time.Since(changed).Round(time.Millisecond))
	} else if !changed.IsZero() {
		what = "the full check asked for"
	}
	probes := "no behaviour probes"
	if kind == "full" {
		probes = fmt.Sprintf("%d probes per game", check.DefaultProbes)
	}
	if len(diags) == 0 {
		fmt.Fprintf(p.log, "pasyans: generation %d (%s): built in %s; the %s check (%s) passed\n",
			gen, what, took.Round(time.Millisecond), kind, probes)
		return
	}
	fmt.Fprintf(p.log, "pasyans: generation %d (%s): the corpus fails the %s check (%s) after %s; the last good build stays served:\n",
		gen, what, kind, probes, took.Round(time.Millisecond))
	for _, d := range diags {
		fmt.Fprintf(p.log, "  %s\n", d.where()+": "+d.Message)
	}
}

func (d Diagnostic) where() string {
	switch {
	case d.File == "":
		return "pasyans"
	case d.Line > 0:
		return d.File + ":" + strconv.Itoa(d.Line)
	}
	return d.File
}

// remove closes a build's site and removes its folder.
func (s *previewSite) remove() {
	if s == nil {
		return
	}
	s.root.Close()
	os.RemoveAll(s.dir)
}

// close closes the sites still open.
func (p *preview) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.old.remove()
	p.st.pages.remove()
	p.old, p.st.pages = nil, nil
}

// status returns a copy of the current state.
func (p *preview) status() Status {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.st
}

// handler serves the preview: the endpoints under /__pasyans/ and the
// last good site, its pages with the reload script and the panel.
func (p *preview) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc(livePrefix+"status", p.serveStatus)
	mux.HandleFunc(livePrefix+"events", p.serveEvents)
	mux.HandleFunc(livePrefix+"full-check", p.serveFullCheck)
	mux.HandleFunc(livePrefix+"live.js", serveLiveFile)
	mux.HandleFunc(livePrefix+"live.css", serveLiveFile)
	mux.HandleFunc(livePrefix, http.NotFound)
	mux.HandleFunc("/", p.servePage)
	g := guard(mux)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if r.URL.Path == livePrefix+"full-check" {
			// The one path that takes a POST (and only a POST).
			setGuardHeaders(w.Header())
			p.serveFullCheck(w, r)
			return
		}
		g.ServeHTTP(w, r)
	})
}

func serveLiveFile(w http.ResponseWriter, r *http.Request) {
	name := "live/" + path.Base(r.URL.Path)
	b, err := liveFiles.ReadFile(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b))
}

func (p *preview) serveStatus(w http.ResponseWriter, r *http.Request) {
	st := p.status()
	w.Header().Set("Content-Type", "application/json")
	b, _ := json.Marshal(st)
	w.Write(append(b, '\n'))
}

// serveFullCheck asks for a rebuild with the full check (a POST with the
// token the pages hold, so that no other page can ask for it) and sends
// the browser back to the page it came from (a same-site path in back);
// the page reloads by itself when the check is done.
func (p *preview) serveFullCheck(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "405 method not allowed: the full check is asked for with POST", http.StatusMethodNotAllowed)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if subtle.ConstantTimeCompare([]byte(r.PostFormValue("token")), []byte(p.token)) != 1 {
		http.Error(w, "403 forbidden: the full check is asked for from the preview's own pages", http.StatusForbidden)
		return
	}
	select {
	case p.full <- true:
	default: // one is already asked for
	}
	p.mu.Lock()
	p.st.Building = true
	p.mu.Unlock()
	http.Redirect(w, r, sameSitePath(r.PostFormValue("back")), http.StatusSeeOther)
}

// sameSitePath returns back if it is a path on this site, "/" if not:
// it must start with one "/" and hold no backslash, space or control
// character (browsers drop tabs and newlines, so "/\t/host" would name
// another host), and parse as a path alone.
func sameSitePath(back string) string {
	if !strings.HasPrefix(back, "/") || strings.HasPrefix(back, "//") ||
		strings.ContainsFunc(back, func(r rune) bool {
			return r <= ' ' || r == '\\' || r == 0x7f || unicode.IsControl(r) || unicode.IsSpace(r)
		}) {
		return "/"
	}
	u, err := url.Parse(back)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || strings.HasPrefix(u.Path, "//") {
		return "/"
	}
	return back
}

// serveEvents is the event stream the reload script listens to: an event
// "build" with the generation served, now and at every rebuild. The
// script passes the generation of its page; the first page to come back
// at the newest generation after a change reports the reload time.
func (p *preview) serveEvents(w http.ResponseWriter, r *http.Request) {
	select {
	case p.streams <- struct{}{}:
		defer func() { <-p.streams }()
	default:
		w.Header().Set("Retry-After", "5")
		http.Error(w, "503 too many open event streams", http.StatusServiceUnavailable)
		return
	}
	rc := http.NewResponseController(w)
	// A stream lasts: the server's time limits are replaced by the
	// stream's own (a write may wait streamStall, the stream lasts
	// streamLife), or the connection would be cut (and the script
	// reconnect) every few seconds.
	rc.SetReadDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	p.reportReload(r.URL.Query().Get("gen"))
	tick := time.NewTicker(ping)
	defer tick.Stop()
	end := time.After(p.limits.life)
	for {
		p.mu.Lock()
		gen, wake := p.st.Generation, p.wake
		p.mu.Unlock()
		rc.SetWriteDeadline(time.Now().Add(p.limits.stall))
		if _, err := fmt.Fprintf(w, "event: build\ndata: %d\n\n", gen); err != nil {
			return
		}
		if rc.Flush() != nil {
			return
		}
		select {
		case <-wake:
		case <-tick.C:
		case <-r.Context().Done():
			return
		case <-p.stop:
			return
		case <-end:
			return
		}
	}
}

// reportReload prints the time from a change to the first page shown at
// the generation built from it.
func (p *preview) reportReload(gen string) {
	p.mu.Lock()
	cur, changed := p.st.Generation, p.changed
	due := !p.reloaded && !changed.IsZero() && gen == strconv.Itoa(cur)
	if due {
		p.reloaded = true
	}
	p.mu.Unlock()
	if due {
		fmt.Fprintf(p.log, "pasyans: generation %d: a page reloaded %s after the change\n", cur, time.Since(changed).Round(time.Millisecond))
	}
}

// servePage serves a file of the last good site; HTML pages get the
// reload script and the panel. Before any good build, every page is a
// placeholder that shows the diagnostics.
func (p *preview) servePage(w http.ResponseWriter, r *http.Request) {
	st := p.status()
	inject := func(name string, page []byte) []byte { return injectLive(page, st, langOf(name), r.URL.Path, p.token) }
	if st.pages == nil {
		if strings.HasSuffix(r.URL.Path, "/") || strings.HasSuffix(r.URL.Path, ".html") {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write(inject("", []byte(placeholderPage)))
			return
		}
		http.NotFound(w, r)
		return
	}
	serveFile(w, r, st.pages.root.FS(), inject)
}

// placeholderPage is served while no build has passed the check.
const placeholderPage = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>pasyans: no good build yet</title>
</head>
<body>
<main>
<h1>No good build yet</h1>
<p>The corpus fails the check, so there is no site to show yet. This page reloads by itself when the corpus passes.</p>
</main>
</body>
</html>
`

// langOf returns the interface language of a site path: its first
// folder, "en" by default.
func langOf(name string) string {
	if strings.HasPrefix(name, "ru/") {
		return "ru"
	}
	return "en"
}

// panelData is what the panel shows.
type panelData struct {
	Status
	HasSite   bool
	FullCheck string // the full check's address
	Token     string // the token its POST must carry
	Back      string // the page to come back to
	Items     []panelItem
}

type panelItem struct{ Where, Href, Message string }

var panelTemplate = template.Must(template.New("panel").Parse(`{{if .OK -}}
<aside id="pasyans-watch" class="pasyans-live" lang="en" aria-label="Live preview">
<p>Live preview, generation {{.Generation}}, built in {{.BuildMS}} ms: {{if eq .Check "full"}}the full check passed.{{else}}the quick check passed (it plays no behaviour probes).{{end}}{{if .Building}} Rebuilding…{{end}}</p>
{{template "full" .}}
</aside>
{{- else -}}
<section id="pasyans-diagnostics" class="pasyans-live pasyans-live-fail" lang="en" aria-labelledby="pasyans-diagnostics-title">
<p id="pasyans-diagnostics-title"><strong>The corpus fails the {{.Check}} check: {{len .Items}} {{if eq (len .Items) 1}}problem{{else}}problems{{end}}</strong> (generation {{.Generation}}{{if ne .Check "full"}}; the quick check plays no behaviour probes{{end}}). {{if .HasSite}}This page is from the last good build.{{else}}Nothing has passed the check yet.{{end}}{{if .Building}} Rebuilding…{{end}}</p>
{{template "full" .}}
<ul>
{{range .Items}}<li>{{if .Href}}<a href="{{.Href}}">{{.Where}}</a>{{else}}{{.Where}}{{end}}: {{.Message}}</li>
{{end}}</ul>
</section>
{{- end}}
{{define "full"}}<form method="post" action="{{.FullCheck}}"><input type="hidden" name="token" value="{{.Token}}"><input type="hidden" name="back" value="{{.Back}}"><button type="submit">Run the full check</button></form>{{end}}
`))

// injectLive adds the reload script and its style sheet to a page's head
// and the panel before the end of its body.
func injectLive(page []byte, st Status, lang, urlPath, token string) []byte {
	d := panelData{Status: st, HasSite: st.pages != nil,
		FullCheck: livePrefix + "full-check", Token: token, Back: sameSitePath(urlPath)}
	for _, x := range st.Diagnostics {
		it := panelItem{Where: x.where(), Message: x.Message}
		if x.Game != "" && st.pages != nil {
			it.Href = "/" + render.GamePage(lang, x.Game, x.Para)
		}
		d.Items = append(d.Items, it)
	}
	var panel bytes.Buffer
	if err := panelTemplate.Execute(&panel, d); err != nil {
		panel.Reset()
		fmt.Fprintf(&panel, "<!-- pasyans: panel: %s -->", template.HTMLEscapeString(err.Error()))
	}
	head := fmt.Sprintf(`<link rel="stylesheet" href="%scss">
<script src="%sjs" data-generation="%d" defer></script>
`, livePrefix+"live.", livePrefix+"live.", st.Generation)
	page = insertBefore(page, []byte("</head>"), []byte(head), false)
	return insertBefore(page, []byte("</body>"), panel.Bytes(), true)
}

// insertBefore inserts add before the first (or last) occurrence of mark
// in page, or at its end if there is none.
func insertBefore(page, mark, add []byte, last bool) []byte {
	i := bytes.Index(page, mark)
	if last {
		i = bytes.LastIndex(page, mark)
	}
	if i < 0 {
		i = len(page)
	}
	out := make([]byte, 0, len(page)+len(add))
	out = append(out, page[:i]...)
	out = append(out, add...)
	return append(out, page[i:]...)
}

// plural is word with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
