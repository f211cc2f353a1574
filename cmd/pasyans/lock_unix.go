//go:build unix

package main

import (
	"io/fs"
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

// links returns the number of names the file info describes has (1 where
// the system does not say).
func links(info os.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// umask returns the process's file mode creation mask. It is read by
// setting it and putting it back: call it only while no file is being
// created.
func umask() fs.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return fs.FileMode(m)
}
