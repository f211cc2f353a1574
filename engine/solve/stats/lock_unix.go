//go:build unix

package stats

import (
	"os"
	"syscall"
)

// lockRecords locks the records file f being written, so that a second run
// of the same shard (a job started again while the first still runs)
// fails instead of writing the same file.
func lockRecords(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}
