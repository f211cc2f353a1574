package preview

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// writeFiles writes files (a slash-separated name below dir: the
// content) into dir, making the folders they need.
func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// tinySite writes a small built site: an index page, a page in a folder,
// a folder without an index page, a symlink inside the site and one that
// leads out of it.
func tinySite(t testing.TB) string {
	t.Helper()
	base := t.TempDir()
	dir := filepath.Join(base, "site")
	secret := filepath.Join(base, "secret.txt")
	files := map[string]string{
		"index.html":        "<!DOCTYPE html><html><head><title>x</title></head><body><p>root</p></body></html>",
		"en/index.html":     "<!DOCTYPE html><html><head><title>en</title></head><body><p>english</p></body></html>",
		"static/site.css":   "body{}",
		"static/empty/a.js": "1",
	}
	writeFiles(t, dir, files)
	if err := os.WriteFile(secret, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(dir, "out.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(base, filepath.Join(dir, "up")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("static/site.css", filepath.Join(dir, "in.css")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestServeHandler drives the plain server's handler as a hostile client
// would: other methods, paths out of the site, folders without an index.
func TestServeHandler(t *testing.T) {
	h, err := SiteHandler(tinySite(t))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	tests := []struct {
		name, method, path string
		code               int
		body               string // a substring of the body
		allow              string // the Allow header
	}{
		{"root", "GET", "/", 200, "root", ""},
		{"page", "GET", "/en/index.html", 200, "english", ""},
		{"folder", "GET", "/en/", 200, "english", ""},
		{"head", "HEAD", "/en/", 200, "", ""},
		{"symlink inside", "GET", "/in.css", 200, "body{}", ""},
		{"missing", "GET", "/nope.html", 404, "", ""},
		{"traversal", "GET", "/../secret.txt", 404, "", ""},
		{"symlink out", "GET", "/out.txt", 404, "", ""},
		{"symlinked folder out", "GET", "/up/secret.txt", 404, "", ""},
		{"no listing", "GET", "/static/empty/", 404, "", ""},
		{"no listing of static", "GET", "/static/", 404, "", ""},
		{"post", "POST", "/", 405, "", "GET, HEAD"},
		{"put", "PUT", "/en/index.html", 405, "", "GET, HEAD"},
		{"delete", "DELETE", "/en/index.html", 405, "", "GET, HEAD"},
		{"trace", "TRACE", "/", 405, "", "GET, HEAD"},
		{"options", "OPTIONS", "/", 405, "", "GET, HEAD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, srv.URL+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			req.URL.Opaque = tt.path // send the path as written, ".." and all
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.code {
				t.Errorf("%s %s: status %d, want %d (body %.100q)", tt.method, tt.path, resp.StatusCode, tt.code, body)
			}
			if !strings.Contains(string(body), tt.body) {
				t.Errorf("%s %s: body %.200q lacks %q", tt.method, tt.path, body, tt.body)
			}
			if strings.Contains(string(body), "secret") {
				t.Errorf("%s %s: the file outside the site was served", tt.method, tt.path)
			}
			if got := resp.Header.Get("Allow"); got != tt.allow {
				t.Errorf("%s %s: Allow %q, want %q", tt.method, tt.path, got, tt.allow)
			}
			if got := resp.Header.Get("Content-Security-Policy"); got != ContentSecurityPolicy {
				t.Errorf("%s %s: Content-Security-Policy %q, want %q", tt.method, tt.path, got, ContentSecurityPolicy)
			}
		})
	}
}

// TestServeAddr checks that a non-loopback address needs Public: an
// error of the input (exit status 2) without it.
func TestServeAddr(t *testing.T) {
	dir := tinySite(t)
	for _, addr := range []string{"0.0.0.0:0", ":0", "[::]:0", "nohostport", "127.0.0.1:http-nope"} {
		// A server that should have refused to start must not hang
		// the test.
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		err := Serve(ctx, io.Discard, Options{Addr: addr, Dir: dir})
		cancel()
		var ex interface{ ExitStatus() int }
		if err == nil || errors.As(err, &ex) || strings.Contains(addr, ":0") && !strings.Contains(err.Error(), "-public") {
			t.Errorf("Serve -addr %s: %v; want an error of the input naming -public", addr, err)
		}
	}
}

// TestServeTimeouts checks that the server bounds how long a client may
// take to send a request, to read the answer and to sit idle.
func TestServeTimeouts(t *testing.T) {
	srv := newServer(http.NotFoundHandler())
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 {
		t.Errorf("timeouts: read header %v, read %v, write %v, idle %v; want all set",
			srv.ReadHeaderTimeout, srv.ReadTimeout, srv.WriteTimeout, srv.IdleTimeout)
	}
}

// TestServePublic serves on every interface with -public: the server
// starts, warns, answers, and stops when its context ends.
func TestServePublic(t *testing.T) {
	dir := tinySite(t)
	var errb bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	addrs := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, &lockedWriter{w: &errb}, Options{Addr: "0.0.0.0:0", Public: true, Dir: dir, Ready: func(a string) { addrs <- a }})
	}()
	var addr string
	select {
	case addr = <-addrs:
	case err := <-done:
		t.Fatalf("serve -public -addr 0.0.0.0:0: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not start")
	}
	_, port, _ := strings.Cut(addr, "]:")
	if port == "" {
		_, port, _ = strings.Cut(addr, ":")
	}
	resp, err := http.Get("http://127.0.0.1:" + port + "/en/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "english") {
		t.Errorf("GET /en/: %d %q", resp.StatusCode, body)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("serve after Ctrl-C: %v", err)
	}
	if !strings.Contains(errb.String(), "warning") {
		t.Errorf("serve -public printed no warning: %q", errb.String())
	}
}

// FuzzServePath sends any path to the plain server's handler: it never
// answers with a file from outside the site, never fails with a 5xx,
// and never lists a folder.
func FuzzServePath(f *testing.F) {
	for _, s := range []string{"/", "/en/", "/../secret.txt", "/out.txt", "/up/secret.txt", "/static/", "/en", "//en//index.html", "/%2e%2e/secret.txt", "/./up/../out.txt", "/\x00"} {
		f.Add(s)
	}
	h, err := SiteHandler(tinySite(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, p string) {
		req := httptest.NewRequest("GET", "/", nil)
		req.URL.Path = p
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body := rec.Body.String()
		if rec.Code >= 500 {
			t.Errorf("GET %q: %d", p, rec.Code)
		}
		if strings.Contains(body, "secret") {
			t.Errorf("GET %q: served the file outside the site", p)
		}
		if strings.Contains(body, "<pre>") {
			t.Errorf("GET %q: a folder listing", p)
		}
	})
}

// TestSettle checks the debounce: quiet time after each change, but a
// folder that keeps changing is rebuilt within patience of its first
// change.
func TestSettle(t *testing.T) {
	tests := []struct {
		waited, want time.Duration
	}{
		{0, Quiet},
		{patience / 2, Quiet},
		{patience - Quiet/2, Quiet / 2},
		{patience, 0},
		{10 * patience, 0},
	}
	for _, tt := range tests {
		if got := settle(tt.waited); got != tt.want {
			t.Errorf("settle(%v) = %v, want %v", tt.waited, got, tt.want)
		}
	}
}
