package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestWrite: the file holds the data with mode 0644, nothing else is left
// in the folder, and a folder that does not exist is a CreateError.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	for _, text := range []string{"old", "new"} {
		if err := Write(dir, "f.yaml", []byte(text)); err != nil {
			t.Fatal(err)
		}
	}
	name := filepath.Join(dir, "f.yaml")
	if b, _ := os.ReadFile(name); string(b) != "new" {
		t.Errorf("content %q", b)
	}
	if st, _ := os.Stat(name); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", st.Mode().Perm())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d entries left in the folder", len(entries))
	}
	var ce *CreateError
	if err := Write(filepath.Join(dir, "missing"), "f", nil); !errors.As(err, &ce) {
		t.Errorf("missing folder: %v, want a CreateError", err)
	}
}
