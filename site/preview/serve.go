// Package preview serves a built site on this machine (the 'pasyans
// serve' command) and, with a Watch, is the editor's live preview: it
// rebuilds the corpus on every save into a private folder, serves the last
// good build with a reload script and a panel of diagnostics added to each
// page, and reports each rebuild to the terminal.
//
// Boundary: preview knows HTTP, the site's files as a folder, the file
// events of the corpus folder (corpus.Ignored names the scratch files),
// and the game pages' addresses (render.GamePage) for the panel's links.
// It must not know how the edition is loaded, checked or built: the
// command gives it the build and the reading of a build's errors (Watch).
// Its errors for bad input (an address, a folder) are plain; those that
// are not the input's fault carry exit status 1 (ExitStatus).
package preview

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Options say what Serve serves and where.
type Options struct {
	Addr   string // host:port
	Public bool   // allow an address that is not loopback
	Dir    string // the built site's folder, served without Watch
	// Watch, if set, makes the server the live preview of a corpus.
	Watch *Watch
	// Ready, if set, is told the address once the server listens (tests).
	Ready func(addr string)
}

// failed is an error that is not the input's fault (the server stopped
// on its own, the watcher could not start): exit status 1.
type failed struct{ msg string }

func (e *failed) Error() string   { return e.msg }
func (e *failed) ExitStatus() int { return 1 }

func failure(format string, args ...any) error { return &failed{fmt.Sprintf(format, args...)} }

// ContentSecurityPolicy is sent with every answer: the site's pages use
// no inline script or style, and ask nothing of another host.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// Serve listens on o.Addr and serves the site (or, with o.Watch, the
// live preview) until ctx is done, telling log (the terminal) what it
// does.
func Serve(ctx context.Context, log io.Writer, o Options) error {
	warning, err := checkAddr(o.Addr, o.Public)
	if err != nil {
		return err
	}
	if o.Watch != nil {
		return serveWatch(ctx, log, o, warning)
	}
	h, err := SiteHandler(o.Dir)
	if err != nil {
		return err
	}
	ln, err := listen(o.Addr, o.Public)
	if err != nil {
		return err
	}
	if warning != "" {
		fmt.Fprintln(log, warning)
	}
	fmt.Fprintf(log, "pasyans: serving %s at http://%s/ (Ctrl-C stops)\n", o.Dir, ln.Addr())
	if o.Ready != nil {
		o.Ready(ln.Addr().String())
	}
	return serveUntil(ctx, newServer(hostGuard(h, ln.Addr(), o.Public)), ln)
}

// checkAddr refuses an address that is not loopback unless public is
// set, and returns the warning to print for one that is allowed.
func checkAddr(addr string, public bool) (warning string, err error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("-addr %q: %v (want host:port, such as 127.0.0.1:8080)", addr, err)
	}
	if isLoopback(host) {
		return "", nil
	}
	if !public {
		return "", fmt.Errorf("-addr %s listens beyond this machine: add -public if others may read the site, or use 127.0.0.1:PORT", addr)
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
		return nil, fmt.Errorf("listen on %s: %v", addr, err)
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && !public && !tcp.IP.IsLoopback() {
		ln.Close()
		return nil, fmt.Errorf("-addr %s listens on %s, which is not loopback: add -public if others may read the site", addr, tcp.IP)
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

// SiteHandler serves dir, refusing any path that leads out of it.
func SiteHandler(dir string) (http.Handler, error) {
	st, err := os.Stat(filepath.Join(dir, "index.html"))
	if err != nil || st.IsDir() {
		return nil, fmt.Errorf("%s: no built site here (run 'pasyans build' first)", dir)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("open %s: %v", dir, err)
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
	hd.Set("Content-Security-Policy", ContentSecurityPolicy)
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
