// Package writegroup reads and writes the ratchet's files: a file is read
// only when it is a regular file of at most [MaxFileSize] ([Read]); a
// group of files is written whole or not at all ([Write]) under one lock
// ([Lock]), and put back in order after an interrupted run ([Recover]).
// Every fault, bad input or a file that cannot be read or written, is an
// [*InputError] of one line naming the file and the fix.
//
// It knows nothing of what the files hold: the baselines, history, docs
// and charts are bytes to it, and the anchor that names a group (the
// baselines file) is only where its manifest and lock live.
package writegroup
