package engine

// Step plays one written move as Play does, or says why not: a move that
// is malformed (RuleSyntax) or that the rules refuse, the Illegal's Index
// and Line left to the caller. The Play page plays a line one move at a
// time with it, undoing and redoing moves between requests.
func (s *State) Step(text string) *Illegal {
	m, err := s.V.ParseMove(text)
	if err != nil {
		return &Illegal{Move: text, Rule: RuleSyntax.ID, Reason: err.Error()}
	}
	if r := s.CheckPlayable(m); r != nil {
		return &Illegal{Move: text, Rule: r.ID, Reason: r.EN}
	}
	s.Do(m)
	return nil
}

// RedealsLeft is how many more times the cards may be laid out again (the
// game's word "redeal") after the moves made on s since it was dealt, or
// -1 for a game without a limited redeal. (A Clone forgets the moves made
// before it: ask the state the moves were made on.)
func (s *State) RedealsLeft() int {
	redeal := s.V.Action("redeal")
	if redeal == 0 || s.V.Spec.Deals <= 0 {
		return -1
	}
	left := s.V.Spec.Deals - 1
	for _, m := range s.history {
		if int(m.Action) == redeal {
			left--
		}
	}
	return left
}
