package main

import (
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"

	"pasyans/corpus/check"
)

// The cache folder: pasyans in the user's cache folder
// ($XDG_CACHE_HOME/pasyans, or the system's equivalent). It holds what a
// build can take again instead of making it anew: the spare output (see
// package output) and the probes' results (check.ProbeCache, in probes/,
// keyed by this program's build ID). Deleting it is always safe, and
// PASYANS_CACHE=off turns it off.

// cacheDir returns the cache folder, or false when there is none or it is
// turned off.
func cacheDir() (string, bool) {
	if os.Getenv("PASYANS_CACHE") == "off" {
		return "", false
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", false
	}
	return filepath.Join(dir, "pasyans"), true
}

// spareSlot is where the spare output is kept (see package output):
// spare-output in the cache folder, "" when there is none.
func spareSlot() string {
	dir, ok := cacheDir()
	if !ok {
		return ""
	}
	return filepath.Join(dir, "spare-output")
}

// probeCache returns the cache of the probes' results for this program,
// or nil when there is no cache folder or the program cannot be
// identified.
func probeCache() *check.ProbeCache {
	dir, ok := cacheDir()
	if !ok {
		return nil
	}
	id, ok := executableID()
	if !ok {
		return nil
	}
	return &check.ProbeCache{Dir: filepath.Join(dir, "probes"), Salt: id}
}

// executableID identifies the running program's code: the Go build ID
// the linker writes into an ELF executable (a hash of everything it was
// built from), else the SHA-256 of the executable's bytes.
func executableID() (string, bool) {
	exe, err := os.Executable()
	if err != nil {
		return "", false
	}
	if f, err := elf.Open(exe); err == nil {
		defer f.Close()
		if sec := f.Section(".note.go.buildid"); sec != nil {
			if data, err := sec.Data(); err == nil && len(data) > 16 {
				return "go:" + hex.EncodeToString(data), true
			}
		}
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", false
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", false
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), true
}
