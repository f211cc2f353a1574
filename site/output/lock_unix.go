//go:build unix

package output

import (
	"os"
	"syscall"
)

// lockDir takes an exclusive flock on the folder dir, waiting for it if
// wait is set, and returns the function that releases it. The system
// releases it when the process dies, so a folder nobody can lock belongs
// to a running build.
func lockDir(dir string, wait bool) (unlock func(), ok bool) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, false
	}
	how := syscall.LOCK_EX
	if !wait {
		how |= syscall.LOCK_NB
	}
	if err := syscall.Flock(int(f.Fd()), how); err != nil {
		f.Close()
		return nil, false
	}
	return func() { f.Close() }, true
}

// links returns how many names (hard links) the file has, 1 where the
// system does not say.
func links(info os.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}
