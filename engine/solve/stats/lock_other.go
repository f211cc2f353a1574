//go:build !unix

package stats

import "os"

// lockRecords does nothing where there is no flock.
func lockRecords(*os.File) error { return nil }
