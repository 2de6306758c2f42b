// Finds the misspelled words of a document, block by block, and keeps
// them in per-block records (BlockSpellData) that SpellTextEdit paints as
// wavy underlines. It never touches the document's layouts: underlines are
// drawn by the widget over the lines on screen (SpellTextEdit::paintEvent),
// so setting or clearing them never makes Qt lay a block out again (for a
// 1 MB line that relayout, not checking, was what a keystroke cost), and
// undo/redo and the modified flag are untouched.
//
// It follows QTextDocument::contentsChange itself (as QSyntaxHighlighter
// would, without QSyntaxHighlighter's per-character format array, which
// costs a 1 MB line several milliseconds per keystroke): the blocks a
// change touched are checked at once.
//
// Big documents: each burst of checking (the calls between two returns to
// the event loop) has a time budget; blocks past it are left unchecked and
// reported by blocksDeferred(), for a RecheckScheduler to check in slices
// (or to take from a BackgroundCheck of the whole text). A burst that fits
// the budget (typing, a normal paste) is checked right away.
//
// An edit inside a block rechecks only the words around it: from the last
// cut point before the edit to the first one after it, where a cut point
// is a place no rule of core's tokenizer looks across (after ASCII white
// space followed by an ASCII character); the block's other misspellings
// are kept, those after the edit shifted. So a keystroke costs the same in
// a 1 MB line as in a short one.
//
// The word being typed (see setTypingPosition) is not underlined.
//
// Words in a script the dictionary cannot check (Cyrillic under en_US) are
// kept per block too (unchecked()), found with the misspellings (an ASCII
// block costs a scan for non-ASCII characters) and around an edit in the
// same way; a block whose result came from another thread finds them when
// it is first painted.
#ifndef SPELLFILTER_APP_EDITOR_SPELL_HIGHLIGHTER_H_
#define SPELLFILTER_APP_EDITOR_SPELL_HIGHLIGHTER_H_

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QTextBlock>
#include <QTextDocument>
#include <functional>
#include <memory>
#include <utility>

#include "app/editor/block_spell_data.h"
#include "app/editor/utf8_text.h"

namespace spellfilter::editor {

class SpellService;

class SpellHighlighter : public QObject {
  Q_OBJECT

 public:
  // Time a burst may spend checking before deferring the rest.
  static constexpr int kBurstBudgetMs = 20;

  // `service` must outlive the highlighter.
  SpellHighlighter(SpellService* service, QTextDocument* document);
  ~SpellHighlighter() override;
  Q_DISABLE_COPY_MOVE(SpellHighlighter)

  [[nodiscard]] QTextDocument* document() const { return document_; }
  // Checks with `service` from now on (it must outlive the highlighter):
  // the document's language changed; every block is stale.
  void setService(SpellService* service);
  // Follows `document` from now on (nullptr: none); every block is stale.
  void setDocument(QTextDocument* document);

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
  // Checks `block` now, whatever the budget.
  void computeBlock(const QTextBlock& block);
  // Takes `misspellings`, `unchecked` and `words` (found by a check of
  // exactly block.text(), e.g. on another thread) as the block's current
  // record.
  void adoptBlock(const QTextBlock& block, QList<TextSpan> misspellings,
                  QList<TextSpan> unchecked, int words);
  // The block's misspellings as last checked; empty if never checked.
  [[nodiscard]] QList<TextSpan> misspellings(const QTextBlock& block) const;
  // What is to be underlined in `block`: its misspellings as last checked
  // (none while checking is off), but the word being typed.
  [[nodiscard]] QList<TextSpan> underlines(const QTextBlock& block) const;
  // The words of `block` the dictionary cannot check because of their
  // script (none while checking is off); found now if the block's record
  // does not have them yet (a result adopted from another thread).
  QList<TextSpan> unchecked(const QTextBlock& block);
  // The state words are checked in; changes when every block goes stale.
  [[nodiscard]] quint64 epoch() const { return epoch_; }
  // Rechecks the blocks having a flagged word that is now accepted (after
  // Add to Dictionary or Ignore All); synchronous, touches no other block.
  // While the document is in the background it only notes that the walk
  // is due, for recheckFlaggedWordsIfDue().
  void recheckFlaggedWords();
  // `in_background` answers whether the document is out of sight in a
  // window that is shown (a background tab; SpellTextEdit sets it). Such a
  // document does not walk its flagged words when a word becomes correct,
  // so an Ignore All with ten big tabs open costs one walk, not ten; it
  // walks when shown (recheckFlaggedWordsIfDue).
  void setInBackground(std::function<bool()> in_background) {
    in_background_ = std::move(in_background);
  }
  void recheckFlaggedWordsIfDue() {
    if (flagged_due_) recheckFlaggedWords();
  }
  [[nodiscard]] bool isFlaggedRecheckDue() const { return flagged_due_; }

  // The rest of the current burst (until the event loop runs again) checks
  // nothing but the words around an edit: the blocks of a text another
  // thread checks are left to the RecheckScheduler.
  void deferNewText();
  // While held, every burst checks nothing but the words around an edit,
  // as after deferNewText(): a text streamed into the document
  // (SpellTextEdit::streamPlainText) is left stale, for the
  // RecheckScheduler, until it is whole.
  void setHeld(bool held) { held_ = held; }
  [[nodiscard]] bool isHeld() const { return held_; }

  // How many characters the last check of a block handed to the checker:
  // the block's length, or the stretch around an edit.
  [[nodiscard]] int lastCheckedLength() const { return last_checked_length_; }

  // Runs of non-space characters, as `wc -w` counts words.
  static int CountWords(QStringView text);
  // CountWords(text) for `block`'s text, less the word a piece of a long
  // line (app/editor/soft_lines.h) shares with the piece before it when
  // its cut is not at white space: `wc -w` counts that word once.
  static int CountBlockWords(const QTextBlock& block, QStringView text);

  // Words and misspellings of the checked blocks.
  [[nodiscard]] const SpellTotals& totals() const { return *totals_; }

 signals:
  // Blocks at or after `position` were left unchecked.
  void blocksDeferred(int position);
  // Every block went stale (dictionary or user words changed, on/off).
  void allBlocksStale();
  // What underlines() answers changed other than through an edit of the
  // text (the typing position moved, words were rechecked): repaint.
  void underlinesChanged();

 private:
  void onContentsChange(int from, int removed, int added);
  void highlightBlock(const QTextBlock& block);
  void invalidateAll();
  // Whether a misspelling of the block at `position` contains it or ends
  // there (as the word being typed would).
  [[nodiscard]] bool hasMisspellingAt(int position) const;
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

  SpellService* service_;
  QPointer<QTextDocument> document_;
  bool enabled_ = true;
  int typing_position_ = -1;
  quint64 epoch_ = 1;
  QElapsedTimer burst_;
  bool in_burst_ = false;
  bool defer_burst_ = false;  // see deferNewText
  bool held_ = false;         // see setHeld
  std::function<bool()> in_background_;  // see setInBackground
  bool flagged_due_ = false;  // recheckFlaggedWords while in the background
  int deferred_from_ = -1;    // in this burst
  std::shared_ptr<SpellTotals> totals_;
  QList<TextSpan> scratch_;
  QList<TextSpan> unchecked_scratch_;
  // The document's contentsChange being checked; from < 0: none.
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
