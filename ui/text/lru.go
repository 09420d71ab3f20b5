package text

// The shaped-run cache and the glyph atlas both keep their entries in
// least-recently-used order. lru is that order: an intrusive doubly linked
// list, so moving an entry to the front on a hit allocates nothing.

// links are an entry's neighbours in an lru.
type links[E any] struct{ prev, next *E }

// entry is a pointer to an entry type that embeds its links.
type entry[E any] interface {
	*E
	lruLinks() *links[E]
}

// lru orders entries from most recently used (head) to least (tail). The
// zero value is empty.
type lru[E any, P entry[E]] struct{ head, tail *E }

func (l *lru[E, P]) pushFront(e *E) {
	*P(e).lruLinks() = links[E]{next: l.head}
	if l.head != nil {
		P(l.head).lruLinks().prev = e
	} else {
		l.tail = e
	}
	l.head = e
}

func (l *lru[E, P]) unlink(e *E) {
	ln := P(e).lruLinks()
	if ln.prev != nil {
		P(ln.prev).lruLinks().next = ln.next
	} else {
		l.head = ln.next
	}
	if ln.next != nil {
		P(ln.next).lruLinks().prev = ln.prev
	} else {
		l.tail = ln.prev
	}
	*ln = links[E]{}
}

func (l *lru[E, P]) moveToFront(e *E) {
	if l.head != e {
		l.unlink(e)
		l.pushFront(e)
	}
}
