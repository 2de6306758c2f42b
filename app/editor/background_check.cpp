#include "app/editor/background_check.h"

#include <QElapsedTimer>
#include <QMetaObject>
#include <algorithm>

#include "app/editor/spell_highlighter.h"
#include "core/check/checker.h"
#include "core/check/language_checker.h"
#include "core/user/user_dictionary.h"

namespace spellfilter::editor {

BackgroundCheck::BackgroundCheck(
    std::shared_ptr<const Dictionary> dictionary, std::string user_words,
    QString text, quint64 epoch, QObject* parent,
    std::vector<std::shared_ptr<const Dictionary>> additions)
    : BackgroundCheck(Languages{{std::move(dictionary)},
                                {std::move(user_words)},
                                /*automatic=*/false},
                      std::move(text), epoch, parent, std::move(additions)) {}

BackgroundCheck::BackgroundCheck(
    Languages languages, QString text, quint64 epoch, QObject* parent,
    std::vector<std::shared_ptr<const Dictionary>> additions)
    : QObject(parent),
      languages_(std::move(languages)),
      additions_(std::move(additions)),
      text_(std::move(text)),
      epoch_(epoch) {
  languages_.user_words.resize(languages_.dictionaries.size());
  thread_ = std::thread([this] { run(); });
}

BackgroundCheck::~BackgroundCheck() {
  cancel_ = true;
  if (thread_.joinable()) thread_.join();
}

std::vector<std::pair<qsizetype, qsizetype>> BackgroundCheck::SplitLines(
    QStringView text) {
  std::vector<std::pair<qsizetype, qsizetype>> lines;
  qsizetype start = 0;
  for (qsizetype i = 0; i < text.size(); ++i) {
    const char16_t c = text[i].unicode();
    // QTextCursor::insertText's block separators (U+FDD0 and U+FDD1 are
    // QTextBeginningOfFrame and QTextEndOfFrame).
    if (c != u'\n' && c != u'\r' && c != u'\u2029' && c != u'\uFDD0' &&
        c != u'\uFDD1') {
      continue;
    }
    lines.emplace_back(start, i - start);
    if (c == u'\r' && i + 1 < text.size() && text[i + 1] == u'\n') ++i;
    start = i + 1;
  }
  lines.emplace_back(start, text.size() - start);
  return lines;
}

void BackgroundCheck::run() {
  QElapsedTimer clock;
  clock.start();
  const size_t count = languages_.dictionaries.size();
  // Each language's user words, opened by this thread.
  std::vector<std::unique_ptr<UserDictionary>> users(count);
  for (size_t l = 0; l < count; ++l) {
    if (languages_.user_words[l].empty()) continue;
    StatusOr<std::unique_ptr<UserDictionary>> opened = UserDictionary::Open(
        languages_.user_words[l], *languages_.dictionaries[l]);
    if (opened.ok()) users[l] = std::move(opened).value();
  }
  const Dictionary* extra = !additions_.empty() ? additions_[0].get() : nullptr;
  const Dictionary* second =
      additions_.size() > 1 ? additions_[1].get() : nullptr;
  // One language: its Checker; several or Automatic: a LanguageChecker,
  // as SpellService has.
  std::unique_ptr<Checker> checker;
  std::unique_ptr<LanguageChecker> multi;
  if (count > 1 || languages_.automatic) {
    std::vector<const Dictionary*> views;
    for (const auto& d : languages_.dictionaries) views.push_back(d.get());
    multi = std::make_unique<LanguageChecker>(
        views, languages_.automatic ? LanguageMode::kAuto : LanguageMode::kAny);
    for (size_t l = 0; l < count; ++l) multi->SetUserWords(l, users[l].get());
    multi->SetExtraDictionary(extra, second);
  } else {
    checker = std::make_unique<Checker>(*languages_.dictionaries[0]);
    checker->SetExtraDictionary(extra, second);
    checker->SetUserWords(users[0].get());
  }
  Utf8Text utf8;
  std::vector<Misspelling> found;
  std::vector<Misspelling> other;
  const auto lines = SplitLines(text_);
  lines_.reserve(lines.size());
  for (const auto& [start, length] : lines) {
    if (cancel_) return;
    Line line;
    line.start = start;
    line.length = length;
    const QStringView text = QStringView(text_).sliced(start, length);
    utf8.assign(text);
    if (multi) {
      multi->Check(utf8.bytes(), &found);
    } else {
      checker->Check(utf8.bytes(), &found);
    }
    utf8.mapToUtf16(found, &line.misspellings);
    // The words of a script no language checks: the first language's
    // unchecked words that every other one leaves unchecked too.
    Checker& first = multi ? multi->checker(0) : *checker;
    first.FindUnchecked(utf8.bytes(), &found);
    for (size_t l = 1; multi && l < multi->size() && !found.empty(); ++l) {
      multi->checker(l).FindUnchecked(utf8.bytes(), &other);
      std::erase_if(found, [&](const Misspelling& m) {
        return std::none_of(
            other.begin(), other.end(), [&](const Misspelling& o) {
              return o.offset == m.offset && o.length == m.length;
            });
      });
    }
    if (!found.empty()) utf8.mapToUtf16(found, &line.unchecked);
    line.words = SpellHighlighter::CountWords(text);
    lines_.push_back(std::move(line));
  }
  elapsed_ms_ = clock.elapsed();
  done_ = true;
  QMetaObject::invokeMethod(this, &BackgroundCheck::done, Qt::QueuedConnection);
}

}  // namespace spellfilter::editor
