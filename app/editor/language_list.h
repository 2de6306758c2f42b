// A document's language setting as one list of strings (what
// DocumentTab::languages holds, SpellServicePool keys services by, and the
// session and the per-file memory store): the dictionary of its language,
// then "language:PATH" for each further language checked at once, then the
// paths of word lists added to the first language. "auto" first means the
// language of each sentence is chosen (core's LanguageChecker, kAuto):
// among the languages listed after it, or among the installed ones when
// none is. Lists written before several languages existed ([language,
// word lists...]) mean what they meant.
//
//   [en_US.sfd]                              English
//   [en_US.sfd, mine.sfd]                    English and my word list
//   [en_US.sfd, language:de_DE.sfd]          a word is right in either
//   [auto, en_US.sfd, language:de_DE.sfd]    each sentence in its language
//   [auto]                                   among the installed languages
#ifndef SPELLFILTER_APP_EDITOR_LANGUAGE_LIST_H_
#define SPELLFILTER_APP_EDITOR_LANGUAGE_LIST_H_

#include <QString>
#include <QStringList>

namespace spellfilter::editor {

inline constexpr QLatin1StringView kAutoLanguage("auto");
inline constexpr QLatin1StringView kLanguagePrefix("language:");

struct LanguageList {
  bool automatic = false;  // per sentence
  QStringList languages;   // dictionary paths, the preferred one first
  QStringList additions;   // word lists added to languages[0]
  friend bool operator==(const LanguageList&, const LanguageList&) = default;
};

[[nodiscard]] LanguageList ParseLanguageList(const QStringList& list);
[[nodiscard]] QStringList ToStringList(const LanguageList& list);
// The dictionary files `list` names (languages and word lists), to check
// that they still exist.
[[nodiscard]] QStringList DictionaryFilesOf(const QStringList& list);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_LANGUAGE_LIST_H_
