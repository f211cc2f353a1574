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

// openInput opens the input file name for reading, refusing what is not
// a regular file (see source.OpenRegular) with a usage error.
func openInput(name, want string) (*os.File, error) {
	f, err := source.OpenRegular(name, want)
	if err != nil {
		return nil, usageError("%v", err)
	}
	return f, nil
}
