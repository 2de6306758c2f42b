// What the highlighter remembers about one text block: its misspellings as
// last checked (what SpellTextEdit underlines), the words the dictionary
// cannot check because of their script (what it marks as unchecked; not
// known for a block whose result came from another thread until it is
// first painted) and its word count, stamped
// with the highlighter's epoch so stale blocks can be found. Each block adds
// its counts to document-wide totals shared with the highlighter and takes them
// back when it is rechecked or deleted (QTextDocument owns and deletes block
// user data), so the status bar never has to walk the document.
#ifndef SPELLFILTER_APP_EDITOR_BLOCK_SPELL_DATA_H_
#define SPELLFILTER_APP_EDITOR_BLOCK_SPELL_DATA_H_

#include <QList>
#include <QTextBlockUserData>
#include <memory>

#include "app/editor/utf8_text.h"

namespace spellfilter::editor {

struct SpellTotals {
  qint64 words = 0;
  qint64 misspellings = 0;
  // Words in a script no language of the document checks, over the blocks
  // whose unchecked words are known (every block checked or adopted).
  qint64 unchecked = 0;
};

class BlockSpellData : public QTextBlockUserData {
 public:
  explicit BlockSpellData(std::shared_ptr<SpellTotals> totals)
      : totals_(std::move(totals)) {}
  ~BlockSpellData() override { update(0, {}, 0); }
  Q_DISABLE_COPY_MOVE(BlockSpellData)

  // `length`: the length of the text checked, in UTF-16 code units.
  void update(quint64 epoch, QList<TextSpan> misspellings, int words,
              int length = 0) {
    totals_->words += words - words_;
    totals_->misspellings += misspellings.size() - misspellings_.size();
    epoch_ = epoch;
    misspellings_ = std::move(misspellings);
    words_ = words;
    length_ = length;
    totals_->unchecked -= unchecked_.size();
    unchecked_.clear();
    unchecked_known_ = false;
  }
  // The unchecked words of the text update() was given.
  void setUnchecked(QList<TextSpan> unchecked) {
    totals_->unchecked += unchecked.size() - unchecked_.size();
    unchecked_ = std::move(unchecked);
    unchecked_known_ = true;
  }
  void markStale() { epoch_ = 0; }
  // A new word count for the same text (it can depend on the block before).
  void setWords(int words) {
    totals_->words += words - words_;
    words_ = words;
  }

  [[nodiscard]] quint64 epoch() const { return epoch_; }
  [[nodiscard]] int length() const { return length_; }
  [[nodiscard]] const QList<TextSpan>& misspellings() const {
    return misspellings_;
  }
  [[nodiscard]] bool uncheckedKnown() const { return unchecked_known_; }
  [[nodiscard]] const QList<TextSpan>& unchecked() const { return unchecked_; }

 private:
  std::shared_ptr<SpellTotals> totals_;
  quint64 epoch_ = 0;
  QList<TextSpan> misspellings_;
  QList<TextSpan> unchecked_;
  bool unchecked_known_ = false;
  int words_ = 0;
  int length_ = 0;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_BLOCK_SPELL_DATA_H_
