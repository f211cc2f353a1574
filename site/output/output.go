// Package output writes an output folder as a whole: every file goes
// into a staging folder beside the destination, and Commit puts the
// staging folder in the destination's place in one step, so that the
// destination always holds either the whole previous output or the whole
// new one, even if the writer is killed. The output a commit replaces is
// kept as the spare, which the next staging folder recycles (writing over
// files costs less than creating them), and staging folders of killed
// writers are swept by the next one. 'pasyans build' and the live preview
// of 'pasyans serve -watch' write through it.
//
// Boundary: output knows folders, files, locks and renames. It must not
// know what is written (the site, the book, the TEI), the corpus, the
// command's flags or where the cache folder is: the caller names the
// spare's place.
package output

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The output folder is committed as a whole. Build writes every output
// (site/, book.pdf, and any later one: one more file under staging.path)
// into a staging folder beside the destination, .<name>.build-XXXX, and
// Commit swaps the two folders in one step: on Linux with
// renameat2(RENAME_EXCHANGE), so that the destination is at every moment
// either the whole previous output or the whole new one, even under
// kill -9. The previous output, now in the staging folder's place, is then
// kept as the spare the next build recycles (see recycle.go), or removed.
// Where the exchange is not available (other systems, or a file system
// that refuses it), commit renames the old folder aside and the new one
// into place: a kill between those two renames leaves no destination
// folder (the old output waits in .<name>.build-XXXX-old), which is the
// fallback's one weakness.
//
// Each build holds an flock on its staging folder while it works. A build
// that starts removes the staging folders no running build holds: those of
// builds that were killed (or of the old output a killed commit left).

// Marker is a file every output folder holds: build replaces only a
// folder that has it (or that holds nothing but what older builds wrote),
// so that -out naming a folder of other files cannot wipe them.
const Marker = ".pasyans-output"

// markerText is Marker's content.
const markerText = "This folder is written by 'pasyans build' and replaced as a whole by each build.\n"

// legacyOutput are the names an output folder of an older build held.
var legacyOutput = map[string]bool{"site": true, "book.pdf": true, "site.old": true, "book.pdf.old": true}

// Staging is an output folder being written beside its destination.
type Staging struct {
	dest   string // the output folder, absolute, symbolic links resolved
	tmp    string // dest's sibling .<name>.build-XXXX
	spare  string // where the spare output is kept; "" for none
	unlock func() // releases the lock on tmp
	// recycled: tmp is the spare output, to be pruned (see Prepare).
	recycled bool
}

// New sweeps stale staging folders beside dest and makes a new one,
// locked, holding the output marker: the spare output kept at spare ("":
// none) if there is one to recycle (see recycle.go), else an empty folder.
func New(dest, spare string) (*Staging, error) {
	abs, err := outputPath(dest)
	if err != nil {
		return nil, err
	}
	if err := checkReplaceable(abs); err != nil {
		return nil, err
	}
	parent, base := filepath.Dir(abs), filepath.Base(abs)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %v", parent, err)
	}
	sweepStaging(parent, base)
	tmp, err := os.MkdirTemp(parent, "."+base+".build-")
	if err != nil {
		return nil, fmt.Errorf("create a staging folder beside %s: %v", dest, err)
	}
	unlock, recycled := adoptSpare(spare, tmp)
	if !recycled {
		var ok bool
		if unlock, ok = lockDir(tmp, true); !ok {
			os.RemoveAll(tmp)
			return nil, fmt.Errorf("lock the staging folder %s", tmp)
		}
	}
	s := &Staging{dest: abs, tmp: tmp, spare: spare, unlock: unlock, recycled: recycled}
	if err := os.Chmod(tmp, 0o755); err != nil {
		s.Abort()
		return nil, err
	}
	if err := os.WriteFile(s.Path(Marker), []byte(markerText), 0o644); err != nil {
		s.Abort()
		return nil, err
	}
	return s, nil
}

// outputPath returns dest as an absolute path with its symbolic links
// resolved (a link to the output folder keeps pointing at it), refusing
// the file system's root and the current folder, which cannot be swapped.
func outputPath(dest string) (string, error) {
	abs, err := filepath.Abs(dest)
	if err != nil {
		return "", fmt.Errorf("-out %s: %v", dest, err)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	} else if st, lerr := os.Lstat(abs); lerr == nil && st.Mode()&os.ModeSymlink != 0 {
		target, _ := os.Readlink(abs)
		return "", fmt.Errorf("-out %s is a link to %s, which cannot be reached (%v): make the folder it names, or remove the link", dest, target, pathReason(err))
	}
	wd, _ := os.Getwd()
	if filepath.Dir(abs) == abs || abs == wd {
		return "", fmt.Errorf("-out %s: the output folder is replaced as a whole; name a folder below this one, such as out", dest)
	}
	return abs, nil
}

// checkReplaceable refuses an existing dest that is not a folder or that
// holds files no build wrote.
func checkReplaceable(dest string) error {
	st, err := os.Stat(dest)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("-out: %v", err)
	}
	if !st.IsDir() {
		return fmt.Errorf("-out %s: not a folder", dest)
	}
	entries, err := os.ReadDir(dest)
	if err != nil {
		return fmt.Errorf("-out: %v", err)
	}
	for _, e := range entries {
		if e.Name() == Marker {
			return nil
		}
	}
	for _, e := range entries {
		if !legacyOutput[e.Name()] && !strings.HasPrefix(e.Name(), ".build-") {
			return fmt.Errorf("-out %s: the folder holds %s, which no build wrote; build replaces the output folder as a whole, so name an empty or new folder", dest, e.Name())
		}
	}
	return nil
}

// sweepStaging removes the staging folders beside parent/base that no
// running build holds.
func sweepStaging(parent, base string) {
	stale, _ := filepath.Glob(filepath.Join(parent, "."+globEscape(base)+".build-*"))
	for _, dir := range stale {
		if unlock, ok := lockDir(dir, false); ok {
			os.RemoveAll(dir)
			unlock()
		}
	}
}

// globEscape escapes the metacharacters of filepath.Match in s.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteRune('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Prepare readies a recycled staging folder for the files keep (paths
// relative to the output folder) by pruning it; should that fail, it
// empties the folder, as if new, and writes the marker again.
func (s *Staging) Prepare(keep []string) error {
	if !s.recycled || prune(s.tmp, keep) == nil {
		return nil
	}
	if err := emptyFolder(s.tmp); err != nil {
		return err
	}
	return os.WriteFile(s.Path(Marker), []byte(markerText), 0o644)
}

// Path returns where to write name (slash-separated, relative to the
// output folder) inside the staging folder.
func (s *Staging) Path(name string) string { return filepath.Join(s.tmp, filepath.FromSlash(name)) }

// commit puts the staging folder in the destination's place, as one step
// where the system allows, and keeps the previous output as the spare
// (or removes it).
func (s *Staging) Commit() error {
	defer s.unlock()
	if _, err := os.Lstat(s.dest); errors.Is(err, os.ErrNotExist) {
		if err := os.Rename(s.tmp, s.dest); err != nil {
			return fmt.Errorf("move the output into place: %w", err)
		}
		return nil
	}
	err := exchange(s.tmp, s.dest)
	if err == nil {
		return s.keepSpare(s.tmp) // tmp is now the previous output
	}
	if !errors.Is(err, errNoExchange) {
		return fmt.Errorf("swap the output into place: %w", err)
	}
	old := s.tmp + "-old"
	if err := os.Rename(s.dest, old); err != nil {
		return fmt.Errorf("move the previous output aside: %w", err)
	}
	if err := os.Rename(s.tmp, s.dest); err != nil {
		os.Rename(old, s.dest)
		return fmt.Errorf("move the output into place: %w", err)
	}
	return s.keepSpare(old)
}

// Drop gives up the staging folder of a build that stopped before its
// end, whose writers are done: its files are the build's own, so it is
// kept as the spare output that the next build recycles (or removed), as
// commit keeps the output it replaces.
func (s *Staging) Drop() {
	defer s.unlock()
	_ = s.keepSpare(s.tmp) // removes the folder when it cannot keep it
}

// Abort removes the staging folder. Writers still at work may recreate a
// folder in it meanwhile; the removal is tried again, and a caller that
// can wait for its writers calls abort again once they are done (build
// does, on a signal). What is left after all is swept by the next build.
// Calling it twice is harmless.
func (s *Staging) Abort() {
	for i := 0; i < 3; i++ {
		if os.RemoveAll(s.tmp) == nil {
			if _, err := os.Lstat(s.tmp); errors.Is(err, os.ErrNotExist) {
				break
			}
		}
	}
	s.unlock()
}

// pathReason is a failed path operation as "path: reason", without the
// operation.
func pathReason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", pe.Path, pe.Err)
	}
	return err
}
