package lexicon

// The tables are made from the OpenCorpora dictionary that the npm package
// az ships; see gen/main.go for the install step.
//
//go:generate go run ./gen -dicts ../../.ci/az/node_modules/az/dicts -o tables.txt
