// What the highlighter remembers about one text block: its misspellings as
// last checked (what SpellTextEdit underlines) and its word count, stamped
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
  }
  void markStale() { epoch_ = 0; }

  [[nodiscard]] quint64 epoch() const { return epoch_; }
  [[nodiscard]] int length() const { return length_; }
  [[nodiscard]] const QList<TextSpan>& misspellings() const {
    return misspellings_;
  }

 private:
  std::shared_ptr<SpellTotals> totals_;
  quint64 epoch_ = 0;
  QList<TextSpan> misspellings_;
  int words_ = 0;
  int length_ = 0;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_BLOCK_SPELL_DATA_H_
