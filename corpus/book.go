package corpus

// loadBooks loads book.md (the English front matter, owning the paragraphs
// that belong to no game) and book.ru.md (the Russian front matter).
func (l *loader) loadBooks() error {
	var err error
	if l.ed.Book, err = l.loadBook(bookFile, "book", "en"); err != nil {
		return err
	}
	l.ed.BookRU, err = l.loadBook(bookRUFile, "book-ru", "ru")
	return err
}

func (l *loader) loadBook(name, id, lang string) (*Book, error) {
	var m bookMeta
	f, ok, err := l.readMarkdown(name, &m)
	if !ok {
		return nil, err
	}
	bk := &Book{ID: m.ID, Lang: m.Lang, Titles: m.Titles, Date: m.Date, Pos: Pos{File: name, Line: 1}}
	if bk.Lang == "" {
		bk.Lang = "en"
	}
	if f.broken {
		bk.ID, bk.Lang = id, lang
	}
	if bk.ID != id {
		l.d.add(f.pos("id"), CheckSyntax, "id %q: %s has id %q", bk.ID, name, id)
	}
	if bk.Lang != lang {
		l.d.add(f.pos("lang"), CheckSyntax, "lang %q: %s is in %q", bk.Lang, name, lang)
	}
	if lang == "en" && !f.broken {
		l.checkTitles(f, m.Titles)
	}
	owned := l.own(f, bk.ID, m.Paragraphs)
	pre, secs := f.body.sections()
	if len(pre) > 0 && !f.broken {
		l.d.add(f.body.nodePos(pre[0]), CheckSyntax, "text before the first # heading")
	}
	for _, s := range secs {
		if s.level == 1 {
			bk.Sections = append(bk.Sections, Section{Title: s.title, Text: f.body.text(s.nodes), Pos: s.pos})
			l.checkInline(f.body, s.nodes)
			continue
		}
		if p := l.paragraphSection(f, s, owned); p != nil {
			bk.Paragraphs = append(bk.Paragraphs, p)
		}
	}
	l.checkSections(f, m.Paragraphs, owned)
	return bk, nil
}
