// The dictionaries the editor can offer: every *.sfd file in
//   1. the user's dictionary folder, where "Build Dictionary from Word
//      List..." writes:
//      ${XDG_DATA_HOME:-~/.local/share}/spellfilter/dictionaries;
//   2. the folders of core's search path (core/dictionary/locator.h): the
//      user's ${XDG_CONFIG_HOME:-~/.config}/spellfilter,
//      PREFIX/share/spellfilter next to the running program, and the build
//      tree's dictionaries/; plus $SPELLFILTER_DICTIONARY itself when set;
//   3. spellfilter/ under each of $XDG_DATA_DIRS (/usr/local/share,
//      /usr/share), where packages install.
// A file reached twice (symlinks, overlapping folders) is listed once, at
// its first place.
#ifndef SPELLFILTER_APP_EDITOR_DICTIONARY_CATALOG_H_
#define SPELLFILTER_APP_EDITOR_DICTIONARY_CATALOG_H_

#include <QList>
#include <QString>
#include <QStringList>

namespace spellfilter::editor {

struct DictionaryEntry {
  QString name;             // the file's base name: "en_US"
  QString path;             // absolute
  bool user_built = false;  // in UserDictionaryFolder()

  friend bool operator==(const DictionaryEntry&,
                         const DictionaryEntry&) = default;
};

// Where the user's own dictionaries go; not created here.
QString UserDictionaryFolder();

// The folders listed above, in order, existing or not.
QStringList DictionaryFolders();

// The dictionaries found, sorted by name (user-built first on a tie).
QList<DictionaryEntry> FindDictionaries();

// The dictionary core would pick with no choice made (the CLI's default),
// or empty with *error saying where it looked.
QString DefaultDictionaryPath(QString* error);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_DICTIONARY_CATALOG_H_
