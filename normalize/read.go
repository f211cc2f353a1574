package normalize

// Readings are the three readings of a paragraph and the apparatus between
// them: the corrected layer's edits (Layer "corrected", offsets in
// Diplomatic) followed by the modern layer's (Layer "modern", offsets in
// Corrected).
type Readings struct {
	Diplomatic, Corrected, Modern string
	Apparatus                     []Edit
}

// Paragraph is what a reading needs of a source paragraph (a
// source.Paragraph has both): its id, for the apparatus and the
// emendations, and its raw text. This package does not import package
// source, so that the site's WebAssembly program, which keys search words
// with the layers, stays without source's YAML and encodings.
type Paragraph interface {
	ParagraphID() string
	RawText() string
}

// Read makes the readings of p. For a source already in modern spelling
// (modern true) the corrected layer runs without its pre-reform rules and
// the modern reading equals the corrected one.
func Read(p Paragraph, modern bool, em Emendations) Readings {
	return NewReader(em).Read(p, modern)
}

// Reader makes readings with layers built once, for many paragraphs.
type Reader struct {
	corrected, correctedModern, modern *Layer
}

// NewReader builds the layers for the emendations em.
func NewReader(em Emendations) *Reader {
	c := CorrectedLayer(em)
	return &Reader{corrected: c, correctedModern: c.WithoutPreReform(), modern: ModernLayer()}
}

// Read makes the readings of p; see the package function Read.
func (r *Reader) Read(p Paragraph, modern bool) Readings {
	id, raw := p.ParagraphID(), p.RawText()
	rd := Readings{Diplomatic: raw}
	var ce, me []Edit
	if modern {
		rd.Corrected, ce = r.correctedModern.Apply(id, raw)
		rd.Modern = rd.Corrected
	} else {
		rd.Corrected, ce = r.corrected.Apply(id, raw)
		rd.Modern, me = r.modern.Apply(id, rd.Corrected)
	}
	if len(ce)+len(me) > 0 {
		rd.Apparatus = append(append(make([]Edit, 0, len(ce)+len(me)), ce...), me...)
	}
	return rd
}

// Rules returns all rules of both layers, corrected first, in the order
// they run, for documentation. The copies carry no code: a Layer built from
// them changes nothing; use CorrectedLayer and ModernLayer to normalize.
func Rules() []Rule {
	rs := append(correctedRules(), modernRules()...)
	for i := range rs {
		rs[i].find = nil
	}
	return rs
}
