package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"

	"pasyans/normalize"
	"pasyans/source"
)

// loadSources loads the manifest, the sources and the emendations and
// makes the paragraphs with their readings.
func (l *loader) loadSources() error {
	srcs, err := source.Load(l.fsys, manifestFile)
	if err != nil {
		if unreadable(err) {
			return fmt.Errorf("loading sources: %w", err)
		}
		l.errDiag(manifestFile, err)
		return nil
	}
	l.ed.Sources = srcs
	em, err := l.loadEmendations()
	if err != nil {
		return err
	}
	l.ed.Emendations = em
	l.byID = map[string]*Paragraph{}
	rd := normalize.NewReader(em)
	for _, s := range srcs {
		for _, sp := range s.Paragraphs {
			r := rd.Read(sp, s.Modern)
			p := &Paragraph{ID: sp.ID, Source: sp.Source, N: sp.N, Raw: sp.Raw, SHA256: sp.SHA256,
				Diplomatic: r.Diplomatic, Corrected: r.Corrected, Modern: r.Modern, Apparatus: r.Apparatus,
				Pos: Pos{File: s.File, Line: sp.Line}}
			l.ed.Paragraphs = append(l.ed.Paragraphs, p)
			l.byID[p.ID] = p
		}
	}
	return nil
}

// unreadable reports whether err means a file could not be read at all.
func unreadable(err error) bool {
	var pe *fs.PathError
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) || errors.As(err, &pe)
}

func (l *loader) loadEmendations() (normalize.Emendations, error) {
	data, ok, err := l.readFile(emendationsFile)
	if !ok {
		return nil, err
	}
	em, err := normalize.ParseEmendations(emendationsFile, bytes.NewReader(data))
	if err != nil {
		l.errDiag(emendationsFile, err)
	}
	return em, nil
}
