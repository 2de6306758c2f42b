// Each file's language, remembered for the next time it is opened (in this
// session or later): the dictionaries the user chose for it with the
// status bar's language button (SpellService::openDictionaries' list: the
// language's dictionary, then word lists added to it). Kept in the
// application's QSettings under "documentLanguages", most recent first, at
// most kMaxRememberedFiles files.
#ifndef SPELLFILTER_APP_EDITOR_DOCUMENT_LANGUAGES_H_
#define SPELLFILTER_APP_EDITOR_DOCUMENT_LANGUAGES_H_

#include <QString>
#include <QStringList>

namespace spellfilter::editor {

inline constexpr int kMaxRememberedFiles = 500;

// The dictionaries chosen for `file` (absolute), or empty if none was.
[[nodiscard]] QStringList RememberedLanguages(const QString& file);
// Remembers `paths` for `file`; empty forgets it.
void RememberLanguages(const QString& file, const QStringList& paths);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_DOCUMENT_LANGUAGES_H_
