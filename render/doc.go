// Package render turns the edition model into the static site's pages, the
// SVG diagrams of the book's "tables" and the PDF book.
//
// The layout geometry is computed once, in package render/figure (from an
// engine.Layout and optionally a position as engine.State.Seen shows it),
// and drawn by its SVG writer and by the PDF writer here, so the outputs
// show the same figure; the Play page and the deal player get the same
// drawings from the WebAssembly engine. The site's search index
// (search/index.js) and its form table (search/forms/*.js) are package
// corpus/search's, built from corpus.Edition.SearchDocs with each result's
// link added here. Render knows the edition model and
// the engine; it knows nothing of the command line.
//
// Each game with a variant also gets a Play page (siteplay.go,
// <lang>/games/<id>/play/index.html): the engine itself, built for the
// browser (cmd/pasyans-wasm, embedded as site/static/engine.js), plays
// there and draws the table; the page's data block carries the piles' names,
// the rules' statements and the paragraphs that state
// them, so a refused move quotes the book without a string written twice.
package render
