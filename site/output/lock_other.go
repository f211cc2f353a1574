//go:build !unix

package output

import (
	"os"
	"time"
)

// lockDir has no flock here: a folder counts as free (stale) when it is
// more than a day old, and taking a new one always succeeds.
func lockDir(dir string, wait bool) (unlock func(), ok bool) {
	if wait {
		return func() {}, true
	}
	st, err := os.Stat(dir)
	if err != nil || time.Since(st.ModTime()) < 24*time.Hour {
		return nil, false
	}
	return func() {}, true
}

// links returns 1: the number of a file's names is not asked for here.
func links(info os.FileInfo) uint64 { return 1 }
