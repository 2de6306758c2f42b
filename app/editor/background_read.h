// Reading a whole file off the UI thread (issue 35 item 6; a big file
// opened is read in chunks instead, chunked_read.h: this is for a reread
// in an encoding the user chose): ReadTextFile or
// ReadTextFileAs runs on a worker thread (QtConcurrent's pool) while the
// calling (UI) thread keeps serving paints, timers and socket events, so
// the window with its "Loading…" page stays painted while a big file is
// read and decoded. User input is held until the read ends (tens of
// milliseconds for 5 MB), so no edit or close can reach a document that is
// being opened; the text then comes in through
// SpellTextEdit::streamPlainText, a slice at a time.
#ifndef SPELLFILTER_APP_EDITOR_BACKGROUND_READ_H_
#define SPELLFILTER_APP_EDITOR_BACKGROUND_READ_H_

#include <QString>

#include "app/editor/text_file.h"

namespace spellfilter::editor {

// As ReadTextFile (`encoding` empty) or ReadTextFileAs (`encoding` given),
// with the same results, the reading and decoding done on a worker thread;
// returns when it has ended. Call on the UI thread.
bool ReadTextFileInBackground(const QString& path, const QString& encoding,
                              LoadedText* out, QString* error);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_BACKGROUND_READ_H_
