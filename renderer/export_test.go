package renderer

// Walk makes s find the chunks meeting the damage by walking the whole
// display list instead of asking the painter's index.
func Walk(s *Scene) { s.walk = true }
