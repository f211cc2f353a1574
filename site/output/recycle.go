package output

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
)

// Recycling the previous output. Creating a file or a folder is the dear
// part of writing the site on some systems (about a millisecond of system
// time each on the virtual machines the edition is built on; a build
// writes about 340 files in 350 folders), while writing over a file that
// exists is cheap. So commit keeps the output it replaces as the spare,
// a folder the caller names (pasyans's cache folder), and the next build (of
// any output folder) takes the spare as its staging folder: it removes
// from it every file and folder the build will not write, and anything
// that is not a plain file or folder as the build makes them (a symbolic
// link, other permissions, a file with other names), so that what it
// writes goes over files of its own; the rest is as for a new staging
// folder (written whole, then swapped in place in one step). There is one
// spare at most; nothing is left beside the output folder. A build that
// finds no spare, cannot take it (another build holds it) or cannot move
// it (the cache is on another file system) starts from an empty folder.
// Deleting the spare is always safe.

// adoptSpare moves the spare kept at spare to tmp (an empty folder,
// which it replaces), locked, and returns the lock's release, or false
// when there is no spare to take.
func adoptSpare(spare, tmp string) (unlock func(), ok bool) {
	if spare == "" {
		return nil, false
	}
	if st, err := os.Lstat(spare); err != nil || !st.IsDir() {
		return nil, false
	}
	unlock, ok = lockDir(spare, false) // the lock follows the folder
	if !ok {
		return nil, false
	}
	if os.Remove(tmp) != nil {
		unlock()
		return nil, false
	}
	if err := os.Rename(spare, tmp); err != nil {
		unlock()
		os.Mkdir(tmp, 0o700) // as MkdirTemp made it; New sets the mode
		return nil, false
	}
	return unlock, true
}

// prune removes from the folder root every entry that is neither one of
// the files keep (slash-separated paths relative to root) nor a folder on
// the way to one, and every entry that is not what the build would make
// there: another kind of file (a symbolic link, say), other permissions
// than a new file or folder gets, a file with other names.
func prune(root string, keep []string) error {
	fileMode, folderMode, err := creationModes(root)
	if err != nil {
		return err
	}
	files := make(map[string]bool, len(keep))
	dirs := map[string]bool{}
	for _, k := range keep {
		files[k] = true
		for d := path.Dir(k); d != "." && !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil || rel == "." {
			return err
		}
		rel = filepath.ToSlash(rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		mode := info.Mode()
		if dirs[rel] && mode.IsDir() && mode.Perm() == folderMode {
			return nil
		}
		// A file linked from elsewhere would change there too.
		if files[rel] && mode.IsRegular() && mode.Perm() == fileMode && links(info) == 1 {
			return nil
		}
		if err := os.RemoveAll(p); err != nil {
			return err
		}
		if d.IsDir() {
			return fs.SkipDir
		}
		return nil
	})
}

// creationModes returns the permissions a file written with mode 0644
// and a folder made with mode 0755 get in dir (the process's umask taken
// away), found by making one of each and removing them.
func creationModes(dir string) (file, folder fs.FileMode, err error) {
	name := filepath.Join(dir, ".pasyans-mode")
	os.RemoveAll(name) // left by a build that was killed
	f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return 0, 0, err
	}
	st, err := f.Stat()
	f.Close()
	os.Remove(name)
	if err != nil {
		return 0, 0, err
	}
	file = st.Mode().Perm()
	if err := os.Mkdir(name, 0o755); err != nil {
		return 0, 0, err
	}
	st, err = os.Stat(name)
	os.Remove(name)
	if err != nil {
		return 0, 0, err
	}
	return file, st.Mode().Perm(), nil
}

// keepSpare keeps old, the output commit replaced, as the spare, or
// removes it when there is a spare already or it cannot be moved there.
func (s *Staging) keepSpare(old string) error {
	if spare := s.spare; spare != "" && os.MkdirAll(filepath.Dir(spare), 0o755) == nil && os.Rename(old, spare) == nil {
		return nil
	}
	return os.RemoveAll(old)
}

// emptyFolder removes everything inside dir, keeping dir itself (and the
// lock on it).
func emptyFolder(dir string) error {
	entries, err := os.ReadDir(dir)
	for _, e := range entries {
		if rerr := os.RemoveAll(filepath.Join(dir, e.Name())); err == nil {
			err = rerr
		}
	}
	return err
}
