package main

import (
	"flag"
	"fmt"

	"pasyans/engine"
)

func init() {
	register(&command{
		name:  "deal",
		usage: "-game ID -seed N [-options a,b] [-json] [-reveal]",
		short: "show the initial position of a deal",
		long: `Deal prints the initial position of deal N of a game: every pile with its
cards, bottom to top. A deal is fully determined by the game, its options
and the seed. Face-down cards of games that hide them are shown only with
-reveal.`,
		flags: func(fs *flag.FlagSet) func(*env, []string) error {
			var d dealFlags
			d.register(fs)
			asJSON := fs.Bool("json", false, "print JSON")
			reveal := fs.Bool("reveal", false, "show face-down cards")
			return d.dealt("deal", func(e *env, s *engine.State) error {
				if *asJSON {
					return writeJSON(e.stdout, s.View(*reveal))
				}
				fmt.Fprint(e.stdout, s.Text(*reveal))
				return nil
			})
		},
	})
	register(&command{
		name:  "moves",
		usage: "-game ID -seed N [-options a,b] [-after FILE]",
		short: "list the legal moves of a position",
		long: `Moves lists the legal moves of deal N, after replaying the move list in
FILE if -after is given ("-" reads standard input), one per line; with
-json as a JSON array.`,
		flags: func(fs *flag.FlagSet) func(*env, []string) error {
			var d dealFlags
			d.register(fs)
			after := fs.String("after", "", "replay the moves in `FILE` first")
			asJSON := fs.Bool("json", false, "print JSON")
			return d.dealt("moves", func(e *env, s *engine.State) error {
				if *after != "" {
					ms, err := readMoves(e, *after, s.V)
					if err != nil {
						return err
					}
					if _, ill := s.Play(ms); ill != nil {
						return fmt.Errorf("%w: %s: %v", errFailed, *after, ill)
					}
				}
				out := []string{}
				for _, m := range s.Moves() {
					out = append(out, s.V.FormatMove(m))
				}
				if *asJSON {
					return writeJSON(e.stdout, out)
				}
				for _, m := range out {
					fmt.Fprintln(e.stdout, m)
				}
				return nil
			})
		},
	})
	register(&command{
		name:  "play",
		usage: "-game ID -seed N [-options a,b] -moves FILE|- [-json] [-reveal]",
		short: "replay a move list and show the result",
		long: `Play deals deal N and replays the moves in FILE ("-" reads standard
input): moves separated by spaces, commas or new lines, '#' starting a
comment. A move not written in the game's notation is malformed input:
play names its file:line:column and exits 2 before playing. Otherwise it
stops at the first illegal move, naming its number, line and the rule
that refuses it, and exits 1; or it prints the final position and
whether the game is won.`,
		flags: func(fs *flag.FlagSet) func(*env, []string) error {
			var d dealFlags
			d.register(fs)
			movesFile := fs.String("moves", "", "move list `FILE` (- for standard input)")
			asJSON := fs.Bool("json", false, "print JSON")
			reveal := fs.Bool("reveal", false, "show face-down cards")
			return func(e *env, args []string) error {
				if len(args) > 0 {
					return usageError("play takes no arguments, got %q", args[0])
				}
				if *movesFile == "" {
					return usageError("-moves is required")
				}
				s, err := d.deal()
				if err != nil {
					return err
				}
				ms, err := readMoves(e, *movesFile, s.V)
				if err != nil {
					return err
				}
				return playMoves(e, s, ms, *movesFile, *asJSON, *reveal)
			}
		},
	})
}

type playView struct {
	Applied int              `json:"applied"`
	Illegal *engine.Illegal  `json:"illegal"`
	Won     bool             `json:"won"`
	State   engine.StateView `json:"state"`
}

func playMoves(e *env, s *engine.State, ms []engine.MoveText, name string, asJSON, reveal bool) error {
	n, ill := s.Play(ms)
	if asJSON {
		if err := writeJSON(e.stdout, playView{Applied: n, Illegal: ill, Won: s.Won(), State: s.View(reveal)}); err != nil {
			return err
		}
	} else {
		fmt.Fprint(e.stdout, s.Text(reveal))
		fmt.Fprintf(e.stdout, "%d of %d moves applied\n", n, len(ms))
	}
	if ill != nil {
		return failure("%s: %v", inputName(name), ill)
	}
	return nil
}
