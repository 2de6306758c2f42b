// Counts the words of the document that the dictionary cannot check
// because of their script (Cyrillic under en_US: core's
// Checker::CountUnchecked, the checker's script rule), for the status bar,
// so such words are shown as unchecked rather than silently skipped.
//
// The count runs on a worker thread (QtConcurrent) with its own Checker
// over the shared Dictionary (a Checker is not thread-safe; the
// Dictionary is): 5 MB of Cyrillic under en_US takes about 0.2 s, which
// must not stall typing. One count at a time; a request made meanwhile
// is remembered, and only its text is counted next (the latest wins).
#ifndef SPELLFILTER_APP_EDITOR_UNCHECKED_COUNTER_H_
#define SPELLFILTER_APP_EDITOR_UNCHECKED_COUNTER_H_

#include <QByteArray>
#include <QFutureWatcher>
#include <QObject>
#include <memory>

namespace spellfilter {
class Dictionary;
}

namespace spellfilter::editor {

class UncheckedCounter : public QObject {
  Q_OBJECT

 public:
  explicit UncheckedCounter(QObject* parent = nullptr);
  ~UncheckedCounter() override;  // waits for a running count
  Q_DISABLE_COPY_MOVE(UncheckedCounter)

  // Counts the unchecked words of `utf8` under `dictionary` (null: none,
  // counted() with 0 at once).
  void count(std::shared_ptr<const Dictionary> dictionary, QByteArray utf8);

 signals:
  void counted(qsizetype unchecked);

 private:
  void startNext();

  QFutureWatcher<qsizetype> watcher_;
  bool pending_ = false;
  std::shared_ptr<const Dictionary> next_dictionary_;
  QByteArray next_text_;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_UNCHECKED_COUNTER_H_
