package preview

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"mime"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
)

// How serve answers as a static host should (webCache): text compressed
// (Brotli or gzip, as the browser accepts), every answer with an ETag
// and Last-Modified, 304 to a request whose copy is current, and
// Cache-Control: a year, immutable, for the files whose names carry a
// fingerprint of their content (static/…, fonts/…: a changed file gets a
// new name), and revalidation for everything else, whose addresses stay.

// immutableName matches the fingerprinted names the build gives the
// style sheet, scripts and fonts: "/static/site.3f2a9c01d4.css".
var immutableName = regexp.MustCompile(`^/(static|fonts)/[^/]+\.[0-9a-f]{10}\.[a-z0-9]+$`)

// cacheControl is the Cache-Control of the site path p.
func cacheControl(p string) string {
	if immutableName.MatchString(p) {
		return "public, max-age=31536000, immutable"
	}
	return "no-cache"
}

// compressible reports whether a type is worth compressing: text, and
// the scripts, data and drawings that are text.
func compressible(contentType string) bool {
	t, _, _ := mime.ParseMediaType(contentType)
	switch {
	case strings.HasPrefix(t, "text/"):
		return true
	case t == "application/javascript", t == "application/json", t == "application/xml", t == "image/svg+xml":
		return true
	}
	return false
}

// minCompress is the smallest body worth compressing.
const minCompress = 1024

// webCache wraps a handler of static files (that answers GET with the
// whole file, Content-Type and Last-Modified) with compression, ETags,
// 304s and Cache-Control. A range request is passed through as it is.
func webCache(h http.Handler) http.Handler {
	c := &encodedCache{m: map[string][]byte{}}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", cacheControl(r.URL.Path))
		if r.Header.Get("Range") != "" {
			h.ServeHTTP(w, r)
			return
		}
		// The inner handler answers a plain GET; the conditions are
		// decided here, on the representation that would be sent.
		in := r.Clone(r.Context())
		in.Method = http.MethodGet
		for _, k := range []string{"If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range"} {
			in.Header.Del(k)
		}
		rec := &recorder{header: http.Header{}, status: http.StatusOK}
		h.ServeHTTP(rec, in)
		for k, v := range rec.header {
			w.Header()[k] = v
		}
		if rec.status != http.StatusOK {
			w.WriteHeader(rec.status)
			if r.Method != http.MethodHead {
				w.Write(rec.body.Bytes())
			}
			return
		}
		sendCached(w, r, c, rec.body.Bytes())
	})
}

// sendCached sends body (the whole file) as r accepts it.
func sendCached(w http.ResponseWriter, r *http.Request, c *encodedCache, body []byte) {
	hd := w.Header()
	sum := sha256.Sum256(body)
	tag := hex.EncodeToString(sum[:12])
	enc := ""
	if len(body) >= minCompress && compressible(hd.Get("Content-Type")) {
		hd.Add("Vary", "Accept-Encoding")
		enc = chooseEncoding(r.Header.Get("Accept-Encoding"))
	}
	etag := `"` + tag + map[string]string{"": "", "br": "-br", "gzip": "-gz"}[enc] + `"`
	hd.Set("ETag", etag)
	if notModified(r, etag, hd.Get("Last-Modified")) {
		hd.Del("Content-Type")
		hd.Del("Content-Length")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if enc != "" {
		body = c.get(tag+enc, func() []byte { return encode(enc, body) })
		hd.Set("Content-Encoding", enc)
	}
	hd.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// notModified decides a conditional GET: If-None-Match when it is
// given, else If-Modified-Since.
func notModified(r *http.Request, etag, lastModified string) bool {
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		for _, t := range strings.Split(inm, ",") {
			t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
			if t == etag || t == "*" {
				return true
			}
		}
		return false
	}
	ims, err := http.ParseTime(r.Header.Get("If-Modified-Since"))
	if err != nil || lastModified == "" {
		return false
	}
	lm, err := http.ParseTime(lastModified)
	return err == nil && !lm.Truncate(time.Second).After(ims)
}

// chooseEncoding picks br, else gzip, from an Accept-Encoding header ("" for
// neither).
func chooseEncoding(accept string) string {
	ok := map[string]bool{}
	for _, part := range strings.Split(accept, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, found := strings.CutPrefix(strings.TrimSpace(params), "q="); found {
			q, _ = strconv.ParseFloat(v, 64)
		}
		ok[strings.ToLower(strings.TrimSpace(name))] = q > 0
	}
	switch {
	case ok["br"]:
		return "br"
	case ok["gzip"]:
		return "gzip"
	}
	return ""
}

// encode compresses body with enc.
func encode(enc string, body []byte) []byte {
	var b bytes.Buffer
	if enc == "br" {
		w := brotli.NewWriterLevel(&b, 6)
		w.Write(body)
		w.Close()
	} else {
		w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		w.Write(body)
		w.Close()
	}
	return b.Bytes()
}

// encodedCache keeps compressed bodies by content and encoding, so that
// each file is compressed once; it starts again past maxEncodedCache.
type encodedCache struct {
	mu   sync.Mutex
	m    map[string][]byte
	size int
}

const maxEncodedCache = 64 << 20

func (c *encodedCache) get(key string, make func() []byte) []byte {
	c.mu.Lock()
	b, ok := c.m[key]
	c.mu.Unlock()
	if ok {
		return b
	}
	b = make()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.size+len(b) > maxEncodedCache {
		c.m, c.size = map[string][]byte{}, 0
	}
	c.m[key] = b
	c.size += len(b)
	return b
}

// recorder is the inner handler's answer, kept to be sent as r accepts.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
	wrote  bool
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(status int) {
	if !r.wrote {
		r.status, r.wrote = status, true
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	return r.body.Write(b)
}
