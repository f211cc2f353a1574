package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"pasyans/engine"
)

var update = flag.Bool("update", false, "rewrite the golden help files and doc.go")

// TestMain lets the test binary act as pasyans when PASYANS_AS_CLI is set, so
// end-to-end tests run the real command in a real process.
func TestMain(m *testing.M) {
	if os.Getenv("PASYANS_AS_CLI") == "1" {
		if os.Getenv("PASYANS_TOY") == "1" {
			registerToy() // the toy eleventh game of TestToyGame
		}
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// cli runs pasyans as a separate process and returns stdout, stderr and
// the exit status.
func cli(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return cliContext(t, context.Background(), stdin, args...)
}

// cliContext is cli with a context that may kill the process.
func cliContext(t *testing.T, ctx context.Context, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = append(os.Environ(), "PASYANS_AS_CLI=1")
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("pasyans %v: %v (killed)\nstderr: %s", args, ctx.Err(), errb.String())
	}
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

func TestEndToEnd(t *testing.T) {
	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string // a substring
		stderr string // a substring
	}{
		{"no args", "", nil, 2, "", "usage: pasyans <command>"},
		{"unknown command", "", []string{"frobnicate"}, 2, "", `unknown command "frobnicate"`},
		{"help", "", []string{"-h"}, 0, "Commands:", ""},
		{"help deal", "", []string{"help", "deal"}, 0, "usage: pasyans deal", ""},
		{"deal -h", "", []string{"deal", "-h"}, 0, "usage: pasyans deal", ""},
		{"bad flag", "", []string{"deal", "-nope"}, 2, "", "flag provided but not defined"},
		{"unknown game", "", []string{"deal", "-game", "nope", "-seed", "1"}, 2, "", "valid games:"},
		{"unknown option", "", []string{"deal", "-game", "le-cadran", "-seed", "1", "-options", "nope"}, 2, "", "valid options: talon-only"},
		{"deal", "", []string{"deal", "-game", "le-cadran", "-seed", "1"}, 0, "c1", ""},
		{"play illegal", "deal\nc1>c2\n", []string{"play", "-game", "le-cadran", "-seed", "1", "-moves", "-"}, 1, "", "move 2 (line 2)"},
		{"play malformed", "zz>f1", []string{"play", "-game", "le-cadran", "-seed", "1", "-moves", "-"}, 2, "", "<stdin>:1:1: move 1 is malformed"},
		{"play legal", "deal deal", []string{"play", "-game", "le-cadran", "-seed", "1", "-moves", "-"}, 0, "2 of 2 moves applied", ""},
		{"play missing file", "", []string{"play", "-game", "le-cadran", "-seed", "1", "-moves", "/no/such/file"}, 2, "", "no such file"},
		{"play directory", "", []string{"play", "-game", "le-cadran", "-seed", "1", "-moves", os.TempDir()}, 2, "", "is a directory"},
		{"moves after", "deal", []string{"moves", "-game", "le-cadran", "-seed", "1", "-after", "-"}, 0, "deal", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, code := cli(t, tt.stdin, tt.args...)
			if code != tt.code || !strings.Contains(out, tt.stdout) || !strings.Contains(errs, tt.stderr) {
				t.Fatalf("pasyans %v: exit %d (want %d)\nstdout: %s\nstderr: %s", tt.args, code, tt.code, out, errs)
			}
		})
	}
}

// TestHelpOnce checks that -h prints the usage once, on standard output,
// and a bad flag prints the error and one line naming the help, on
// standard error.
func TestHelpOnce(t *testing.T) {
	out, errs, code := cli(t, "", "stats", "-h")
	if code != 0 || errs != "" || strings.Count(out, "usage: pasyans stats") != 1 {
		t.Fatalf("stats -h: exit %d\nstdout: %s\nstderr: %s", code, out, errs)
	}
	out, errs, code = cli(t, "", "stats", "-nope")
	if code != 2 || out != "" || errs != "flag provided but not defined: -nope\nrun 'pasyans help stats' for usage\n" {
		t.Fatalf("stats -nope: exit %d\nstdout: %s\nstderr: %s", code, out, errs)
	}
}

func TestGamesJSON(t *testing.T) {
	out, errs, code := cli(t, "", "games", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var games []struct {
		ID     string            `json:"id"`
		Titles map[string]string `json:"titles"`
		Piles  []struct{ ID, Role string }
		Rules  []struct {
			ID            string   `json:"id"`
			Attested      []string `json:"attested"`
			Reconstructed string   `json:"reconstructed"`
		} `json:"rules"`
	}
	if err := json.Unmarshal([]byte(out), &games); err != nil {
		t.Fatal(err)
	}
	want := engine.IDs() // the games registered in this process, as the child's
	if len(want) == 0 {
		t.Fatal("no game is registered")
	}
	var got []string
	for _, g := range games {
		got = append(got, g.ID)
		for _, r := range g.Rules {
			if len(r.Attested) == 0 && r.Reconstructed == "" {
				t.Errorf("%s: rule %s neither attested nor reconstructed", g.ID, r.ID)
			}
		}
	}
	sort.Strings(got)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("games = %v, want %v", got, want)
	}
}

func TestPlayJSONShape(t *testing.T) {
	out, _, code := cli(t, "deal c1>c2", "play", "-game", "le-cadran", "-seed", "1", "-moves", "-", "-json")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	var v struct {
		Applied int `json:"applied"`
		Illegal *struct {
			Index int    `json:"index"`
			Move  string `json:"move"`
			Rule  string `json:"rule"`
		} `json:"illegal"`
		Won   bool `json:"won"`
		State struct {
			Game  string `json:"game"`
			Piles []struct {
				ID    string   `json:"id"`
				Cards []string `json:"cards"`
			} `json:"piles"`
		} `json:"state"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if v.Applied != 1 || v.Illegal == nil || v.Illegal.Index != 2 || v.Illegal.Rule != "le-cadran/marriage" || v.State.Game != "le-cadran" {
		t.Fatalf("unexpected play JSON: %s", out)
	}
}

// TestHelpGolden keeps each command's help in testdata/help/<cmd>.txt and
// doc.go equal to the help the commands print.
func TestHelpGolden(t *testing.T) {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	var doc strings.Builder
	for _, n := range names {
		var b bytes.Buffer
		if code := run([]string{"help", n}, nil, &b, &b); code != 0 {
			t.Fatalf("help %s: exit %d", n, code)
		}
		golden := filepath.Join("testdata", "help", n+".txt")
		if *update {
			os.MkdirAll(filepath.Dir(golden), 0o755)
			os.WriteFile(golden, b.Bytes(), 0o644)
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if !bytes.Equal(want, b.Bytes()) {
			t.Errorf("help %s differs from %s (run go test -update):\n%s", n, golden, b.String())
		}
		doc.WriteString("\n" + b.String())
	}
	checkDocGo(t, doc.String())
}

const docIntro = `// Command pasyans builds, checks and explores the annotated edition of
// "Двадцать четыре основные пасьянса с двадцатью таблицами".
//
// The command is thin: it parses flags, calls the packages and maps errors to
// exit statuses (0 success, 1 a failed check or game rule, 2 bad usage or
// unreadable input). Each subcommand lives in its own file and registers
// itself in the command table at init. The help of every command follows,
// as 'pasyans help COMMAND' prints it.
//
`

// checkDocGo compares doc.go with the help of every command.
func checkDocGo(t *testing.T, help string) {
	var b strings.Builder
	b.WriteString("// Code generated by TestHelpGolden -update; DO NOT EDIT.\n\n")
	b.WriteString(docIntro)
	for _, line := range strings.Split(strings.TrimSpace(help), "\n") {
		if line == "" {
			b.WriteString("//\n")
		} else {
			b.WriteString("//\t" + line + "\n")
		}
	}
	b.WriteString("package main\n")
	if *update {
		os.WriteFile("doc.go", []byte(b.String()), 0o644)
	}
	got, err := os.ReadFile("doc.go")
	if err != nil || string(got) != b.String() {
		t.Errorf("doc.go is not up to date with the commands' help (run go test -update)")
	}
}
