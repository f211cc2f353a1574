package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// A command is one subcommand of pasyans: its name, usage line, help text,
// flags and the function that runs it.
type command struct {
	name  string
	usage string // the arguments after the command name
	short string // one line for the command list
	long  string // the full help text
	// flags registers the command's flags on fs and returns the function
	// that runs the command once fs has been parsed.
	flags func(fs *flag.FlagSet) func(env *env, args []string) error
}

// env is what a running command may touch: its streams.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// commands is the command table, filled at init by each command's file.
var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("pasyans: duplicate command " + c.name)
	}
	commands[c.name] = c
}

// Error classes; run maps them to exit statuses.
var (
	// errUsage marks bad usage and unreadable input: exit status 2.
	errUsage = errors.New("usage")
	// errFailed marks a failed check or a broken game rule: exit status 1.
	errFailed = errors.New("failed")
)

// usageError returns an error of class errUsage with a message.
func usageError(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errUsage, fmt.Sprintf(format, args...))
}

// failure returns an error of class errFailed with a message.
func failure(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errFailed, fmt.Sprintf(format, args...))
}

// exitError lets a package error choose its exit status.
type exitError interface{ ExitStatus() int }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 {
		printCommands(stderr)
		return 2
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		printCommands(stdout)
		return 0
	case "help":
		return help(args[1:], stdout, stderr)
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "pasyans: unknown command %q\n", name)
		printCommands(stderr)
		return 2
	}
	fs := flag.NewFlagSet("pasyans "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	runFn := c.flags(fs)
	// The flag package calls Usage on -h and on a bad flag alike; the
	// usage is printed here instead, once, to the stream that fits.
	fs.Usage = func() {}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(stdout, c, fs)
			return 0
		}
		// The flag package has printed the error; one line says where
		// the help is, rather than the whole help burying the error.
		fmt.Fprintf(stderr, "run 'pasyans help %s' for usage\n", c.name)
		return 2
	}
	return exitStatus(runFn(e, fs.Args()), stderr)
}

// exitStatus prints err (if any) and maps it to an exit status.
func exitStatus(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	msg := err.Error()
	msg = strings.TrimPrefix(msg, errUsage.Error()+": ")
	msg = strings.TrimPrefix(msg, errFailed.Error()+": ")
	fmt.Fprintf(stderr, "pasyans: %s\n", msg)
	var ex exitError
	switch {
	case errors.As(err, &ex):
		return ex.ExitStatus()
	case errors.Is(err, errFailed):
		return 1
	default:
		return 2
	}
}

func help(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printCommands(stdout)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "pasyans help: unknown command %q\n", args[0])
		return 2
	}
	fs := flag.NewFlagSet("pasyans "+c.name, flag.ContinueOnError)
	c.flags(fs)
	printUsage(stdout, c, fs)
	return 0
}

func printUsage(w io.Writer, c *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: pasyans %s %s\n\n%s\n", c.name, c.usage, strings.TrimSpace(c.long))
	var n int
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprintf(w, "\nFlags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
}

func printCommands(w io.Writer) {
	fmt.Fprintf(w, "pasyans makes and checks the annotated edition of a Russian book of patience games, c. 1873.\n\n")
	fmt.Fprintf(w, "usage: pasyans <command> [flags] [arguments]\n\nCommands:\n")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].short)
	}
	fmt.Fprintf(w, "\nRun 'pasyans help <command>' for the flags of one command.\n")
}
