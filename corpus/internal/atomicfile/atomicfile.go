// Package atomicfile writes a file so that readers see either the old
// file or the whole new one: through a temporary file beside it, renamed
// over the old one when complete.
package atomicfile

import (
	"os"
	"path/filepath"
)

// CreateError is a failure to create the temporary file (the folder is
// missing or not writable), as distinct from a failure while writing or
// renaming it. Its message is the system's.
type CreateError struct{ Err error }

func (e *CreateError) Error() string { return e.Err.Error() }
func (e *CreateError) Unwrap() error { return e.Err }

// Write writes data to dir/name with mode 0644 through a temporary file in
// dir, which it removes if anything fails. The folder must exist.
func Write(dir, name string, data []byte) error {
	f, err := os.CreateTemp(dir, "."+name+".tmp-")
	if err != nil {
		return &CreateError{err}
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
