package audit

import (
	"os"
	"sync"
	"testing"

	"pasyans/corpus"
	"pasyans/render"
)

var site struct {
	once sync.Once
	dir  string
	err  error
}

// builtSite builds the embedded edition's site once into a temporary
// folder, removed when the tests end (TestMain).
func builtSite(t *testing.T) string {
	t.Helper()
	site.once.Do(func() {
		ed, err := corpus.Load(corpus.FS)
		if ed == nil {
			site.err = err
			return
		}
		dir, err := os.MkdirTemp("", "pasyans-audit-")
		if err != nil {
			site.err = err
			return
		}
		site.dir = dir
		site.err = render.Site(ed, dir, render.SiteOptions{Corpus: corpus.FS})
	})
	if site.err != nil {
		t.Fatalf("building the site: %v", site.err)
	}
	return site.dir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if site.dir != "" {
		os.RemoveAll(site.dir)
	}
	os.Exit(code)
}
