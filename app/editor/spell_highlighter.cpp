#include "app/editor/spell_highlighter.h"

#include <QTextDocument>
#include <QTimer>

#include "app/editor/spell_service.h"

namespace spellfilter::editor {
namespace {

// Runs of non-space characters, as `wc -w` counts them.
int CountWords(QStringView text) {
  int words = 0;
  bool in_word = false;
  for (QChar c : text) {
    const bool space = c.isSpace();
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  return words;
}

// Whether checking may start or stop at `i` without changing which words
// the checker sees: core's tokenizer (core/text/tokenizer.h) applies no
// rule across ASCII white space followed by an ASCII character, and a word,
// URL or abbreviation never spans white space.
bool IsCut(QStringView text, qsizetype i) {
  if (i <= 0 || i >= text.size()) return true;
  const char16_t before = text[i - 1].unicode();
  return before < 0x80 && QChar::isSpace(before) && text[i].unicode() < 0x80;
}

}  // namespace

SpellHighlighter::SpellHighlighter(SpellService* service,
                                   QTextDocument* document)
    : QSyntaxHighlighter(static_cast<QObject*>(nullptr)),
      service_(service),
      totals_(std::make_shared<SpellTotals>()),
      format_(misspelledFormat()) {
  connect(service_, &SpellService::recheckAll, this,
          &SpellHighlighter::invalidateAll);
  connect(service_, &SpellService::flaggedWordsMayBeCorrect, this,
          &SpellHighlighter::recheckFlaggedWords);
  // Slots run in the order they were connected: the change is recorded
  // before QSyntaxHighlighter (connected in setDocument) highlights the
  // blocks it touched, and forgotten after.
  connect(document, &QTextDocument::contentsChange, this,
          [this](int from, int removed, int added) {
            change_ = {from, removed, added};
          });
  setDocument(document);
  connect(document, &QTextDocument::contentsChange, this,
          [this] { change_ = Change(); });
}

SpellHighlighter::~SpellHighlighter() = default;

QTextCharFormat SpellHighlighter::misspelledFormat() {
  QTextCharFormat format;
  format.setUnderlineStyle(QTextCharFormat::SpellCheckUnderline);
  format.setUnderlineColor(Qt::red);
  return format;
}

void SpellHighlighter::setEnabled(bool enabled) {
  if (enabled == enabled_) return;
  enabled_ = enabled;
  invalidateAll();
}

void SpellHighlighter::setTypingPosition(int position) {
  if (position == typing_position_) return;
  const int old = typing_position_;
  typing_position_ = position;
  if (old >= 0 && document() != nullptr) {
    const QTextBlock block = document()->findBlock(old);
    if (block.isValid() && !block.contains(position)) checkBlock(block);
  }
}

bool SpellHighlighter::isCurrent(const QTextBlock& block) const {
  const auto* data = static_cast<const BlockSpellData*>(block.userData());
  return data != nullptr && data->epoch() == epoch_;
}

bool SpellHighlighter::isFormatted(const QTextBlock& block) const {
  const auto* data = static_cast<const BlockSpellData*>(block.userData());
  return data != nullptr && data->formattedEpoch() == epoch_;
}

BlockSpellData* SpellHighlighter::check(const QTextBlock& block,
                                        const QString& text,
                                        BlockSpellData* data) {
  if (data == nullptr) {
    data = new BlockSpellData(totals_);
    QTextBlock(block).setUserData(data);  // the block owns it
  }
  scratch_.clear();
  if (enabled_) service_->findMisspellings(text, &scratch_);
  data->update(epoch_, scratch_, CountWords(text), text.size());
  last_checked_length_ = text.size();
  return data;
}

bool SpellHighlighter::touchedByChange(const QTextBlock& block,
                                       int length) const {
  return change_.from >= 0 &&
         block.position() <= change_.from + change_.added &&
         change_.from <= block.position() + length;
}

bool SpellHighlighter::canCheckAroundChange(const QTextBlock& block, int length,
                                            const BlockSpellData* data) const {
  // One edit inside this block, which was checked before it.
  const int edit = change_.from - block.position();
  const int shift = change_.added - change_.removed;
  return enabled_ && data != nullptr && data->epoch() == epoch_ && edit >= 0 &&
         edit + change_.added <= length && data->length() + shift == length;
}

BlockSpellData* SpellHighlighter::checkAroundChange(const QTextBlock& block,
                                                    const QString& text,
                                                    BlockSpellData* data) {
  const int size = text.size();
  const int edit = change_.from - block.position();
  const int shift = change_.added - change_.removed;
  // [begin, end): from the last cut before the edit to the first after it;
  // both lie in text the edit left alone, so they are cuts of the old text
  // too (end at end - shift).
  int begin = edit - 1;
  while (begin > 0 && !IsCut(text, begin)) --begin;
  begin = qMax(begin, 0);
  int end = edit + change_.added + 1;
  while (end < size && !IsCut(text, end)) ++end;
  end = qMin(end, size);

  QList<TextSpan> spans;
  for (const TextSpan& s : data->misspellings()) {
    if (s.end() <= begin) spans.append(s);
  }
  service_->findMisspellings(QStringView(text).sliced(begin, end - begin),
                             &scratch_);
  for (const TextSpan& s : scratch_) {
    spans.append(TextSpan{s.start + begin, s.length});
  }
  for (const TextSpan& s : data->misspellings()) {
    if (s.start >= end - shift) {
      spans.append(TextSpan{s.start + shift, s.length});
    }
  }
  data->update(epoch_, std::move(spans), CountWords(text), size);
  last_checked_length_ = end - begin;
  return data;
}

void SpellHighlighter::computeBlock(const QTextBlock& block) {
  check(block, block.text(), static_cast<BlockSpellData*>(block.userData()));
}

void SpellHighlighter::checkBlock(const QTextBlock& block) {
  forced_ = true;
  rehighlightBlock(block);
  forced_ = false;
}

QList<TextSpan> SpellHighlighter::misspellings(const QTextBlock& block) const {
  const auto* data = static_cast<const BlockSpellData*>(block.userData());
  return data != nullptr ? data->misspellings() : QList<TextSpan>();
}

void SpellHighlighter::recheckFlaggedWords() {
  if (document() == nullptr) return;
  for (QTextBlock block = document()->begin(); block.isValid();
       block = block.next()) {
    const auto* data = static_cast<const BlockSpellData*>(block.userData());
    if (data == nullptr || data->misspellings().isEmpty()) continue;
    const QString text = block.text();
    for (const TextSpan& s : data->misspellings()) {
      if (service_->isAccepted(text.mid(s.start, s.length))) {
        computeBlock(block);
        checkBlock(block);  // underlines from the fresh record
        break;
      }
    }
  }
}

void SpellHighlighter::invalidateAll() {
  ++epoch_;
  emit allBlocksStale();
}

bool SpellHighlighter::withinBudget() {
  if (!in_burst_) {
    in_burst_ = true;
    deferred_from_ = -1;
    burst_.start();
    QTimer::singleShot(0, this, [this] { in_burst_ = false; });
  }
  return burst_.elapsed() < kBurstBudgetMs;
}

void SpellHighlighter::highlightBlock(const QString& text) {
  const QTextBlock block = currentBlock();
  auto* data = static_cast<BlockSpellData*>(currentBlockUserData());
  const bool edited = touchedByChange(block, text.size());
  const bool unchanged = !edited && data != nullptr &&
                         data->epoch() == epoch_ &&
                         data->length() == text.size();
  if (!unchanged) {
    // An edit inside a checked block costs a few words to check, whatever
    // the block's length: it is never deferred.
    const bool around =
        edited && canCheckAroundChange(block, text.size(), data);
    if (!around && !forced_ && !withinBudget()) {
      if (data != nullptr) data->markStale();
      if (deferred_from_ < 0 || block.position() < deferred_from_) {
        deferred_from_ = block.position();
        emit blocksDeferred(deferred_from_);
      }
      return;
    }
    data = around ? checkAroundChange(block, text, data)
                  : check(block, text, data);
  }
  data->setFormattedEpoch(epoch_);

  const int base = block.position();
  for (const TextSpan& s : data->misspellings()) {
    const bool typing = typing_position_ >= base + s.start &&
                        typing_position_ <= base + s.end();
    if (!typing) setFormat(s.start, s.length, format_);
  }
}

}  // namespace spellfilter::editor
