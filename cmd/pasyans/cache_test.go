package main

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestExecutableID: the program is identified the same way twice, by the
// Go build ID on Linux.
func TestExecutableID(t *testing.T) {
	a, ok := executableID()
	if !ok {
		t.Fatal("the running program could not be identified")
	}
	if b, _ := executableID(); a != b {
		t.Errorf("two answers: %q and %q", a, b)
	}
	if runtime.GOOS == "linux" && !strings.HasPrefix(a, "go:") {
		t.Errorf("on Linux the build ID is read from the ELF note; got %.20q", a)
	}
}

// TestCacheFolder: the cache lives in the user's cache folder, and
// PASYANS_CACHE=off turns off both of its uses.
func TestCacheFolder(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", home)
	t.Setenv("PASYANS_CACHE", "")
	dir, ok := cacheDir()
	if !ok || dir != filepath.Join(home, "pasyans") {
		t.Fatalf("cacheDir() = %q, %v", dir, ok)
	}
	if c := probeCache(); c == nil || c.Dir != filepath.Join(dir, "probes") || c.Salt == "" {
		t.Errorf("probeCache() = %+v", c)
	}
	t.Setenv("PASYANS_CACHE", "off")
	if _, ok := cacheDir(); ok {
		t.Error("PASYANS_CACHE=off: still a cache folder")
	}
	if probeCache() != nil {
		t.Error("PASYANS_CACHE=off: still a probe cache")
	}
	if spareSlot() != "" {
		t.Error("PASYANS_CACHE=off: still a spare")
	}
}
