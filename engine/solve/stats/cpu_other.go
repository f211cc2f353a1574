//go:build !unix

package stats

import "time"

// ProcessCPU returns 0: the system does not say how much CPU time the
// process has used.
func ProcessCPU() time.Duration { return 0 }
