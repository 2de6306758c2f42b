// "Build Dictionary from Word List...": core's DictionaryBuilder run on a
// worker thread (QtConcurrent), from a word list read with core's
// TextReader or from a Hunspell dictionary expanded by core's
// HunspellImport (chosen by the file's kind, IsHunspellDictionary), the
// result written with core's WriteFileAtomically, exactly as
// `spellfilter build` (--hunspell) does. Progress is reported in
// thousandths of the word list read (a Hunspell import is one step);
// Finish() (sizing and filling the filter, a fraction of the reading time)
// is the last step and is not interruptible, so cancel() takes effect
// between chunks of the list or just before writing: a cancelled job
// writes nothing.
#ifndef SPELLFILTER_APP_EDITOR_BUILD_DICTIONARY_JOB_H_
#define SPELLFILTER_APP_EDITOR_BUILD_DICTIONARY_JOB_H_

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <functional>

namespace spellfilter::editor {

struct BuildRequest {
  // UTF-8, one word per line (see core/dictionary/builder.h), or a
  // Hunspell .dic (IsHunspellDictionary).
  QString word_list;
  QString output;  // the .sfd file to write
  // BCP 47 tag for case rules; for a Hunspell dictionary "und" means the
  // import's (from the file name, else the .aff's LANG).
  QString language = QStringLiteral("und");
};

struct BuildResult {
  bool ok = false;
  QString message;  // the error, or a one-line summary
  quint64 words = 0;
};

class BuildDictionaryJob : public QObject {
  Q_OBJECT

 public:
  static constexpr int kProgressMax = 1000;

  explicit BuildDictionaryJob(QObject* parent = nullptr);
  ~BuildDictionaryJob() override;  // cancels and waits
  Q_DISABLE_COPY_MOVE(BuildDictionaryJob)

  // Starts building; one job at a time.
  void start(const BuildRequest& request);
  void cancel();
  [[nodiscard]] bool isRunning() const { return watcher_.isRunning(); }

 signals:
  void progressChanged(int value);  // 0..kProgressMax
  void finished(const spellfilter::editor::BuildResult& result);
  void canceled();

 private:
  void onFinished();

  QFutureWatcher<BuildResult> watcher_;
};

// Whether `path` is a Hunspell dictionary: a .dic that starts with its
// entry count, with its .aff beside it. BuildDictionary then expands it
// through core's Hunspell import (as `spellfilter build --hunspell`), not
// as a word list.
bool IsHunspellDictionary(const QString& path);

// The build itself, synchronous; `progress` is called with 0..kProgressMax
// and returns false to stop. For the job and for tests.
BuildResult BuildDictionary(const BuildRequest& request,
                            const std::function<bool(int)>& progress);

// A predicted false-positive rate in plain words ("about one misspelling
// in 1,000,000 is taken for a word"), for the build's summary.
QString FalsePositiveInWords(double rate);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_BUILD_DICTIONARY_JOB_H_
