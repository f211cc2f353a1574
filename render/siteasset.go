package render

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"strings"
	"sync"
)

// Fingerprinted files. The style sheet, the scripts and the fonts carry a
// fingerprint of their content in their names (static/site.3f2a9c01d4.css):
// a new build that changes one gives it a new name, so a server may let
// browsers keep them for a year (see 'pasyans serve'), while the pages,
// whose names are the site's addresses, are revalidated. Pages are
// rendered with a placeholder in such names (fingerprintMark), since the
// fonts, and the style sheet that names them, are only known once every
// page is; the placeholders are replaced before the pages are written.
// Every link stays relative, so the site still works from file://.

// fingerprintMark stands for the fingerprint in a rendered name.
const fingerprintMark = "@fp@"

// fingerprinted reports whether the site file p gets a fingerprinted name.
func fingerprinted(p string) bool {
	return strings.HasPrefix(p, "static/") || strings.HasPrefix(p, "fonts/")
}

// withMark inserts s before the extension of the last element of p:
// "../static/site.css" → "../static/site.<s>.css".
func withMark(p, s string) string {
	ext := path.Ext(p)
	return strings.TrimSuffix(p, ext) + "." + s + ext
}

// fingerprint is the first 10 hex digits of data's SHA-256.
func fingerprint(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])[:10]
}

// finishSite makes what depends on every page (the fonts, then the
// fingerprinted names), puts the names into the pages and writes every
// file. data[i] is files[i]'s content.
func (s *siteBuilder) finishSite(files []outFile, data [][]byte) error {
	rs := newRuneSet()
	for i, f := range files {
		if fontText(f.path) {
			rs.add(data[i])
		}
	}
	fonts, err := makeFonts(rs.sorted())
	if err != nil {
		return err
	}
	for i, f := range siteFonts {
		files = append(files, outFile{path: fontPath(f.name)})
		data = append(data, fonts[i])
	}
	names := map[string]string{} // site path → fingerprinted site path
	fontRefs := make([]string, 0, 2*len(siteFonts))
	for i, f := range siteFonts {
		p := fontPath(f.name)
		names[p] = withMark(p, fingerprint(fonts[i]))
		fontRefs = append(fontRefs, path.Base(p), path.Base(names[p]))
	}
	cssFonts := strings.NewReplacer(fontRefs...)
	var marks []string
	for i, f := range files {
		if !fingerprinted(f.path) {
			continue
		}
		if path.Ext(f.path) == ".css" {
			data[i] = []byte(cssFonts.Replace(string(data[i])))
		}
		if _, ok := names[f.path]; !ok {
			names[f.path] = withMark(f.path, fingerprint(data[i]))
		}
		marks = append(marks, path.Base(withMark(f.path, fingerprintMark)), path.Base(names[f.path]))
	}
	pages := strings.NewReplacer(marks...)
	for i, f := range files {
		if path.Ext(f.path) == ".html" {
			data[i] = []byte(pages.Replace(string(data[i])))
		}
		if n, ok := names[f.path]; ok {
			files[i].path = n
		}
	}
	return s.writeAll(files, data)
}

// fontText reports whether the characters of the site file p are shown
// in the site's fonts: the pages, and the scripts and data they show
// text from. The raw OCR downloads are shown by the browser in its own.
func fontText(p string) bool {
	switch path.Ext(p) {
	case ".html", ".js", ".css":
		return true
	}
	return false
}

// makeFonts makes the WOFF2 subset of every face in siteFonts for rs.
func makeFonts(rs []rune) ([][]byte, error) {
	out := make([][]byte, len(siteFonts))
	errs := make([]error, len(siteFonts))
	var wg sync.WaitGroup
	for i, f := range siteFonts {
		wg.Go(func() {
			out[i], errs[i] = subsetWOFF2(f.ttf, rs)
			if errs[i] != nil {
				errs[i] = fmt.Errorf("site: %s: %w", fontPath(f.name), errs[i])
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// writeAll writes every file, a few at a time.
func (s *siteBuilder) writeAll(files []outFile, data [][]byte) error {
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, f := range files {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := s.write(f.path, data[i]); err != nil {
				errs[i] = fmt.Errorf("site: %s: %w", f.path, err)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
