package preview

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeFIFO: a FIFO inside the site folder answers 404 at once; it
// used to be opened before its type was checked, pinning a thread per
// request until the process died of thread exhaustion.
func TestServeFIFO(t *testing.T) {
	dir := tinySite(t)
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.html"), 0o644); err != nil {
		t.Skip(err)
	}
	h, err := SiteHandler(dir)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan int, 1)
	go func() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/pipe.html", nil))
		done <- rec.Code
	}()
	select {
	case code := <-done:
		if code != 404 {
			t.Errorf("GET /pipe.html: %d, want 404", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("GET of a FIFO blocks")
	}
}

// TestHostGuard: on a loopback address only the Host names of that
// address are answered (DNS rebinding reached the status JSON).
func TestHostGuard(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) })
	addr := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}
	for _, tt := range []struct {
		host   string
		public bool
		code   int
	}{
		{"127.0.0.1:8080", false, 200},
		{"localhost:8080", false, 200},
		{"LOCALHOST:8080", false, 200},
		{"[::1]:8080", false, 200},
		{"evil.example:8080", false, 421},
		{"evil.example", false, 421},
		{"127.0.0.1:8081", false, 421},
		{"127.0.0.1", false, 421},
		{"evil.example:8080", true, 200},
	} {
		req := httptest.NewRequest("GET", "/__pasyans/status", nil)
		req.Host = tt.host
		rec := httptest.NewRecorder()
		hostGuard(ok, addr, tt.public).ServeHTTP(rec, req)
		if rec.Code != tt.code {
			t.Errorf("Host %q (public %v): %d, want %d", tt.host, tt.public, rec.Code, tt.code)
		}
	}
}

// TestSameSitePath: back= sends the browser only to a path of this site
// (finding: /%09/evil.example was an open redirect).
func TestSameSitePath(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"/ru/", "/ru/"},
		{"/ru/games/salic-law/index.html#p-001-7", "/ru/games/salic-law/index.html#p-001-7"},
		{"/", "/"},
		{"", "/"},
		{"//evil.example/", "/"},
		{"/\t/evil.example", "/"},
		{"/\n/evil.example", "/"},
		{"/\\evil.example", "/"},
		{"/\r\n/evil.example", "/"},
		{"/ /evil.example", "/"},
		{"/\u00a0/evil.example", "/"},
		{"https://evil.example/", "/"},
		{"javascript:alert(1)", "/"},
		{"evil.example", "/"},
		{"/%2f/evil.example", "/"}, // a path, but refused: it decodes to //
	} {
		if got := sameSitePath(tt.in); got != tt.want {
			t.Errorf("sameSitePath(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// testPreview is a preview with no build, enough for its endpoints.
func testPreview(streams int) *preview {
	return &preview{token: "0123456789abcdef", full: make(chan bool, 1), stop: make(chan bool),
		wake: make(chan struct{}), streams: make(chan struct{}, streams), log: &lockedWriter{w: os.Stderr},
		limits: streamLimits{life: time.Minute, stall: time.Minute}}
}

// TestFullCheckPost: the full check is a POST carrying the page's token;
// a GET (any page's link or image) or a POST without the token (any
// page's form) asks for nothing.
func TestFullCheckPost(t *testing.T) {
	p := testPreview(1)
	h := p.handler()
	post := func(form url.Values) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "/__pasyans/full-check", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/__pasyans/full-check?back=/ru/", nil))
	if rec.Code != 405 || rec.Header().Get("Allow") != "POST" {
		t.Errorf("GET full-check: %d, Allow %q; want 405, POST", rec.Code, rec.Header().Get("Allow"))
	}
	if rec := post(url.Values{"back": {"/ru/"}}); rec.Code != 403 {
		t.Errorf("POST without the token: %d, want 403", rec.Code)
	}
	if rec := post(url.Values{"back": {"/ru/"}, "token": {"wrong"}}); rec.Code != 403 {
		t.Errorf("POST with a wrong token: %d, want 403", rec.Code)
	}
	if len(p.full) != 0 {
		t.Fatal("a refused request asked for the full check")
	}
	rec = post(url.Values{"back": {"/\t/evil.example"}, "token": {p.token}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/" || len(p.full) != 1 {
		t.Errorf("POST with the token: %d to %q (asked %d), want 303 to /", rec.Code, rec.Header().Get("Location"), len(p.full))
	}
	if rec.Header().Get("Content-Security-Policy") != ContentSecurityPolicy {
		t.Errorf("the full check's answer has no Content-Security-Policy")
	}
	page := string(injectLive([]byte("<html><head></head><body></body></html>"), Status{OK: true}, "en", "/en/", p.token))
	if !strings.Contains(page, `<form method="post" action="/__pasyans/full-check">`) || !strings.Contains(page, `name="token" value="`+p.token+`"`) ||
		!strings.Contains(page, `name="back" value="/en/"`) {
		t.Errorf("the panel has no form for the full check with the token:\n%s", page)
	}
}

// TestEventStreamCap: event streams beyond the cap are refused with 503
// (20,000 of them exhausted the file descriptors).
func TestEventStreamCap(t *testing.T) {
	p := testPreview(2)
	srv := httptest.NewServer(p.handler())
	defer srv.Close()
	defer close(p.stop)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	open := func() int {
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/__pasyans/events", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != 200 {
			resp.Body.Close()
		}
		return resp.StatusCode
	}
	if a, b := open(), open(); a != 200 || b != 200 {
		t.Fatalf("the first two streams: %d, %d", a, b)
	}
	if c := open(); c != http.StatusServiceUnavailable {
		t.Errorf("a stream beyond the cap: %d, want 503", c)
	}
}

// TestEventStreamLife: an event stream ends after its lifetime (it used
// to lift every time limit of its connection), and gives its place back.
func TestEventStreamLife(t *testing.T) {
	p := testPreview(1)
	p.limits.life = 300 * time.Millisecond
	srv := httptest.NewServer(p.handler())
	defer srv.Close()
	defer close(p.stop)
	for i := 0; i < 2; i++ {
		client := &http.Client{Timeout: 10 * time.Second}
		resp, err := client.Get(srv.URL + "/__pasyans/events")
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		_, err = io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || err != nil || time.Since(start) > 5*time.Second {
			t.Fatalf("stream %d: %d, %v after %v; want 200 and its end after 300 ms", i, resp.StatusCode, err, time.Since(start))
		}
	}
}
