package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pasyans/corpus"
)

// TestStatsWriteLoads: what stats -write and stats merge -write write
// loads in the checker without a word, over the flags stats takes
// (-nodes alone among them, where the loader refused "2000 nodes"), and
// the command its first line names writes the same figures again.
func TestStatsWriteLoads(t *testing.T) {
	for _, flags := range [][]string{
		{"-game", "fifteen", "-deals", "6", "-nodes", "500"},
		{"-game", "fifteen", "-deals", "4", "-budget", "300ms", "-nodes", "500"},
		{"-game", "la-belle-lucie", "-options", "merci", "-deals", "3", "-nodes", "300", "-threads", "2", "-workers", "1"},
		{"-game", "swiss", "-options", "adjacent-only,strict-deal", "-deals", "3", "-nodes", "300", "-first", "18446744073709551613"},
	} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			dir := t.TempDir()
			game := flags[1]
			args := append([]string{"stats"}, flags...)
			args = append(args, "-records", filepath.Join(dir, "r.jsonl"), "-write", filepath.Join(dir, "one"))
			if _, errs, code := cli(t, "", args...); code != 0 {
				t.Fatalf("stats: exit %d: %s", code, errs)
			}
			if _, errs, code := cli(t, "", "stats", "merge", "-write", filepath.Join(dir, "merged"), filepath.Join(dir, "r.jsonl")); code != 0 {
				t.Fatalf("stats merge: exit %d: %s", code, errs)
			}
			one := loadsClean(t, filepath.Join(dir, "one", game+".yaml"))
			loadsClean(t, filepath.Join(dir, "merged", game+".yaml"))
			// The first line's command, run again, writes the same figures.
			first, _, _ := strings.Cut(one, "\n")
			cmdline := strings.Replace(strings.TrimPrefix(first, "# Written by: "), "-write DIR", "-write again", 1)
			cmd := exec.Command("bash", "-c", strings.Replace(cmdline, "pasyans ", "\"$PASYANS\" ", 1))
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "PASYANS_AS_CLI=1", "PASYANS="+os.Args[0])
			if log, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", cmdline, err, log)
			}
			sameFigures(t, one, loadsClean(t, filepath.Join(dir, "again", game+".yaml")), 0)
		})
	}
}

// loadsClean reads a statistics file as the checker does and fails on
// any diagnostic; it returns the file's text.
func loadsClean(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if _, ds := corpus.ReadStats("stats/"+filepath.Base(name), data); len(ds) > 0 {
		t.Fatalf("%s does not pass the check: %v\n%s", name, ds, data)
	}
	return string(data)
}
