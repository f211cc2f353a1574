package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// staging is an output folder written in a temporary folder beside the
// destination and moved into place only when complete, so a failed build
// leaves the previous output untouched.
type staging struct {
	dest string // e.g. out
	tmp  string // out/.build-123/
}

// newStaging creates the temporary folder next to dest.
func newStaging(dest string) (*staging, error) {
	if err := os.MkdirAll(dest, 0o755); err != nil {
		return nil, usageError("create %s: %v", dest, err)
	}
	tmp, err := os.MkdirTemp(dest, ".build-")
	if err != nil {
		return nil, usageError("create a temporary folder in %s: %v", dest, err)
	}
	return &staging{dest: dest, tmp: tmp}, nil
}

// path returns where to write name inside the staging folder.
func (s *staging) path(name string) string { return filepath.Join(s.tmp, name) }

// commit moves each named output into dest, replacing the old one.
func (s *staging) commit(names ...string) error {
	for _, n := range names {
		from, to := s.path(n), filepath.Join(s.dest, n)
		old := to + ".old"
		os.RemoveAll(old)
		if _, err := os.Lstat(to); err == nil {
			if err := os.Rename(to, old); err != nil {
				return fmt.Errorf("move %s aside: %w", to, err)
			}
		}
		if err := os.Rename(from, to); err != nil {
			os.Rename(old, to)
			return fmt.Errorf("move %s into place: %w", to, err)
		}
		os.RemoveAll(old)
	}
	return os.RemoveAll(s.tmp)
}

// abort removes the staging folder.
func (s *staging) abort() { os.RemoveAll(s.tmp) }
