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
//
// Besides, the system's Hunspell dictionaries (FindHunspellDictionaries):
// core's catalog (core/catalog/language_catalog.h: /usr/share/hunspell and
// /usr/share/myspell, or $SPELLFILTER_HUNSPELL_PATH) for the languages that
// have no spellfilter dictionary in the folders above, each either already
// converted into core's cache or offered for conversion.
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

// A Hunspell dictionary of the system for a language without a
// spellfilter dictionary.
struct HunspellEntry {
  QString tag;     // "de_DE"
  QString name;    // "German (Germany)"
  QString source;  // the .dic
  QString cached;  // its conversion in core's cache (may not exist yet)
  bool converted = false;  // the cache holds it, up to date
};

// Where the user's own dictionaries go; not created here.
QString UserDictionaryFolder();

// The folders listed above, in order, existing or not.
QStringList DictionaryFolders();

// The dictionaries found, sorted by name (user-built first on a tie).
QList<DictionaryEntry> FindDictionaries();

// The system's Hunspell dictionaries whose tag no *.sfd of
// DictionaryFolders() (nor core's places) has, sorted by tag.
QList<HunspellEntry> FindHunspellDictionaries();

// The dictionary core would pick with no choice made (the CLI's default),
// or empty with *error saying where it looked.
QString DefaultDictionaryPath(QString* error);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_DICTIONARY_CATALOG_H_
