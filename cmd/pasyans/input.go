package main

import (
	"os"

	"pasyans/source"
)

// stdinName is what messages call standard input, given as "-".
const stdinName = "<stdin>"

// inputName is the name of input file name in messages.
func inputName(name string) string {
	if name == "-" {
		return stdinName
	}
	return name
}

// openInput opens the input file name for reading. A directory, a FIFO, a
// device or a socket is refused with a usage error before it is opened
// (opening a FIFO blocks until something writes to it): inputs are regular
// files, or "-" for standard input, which the callers handle.
func openInput(name, want string) (*os.File, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, usageError("%v", unwrapPath(err))
	}
	if err := regularInput(name, st, want); err != nil {
		return nil, err
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, usageError("%v", unwrapPath(err))
	}
	return f, nil
}

// regularInput returns a usage error unless st is a regular file.
func regularInput(name string, st os.FileInfo, want string) error {
	switch m := st.Mode(); {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return usageError("%s: is a directory, not a file (want %s)", name, want)
	default:
		return usageError("%s: is %s, want %s as a regular file (or - to read standard input)", name, source.Kind(m), want)
	}
}
