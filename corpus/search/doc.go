// Package search is the edition's full-text search: an index of documents
// (the paragraphs with their three Russian readings and the English, the
// notes, the glossary's terms and definitions, the rule statements, the
// games' titles and aliases) and the query that runs over it, ranked by
// BM25.
//
// Matching is spelling-blind: every word of the text and of the query is
// turned into a key by package normalize/stem, the project's one
// spelling-blind matcher, so that мђсто, мѣсто and место, короля and
// королей, king and kings match one another. The three readings of a
// paragraph are alternatives of one text: a word counts once for the
// paragraph, however many readings carry it.
//
// The index is built once (Build, at 'pasyans build' time) and written
// (Encode): the file holds the keyed tokens of each text (the expensive,
// spelling-aware part); a reader (Decode here, the site's script there)
// only inverts them into posting lists.
//
// The site's search page runs no Go. A Go WebAssembly program is over
// 0.5 MB compressed however little it holds, and the page's first query
// must cost under 400 KB; so the build does all the language work and the
// page only looks up and counts. FormTable lists every form a query word
// may take whose key (the keyer's answer) is a key of the index: the
// words of every reading (pre-reform and OCR-damaged forms included),
// their beginnings, the English irregular forms, and the Russian and
// English forms made from the text's words with endings, each kept only
// where the keyer agrees; a form is found by its Fold (a letter map that
// the table carries). The table is written in shards by first letter
// (FormShard), so that a query loads only what its words need. The page's script (site/static/search.js) folds a
// query word, looks it up, and runs Parse, Search, Page, Snippets and
// Forms over the encoded index step by step as this package does, with
// the parameters the table carries (Weight, BM25's, the prefix rules). A
// word the table lacks finds nothing where the keyer might have found
// something: that is the one way the page can differ from this package,
// and TestScriptParity runs the script in Node on the test set's
// queries, and on them cut short as a reader types, to show it draws what
// Page draws.
//
// The package knows nothing of the edition model, of HTML pages beyond
// the snippets' <mark> elements, or of URLs: a Doc's Href and Group are
// opaque strings its maker chooses.
package search
