// Command pasyans builds, checks and explores the annotated edition of
// "Двадцать четыре основные пасьянса с двадцатью таблицами".
//
// The command is thin: it parses flags, calls the packages and maps errors to
// exit statuses (0 success, 1 a failed check or game rule, 2 bad usage or
// unreadable input). Each subcommand lives in its own file and registers
// itself in the command table at init.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
