#include "app/editor/unchecked_counter.h"

#include <QtConcurrent/QtConcurrentRun>
#include <string_view>
#include <utility>

#include "core/check/checker.h"
#include "core/dictionary/dictionary.h"

namespace spellfilter::editor {

UncheckedCounter::UncheckedCounter(QObject* parent) : QObject(parent) {
  connect(&watcher_, &QFutureWatcher<qsizetype>::finished, this, [this] {
    if (pending_) {
      startNext();  // the text changed meanwhile: this count is stale
      return;
    }
    const QFuture<qsizetype> future = watcher_.future();
    emit counted(future.resultCount() > 0 ? future.result() : 0);
  });
}

UncheckedCounter::~UncheckedCounter() { watcher_.waitForFinished(); }

void UncheckedCounter::count(std::shared_ptr<const Dictionary> dictionary,
                             QByteArray utf8) {
  next_dictionary_ = std::move(dictionary);
  next_text_ = std::move(utf8);
  pending_ = true;
  if (!watcher_.isRunning()) startNext();
}

void UncheckedCounter::startNext() {
  pending_ = false;
  std::shared_ptr<const Dictionary> dictionary = std::move(next_dictionary_);
  QByteArray text = std::move(next_text_);
  next_dictionary_.reset();
  next_text_.clear();
  if (dictionary == nullptr) {
    emit counted(0);
    return;
  }
  watcher_.setFuture(QtConcurrent::run(
      [dictionary = std::move(dictionary), text = std::move(text)] {
        Checker checker(*dictionary);
        return static_cast<qsizetype>(checker.CountUnchecked(
            std::string_view(text.constData(), text.size())));
      }));
}

}  // namespace spellfilter::editor
