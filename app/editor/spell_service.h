// The editor's one door to core: a dictionary, the UI thread's Checker over
// it, and the session's Ignore All list. Everything the widgets ask about
// spelling (which words of a line are misspelled, is this word correct,
// what are the suggestions, add or remove a user word) goes through here,
// so the widgets never see UTF-8, byte offsets or core types.
//
// Core objects used: Dictionary, Checker (checking), Tokenizer (what the
// word under the mouse is), Suggester (suggestions) and UserDictionary (the
// user's words, at core's default place for the dictionary's language,
// UserDictionary::DefaultPath:
// ${XDG_CONFIG_HOME:-~/.config}/spellfilter/user/LANG.words, shared with
// `spellfilter add` and every dictionary of the language; another process's
// changes are picked up within kUserWordsPollMs).
//
// Threading: Checker, Suggester and UserDictionary are not thread-safe, so
// a SpellService belongs to the thread that created it (the UI thread).
// Work on other threads opens its own core objects.
//
// Change signals: when words can only have become correct (Add to
// Dictionary, Ignore All) the service emits flaggedWordsMayBeCorrect() and
// listeners recheck just the words they flagged. When words can have become
// misspelled (another dictionary, Remove from Dictionary) it increments
// generation() and emits recheckAll().
#ifndef SPELLFILTER_APP_EDITOR_SPELL_SERVICE_H_
#define SPELLFILTER_APP_EDITOR_SPELL_SERVICE_H_

#include <QList>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <memory>
#include <optional>
#include <vector>

#include "app/editor/utf8_text.h"
#include "core/check/checker.h"
#include "core/check/language_checker.h"
#include "core/dictionary/dictionary.h"
#include "core/suggest/suggester.h"
#include "core/text/tokenizer.h"
#include "core/text/word_forms.h"
#include "core/user/user_dictionary.h"

namespace spellfilter::editor {

class SpellService : public QObject {
  Q_OBJECT

 public:
  // How often the user word list is checked for changes by other processes
  // (a stat(2) each time).
  static constexpr int kUserWordsPollMs = 2000;

  explicit SpellService(QObject* parent = nullptr);
  ~SpellService() override;
  Q_DISABLE_COPY_MOVE(SpellService)

  // How many dictionaries may be layered on a language's (Checker's extra
  // dictionaries: core checks against two at most).
  static constexpr int kMaxAdditions = 2;

  // Opens the dictionary file at `path` and uses it from now on. On failure
  // the service has no dictionary (nothing is flagged), *error is a
  // one-line message for the user, and false is returned.
  bool openDictionary(const QString& path, QString* error);
  // A document's language as a list (language_list.h): the language's
  // dictionary (what suggestions, case rules, the script rule and the
  // user's words follow), further languages checked at once, and
  // dictionaries whose words the first also accepts (word lists the user
  // built to add to it; at most kMaxAdditions). A word is correct when any
  // of them has it. With several languages, core's LanguageChecker checks:
  // a word is correct when a language that checks its script accepts it
  // ("any" mode), or, with "auto", when the language of its sentence does
  // (each sentence gets the language that accepts most of its words;
  // "auto" alone chooses among the installed languages, one per language
  // code, at most kMaxAutoLanguages). False with *error when one could not
  // be opened: without the first nothing is checked; another that fails
  // is left out and the rest is used.
  bool openDictionaries(const QStringList& paths, QString* error);
  static constexpr int kMaxAutoLanguages = 16;
  // How many languages check at once (1 for one language, 0 without a
  // dictionary), and whether each sentence is checked in its own.
  [[nodiscard]] int languageCount() const;
  [[nodiscard]] bool isAutomatic() const { return automatic_; }
  // The tag of language `i` ("de_DE": its dictionary file's base name).
  [[nodiscard]] QString languageTag(int i) const;
  // The language of the sentence around `position` in `text` (a line), as
  // the checker chose it: the one to ask for suggestions and to add words
  // to. 0 with one language.
  int languageAt(QStringView text, int position);
  void closeDictionary();
  [[nodiscard]] bool hasDictionary() const { return checker_ != nullptr; }
  [[nodiscard]] const QString& dictionaryPath() const { return path_; }
  // What openDictionaries opened (the language's dictionary first, then
  // the word lists added to it); empty without a dictionary.
  [[nodiscard]] QStringList dictionaryPaths() const;
  // The dictionaries of every language checked, the first first.
  [[nodiscard]] QStringList languagePaths() const;
  // The additions (openDictionaries), for work on other threads.
  [[nodiscard]] std::vector<std::shared_ptr<const Dictionary>> sharedAdditions()
      const {
    return additions_;
  }
  // Every language's dictionary, the first language's first (empty without
  // a dictionary), for work on other threads as sharedDictionary().
  [[nodiscard]] std::vector<std::shared_ptr<const Dictionary>> sharedLanguages()
      const;
  // The user word list of each language of sharedLanguages() (empty where
  // a language has none), for a thread to open its own.
  [[nodiscard]] std::vector<std::string> userWordsPaths() const;
  // The file's base name ("en_US"), or empty without a dictionary.
  [[nodiscard]] QString dictionaryName() const;
  // The dictionary, for work on other threads (a Dictionary is immutable
  // and may be shared; each thread makes its own Checker over it); kept
  // alive by the pointer after another dictionary is opened. Null without.
  [[nodiscard]] std::shared_ptr<const Dictionary> sharedDictionary() const {
    return dictionary_;
  }

  // Sets *out to the misspelled words of `text` (one line: a text block),
  // in order, as UTF-16 spans; words on the Ignore All list are left out.
  void findMisspellings(QStringView text, QList<TextSpan>* out);
  // Sets *out to the words of `text` (one line) that the dictionary cannot
  // check because of their script (Cyrillic under en_US: core's
  // Checker::FindUnchecked), in order. Costs a scan for non-ASCII
  // characters when the dictionary checks ASCII words. Empty without a
  // dictionary.
  void findUnchecked(QStringView text, QList<TextSpan>* out);
  // The word (core's tokenizer decides what a word is) that contains
  // `position` or ends there.
  std::optional<TextSpan> wordAt(QStringView text, int position);
  // Whether `word`, one word as typed, is correct or ignored. True without
  // a dictionary.
  bool isAccepted(const QString& word);

  // Suggestions from core's Suggester, best first, at most `max` (up to
  // kMaxSuggestions). canSuggest() is false without a dictionary.
  static constexpr int kMaxSuggestions = 10;
  [[nodiscard]] bool canSuggest() const { return suggester_ != nullptr; }
  // `language`: which language's (languageAt).
  QStringList suggestions(const QString& word, int max, int language = 0);

  // The user's own words. hasUserDictionary() is false without a
  // dictionary or when the user list could not be opened (then
  // userWordsProblem() said why); the other calls then fail.
  [[nodiscard]] bool hasUserDictionary() const { return user_ != nullptr; }
  [[nodiscard]] QString userWordsPath() const;
  // Whether language `language` has its user list open.
  [[nodiscard]] bool hasUserDictionary(int language) const;

  // The entry of the user list that makes `word` correct ("foo" for the
  // typed "Foo"), or empty when no user word does.
  QString userEntryFor(const QString& word);
  bool isUserWord(const QString& word) { return !userEntryFor(word).isEmpty(); }
  // Adds `word` to the user list of `language` (languageAt); every
  // flagged occurrence it accepts gets unflagged.
  bool addWord(const QString& word, QString* error, int language = 0);
  // Removes the user entry that accepts `word` (see userEntryFor).
  bool removeWord(const QString& word, QString* error);
  // Reloads the user list if another process changed it; true if it did.
  bool reloadUserWordsIfChanged();

  // Ignore All: for this session only, exact spelling.
  void ignoreAll(const QString& word);
  [[nodiscard]] bool isIgnored(const QString& word) const {
    return ignored_.contains(word);
  }

  // Changes whenever a previously accepted word may now be misspelled.
  [[nodiscard]] quint64 generation() const { return generation_; }

 signals:
  void dictionaryChanged();
  void flaggedWordsMayBeCorrect();
  void recheckAll();
  // Something the user should know that does not stop checking (a damaged
  // or unreadable user word list).
  void warning(const QString& message);

 private:
  void invalidate();
  void openUserWords();
  // Hands the user's words to the suggester (they are suggested too).
  void refreshUserSuggestions();
  void reset();

  // A further language (languageCount() > 1): its dictionary, user words
  // and suggester (made when first asked for).
  struct Other {
    QString path;
    std::shared_ptr<const Dictionary> dictionary;
    std::unique_ptr<UserDictionary> user;
    std::unique_ptr<WordForms> forms;
    std::unique_ptr<Suggester> suggester;
  };
  // Opens `path` as a further language; false with *error.
  bool openOther(const QString& path, QString* error);
  UserDictionary* userOf(int language) const;
  // The entry of language `language`'s user list that accepts `word`.
  QString userEntryIn(int language, const QString& word);
  // The installed languages "auto" alone chooses among (see
  // openDictionaries), the locale's first.
  static QStringList AutoLanguages();
  WordForms* formsOf(int language) const;

  QString path_;
  QStringList addition_paths_;
  bool automatic_ = false;
  std::vector<Other> others_;
  std::unique_ptr<LanguageChecker> multi_;  // with others_
  std::vector<SentenceLanguage> sentence_spans_;
  // Declared in dependency order: each refers to the ones above it.
  // Shared so work on other threads (BackgroundCheck) can keep it alive
  // across a switch of dictionary.
  std::shared_ptr<const Dictionary> dictionary_;
  std::vector<std::shared_ptr<const Dictionary>> additions_;
  std::unique_ptr<UserDictionary> user_;
  std::unique_ptr<WordForms> forms_;
  std::unique_ptr<Checker> checker_;
  std::unique_ptr<Suggester> suggester_;
  QTimer user_poll_;
  Tokenizer tokenizer_;
  Utf8Text utf8_;
  std::vector<Misspelling> misspellings_;
  std::vector<Token> tokens_;
  QSet<QString> ignored_;
  quint64 generation_ = 1;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_SPELL_SERVICE_H_
