// Package render turns the edition model into the static site's pages, the
// SVG diagrams of the book's "tables" and the PDF book.
//
// The layout geometry is computed once (Figure, from an engine.Layout and
// optionally a position) and drawn by both the SVG and the PDF writers, so
// the two outputs show the same figure. The site's search index
// (search/index.js) is package corpus/search's, built from
// corpus.Edition.SearchDocs with each result's link added here. Render knows the edition model and
// the engine; it knows nothing of the command line.
package render
