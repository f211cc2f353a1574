// Package site holds the static site's templates, style sheet, script and
// interface strings, embedded in the binary (FS). Package render fills the
// templates from the edition model; this package holds no Go logic.
//
//   - templates/base.html defines the page frame ("base"); every other
//     template defines "content" (and may define "head") for one kind of
//     page: root, home, game, play, rule, glossary, sources, method.
//   - static/ is copied into the site, each file under a name that carries
//     a fingerprint of its content (site.css → site.3f2a9c01d4.css; pages
//     link them through render's Rel): site.css (screen, phone and print
//     styles, @font-face for the DejaVu faces, which render writes into
//     fonts/ as WOFF2 subsets of the characters the site uses), favicon.svg
//     and site.js (the reading switch's memory, tooltips, the deal player).
//     The site works without the script, except for stepping through deals.
//     search.js (on every page) sends the header's search box to
//     <lang>/search/index.html#q=…, runs the search page's query core
//     over the index and form table render writes (search/index.js,
//     search/forms/*.js; see package corpus/search),
//     and marks a result's words on the page it leads to (?hl=…).
//   - static/engine.js and static/wasm_exec.js are generated (go generate
//     ./site runs go run ./cmd/pasyans-wasm/gen from the module root): the
//     WebAssembly program's Play build (build tag play), gzipped in
//     base64, and the toolchain's loader;
//     static/wasm.js starts them in a page or a Web Worker. A test in
//     cmd/pasyans-wasm/gen fails when they are stale. static/play.js is
//     the Play page: it draws what the engine answers (with site.js's
//     figure) and sends it the player's moves; the solver runs in a Web
//     Worker made from a Blob URL.
//   - i18n/en.yaml and i18n/ru.yaml are the interface strings: flat maps of
//     key to message (fmt verbs allowed). Both files must have the same
//     keys; render refuses to build otherwise.
package site

//go:generate sh -c "cd .. && go run ./cmd/pasyans-wasm/gen"

import "embed"

// FS holds templates/, static/ and i18n/.
//
//go:embed all:templates all:static all:i18n
var FS embed.FS
