#include "app/editor/background_check.h"

#include <QElapsedTimer>
#include <QMetaObject>

#include "app/editor/spell_highlighter.h"
#include "core/check/checker.h"
#include "core/user/user_dictionary.h"

namespace spellfilter::editor {

BackgroundCheck::BackgroundCheck(
    std::shared_ptr<const Dictionary> dictionary, std::string user_words,
    QString text, quint64 epoch, QObject* parent,
    std::vector<std::shared_ptr<const Dictionary>> additions)
    : QObject(parent),
      dictionary_(std::move(dictionary)),
      additions_(std::move(additions)),
      user_words_(std::move(user_words)),
      text_(std::move(text)),
      epoch_(epoch) {
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
  Checker checker(*dictionary_);
  checker.SetExtraDictionary(
      !additions_.empty() ? additions_[0].get() : nullptr,
      additions_.size() > 1 ? additions_[1].get() : nullptr);
  std::unique_ptr<UserDictionary> user;
  if (!user_words_.empty()) {
    StatusOr<std::unique_ptr<UserDictionary>> opened =
        UserDictionary::Open(user_words_, *dictionary_);
    if (opened.ok()) {
      user = std::move(opened).value();
      checker.SetUserWords(user.get());
    }
  }
  Utf8Text utf8;
  std::vector<Misspelling> found;
  const auto lines = SplitLines(text_);
  lines_.reserve(lines.size());
  for (const auto& [start, length] : lines) {
    if (cancel_) return;
    Line line;
    line.start = start;
    line.length = length;
    const QStringView text = QStringView(text_).sliced(start, length);
    utf8.assign(text);
    checker.Check(utf8.bytes(), &found);
    utf8.mapToUtf16(found, &line.misspellings);
    line.words = SpellHighlighter::CountWords(text);
    lines_.push_back(std::move(line));
  }
  elapsed_ms_ = clock.elapsed();
  done_ = true;
  QMetaObject::invokeMethod(this, &BackgroundCheck::done, Qt::QueuedConnection);
}

}  // namespace spellfilter::editor
