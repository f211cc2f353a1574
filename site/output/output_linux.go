package output

import (
	"errors"

	"golang.org/x/sys/unix"
)

// errNoExchange marks a system or file system without an atomic exchange
// of two paths; commit then falls back to two renames.
var errNoExchange = errors.New("no atomic exchange")

// exchange swaps the folders at paths a and b in one step with
// renameat2(RENAME_EXCHANGE).
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL) {
		return errNoExchange // an old kernel, or a file system that refuses it
	}
	return err
}
