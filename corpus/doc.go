// Package corpus holds the edition's data and assembles the edition model
// from it.
//
// The data: the sources and their manifest (sources/, sources.yaml), the
// editor's emendations (emendations.tsv), one Markdown file per game
// (games/<id>.md: YAML front matter, then per owned paragraph the English
// translation, notes, rule links and claims), the book's front matter
// (book.md, book.ru.md), the glossary (glossary.yaml), the other works
// the prose cites (works.yaml), example deals
// (deals/<game>/<name>.yaml) and solver statistics (stats/<game>.yaml). FS
// embeds them, so the binary carries a default edition.
//
// # Two languages
//
// Every piece of the editor's prose is written in English and in modern
// Russian, the Russian right after the English, in plain Markdown:
//
//   - a game's introduction: the blocks after its # title, English first,
//     then Russian (a block is Russian when most of its letters are
//     Cyrillic);
//   - a note: a blockquote "> Note. …" followed by its Russian, a
//     blockquote "> Примечание. …";
//   - a rules line: "Rules: [label](rule:id), …" followed by
//     "Правила: [метка](rule:id), …", linking the same rules in the same
//     order (the English line's links are the paragraph's Rules, the
//     Russian line's its RulesRU);
//   - the book's front matter: book.md and book.ru.md;
//   - a source's provenance and licence: provenance_ru and licence_ru in
//     sources.yaml; a term's definition: def_en and def_ru; a deal's
//     title and commentary: en and ru.
//
// A missing half is a diagnostic (check "bilingual", or the glossary's,
// deals' and sources' own checks) at the file and line of the half that
// is there. The translation of the sources' paragraphs is English only:
// the Russian is the source itself, in three readings.
//
// # Quotations, references, figures and dates in the prose
//
// The prose is held to the sources and the data (package corpus/check,
// the "prose" checks), and follows these conventions:
//
//   - A quotation of the book, in «…», „…“, “…” or "…", gives the words of
//     one reading (diplomatic, corrected or modern) of the paragraph its
//     note is tied to or its sentence cites, letter for letter: only white
//     space, Unicode normalisation and case are free; "…" marks an
//     omission. Titles of games and works, and the book's headings
//     (Правила., Игра.), may stand in quotation marks as names.
//   - The edition's own renderings and glosses stand in single quotes,
//     ‘…’ or '…' ('transverse gap', ‘разложена’), never in double ones.
//   - Another work is declared in works.yaml (key, author, title, place,
//     publisher, year, where it can be read, lang, seen, cited_as). A
//     quotation of it, or a reference to it, is a Markdown link to its key
//     with the cite: scheme: ["when the deal is ended"](cite:cadogan-1914).
//     A work not seen (seen: false) is referred to, never quoted; a name in
//     its cited_as list (The Spectator) is always such a link. On the
//     Russian side a quotation in another language is followed by its
//     Russian rendering in brackets: [«…»](cite:cadogan-1914) («…»). The
//     site renders a cite: link as a span in the work's language whose
//     title is the record, the TEI as a ref to the work's bibl.
//   - A figure of the edition's own data is not typed but asked for with a
//     template reference, {{stats:GAME.FIELD}} (FIELD: deals, won, lost,
//     unknown, win_rate, budget), which Load replaces by the value of
//     stats/GAME.yaml formatted for the language of its line (10,000;
//     10 000) and records in Edition.Figures.
//   - The book's date is a working date: book.md and book.ru.md give it in
//     their front matter as date: (c. 1873, ок. 1873 г.), and everything
//     that prints it takes it from there or says the same.
//   - A sentence that says where a word occurs (only here, again in …,
//     nowhere else) says no more than an occurs claim of its section, or
//     the claim or glossary list of a term it names; one that states an
//     inference of the edition (a running head, the order of the games)
//     carries a hedge; one that compares the Russian with Cadogan names
//     the text compared (1914, checked; 1874, not); and the English and
//     Russian halves of a pair cite the same paragraphs, years and numbers
//     and carry the same hedges.
//
// # The book's words in the editor's prose
//
// The Russian prose marks the book's words one way: in «ёлочках», whether
// a whole quotation («Колода выложена…»), a single word or form
// («конституція», «поперечный промежутокъ») or a title («Салическій
// законъ»); so are the titles of other works («La Loi salique») and word
// forms the editor gives (the pre-reform «Новыя мѣста»). Italics and bold
// never mark the book's words. In the list of Cadogan's games
// (book.ru.md) a title in «ёлочках» is attested, one in [square
// brackets] is the editor's conjecture. The terms check (terms.yaml,
// package corpus/check) takes what stands in «ёлочках» as quoted and so
// exempt.
//
// # Terms
//
// terms.yaml is the edition's terms table: for each concept the Russian and
// the English term the editor's prose uses, the book's paragraph where the
// book has its own word, and the variants that are wrong in editorial
// prose, which `pasyans check` reports at their file and line (check
// "terms").
//
// Load reads a corpus from any fs.FS and returns the Edition: sources,
// paragraphs with their three readings (package normalize) and their owner,
// games linked to their engine variants, the glossary and the deals.
// Markdown is parsed once with goldmark; the AST is kept so that a renderer
// can render translations and notes without parsing again. Every structural
// fault of the corpus is a Diagnostic at file:line; Load collects them all.
//
// The package knows no HTML, PDF or command line: it neither renders nor
// prints. Checks that need the engine to play (claims, probes, deal replay)
// live in package corpus/check.
package corpus
