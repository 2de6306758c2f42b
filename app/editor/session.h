// The documents open when the editor last closed, reopened at the next
// start (on by default; File > Reopen Documents at Start turns it off).
// Kept in the application's QSettings under "session/": each document's
// file, cursor position, the encoding it was read in and its language,
// and which one was current. Untitled documents are not part of it (closing
// asks about them, and crash recovery keeps their text).
#ifndef SPELLFILTER_APP_EDITOR_SESSION_H_
#define SPELLFILTER_APP_EDITOR_SESSION_H_

#include <QList>
#include <QString>
#include <QStringList>

namespace spellfilter::editor {

struct SessionDocument {
  QString path;      // absolute
  int position = 0;  // the cursor, in characters from the start
  QString encoding;  // ICU's name (text_encoding.h)
  // The dictionaries the document was checked with
  // (SpellService::dictionaryPaths), so it reopens in the same language
  // whatever the default is by then; empty: the default.
  QStringList languages;
};

struct Session {
  QList<SessionDocument> documents;
  int current = 0;  // index into documents
};

// Whether the editor reopens the last session at start.
[[nodiscard]] bool SessionRestoreEnabled();
void SetSessionRestoreEnabled(bool enabled);

// The session last written; empty if none (or restore is off: then
// nothing is kept either).
[[nodiscard]] Session ReadSession();
void WriteSession(const Session& session);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_SESSION_H_
