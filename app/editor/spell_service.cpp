#include "app/editor/spell_service.h"

#include <QFileInfo>
#include <algorithm>
#include <string>

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

bool SpellService::openDictionaries(const QStringList& paths, QString* error) {
  reset();
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
  invalidate();
  emit dictionaryChanged();
  return ok && additions_ok;
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
  if (!suggester_ || !user_) return;
  StatusOr<std::vector<std::string>> words = user_->Words();
  if (words.ok()) suggester_->SetUserWords(*words);
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
  checker_->Check(utf8_.bytes(), &misspellings_);
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
  return checker_->IsCorrect(word.toStdString());
}

QStringList SpellService::suggestions(const QString& word, int max) {
  QStringList list;
  if (!suggester_) return list;
  for (const std::string& s : suggester_->Suggest(word.toStdString())) {
    if (list.size() >= max) break;
    list.append(FromStd(s));
  }
  return list;
}

QString SpellService::userWordsPath() const {
  return user_ ? FromStd(user_->path()) : QString();
}

QString SpellService::userEntryFor(const QString& word) {
  if (!user_) return {};
  // The filter answers quickly (and never misses a word); the list, read
  // only on a hit, rules out the filter's rare false positives.
  std::vector<std::string> keys;
  for (const std::string& key : forms_->LookupForms(word.toStdString())) {
    if (user_->Contains(key)) keys.push_back(key);
  }
  if (keys.empty()) return {};
  StatusOr<std::vector<std::string>> words = user_->Words();
  if (!words.ok()) return {};
  for (const std::string& key : keys) {
    if (std::find(words->begin(), words->end(), key) != words->end()) {
      return FromStd(key);
    }
  }
  return {};
}

bool SpellService::addWord(const QString& word, QString* error) {
  if (!user_) {
    if (error) *error = tr("No user word list is open.");
    return false;
  }
  const std::string w = word.toStdString();
  StatusOr<UserDictionary::EditResult> result =
      user_->Add(std::span<const std::string>(&w, 1));
  if (!result.ok()) {
    if (error) *error = FromStd(result.status().message());
    return false;
  }
  refreshUserSuggestions();
  emit flaggedWordsMayBeCorrect();
  return true;
}

bool SpellService::removeWord(const QString& word, QString* error) {
  const QString entry = userEntryFor(word);
  if (entry.isEmpty()) {
    if (error)
      *error = tr("\u201C%1\u201D is not one of your words.").arg(word);
    return false;
  }
  const std::string e = entry.toStdString();
  StatusOr<UserDictionary::EditResult> result =
      user_->Remove(std::span<const std::string>(&e, 1));
  if (!result.ok()) {
    if (error) *error = FromStd(result.status().message());
    return false;
  }
  refreshUserSuggestions();
  invalidate();
  return true;
}

bool SpellService::reloadUserWordsIfChanged() {
  if (!user_) return false;
  StatusOr<bool> reloaded = user_->ReloadIfChanged();
  if (!reloaded.ok()) {
    emit warning(FromStd(reloaded.status().message()));
    return false;
  }
  if (!*reloaded) return false;
  if (!user_->damage().ok()) emit warning(FromStd(user_->damage().message()));
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
