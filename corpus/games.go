package corpus

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"pasyans/engine"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/util"
	"gopkg.in/yaml.v3"
)

// paraRef is an owned paragraph in a front matter.
type paraRef struct {
	ID     string `yaml:"id"`
	SHA256 string `yaml:"sha256"`
	Kind   string `yaml:"kind"` // Paragraph.Kind
}

type gameMeta struct {
	ID         string    `yaml:"id"`
	Variant    string    `yaml:"variant"`
	Order      int       `yaml:"order"`
	Titles     Titles    `yaml:"titles"`
	Aliases    Aliases   `yaml:"aliases"`
	Packs      int       `yaml:"packs"`
	Paragraphs []paraRef `yaml:"paragraphs"`
}

type bookMeta struct {
	ID         string    `yaml:"id"`
	Lang       string    `yaml:"lang"`
	Titles     Titles    `yaml:"titles"`
	Date       string    `yaml:"date"`
	Paragraphs []paraRef `yaml:"paragraphs"`
}

// mdFile is a corpus Markdown file: its front matter and parsed body.
type mdFile struct {
	name   string
	root   *yaml.Node // the front matter's root mapping; nil if empty or broken
	fmLine int        // file line of the front matter's first line
	body   *body
	// broken is true when the front matter is missing or does not parse:
	// then the file's sections stand for its list of paragraphs, so that
	// one fault does not cascade.
	broken bool
	owner  string // the owner id for a broken file: the file's base name
}

// line returns the file line of a front-matter key, or of the file's
// first line.
func (f *mdFile) line(key string) int { return f.fmLine + keyLine(f.root, key, 0) - 1 }

func (f *mdFile) pos(key string) Pos {
	if f.root == nil {
		return Pos{File: f.name, Line: 1}
	}
	return Pos{File: f.name, Line: f.line(key)}
}

// readMarkdown reads a Markdown file and decodes its front matter into
// meta; ok is false when the file is missing or has no front matter.
func (l *loader) readMarkdown(name string, meta any) (f *mdFile, ok bool, err error) {
	data, ok, err := l.readFile(name)
	if !ok {
		return nil, false, err
	}
	f = &mdFile{name: name, owner: strings.TrimSuffix(path.Base(name), ".md")}
	data = l.expandFigures(name, data)
	fm, bodySrc, fmLine, bodyLine, err := splitFrontMatter(data)
	if err != nil {
		l.d.add(Pos{File: name, Line: 1}, CheckSyntax, "%v", err)
		f.broken, bodySrc, bodyLine = true, data, 1
	} else {
		f.fmLine = fmLine
		var ok bool
		f.root, ok = decodeYAML(&l.d, name, fm, fmLine, meta)
		f.broken = !ok
	}
	bodySrc, deep := flatten(bodySrc)
	for _, d := range deep {
		l.d.add(Pos{File: name, Line: bodyLine + d.line}, CheckSyntax, "%s nested more than %d deep: write the text flatter (the line is left out)", d.what, maxNesting)
	}
	f.body = parseBody(l.md, name, bodySrc, bodyLine)
	l.checkRawHTML(f.body)
	return f, true, nil
}

// checkRawHTML reports raw HTML anywhere in a Markdown body (a heading,
// a paragraph, a note, a block of its own): the renderers would drop it
// silently.
func (l *loader) checkRawHTML(b *body) {
	_ = ast.Walk(b.doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n := n.(type) {
		case *ast.HTMLBlock:
			if entering {
				pos := b.nodePos(n)
				if n.Lines().Len() > 0 {
					pos = b.pos(n.Lines().At(0).Start)
				}
				l.d.add(pos, CheckSyntax, "raw HTML in the text: write Markdown")
			}
		case *ast.RawHTML:
			if entering {
				pos := b.nodePos(n)
				if n.Segments.Len() > 0 {
					pos = b.pos(n.Segments.At(0).Start)
				}
				l.d.add(pos, CheckSyntax, "raw HTML in the text: write Markdown")
			}
		}
		return ast.WalkContinue, nil
	})
}

func (l *loader) loadGames() error {
	names, err := l.glob(gamesGlob)
	if err != nil {
		return fmt.Errorf("listing games: %w", err)
	}
	for _, name := range names {
		g, err := l.loadGame(name)
		if err != nil {
			return err
		}
		if g != nil {
			l.ed.Games = append(l.ed.Games, g)
		}
	}
	return nil
}

func (l *loader) loadGame(name string) (*Game, error) {
	var m gameMeta
	f, ok, err := l.readMarkdown(name, &m)
	if !ok {
		return nil, err
	}
	g := &Game{ID: m.ID, Titles: m.Titles, Aliases: m.Aliases, Order: m.Order, Packs: m.Packs, Pos: f.pos("variant")}
	switch {
	case f.broken:
		g.ID = f.owner
	case g.ID != f.owner:
		l.d.add(f.pos("id"), CheckSyntax, "id %q does not match the file name (want %q)", g.ID, f.owner)
	}
	if !f.broken {
		l.checkTitles(f, m.Titles)
		g.Variant = l.variant(f, m.Variant)
		l.checkVariantTitles(f, m.Titles, g.Variant)
	}
	owned := l.own(f, g.ID, m.Paragraphs)
	pre, secs := f.body.sections()
	if len(pre) > 0 && !f.broken {
		l.d.add(f.body.nodePos(pre[0]), CheckSyntax, "text before the # title: a game file's body opens with its # title")
	}
	intro, rest := splitIntro(secs)
	if intro == nil {
		l.d.add(f.body.pos(-1), CheckSyntax, "missing # title: a game file's body opens with \"# Title\"")
	} else {
		g.Title = intro.title
		g.Intro, g.IntroRU = l.introTexts(f.body, *intro)
		l.checkInline(f.body, intro.nodes)
	}
	for _, s := range rest {
		if s.level == 1 {
			l.d.add(s.pos, CheckSyntax, "a second # heading %q: a game file has one # title, then ## NNN:n paragraph sections", s.title)
			continue
		}
		if p := l.paragraphSection(f, s, owned); p != nil {
			g.Paragraphs = append(g.Paragraphs, p)
		}
	}
	l.checkSections(f, m.Paragraphs, owned)
	return g, nil
}

// splitIntro returns the first section when it is a # title, and the rest.
func splitIntro(secs []section) (*section, []section) {
	if len(secs) == 0 || secs[0].level != 1 {
		return nil, secs
	}
	return &secs[0], secs[1:]
}

func (l *loader) checkTitles(f *mdFile, t Titles) {
	for _, c := range []struct{ key, val string }{{"ru", t.RU}, {"ru_modern", t.RUModern}, {"en", t.EN}} {
		if strings.TrimSpace(c.val) == "" {
			l.d.add(f.pos("titles"), CheckTitles, "missing title titles.%s", c.key)
		}
	}
}

// checkVariantTitles reports the titles of the front matter that differ
// from those the game's variant registers: the engine and the text name a
// game alike.
func (l *loader) checkVariantTitles(f *mdFile, t Titles, v *engine.Variant) {
	if v == nil {
		return
	}
	for _, c := range []struct{ key, val, engine string }{{"ru", t.RU, v.Titles.RU}, {"ru_modern", t.RUModern, v.Titles.RUModern}, {"en", t.EN, v.Titles.EN}} {
		if c.val != "" && c.val != c.engine {
			l.d.add(f.pos("titles"), CheckTitles, "titles.%s %q differs from the title of variant %s, %q", c.key, c.val, v.ID, c.engine)
		}
	}
}

func (l *loader) variant(f *mdFile, id string) *engine.Variant {
	if id == "" {
		l.d.add(f.pos("id"), CheckVariant, "missing key \"variant\": the engine variant id of the game")
		return nil
	}
	v := lookupVariant(id)
	if v == nil {
		l.d.add(f.pos("variant"), CheckVariant, "unknown variant %q (the engine has: %s)", id, strings.Join(engine.IDs(), ", "))
	}
	return v
}

// own records owner as the owner of the paragraphs listed in a front
// matter and returns those it now owns, by id.
func (l *loader) own(f *mdFile, owner string, refs []paraRef) map[string]*Paragraph {
	lines := itemLines(f.root, "paragraphs")
	owned := map[string]*Paragraph{}
	for i, r := range refs {
		pos := Pos{File: f.name, Line: lineAt(lines, i, f.fmLine, 1)}
		p := l.byID[r.ID]
		switch {
		case p == nil:
			l.d.add(pos, CheckOwned, "%s", l.noParagraph(r.ID))
			continue
		case l.owners[r.ID] != Pos{}:
			l.d.add(pos, CheckOwned, "paragraph %s is owned twice: also by %s", r.ID, l.owners[r.ID])
			continue
		}
		l.owners[r.ID] = pos
		p.Owner = owner
		switch r.Kind {
		case "", KindHead, KindRunningHead, KindFootnote:
			p.Kind = r.Kind
		default:
			l.d.add(pos, CheckSyntax, "paragraph %s: unknown kind %q (want %s, %s or %s, or none for a plain paragraph)",
				r.ID, r.Kind, KindHead, KindRunningHead, KindFootnote)
		}
		owned[r.ID] = p
		if r.SHA256 != p.SHA256 {
			l.d.add(pos, CheckChecksum, "stale checksum for %s: the paragraph now reads %q (sha256 %s); check the translation against it and update the checksum",
				r.ID, quote(p.Raw, 60), p.SHA256)
		}
	}
	return owned
}

// noParagraph explains why a paragraph id names no paragraph.
func (l *loader) noParagraph(id string) string {
	src, _, ok := strings.Cut(id, ":")
	if !ok || !paraID.MatchString(id) {
		return fmt.Sprintf("%q is not a paragraph id (NNN:n, e.g. 001:7)", id)
	}
	for _, s := range l.ed.Sources {
		if s.ID == src {
			return fmt.Sprintf("no paragraph %s: source %s has %d paragraphs", id, src, len(s.Paragraphs))
		}
	}
	return fmt.Sprintf("no paragraph %s: there is no source %s", id, src)
}

// quote returns the first n runes of s, with an ellipsis if cut.
func quote(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

var paraID = regexp.MustCompile(`^[0-9]{3}:[1-9][0-9]*$`)

// paragraphSection reads a ## NNN:n section and fills the paragraph when
// the file owns it; it returns that paragraph or nil.
func (l *loader) paragraphSection(f *mdFile, s section, owned map[string]*Paragraph) *Paragraph {
	b := f.body
	if !paraID.MatchString(s.title) {
		l.d.add(s.pos, CheckSyntax, "heading %q is not a paragraph id: write ## NNN:n (e.g. ## 001:7)", s.title)
		l.checkInline(b, s.nodes)
		return nil
	}
	c := l.readSection(b, s)
	if f.broken {
		l.adopt(f, s, owned)
	}
	p, ok := owned[s.title]
	switch {
	case !ok && l.listed(f, s.title):
		return nil // owned elsewhere or not a paragraph: reported at the front matter
	case !ok:
		l.d.add(s.pos, CheckOwned, "section %s: the paragraph is not listed in the front matter's paragraphs", s.title)
		return nil
	case p.Pos.File == f.name:
		l.d.add(s.pos, CheckSyntax, "a second section for %s (the first is at line %d)", s.title, p.Pos.Line)
		return nil
	}
	p.Pos, p.Translation, p.RulesLine, p.Notes, p.Rules, p.Claims = s.pos, c.tr, c.rules, c.notes, c.links, c.claims
	p.RulesLineRU, p.RulesRU = c.rulesRU, c.linksRU
	if c.tr.Markdown == "" {
		l.d.add(s.pos, CheckTranslated, "paragraph %s has no translation: its section holds only notes or claims", s.title)
	}
	return p
}

// adopt makes a file whose front matter is broken the owner of the
// paragraph its section translates, unless another file owns it.
func (l *loader) adopt(f *mdFile, s section, owned map[string]*Paragraph) {
	p := l.byID[s.title]
	if p == nil || l.owners[s.title] != (Pos{}) {
		return
	}
	l.owners[s.title] = s.pos
	p.Owner = f.owner
	owned[s.title] = p
}

// listed reports whether the file's front matter lists id.
func (l *loader) listed(f *mdFile, id string) bool {
	seq := mapValue(f.root, "paragraphs")
	if seq == nil {
		return false
	}
	for _, it := range seq.Content {
		if v := mapValue(it, "id"); v != nil && v.Value == id {
			return true
		}
	}
	return false
}

// checkSections reports owned paragraphs that have no section.
func (l *loader) checkSections(f *mdFile, refs []paraRef, owned map[string]*Paragraph) {
	lines := itemLines(f.root, "paragraphs")
	for i, r := range refs {
		if p := owned[r.ID]; p != nil && p.Pos.File != f.name {
			l.d.add(Pos{File: f.name, Line: lineAt(lines, i, f.fmLine, 1)}, CheckTranslated,
				"paragraph %s has no ## %s section with its translation", r.ID, r.ID)
		}
	}
}

// sectionContent is what a paragraph section holds.
type sectionContent struct {
	tr     Text
	rules  Text // the "Rules: …" line
	notes  []Note
	links  []RuleLink
	claims *Claims
	// The Russian rules line and its links.
	rulesRU Text
	linksRU []RuleLink
}

func (l *loader) readSection(b *body, s section) sectionContent {
	var c sectionContent
	var tr, rules, rulesRU []ast.Node
	for _, n := range s.nodes {
		switch n := n.(type) {
		case *ast.Blockquote:
			c.notes = l.addNote(c.notes, b.innerText(n), b.nodePos(n))
		case *ast.FencedCodeBlock:
			if string(n.Language(b.src)) != "claims" {
				tr = append(tr, n)
				continue
			}
			if c.claims != nil {
				l.d.add(b.nodePos(n), CheckSyntax, "a second claims block in section %s: write all claims in one", s.title)
				continue
			}
			c.claims = l.claimsBlock(b, n, s)
		case *ast.Paragraph:
			switch rulesLine(n, b.src) {
			case "en":
				rules = append(rules, n)
			case "ru":
				rulesRU = append(rulesRU, n)
			default:
				tr = append(tr, n)
			}
		default:
			tr = append(tr, n)
		}
	}
	c.tr = b.text(tr)
	c.rules = b.text(rules)
	c.rulesRU = b.text(rulesRU)
	var rest []ast.Node
	for _, n := range s.nodes {
		if !slices.Contains(rulesRU, n) {
			rest = append(rest, n)
		}
	}
	c.links = l.checkInline(b, rest)
	c.linksRU = l.checkInline(b, rulesRU)
	for _, n := range c.notes {
		if n.RU.Markdown == "" {
			l.d.add(n.Pos, CheckBilingual, "note with no Russian: follow it with its translation, a blockquote starting \"Примечание.\"")
		}
	}
	l.pairRulesLines(b, s, rules, rulesRU, c)
	return c
}

// addNote adds a blockquote to a section's notes: "Note. …" starts a
// note, "Примечание. …" is the Russian of the note before it.
func (l *loader) addNote(notes []Note, t Text, pos Pos) []Note {
	switch {
	case strings.HasPrefix(t.Markdown, noteEN):
		return append(notes, Note{Text: t, Pos: pos})
	case strings.HasPrefix(t.Markdown, noteRU):
		if len(notes) == 0 || notes[len(notes)-1].RU.Markdown != "" {
			l.d.add(pos, CheckBilingual, "a Russian note (\"Примечание.\") with no English note before it: write the \"Note.\" blockquote first")
			return notes
		}
		notes[len(notes)-1].RU, notes[len(notes)-1].RUPos = t, pos
		return notes
	}
	l.d.add(pos, CheckSyntax, "a blockquote in a paragraph section is a note and starts with \"Note.\" (or, for its Russian, \"Примечание.\")")
	// Kept as a note, shown as written in both languages: the syntax
	// diagnostic is enough.
	return append(notes, Note{Text: t, Pos: pos, RU: t, RUPos: pos})
}

// The words that open a note in each language.
const (
	noteEN = "Note."
	noteRU = "Примечание."
)

// pairRulesLines checks that a section with a "Rules:" line has its
// Russian "Правила:" line, linking the same rules in the same order.
func (l *loader) pairRulesLines(b *body, s section, en, ru []ast.Node, c sectionContent) {
	var enIDs, ruIDs []string
	for _, k := range c.links {
		if k.Pos.Line >= 0 && containsPos(b, en, k.Pos) {
			enIDs = append(enIDs, k.ID)
		}
	}
	for _, k := range c.linksRU {
		ruIDs = append(ruIDs, k.ID)
	}
	switch {
	case len(en) > 0 && len(ru) == 0:
		l.d.add(b.nodePos(en[0]), CheckBilingual, "rules line with no Russian: add \"Правила: …\" after it, with the same rule links")
	case len(en) == 0 && len(ru) > 0:
		l.d.add(b.nodePos(ru[0]), CheckBilingual, "Russian rules line with no English \"Rules: …\" line before it")
	case !slices.Equal(enIDs, ruIDs):
		l.d.add(b.nodePos(ru[0]), CheckBilingual, "the Russian rules line links %s, the English one %s: link the same rules in the same order",
			strings.Join(ruIDs, ", "), strings.Join(enIDs, ", "))
	}
}

// containsPos reports whether pos falls within the lines of the nodes.
func containsPos(b *body, nodes []ast.Node, pos Pos) bool {
	for _, n := range nodes {
		start, end := span(n)
		if start >= 0 && b.pos(start).Line <= pos.Line && pos.Line <= b.pos(end).Line {
			return true
		}
	}
	return false
}

// rulesLine tells whether a paragraph is the section's list of rule links,
// "Rules: [text](rule:id), …" ("en") or its Russian "Правила: …" ("ru"):
// the English line's links are the paragraph's rules, and neither is part
// of the translation. It returns "" for any other paragraph.
func rulesLine(n *ast.Paragraph, src []byte) string {
	t := plainText(n, src)
	switch {
	case strings.HasPrefix(t, "Rules:"):
		return "en"
	case strings.HasPrefix(t, "Правила:"):
		return "ru"
	}
	return ""
}

// introTexts splits a game's introduction into its English and its
// Russian: each block goes to the language of most of its letters. An
// introduction needs both (a diagnostic at the title says which is
// missing).
func (l *loader) introTexts(b *body, s section) (en, ru Text) {
	var enN, ruN []ast.Node
	for _, n := range s.nodes {
		if IsRussian(string(blockSource(n, b.src))) {
			ruN = append(ruN, n)
		} else {
			enN = append(enN, n)
		}
	}
	switch {
	case len(enN) > 0 && len(ruN) == 0:
		l.d.add(s.pos, CheckBilingual, "introduction with no Russian: follow the English with its translation")
	case len(enN) == 0 && len(ruN) > 0:
		l.d.add(s.pos, CheckBilingual, "introduction with no English: write the English first, then the Russian")
	}
	return b.text(enN), b.text(ruN)
}

// IsRussian reports whether most letters of s are Cyrillic.
func IsRussian(s string) bool {
	cyr, lat := Letters(s)
	return cyr > lat
}

// Letters counts the Cyrillic and the Latin letters of s.
func Letters(s string) (cyr, lat int) {
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Cyrillic, r):
			cyr++
		case unicode.Is(unicode.Latin, r):
			lat++
		}
	}
	return cyr, lat
}

// claimsBlock parses a fenced claims block. An empty block is reported at
// its opening fence (an unclosed one at the end of the file has no line
// after it).
func (l *loader) claimsBlock(b *body, n *ast.FencedCodeBlock, s section) *Claims {
	first := b.nodePos(n).Line
	lines := n.Lines()
	if lines.Len() > 0 {
		first = b.pos(lines.At(0).Start).Line
	}
	return parseClaims(&l.d, b.file, lines.Value(b.src), first)
}

// checkInline walks blocks for rule links, which it resolves, and links
// of schemes not allowed, which it reports; it returns the rule links.
// (Raw HTML is reported for the whole file by checkRawHTML.)
func (l *loader) checkInline(b *body, nodes []ast.Node) []RuleLink {
	var links []RuleLink
	for _, n := range nodes {
		_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering {
				return ast.WalkContinue, nil
			}
			switch c := c.(type) {
			case *ast.Link:
				l.checkScheme(b, c, string(c.Destination))
				l.citeLink(b, c, string(c.Destination))
				if link, ok := l.ruleLink(b, c, string(c.Destination)); ok {
					links = append(links, link)
				}
			case *ast.AutoLink:
				if c.AutoLinkType == ast.AutoLinkEmail {
					break // rendered as mailto:
				}
				l.checkScheme(b, c, string(c.URL(b.src)))
				if link, ok := l.ruleLink(b, c, string(c.URL(b.src))); ok {
					links = append(links, link)
				}
			case *ast.Image:
				l.checkScheme(b, c, string(c.Destination))
			}
			return ast.WalkContinue, nil
		})
	}
	return links
}

// allowedSchemes are the URL schemes a corpus link may use; a link
// without a scheme is relative. Anything else (javascript:, data:,
// vbscript:, file:, …) is an error, as raw HTML is: the renderers would
// drop or neutralize it silently.
var allowedSchemes = map[string]bool{"http": true, "https": true, "mailto": true, "rule": true, "cite": true}

// resolveDest returns a link destination as goldmark writes it into the
// href: backslash escapes and character references (java&#115;cript:)
// resolved. goldmark keeps them in the AST and resolves them on output.
func resolveDest(dest string) string {
	b := util.UnescapePunctuations([]byte(dest))
	b = util.ResolveNumericReferences(b)
	return string(util.ResolveEntityNames(b))
}

// linkScheme returns the scheme of a resolved link destination as a
// browser reads it (leading spaces and control characters skipped, tabs
// and newlines inside removed, case folded), or "" for a relative link.
func linkScheme(dest string) string {
	dest = strings.TrimLeftFunc(dest, func(r rune) bool { return r <= ' ' })
	dest = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, dest)
	m := schemePattern.FindStringSubmatch(dest)
	if m == nil {
		return ""
	}
	return strings.ToLower(m[1])
}

// protocolRelative reports whether a link without a scheme names a host,
// as browsers read it: two slashes or backslashes first, after any
// spaces and control characters, tabs and newlines inside ignored.
func protocolRelative(dest string) bool {
	dest = strings.TrimLeftFunc(dest, func(r rune) bool { return r <= ' ' })
	dest = strings.Map(func(r rune) rune {
		switch r {
		case '\t', '\n', '\r':
			return -1
		case '\\':
			return '/'
		}
		return r
	}, dest)
	return strings.HasPrefix(dest, "//")
}

var schemePattern = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]*):`)

// checkScheme reports a link or image destination with a scheme other
// than those allowed.
func (l *loader) checkScheme(b *body, n ast.Node, dest string) {
	dest = resolveDest(dest)
	sc := linkScheme(dest)
	shown := dest
	if r := []rune(shown); len(r) > 40 {
		shown = string(r[:40]) + "…"
	}
	if sc == "" && protocolRelative(dest) {
		l.d.add(b.nodePos(n), CheckSyntax, "link to %q: a link that starts with // leads to another host (write https://… for an external link, or a path for one of the edition)", shown)
		return
	}
	if sc == "" || allowedSchemes[sc] {
		return
	}
	l.d.add(b.nodePos(n), CheckSyntax, "link to %q: the %s: scheme is not allowed (use http, https, mailto, rule: or a relative link)", shown, sc)
}

// ruleLink resolves a link whose destination has the rule: scheme.
func (l *loader) ruleLink(b *body, n ast.Node, dest string) (RuleLink, bool) {
	id, ok := strings.CutPrefix(dest, "rule:")
	if !ok {
		return RuleLink{}, false
	}
	link := RuleLink{ID: id, Text: plainText(n, b.src), Pos: b.nodePos(n)}
	link.Rule, _ = engine.LookupRule(id)
	if link.Rule == nil {
		l.d.add(link.Pos, CheckRuleLink, "rule link to no rule: %q%s", id, ruleHint(id))
	}
	return link, true
}

// ruleHint names the rules of the link's game, when it has any.
func ruleHint(id string) string {
	game, _, _ := strings.Cut(id, "/")
	v := lookupVariant(game)
	if v == nil {
		return fmt.Sprintf(" (no variant %q)", game)
	}
	ids := make([]string, len(v.Rules))
	for i, r := range v.Rules {
		ids[i] = r.ID
	}
	return fmt.Sprintf(" (%s has: %s)", game, strings.Join(ids, ", "))
}
