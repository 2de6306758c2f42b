#include "app/editor/spell_service.h"

#include <QFileInfo>
#include <QLocale>
#include <QMap>
#include <algorithm>
#include <string>

#include "app/editor/dictionary_catalog.h"
#include "app/editor/language_list.h"

namespace spellfilter::editor {
namespace {

bool HasSharpS(const Dictionary& d) {
  const std::vector<char32_t>& alphabet = d.contents().alphabet;
  return std::binary_search(alphabet.begin(), alphabet.end(), U'\u00DF');
}

QString FromStd(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

SpellService::SpellService(QObject* parent) : QObject(parent) {
  user_poll_.setInterval(kUserWordsPollMs);
  connect(&user_poll_, &QTimer::timeout, this,
          &SpellService::reloadUserWordsIfChanged);
}

SpellService::~SpellService() { reset(); }

void SpellService::reset() {
  user_poll_.stop();
  multi_.reset();
  others_.clear();
  automatic_ = false;
  suggester_.reset();
  checker_.reset();
  forms_.reset();
  user_.reset();
  additions_.clear();
  addition_paths_.clear();
  dictionary_.reset();
  path_.clear();
}

bool SpellService::openDictionary(const QString& path, QString* error) {
  return openDictionaries(QStringList{path}, error);
}

bool SpellService::openDictionaries(const QStringList& list, QString* error) {
  reset();
  const LanguageList parsed = ParseLanguageList(list);
  QStringList languages = parsed.languages;
  if (parsed.automatic && languages.isEmpty()) languages = AutoLanguages();
  // The first language, then the word lists added to it.
  const QStringList paths = languages.isEmpty()
                                ? QStringList()
                                : languages.mid(0, 1) + parsed.additions;
  if (paths.isEmpty()) {
    if (error != nullptr) *error = tr("no dictionary given");
    invalidate();
    emit dictionaryChanged();
    return false;
  }
  const QString& path = paths.front();
  StatusOr<std::unique_ptr<Dictionary>> opened =
      Dictionary::Open(path.toStdString());
  const bool ok = opened.ok();
  if (ok) {
    dictionary_ = std::move(opened).value();
    forms_ = std::make_unique<WordForms>(dictionary_->language(),
                                         HasSharpS(*dictionary_));
    checker_ = std::make_unique<Checker>(*dictionary_);
    SuggestOptions options;
    options.max_suggestions = kMaxSuggestions;
    suggester_ = std::make_unique<Suggester>(*dictionary_, options);
    path_ = path;
    openUserWords();
  } else if (error != nullptr) {
    *error = FromStd(opened.status().message());
  }
  bool additions_ok = true;
  for (qsizetype i = 1; ok && i < paths.size(); ++i) {
    if (additions_.size() >= kMaxAdditions) {
      additions_ok = false;
      if (error != nullptr) {
        *error = tr("at most %1 dictionaries can be added to a language; "
                    "%2 is left out")
                     .arg(kMaxAdditions)
                     .arg(paths[i]);
      }
      break;
    }
    StatusOr<std::unique_ptr<Dictionary>> addition =
        Dictionary::Open(paths[i].toStdString());
    if (!addition.ok()) {
      additions_ok = false;
      if (error != nullptr) *error = FromStd(addition.status().message());
      continue;
    }
    additions_.push_back(std::move(addition).value());
    addition_paths_.append(paths[i]);
  }
  if (checker_) {
    checker_->SetExtraDictionary(
        !additions_.empty() ? additions_[0].get() : nullptr,
        additions_.size() > 1 ? additions_[1].get() : nullptr);
  }
  bool others_ok = true;
  for (qsizetype i = 1; ok && i < languages.size(); ++i) {
    QString problem;
    if (!openOther(languages[i], &problem)) {
      others_ok = false;
      if (error != nullptr) *error = problem;
    }
  }
  automatic_ = ok && parsed.automatic;
  if (ok && (!others_.empty() || automatic_)) {
    std::vector<const Dictionary*> views{dictionary_.get()};
    for (const Other& o : others_) views.push_back(o.dictionary.get());
    multi_ = std::make_unique<LanguageChecker>(
        views, automatic_ ? LanguageMode::kAuto : LanguageMode::kAny);
    multi_->SetUserWords(0, user_.get());
    for (size_t i = 0; i < others_.size(); ++i) {
      multi_->SetUserWords(i + 1, others_[i].user.get());
    }
    multi_->SetExtraDictionary(
        !additions_.empty() ? additions_[0].get() : nullptr,
        additions_.size() > 1 ? additions_[1].get() : nullptr);
  }
  invalidate();
  emit dictionaryChanged();
  return ok && additions_ok && others_ok;
}

QStringList SpellService::AutoLanguages() {
  // One dictionary per language code: the one named like the locale
  // (de_AT for a de_AT user), else the one spelled like its language
  // (de_DE), else the first by name; the locale's language first.
  const QString locale = QLocale().name();  // "de_AT"
  QMap<QString, QString> by_code;           // "de" -> path
  QMap<QString, QString> names;             // "de" -> the chosen one's name
  auto consider = [&](const QString& name, const QString& path) {
    const QLocale language(name);
    if (language.language() == QLocale::C) return;
    const QString code = name.section(QLatin1Char('_'), 0, 0).toLower();
    const auto rank = [&](const QString& n) {
      if (n == locale) return 0;
      if (n.section(QLatin1Char('_'), 1)
              .compare(n.section(QLatin1Char('_'), 0, 0),
                       Qt::CaseInsensitive) == 0) {
        return 1;
      }
      return 2;
    };
    if (!by_code.contains(code) || rank(name) < rank(names[code]) ||
        (rank(name) == rank(names[code]) && name < names[code])) {
      by_code[code] = path;
      names[code] = name;
    }
  };
  for (const DictionaryEntry& e : FindDictionaries()) {
    consider(e.name, e.path);
  }
  for (const HunspellEntry& h : FindHunspellDictionaries()) {
    if (h.converted) consider(h.tag, h.cached);
  }
  QStringList paths;
  const QString own = locale.section(QLatin1Char('_'), 0, 0);
  const QString first = by_code.contains(own) ? own : QStringLiteral("en");
  if (by_code.contains(first)) paths.append(by_code.take(first));
  for (const QString& path : by_code) {
    if (paths.size() >= kMaxAutoLanguages) break;
    paths.append(path);
  }
  return paths;
}

bool SpellService::openOther(const QString& path, QString* error) {
  for (const Other& o : others_) {
    if (o.path == path) return true;
  }
  if (path == path_) return true;
  StatusOr<std::unique_ptr<Dictionary>> opened =
      Dictionary::Open(path.toStdString());
  if (!opened.ok()) {
    *error = FromStd(opened.status().message());
    return false;
  }
  Other other;
  other.path = path;
  other.dictionary = std::move(opened).value();
  other.forms = std::make_unique<WordForms>(other.dictionary->language(),
                                            HasSharpS(*other.dictionary));
  if (StatusOr<std::string> user_path =
          UserDictionary::DefaultPath(*other.dictionary);
      user_path.ok()) {
    StatusOr<std::unique_ptr<UserDictionary>> user =
        UserDictionary::Open(*user_path, *other.dictionary);
    if (user.ok()) other.user = std::move(user).value();
  }
  others_.push_back(std::move(other));
  return true;
}

std::vector<std::shared_ptr<const Dictionary>> SpellService::sharedLanguages()
    const {
  std::vector<std::shared_ptr<const Dictionary>> languages;
  if (!dictionary_) return languages;
  languages.push_back(dictionary_);
  for (const Other& o : others_) languages.push_back(o.dictionary);
  return languages;
}

std::vector<std::string> SpellService::userWordsPaths() const {
  std::vector<std::string> paths;
  if (!dictionary_) return paths;
  paths.push_back(userWordsPath().toStdString());
  for (const Other& o : others_) {
    paths.push_back(o.user != nullptr ? o.user->path() : std::string());
  }
  return paths;
}

int SpellService::languageCount() const {
  if (!checker_) return 0;
  return 1 + static_cast<int>(others_.size());
}

QString SpellService::languageTag(int i) const {
  if (i == 0) return dictionaryName();
  if (i < 1 || i > static_cast<int>(others_.size())) return {};
  return QFileInfo(others_[i - 1].path).completeBaseName();
}

QStringList SpellService::languagePaths() const {
  if (path_.isEmpty()) return {};
  QStringList paths{path_};
  for (const Other& o : others_) paths.append(o.path);
  return paths;
}

int SpellService::languageAt(QStringView text, int position) {
  if (!multi_) return 0;
  utf8_.assign(text);
  multi_->Check(utf8_.bytes(), &misspellings_);
  QList<TextSpan> spans;
  utf8_.mapToUtf16(multi_->sentences(), &spans);
  for (qsizetype i = 0; i < spans.size(); ++i) {
    if (spans[i].start <= position && position <= spans[i].end()) {
      return static_cast<int>(multi_->sentences()[i].language);
    }
  }
  return 0;
}

UserDictionary* SpellService::userOf(int language) const {
  if (language == 0) return user_.get();
  if (language < 1 || language > static_cast<int>(others_.size())) {
    return nullptr;
  }
  return others_[language - 1].user.get();
}

WordForms* SpellService::formsOf(int language) const {
  if (language == 0) return forms_.get();
  if (language < 1 || language > static_cast<int>(others_.size())) {
    return nullptr;
  }
  return others_[language - 1].forms.get();
}

bool SpellService::hasUserDictionary(int language) const {
  return userOf(language) != nullptr;
}

QStringList SpellService::dictionaryPaths() const {
  if (path_.isEmpty()) return {};
  return QStringList{path_} + addition_paths_;
}

void SpellService::openUserWords() {
  StatusOr<std::string> user_path = UserDictionary::DefaultPath(*dictionary_);
  if (!user_path.ok()) {
    emit warning(tr("Your own words are not available: %1")
                     .arg(FromStd(user_path.status().message())));
    return;
  }
  StatusOr<std::unique_ptr<UserDictionary>> user =
      UserDictionary::Open(*user_path, *dictionary_);
  if (!user.ok()) {
    emit warning(tr("Your own words are not available: %1")
                     .arg(FromStd(user.status().message())));
    return;
  }
  user_ = std::move(user).value();
  if (!user_->damage().ok()) {
    emit warning(FromStd(user_->damage().message()));
  }
  checker_->SetUserWords(user_.get());
  refreshUserSuggestions();
  user_poll_.start();
}

void SpellService::refreshUserSuggestions() {
  if (suggester_ && user_) {
    StatusOr<std::vector<std::string>> words = user_->Words();
    if (words.ok()) suggester_->SetUserWords(*words);
  }
  for (Other& o : others_) {
    if (!o.suggester || !o.user) continue;
    StatusOr<std::vector<std::string>> words = o.user->Words();
    if (words.ok()) o.suggester->SetUserWords(*words);
  }
}

void SpellService::closeDictionary() {
  reset();
  invalidate();
  emit dictionaryChanged();
}

QString SpellService::dictionaryName() const {
  return path_.isEmpty() ? QString() : QFileInfo(path_).completeBaseName();
}

void SpellService::findMisspellings(QStringView text, QList<TextSpan>* out) {
  out->clear();
  if (!checker_) return;
  utf8_.assign(text);
  if (multi_) {
    multi_->Check(utf8_.bytes(), &misspellings_);
  } else {
    checker_->Check(utf8_.bytes(), &misspellings_);
  }
  if (misspellings_.empty()) return;
  utf8_.mapToUtf16(misspellings_, out);
  if (ignored_.isEmpty()) return;
  out->removeIf([&](const TextSpan& s) {
    return ignored_.contains(text.sliced(s.start, s.length).toString());
  });
}

void SpellService::findUnchecked(QStringView text, QList<TextSpan>* out) {
  out->clear();
  if (!checker_) return;
  if (checker_->ChecksAsciiWords() &&
      std::all_of(text.begin(), text.end(),
                  [](QChar c) { return c.unicode() < 0x80; })) {
    return;
  }
  utf8_.assign(text);
  checker_->FindUnchecked(utf8_.bytes(), &misspellings_);
  // With several languages, a word is unchecked when none checks it.
  for (size_t l = 1; multi_ && l < multi_->size() && !misspellings_.empty();
       ++l) {
    std::vector<Misspelling> other;
    multi_->checker(l).FindUnchecked(utf8_.bytes(), &other);
    std::erase_if(misspellings_, [&](const Misspelling& m) {
      return std::none_of(other.begin(), other.end(),
                          [&](const Misspelling& o) {
                            return o.offset == m.offset && o.length == m.length;
                          });
    });
  }
  utf8_.mapToUtf16(misspellings_, out);
}

std::optional<TextSpan> SpellService::wordAt(QStringView text, int position) {
  utf8_.assign(text);
  tokenizer_.Tokenize(utf8_.bytes(), &tokens_);
  QList<TextSpan> words;
  utf8_.mapToUtf16(tokens_, &words);
  for (const TextSpan& w : words) {
    if (w.start <= position && position <= w.end()) return w;
  }
  return std::nullopt;
}

bool SpellService::isAccepted(const QString& word) {
  if (!checker_ || ignored_.contains(word)) return true;
  if (multi_) return multi_->IsCorrect(word.toStdString());
  return checker_->IsCorrect(word.toStdString());
}

QStringList SpellService::suggestions(const QString& word, int max,
                                      int language) {
  QStringList list;
  if (!suggester_) return list;
  Suggester* suggester = suggester_.get();
  if (language >= 1 && language <= static_cast<int>(others_.size())) {
    Other& other = others_[language - 1];
    if (!other.suggester) {
      SuggestOptions options;
      options.max_suggestions = kMaxSuggestions;
      other.suggester = std::make_unique<Suggester>(*other.dictionary, options);
      if (other.user) {
        StatusOr<std::vector<std::string>> words = other.user->Words();
        if (words.ok()) other.suggester->SetUserWords(*words);
      }
    }
    suggester = other.suggester.get();
  }
  for (const std::string& s : suggester->Suggest(word.toStdString())) {
    if (list.size() >= max) break;
    list.append(FromStd(s));
  }
  return list;
}

QString SpellService::userWordsPath() const {
  return user_ ? FromStd(user_->path()) : QString();
}

QString SpellService::userEntryFor(const QString& word) {
  for (int l = 0; l < languageCount(); ++l) {
    const QString entry = userEntryIn(l, word);
    if (!entry.isEmpty()) return entry;
  }
  return {};
}

QString SpellService::userEntryIn(int language, const QString& word) {
  UserDictionary* user = userOf(language);
  WordForms* forms = formsOf(language);
  if (user == nullptr || forms == nullptr) return {};
  // The filter answers quickly (and never misses a word); the list, read
  // only on a hit, rules out the filter's rare false positives.
  std::vector<std::string> keys;
  for (const std::string& key : forms->LookupForms(word.toStdString())) {
    if (user->Contains(key)) keys.push_back(key);
  }
  if (keys.empty()) return {};
  StatusOr<std::vector<std::string>> words = user->Words();
  if (!words.ok()) return {};
  for (const std::string& key : keys) {
    if (std::find(words->begin(), words->end(), key) != words->end()) {
      return FromStd(key);
    }
  }
  return {};
}

bool SpellService::addWord(const QString& word, QString* error, int language) {
  UserDictionary* user = userOf(language);
  if (user == nullptr) {
    if (error) *error = tr("No user word list is open.");
    return false;
  }
  const std::string w = word.toStdString();
  StatusOr<UserDictionary::EditResult> result =
      user->Add(std::span<const std::string>(&w, 1));
  if (!result.ok()) {
    if (error) *error = FromStd(result.status().message());
    return false;
  }
  refreshUserSuggestions();
  emit flaggedWordsMayBeCorrect();
  return true;
}

bool SpellService::removeWord(const QString& word, QString* error) {
  QString entry;
  int language = 0;
  for (; language < languageCount() && entry.isEmpty(); ++language) {
    entry = userEntryIn(language, word);
  }
  UserDictionary* user = userOf(language - 1);
  if (entry.isEmpty() || user == nullptr) {
    if (error)
      *error = tr("\u201C%1\u201D is not one of your words.").arg(word);
    return false;
  }
  const std::string e = entry.toStdString();
  StatusOr<UserDictionary::EditResult> result =
      user->Remove(std::span<const std::string>(&e, 1));
  if (!result.ok()) {
    if (error) *error = FromStd(result.status().message());
    return false;
  }
  refreshUserSuggestions();
  invalidate();
  return true;
}

bool SpellService::reloadUserWordsIfChanged() {
  bool any = false;
  for (int l = 0; l < languageCount(); ++l) {
    UserDictionary* user = userOf(l);
    if (user == nullptr) continue;
    StatusOr<bool> reloaded = user->ReloadIfChanged();
    if (!reloaded.ok()) {
      emit warning(FromStd(reloaded.status().message()));
      continue;
    }
    if (!*reloaded) continue;
    if (!user->damage().ok()) emit warning(FromStd(user->damage().message()));
    any = true;
  }
  if (!any) return false;
  refreshUserSuggestions();
  invalidate();
  return true;
}

void SpellService::ignoreAll(const QString& word) {
  if (word.isEmpty() || ignored_.contains(word)) return;
  ignored_.insert(word);
  emit flaggedWordsMayBeCorrect();
}

void SpellService::invalidate() {
  ++generation_;
  emit recheckAll();
}

}  // namespace spellfilter::editor
