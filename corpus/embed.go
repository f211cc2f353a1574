package corpus

import "embed"

// FS is the default edition, embedded in the binary.
//
//go:embed sources sources.yaml emendations.tsv games book.md book.ru.md glossary.yaml works.yaml terms.yaml stats deals
var FS embed.FS
