package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func init() {
	register(&command{
		name:  "serve",
		usage: "[-addr 127.0.0.1:8080] [-public] [-dir out/site | -watch -corpus DIR]",
		short: "preview the built site; -watch rebuilds it on every save",
		long: `Serve serves the built site (by default ./out/site, made by 'pasyans build')
on the loopback address. No path outside the site's folder can be read:
the folder is opened as an os.Root, which refuses names and links that
lead out of it (they answer 404). Folders are never listed; methods
other than GET and HEAD answer 405 (but the full check's POST below);
anything but a regular file or a folder (a FIFO, a device) is a 404,
its type checked before it is opened. Every answer carries the site's
Content-Security-Policy, which its pages satisfy.

An address that is not loopback (0.0.0.0:PORT, :PORT, [::]:PORT, a
host name of this machine) lets anyone who can reach the machine read
the site: it needs -public, and a warning is printed.

With -watch, serve is the editor's live preview. It builds the corpus of
-corpus DIR (as 'pasyans build -probes 0' does) into a private temporary
folder, serves that, watches DIR and its subfolders, and rebuilds on
every save: a burst of changes gives one rebuild, and changes during a
rebuild give one more after it. Open pages reload by themselves, and the
terminal prints the time from the change to the reloaded page. While the
corpus fails, the last good build stays served and every page shows the
problems (file:line: message) in a panel with id "pasyans-diagnostics";
the terminal prints them too. The quick check of a rebuild plays no
behaviour probes; the panel's "Run the full check" button (a POST to
/__pasyans/full-check carrying a token only the preview's pages hold)
rebuilds with the full check, then sends the browser back to the page. GET
/__pasyans/status answers JSON: {"generation": n, "ok": bool,
"diagnostics": [{"file", "line", "message"}], "build_ms": t, "check":
"quick"|"full", "building": bool}. The reload script and the panel are
added to the pages as they are served; the built files are the bytes
'pasyans build' writes.

On a loopback address, a request whose Host header names another host
(a page elsewhere pointing a name at this machine) answers 421. At most
64 reload event streams are open at once.

Ctrl-C (SIGINT or SIGTERM) stops the server cleanly; with -watch it
also cancels the rebuild in progress and removes the private folder. A
second Ctrl-C ends the process at once.`,
		flags: func(fs *flag.FlagSet) func(*env, []string) error {
			var o serveOptions
			fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "`host:port` to listen on")
			fs.BoolVar(&o.public, "public", false, "allow an address that is not loopback (others can then read the site)")
			fs.StringVar(&o.dir, "dir", filepath.Join("out", "site"), "the built site's `folder`")
			fs.BoolVar(&o.watch, "watch", false, "build -corpus DIR, serve it and rebuild on every change")
			fs.StringVar(&o.cf.dir, "corpus", "", "with -watch: the corpus `DIR` to build, serve and watch")
			return func(e *env, args []string) error {
				if len(args) > 0 {
					return usageError("serve takes no arguments, got %q", args[0])
				}
				set := map[string]bool{}
				fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
				if o.watch && o.cf.dir == "" {
					return usageError("-watch needs -corpus DIR, the corpus folder to watch (such as -corpus corpus)")
				}
				if o.watch && set["dir"] {
					return usageError("-dir and -watch: -watch serves its own build of -corpus DIR")
				}
				if !o.watch && set["corpus"] {
					return usageError("-corpus is for -watch; without it serve serves the built site of -dir")
				}
				ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
				defer stop()
				// After the first signal, a second one kills at once.
				context.AfterFunc(ctx, stop)
				return serve(ctx, e, o)
			}
		},
	})
}

// serveOptions are serve's flags.
type serveOptions struct {
	addr   string
	public bool
	dir    string
	watch  bool
	cf     corpusFlags
	// ready, if set, is told the address once the server listens (tests).
	ready func(addr string)
}

// contentSecurityPolicy is sent with every answer: the site's pages use
// no inline script or style, and ask nothing of another host.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// serve listens on o.addr and serves the site (or, with -watch, the live
// preview) until ctx is done.
func serve(ctx context.Context, e *env, o serveOptions) error {
	warning, err := checkAddr(o.addr, o.public)
	if err != nil {
		return err
	}
	if o.watch {
		return serveWatch(ctx, e, o, warning)
	}
	h, err := siteHandler(o.dir)
	if err != nil {
		return err
	}
	ln, err := listen(o.addr, o.public)
	if err != nil {
		return err
	}
	if warning != "" {
		fmt.Fprintln(e.stderr, warning)
	}
	fmt.Fprintf(e.stderr, "pasyans: serving %s at http://%s/ (Ctrl-C stops)\n", o.dir, ln.Addr())
	if o.ready != nil {
		o.ready(ln.Addr().String())
	}
	return serveUntil(ctx, newServer(hostGuard(h, ln.Addr(), o.public)), ln)
}

// checkAddr refuses an address that is not loopback unless public is
// set, and returns the warning to print for one that is allowed.
func checkAddr(addr string, public bool) (warning string, err error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return "", usageError("-addr %q: %v (want host:port, such as 127.0.0.1:8080)", addr, err)
	}
	if isLoopback(host) {
		return "", nil
	}
	if !public {
		return "", usageError("-addr %s listens beyond this machine: add -public if others may read the site, or use 127.0.0.1:PORT", addr)
	}
	return fmt.Sprintf("pasyans: warning: -public -addr %s: anyone who can reach this machine can read the site", addr), nil
}

// isLoopback reports whether host names only loopback addresses. An
// empty host (":8080") means every interface.
func isLoopback(host string) bool {
	if host == "" {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		return ip.IsLoopback()
	}
	ips, err := net.LookupIP(host)
	if err != nil || len(ips) == 0 {
		return false
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return false
		}
	}
	return true
}

// listen listens on addr and, unless public, makes sure the socket it got
// is a loopback one (a host name may resolve otherwise than checkAddr saw).
func listen(addr string, public bool) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, usageError("listen on %s: %v", addr, err)
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && !public && !tcp.IP.IsLoopback() {
		ln.Close()
		return nil, usageError("-addr %s listens on %s, which is not loopback: add -public if others may read the site", addr, tcp.IP)
	}
	return ln, nil
}

// newServer returns the server with its time limits: a slow or idle
// client cannot hold a connection for long. (The live preview's event
// stream lifts the write limit for itself.)
func newServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
	}
}

// serveUntil serves on ln until ctx is done, then shuts the server down,
// giving open requests a moment to finish.
func serveUntil(ctx context.Context, srv *http.Server, ln net.Listener) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return failure("serve: %v", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return failure("serve: %v", err)
	}
	return nil
}

// siteHandler serves dir, refusing any path that leads out of it.
func siteHandler(dir string) (http.Handler, error) {
	st, err := os.Stat(filepath.Join(dir, "index.html"))
	if err != nil || st.IsDir() {
		return nil, usageError("%s: no built site here (run 'pasyans build' first)", dir)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, usageError("open %s: %v", dir, err)
	}
	fsys := root.FS()
	return guard(webCache(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		serveFile(w, r, fsys, nil)
	}))), nil
}

// guard sets the headers every answer carries and answers 405 to any
// method but GET and HEAD.
func guard(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		setGuardHeaders(hd)
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			hd.Set("Allow", "GET, HEAD")
			http.Error(w, "405 method not allowed: this server only reads (GET, HEAD)", http.StatusMethodNotAllowed)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// setGuardHeaders sets the headers every answer carries.
func setGuardHeaders(hd http.Header) {
	hd.Set("Content-Security-Policy", contentSecurityPolicy)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
}

// hostGuard answers 421 to a request whose Host header does not name the
// address served (a page of another site whose name was made to point
// at this machine, DNS rebinding): on a loopback address, the address
// itself or localhost, with its port. With -public any name may reach
// the site, which anyone may read anyway.
func hostGuard(h http.Handler, addr net.Addr, public bool) http.Handler {
	tcp, ok := addr.(*net.TCPAddr)
	if public || !ok {
		return h
	}
	port := strconv.Itoa(tcp.Port)
	allowed := map[string]bool{}
	for _, host := range []string{tcp.IP.String(), "localhost", "127.0.0.1", "::1"} {
		allowed[strings.ToLower(net.JoinHostPort(host, port))] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !allowed[strings.ToLower(r.Host)] {
			setGuardHeaders(w.Header())
			http.Error(w, "421 misdirected request: the Host header does not name this server's address", http.StatusMisdirectedRequest)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// serveFile answers r with the file its path names in fsys, or the
// index.html of the folder it names. Anything else (a missing file, a
// folder without index.html, a link leading out of the site, a device)
// is a 404: folders are never listed. If inject is set, HTML pages are
// passed through it before they are sent.
func serveFile(w http.ResponseWriter, r *http.Request, fsys fs.FS, inject func(name string, page []byte) []byte) {
	p := r.URL.Path
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	name := strings.TrimPrefix(path.Clean(p), "/")
	if name == "" {
		name = "."
	}
	f, st, err := openRegular(fsys, name)
	if err == errIsDir {
		if !strings.HasSuffix(p, "/") {
			// Relative, as http.FileServer does, so that the page's
			// relative links resolve.
			http.Redirect(w, r, path.Base(p)+"/", http.StatusMovedPermanently)
			return
		}
		name = path.Join(name, "index.html")
		f, st, err = openRegular(fsys, name)
	}
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	if inject != nil && strings.HasSuffix(name, ".html") {
		page, err := io.ReadAll(f)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(inject(name, page)))
		return
	}
	rs, ok := f.(io.ReadSeeker)
	if !ok {
		b, err := io.ReadAll(f)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		rs = bytes.NewReader(b)
	}
	http.ServeContent(w, r, name, st.ModTime(), rs)
}

// errIsDir is openRegular's answer for a folder.
var errIsDir = errors.New("is a folder")

// openRegular opens name in fsys if it is a regular file. Its type is
// checked before it is opened (opening a FIFO blocks until a writer
// comes), and again on the file opened.
func openRegular(fsys fs.FS, name string) (fs.File, fs.FileInfo, error) {
	st, err := fs.Stat(fsys, name)
	switch {
	case err != nil:
		return nil, nil, err
	case st.IsDir():
		return nil, nil, errIsDir
	case !st.Mode().IsRegular():
		return nil, nil, fmt.Errorf("%s: not a regular file", name)
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, nil, err
	}
	st, err = f.Stat()
	switch {
	case err != nil:
	case st.IsDir():
		err = errIsDir
	case !st.Mode().IsRegular():
		err = fmt.Errorf("%s: not a regular file", name)
	default:
		return f, st, nil
	}
	f.Close()
	return nil, nil, err
}
