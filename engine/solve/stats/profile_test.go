package stats

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestHeapProfiles checks that HeapProfiles writes numbered heap profiles
// (gzipped protocol buffers) while it runs and a last one when stopped.
func TestHeapProfiles(t *testing.T) {
	name := filepath.Join(t.TempDir(), "heap")
	stop := HeapProfiles(name, 20*time.Millisecond)
	time.Sleep(70 * time.Millisecond)
	stop()
	n := 0
	for i := 1; ; i++ {
		b, err := os.ReadFile(fmt.Sprintf("%s.%d", name, i))
		if err != nil {
			break
		}
		if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
			t.Errorf("%s.%d is not a gzipped profile", name, i)
		}
		n++
	}
	if n < 2 {
		t.Errorf("%d profiles written, want at least 2 (one a period, one at the end)", n)
	}
}

// TestHeapProfilesNoFolder: a profile that cannot be written is an error
// (it used to be printed and forgotten).
func TestHeapProfilesNoFolder(t *testing.T) {
	stop := HeapProfiles(filepath.Join(t.TempDir(), "gone", "x"), time.Hour)
	if err := stop(); err == nil {
		t.Errorf("a profile that could not be written: no error")
	}
}
