// Underlines misspelled words: a thin adapter from QSyntaxHighlighter to
// SpellService. highlightBlock() checks the block's text and sets a
// SpellCheckUnderline format on each misspelling; the formats live in the
// block layouts, never in the document, so undo/redo and the modified flag
// are untouched.
//
// Big documents: QSyntaxHighlighter highlights every changed block at once,
// which for a 5 MB setPlainText() would hold the UI thread. Each burst of
// highlighting (the calls between two returns to the event loop) therefore
// has a time budget; blocks past it are left unchecked and reported by
// blocksDeferred(), for a RecheckScheduler to check in slices. A burst that
// fits the budget (typing, a normal paste) is checked right away.
//
// Checking and underlining are separate steps. checkBlock() does both
// through QSyntaxHighlighter::rehighlightBlock(), which lays the block out
// (text shaping: the dominant cost, and memory, for blocks never shown).
// computeBlock() only checks, and leaves the underlines to be set when the
// block is painted (SpellTextEdit::paintEvent calls checkBlock() for the
// visible blocks that are not isFormatted()). So a 5 MB document is fully
// checked (counts, navigation, F7) without laying out 5 MB of text, and
// every misspelling is underlined whenever it is on screen.
//
// An edit inside a block rechecks only the words around it: from the last
// cut point before the edit to the first one after it, where a cut point
// is a place no rule of core's tokenizer looks across (after ASCII white
// space followed by an ASCII character); the block's other misspellings
// are kept, those after the edit shifted. So a keystroke costs the same in
// a 1 MB line as in a short one. A block whose text has not changed since
// it was checked is underlined from its record, without checking again.
//
// The word being typed (see setTypingPosition) is not underlined.
#ifndef SPELLFILTER_APP_EDITOR_SPELL_HIGHLIGHTER_H_
#define SPELLFILTER_APP_EDITOR_SPELL_HIGHLIGHTER_H_

#include <QElapsedTimer>
#include <QList>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>
#include <memory>

#include "app/editor/block_spell_data.h"
#include "app/editor/utf8_text.h"

namespace spellfilter::editor {

class SpellService;

class SpellHighlighter : public QSyntaxHighlighter {
  Q_OBJECT

 public:
  // Time a burst may spend checking before deferring the rest.
  static constexpr int kBurstBudgetMs = 20;

  // `service` must outlive the highlighter.
  SpellHighlighter(SpellService* service, QTextDocument* document);
  ~SpellHighlighter() override;
  Q_DISABLE_COPY_MOVE(SpellHighlighter)

  [[nodiscard]] bool isEnabled() const { return enabled_; }
  // Off: no underlines (words are still counted). Every block goes stale.
  void setEnabled(bool enabled);

  // The document position of the word being typed; the misspelling that
  // contains or ends at it is not underlined. -1: none.
  void setTypingPosition(int position);
  [[nodiscard]] int typingPosition() const { return typing_position_; }

  // Whether `block` was checked since the last change of dictionary, user
  // words or the on/off switch (its own text changes recheck it at once or
  // mark it stale).
  [[nodiscard]] bool isCurrent(const QTextBlock& block) const;
  // Whether `block`'s underlines were set since it last went stale.
  [[nodiscard]] bool isFormatted(const QTextBlock& block) const;
  // Checks and underlines `block` now, whatever the budget.
  void checkBlock(const QTextBlock& block);
  // Checks `block` now without touching its underlines (or layout).
  void computeBlock(const QTextBlock& block);
  // The block's misspellings as last checked; empty if never checked.
  [[nodiscard]] QList<TextSpan> misspellings(const QTextBlock& block) const;
  // Rechecks the blocks having a flagged word that is now accepted (after
  // Add to Dictionary or Ignore All); synchronous, touches no other block.
  void recheckFlaggedWords();

  // How many characters the last check of a block handed to the checker:
  // the block's length, or the stretch around an edit.
  [[nodiscard]] int lastCheckedLength() const { return last_checked_length_; }

  // Words and misspellings of the checked blocks.
  [[nodiscard]] const SpellTotals& totals() const { return *totals_; }

  static QTextCharFormat misspelledFormat();

 signals:
  // Blocks at or after `position` were left unchecked.
  void blocksDeferred(int position);
  // Every block went stale (dictionary or user words changed, on/off).
  void allBlocksStale();

 protected:
  void highlightBlock(const QString& text) override;

 private:
  void invalidateAll();
  bool withinBudget();
  // Checks `text` into `data` (created for `block` if null).
  BlockSpellData* check(const QTextBlock& block, const QString& text,
                        BlockSpellData* data);
  // Whether `block` (of `length`) holds the whole of the document's last
  // change and `data` is its current record; then checkAroundChange()
  // checks only the words around the change.
  [[nodiscard]] bool canCheckAroundChange(const QTextBlock& block, int length,
                                          const BlockSpellData* data) const;
  BlockSpellData* checkAroundChange(const QTextBlock& block,
                                    const QString& text, BlockSpellData* data);
  [[nodiscard]] bool touchedByChange(const QTextBlock& block, int length) const;

  SpellService* service_;
  bool enabled_ = true;
  bool forced_ = false;
  int typing_position_ = -1;
  quint64 epoch_ = 1;
  QElapsedTimer burst_;
  bool in_burst_ = false;
  int deferred_from_ = -1;  // in this burst
  std::shared_ptr<SpellTotals> totals_;
  QTextCharFormat format_;
  QList<TextSpan> scratch_;
  // The document's contentsChange being highlighted; from < 0: none.
  struct Change {
    int from = -1;
    int removed = 0;
    int added = 0;
  };
  Change change_;
  int last_checked_length_ = 0;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_SPELL_HIGHLIGHTER_H_
