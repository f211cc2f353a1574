package corpus_test

import (
	"errors"
	"fmt"

	"pasyans/corpus"
)

// Load the embedded edition and list the paragraphs of a game with the
// rules they link to; structural problems come back as Diagnostics.
func ExampleLoad() {
	ed, err := corpus.Load(corpus.FS)
	var ds corpus.Diagnostics
	switch {
	case errors.As(err, &ds):
		for _, d := range ds {
			fmt.Println(d) // games/salic-law.md:14: unknown key "colour"
		}
	case err != nil:
		fmt.Println("unreadable corpus:", err)
		return
	}
	for _, p := range ed.Game("salic-law").Paragraphs {
		fmt.Println(p.ID, p.Modern, len(p.Rules))
	}
}
