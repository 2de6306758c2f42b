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
  setDocument(document);
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
  data->update(epoch_, scratch_, CountWords(text));
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
        checkBlock(block);
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
  if (!forced_ && !withinBudget()) {
    if (data != nullptr) data->markStale();
    if (deferred_from_ < 0 || block.position() < deferred_from_) {
      deferred_from_ = block.position();
      emit blocksDeferred(deferred_from_);
    }
    return;
  }
  data = check(block, text, data);
  data->setFormattedEpoch(epoch_);

  const int base = block.position();
  for (const TextSpan& s : data->misspellings()) {
    const bool typing = typing_position_ >= base + s.start &&
                        typing_position_ <= base + s.end();
    if (!typing) setFormat(s.start, s.length, format_);
  }
}

}  // namespace spellfilter::editor
