package preview

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// TestServeCompressionAndCaching drives serve's handler as a browser
// does: text comes compressed as the request accepts (Brotli, gzip or
// none) and decodes to the file; fingerprinted files may be kept for a
// year, pages are revalidated; a current ETag or date gets a 304 with no
// body; HEAD sends the headers only; small files, fonts and ranges are
// sent as they are.
func TestServeCompressionAndCaching(t *testing.T) {
	dir := t.TempDir()
	page := "<!DOCTYPE html><html><head><title>x</title></head><body>" + strings.Repeat("<p>Пасьянс, patience.</p>\n", 200) + "</body></html>"
	css := strings.Repeat("body { color: #1d1a16; }\n", 100)
	files := map[string]string{
		"index.html":                  page,
		"static/site.0123456789.css":  css,
		"static/tiny.0123456789.js":   "1",
		"fonts/Face.abcdef0123.woff2": strings.Repeat("\x00wOF2", 400),
	}
	writeFiles(t, dir, files)
	h, err := SiteHandler(dir)
	if err != nil {
		t.Fatal(err)
	}
	get := func(method, path string, hdr ...string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, path, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			r.Header.Set(hdr[i], hdr[i+1])
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	for _, tc := range []struct {
		name, path, accept, wantEnc, wantCache, want string
	}{
		{"page, brotli", "/", "gzip, deflate, br", "br", "no-cache", page},
		{"page, gzip", "/index.html", "gzip", "gzip", "no-cache", page},
		{"page, br refused", "/", "br;q=0, gzip", "gzip", "no-cache", page},
		{"page, plain", "/", "", "", "no-cache", page},
		{"fingerprinted css", "/static/site.0123456789.css", "br", "br", "public, max-age=31536000, immutable", css},
		{"tiny script", "/static/tiny.0123456789.js", "br", "", "public, max-age=31536000, immutable", "1"},
		{"font", "/fonts/Face.abcdef0123.woff2", "br", "", "public, max-age=31536000, immutable", files["fonts/Face.abcdef0123.woff2"]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := get("GET", tc.path, "Accept-Encoding", tc.accept)
			if w.Code != 200 {
				t.Fatalf("status %d", w.Code)
			}
			res := w.Result()
			if got := res.Header.Get("Content-Encoding"); got != tc.wantEnc {
				t.Errorf("Content-Encoding %q, want %q", got, tc.wantEnc)
			}
			if got := res.Header.Get("Cache-Control"); got != tc.wantCache {
				t.Errorf("Cache-Control %q, want %q", got, tc.wantCache)
			}
			body := decode(t, tc.wantEnc, w.Body.Bytes())
			if string(body) != tc.want {
				t.Errorf("body decodes to %d bytes, want the file's %d", len(body), len(tc.want))
			}
			if tc.wantEnc != "" && w.Body.Len() >= len(tc.want)/2 {
				t.Errorf("%s: %d bytes for %d", tc.wantEnc, w.Body.Len(), len(tc.want))
			}
			if tc.wantEnc != "" && res.Header.Get("Vary") != "Accept-Encoding" {
				t.Errorf("Vary %q", res.Header.Get("Vary"))
			}
			etag, lm := res.Header.Get("ETag"), res.Header.Get("Last-Modified")
			if etag == "" || lm == "" {
				t.Fatalf("ETag %q, Last-Modified %q", etag, lm)
			}
			if res.Header.Get("Content-Security-Policy") == "" {
				t.Error("no Content-Security-Policy")
			}
			for _, cond := range [][2]string{{"If-None-Match", etag}, {"If-None-Match", `"other", W/` + etag}, {"If-Modified-Since", lm}} {
				nm := get("GET", tc.path, "Accept-Encoding", tc.accept, cond[0], cond[1])
				if nm.Code != http.StatusNotModified || nm.Body.Len() != 0 {
					t.Errorf("%s: %s: status %d, %d bytes; want 304 and none", cond[0], cond[1], nm.Code, nm.Body.Len())
				}
				if nm.Result().Header.Get("ETag") != etag || nm.Result().Header.Get("Cache-Control") != tc.wantCache {
					t.Errorf("304: ETag %q, Cache-Control %q", nm.Result().Header.Get("ETag"), nm.Result().Header.Get("Cache-Control"))
				}
			}
			if stale := get("GET", tc.path, "Accept-Encoding", tc.accept, "If-None-Match", `"stale"`); stale.Code != 200 {
				t.Errorf("a stale ETag: status %d", stale.Code)
			}
			head := get("HEAD", tc.path, "Accept-Encoding", tc.accept)
			if head.Code != 200 || head.Body.Len() != 0 || head.Result().Header.Get("ETag") != etag || head.Result().Header.Get("Content-Length") != res.Header.Get("Content-Length") {
				t.Errorf("HEAD: status %d, %d bytes, ETag %q, length %q", head.Code, head.Body.Len(), head.Result().Header.Get("ETag"), head.Result().Header.Get("Content-Length"))
			}
		})
	}
	if w := get("GET", "/", "Accept-Encoding", "br", "Range", "bytes=0-9"); w.Code != http.StatusPartialContent || w.Body.String() != page[:10] {
		t.Errorf("range: status %d, body %q", w.Code, w.Body.String())
	}
	if w := get("GET", "/missing.html", "Accept-Encoding", "br"); w.Code != 404 {
		t.Errorf("missing: status %d", w.Code)
	}
}

func decode(t *testing.T, enc string, b []byte) []byte {
	t.Helper()
	var r io.Reader = bytes.NewReader(b)
	switch enc {
	case "br":
		r = brotli.NewReader(r)
	case "gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", enc, err)
	}
	return out
}
