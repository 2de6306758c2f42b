// Checks a whole text, line by line as QTextDocument splits it into blocks,
// on a thread of its own: SpellTextEdit::setPlainText starts one before it
// builds the document, so the checking runs while the UI thread is busy
// building, and the RecheckScheduler then hands each block the result of
// its line (SpellHighlighter::adoptBlock) when the block's text is that
// line's, unchanged. A block whose text differs (edited meanwhile) is
// checked on the UI thread as before; so the result is the same as
// checking every block there, only sooner.
//
// The thread uses its own core objects (Checker, LanguageChecker and
// UserDictionary are not thread-safe) over the shared Dictionary (several
// with several languages), which it keeps alive. The Ignore
// All list is not applied here (it belongs to the UI thread's
// SpellService); the scheduler applies it when adopting.
#ifndef SPELLFILTER_APP_EDITOR_BACKGROUND_CHECK_H_
#define SPELLFILTER_APP_EDITOR_BACKGROUND_CHECK_H_

#include <QList>
#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "app/editor/utf8_text.h"
#include "core/dictionary/dictionary.h"

namespace spellfilter::editor {

class BackgroundCheck : public QObject {
  Q_OBJECT

 public:
  struct Line {
    qsizetype start = 0;  // in text()
    qsizetype length = 0;
    QList<TextSpan> misspellings;
    // The words no language checks (their script), as
    // SpellService::findUnchecked finds them.
    QList<TextSpan> unchecked;
    int words = 0;
  };

  // Starts checking `text`. `user_words`: the user word list's path, or
  // empty for none. `epoch`: the SpellHighlighter state it is valid for.
  // `additions`: dictionaries whose words are also correct
  // (SpellService::sharedAdditions, at most two).
  BackgroundCheck(
      std::shared_ptr<const Dictionary> dictionary, std::string user_words,
      QString text, quint64 epoch, QObject* parent = nullptr,
      std::vector<std::shared_ptr<const Dictionary>> additions = {});
  // Several languages at once (SpellService with a second language or
  // Automatic): `languages` and `user_words` as SpellService's
  // sharedLanguages() and userWordsPaths(), the lines checked by core's
  // LanguageChecker in `mode`, as SpellService checks a block.
  struct Languages {
    std::vector<std::shared_ptr<const Dictionary>> dictionaries;
    std::vector<std::string> user_words;
    bool automatic = false;
  };
  BackgroundCheck(
      Languages languages, QString text, quint64 epoch,
      QObject* parent = nullptr,
      std::vector<std::shared_ptr<const Dictionary>> additions = {});
  // Stops the thread (at the next line) and waits for it.
  ~BackgroundCheck() override;
  Q_DISABLE_COPY_MOVE(BackgroundCheck)

  [[nodiscard]] quint64 epoch() const { return epoch_; }
  // Whether every line is checked; the accessors below need it.
  [[nodiscard]] bool isDone() const { return done_.load(); }
  [[nodiscard]] qsizetype lineCount() const { return lines_.size(); }
  [[nodiscard]] const Line& line(qsizetype i) const { return lines_[i]; }
  [[nodiscard]] QStringView lineText(qsizetype i) const {
    return QStringView(text_).sliced(lines_[i].start, lines_[i].length);
  }
  // How long the thread took, in milliseconds (once done).
  [[nodiscard]] qint64 elapsedMs() const { return elapsed_ms_; }

  // The lines of `text` as QTextDocument::setPlainText makes blocks of
  // them: split at LF, CR, CR LF, U+2029 and Qt's frame markers.
  static std::vector<std::pair<qsizetype, qsizetype>> SplitLines(
      QStringView text);

 signals:
  // Emitted on the object's thread once isDone() is true.
  void done();

 private:
  void run();

  Languages languages_;  // the first is the language of a one-language check
  std::vector<std::shared_ptr<const Dictionary>> additions_;
  const QString text_;
  const quint64 epoch_;
  std::vector<Line> lines_;
  qint64 elapsed_ms_ = 0;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> done_{false};
  std::thread thread_;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_BACKGROUND_CHECK_H_
