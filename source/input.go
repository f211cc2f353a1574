package source

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// OpenRegular opens the input file name for reading. A directory, a FIFO,
// a device or a socket is refused before it is opened (opening a FIFO
// blocks until something writes to it): inputs are regular files (or
// standard input, which the callers handle). want says what the file
// should be, for the message.
func OpenRegular(name, want string) (*os.File, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, PathMessage(err)
	}
	if err := CheckRegular(name, st, want); err != nil {
		return nil, err
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, PathMessage(err)
	}
	return f, nil
}

// CheckRegular returns an error unless st, the file name's, is a regular
// file.
func CheckRegular(name string, st fs.FileInfo, want string) error {
	switch m := st.Mode(); {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return fmt.Errorf("%s: is a directory, not a file (want %s)", name, want)
	default:
		return fmt.Errorf("%s: is %s, want %s as a regular file (or - to read standard input)", name, Kind(m), want)
	}
}

// PathMessage turns an *fs.PathError into "name: reason" (without the
// operation); other errors are returned as they are.
func PathMessage(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", pe.Path, pe.Err)
	}
	return err
}
