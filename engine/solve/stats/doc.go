// Package stats runs the solver over many deals of a game and keeps what
// it finds: the records file (one JSON line per deal, resumable), shards
// of a deal range, the merge of record files into the figures one run of
// them all gives, the jobs that run the shards on a cluster (GNU parallel,
// Slurm, Kubernetes), the text a reader sees, and the memory budget of a
// run (with heap profiles of a long search, HeapProfiles). The figures
// themselves, a run's and a merge's, are solve.StatsResult, the one
// schema of their JSON and of the file a run writes into the corpus
// (stats/<game>.yaml, which corpus.Stats reads and writes by embedding
// it). The records keep their own per-deal type (one JSON line per deal,
// with the run's settings); a records file has no header or summary.
//
// Boundary: stats knows the engine and the solver, the records' format
// and the command line of 'pasyans stats' that a plan hands to its shards
// (the flags it is given, passed on as they are). It must not know the
// corpus, the site or how flags are parsed; its errors say what is wrong
// with the input, and those that are not the input's fault (a records file
// that cannot be written) carry exit status 1 (ExitStatus).
package stats

import (
	"fmt"
	"regexp"
	"strings"
)

// failed is an error that is not the input's fault: exit status 1.
type failed struct{ msg string }

func (e *failed) Error() string   { return e.msg }
func (e *failed) ExitStatus() int { return 1 }

// failure returns an error of exit status 1.
func failure(format string, args ...any) error {
	return &failed{fmt.Sprintf(format, args...)}
}

// usageError returns an error of the input (exit status 2).
func usageError(format string, args ...any) error {
	return fmt.Errorf(format, args...)
}

// Plural is word with an s unless n is 1.
func Plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// shellSafe matches the words no POSIX shell changes: no quote, space,
// expansion, glob, brace or operator character, and no "=" (a first word
// NAME=value would be an assignment, not the program).
var shellSafe = regexp.MustCompile(`^[A-Za-z0-9_./:,@%+-]+$`)

// shellReserved are the words a shell reads as its syntax where a
// command name stands.
var shellReserved = map[string]bool{"if": true, "then": true, "else": true, "elif": true, "fi": true, "do": true,
	"done": true, "case": true, "esac": true, "while": true, "until": true, "for": true, "in": true,
	"function": true, "select": true, "time": true, "coproc": true}

// ShellWord quotes s as one word for a POSIX shell: unchanged when it
// holds only characters no shell treats specially and is not one of its
// reserved words, otherwise between
// single quotes, within which a single quote is written as a closing
// quote, a backslash-escaped quote and an opening quote.
func ShellWord(s string) string {
	if shellSafe.MatchString(s) && !shellReserved[s] {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
