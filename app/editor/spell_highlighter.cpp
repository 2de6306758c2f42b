#include "app/editor/spell_highlighter.h"

#include <QTextBlock>
#include <QTextDocument>
#include <QTimer>
#include <algorithm>

#include "app/editor/soft_lines.h"
#include "app/editor/spell_service.h"

namespace spellfilter::editor {
namespace {

// Whether checking may start or stop at `i` without changing which words
// the checker sees: core's tokenizer (core/text/tokenizer.h) applies no
// rule across ASCII white space followed by an ASCII character, and a word,
// URL or abbreviation never spans white space.
bool IsCut(QStringView text, qsizetype i) {
  if (i <= 0 || i >= text.size()) return true;
  const char16_t before = text[i - 1].unicode();
  return before < 0x80 && QChar::isSpace(before) && text[i].unicode() < 0x80;
}

// Whether `block` is a piece of a long line cut elsewhere than at white
// space (after a mark: app/editor/soft_lines.h), so that its first word
// is the last word of the piece before it.
bool SharesWordWithPrevious(const QTextBlock& block) {
  if (!ContinuesLine(block) || block.length() <= 1) return false;
  const QTextDocument* document = block.document();
  const int at = block.position();
  // at - 1 is the block separator; at - 2 the piece before's last
  // character, or the separator before it if that piece is empty.
  return at >= 2 && !document->characterAt(at).isSpace() &&
         !document->characterAt(at - 2).isSpace();
}

}  // namespace

int SpellHighlighter::CountWords(QStringView text) {
  int words = 0;
  bool in_word = false;
  for (QChar c : text) {
    const bool space = c.isSpace();
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  return words;
}

int SpellHighlighter::CountBlockWords(const QTextBlock& block,
                                      QStringView text) {
  return CountWords(text) - (SharesWordWithPrevious(block) ? 1 : 0);
}

SpellHighlighter::SpellHighlighter(SpellService* service,
                                   QTextDocument* document)
    : service_(service), totals_(std::make_shared<SpellTotals>()) {
  connect(service_, &SpellService::recheckAll, this,
          &SpellHighlighter::invalidateAll);
  connect(service_, &SpellService::flaggedWordsMayBeCorrect, this,
          &SpellHighlighter::recheckFlaggedWords);
  setDocument(document);
}

SpellHighlighter::~SpellHighlighter() = default;

void SpellHighlighter::setService(SpellService* service) {
  if (service == service_) return;
  disconnect(service_, nullptr, this, nullptr);
  service_ = service;
  connect(service_, &SpellService::recheckAll, this,
          &SpellHighlighter::invalidateAll);
  connect(service_, &SpellService::flaggedWordsMayBeCorrect, this,
          &SpellHighlighter::recheckFlaggedWords);
  invalidateAll();
}

void SpellHighlighter::setDocument(QTextDocument* document) {
  if (document_ != nullptr) disconnect(document_, nullptr, this, nullptr);
  document_ = document;
  if (document_ == nullptr) return;
  connect(document_, &QTextDocument::contentsChange, this,
          &SpellHighlighter::onContentsChange);
  invalidateAll();
}

void SpellHighlighter::onContentsChange(int from, int removed, int added) {
  // The blocks the change touched, as QSyntaxHighlighter finds them.
  QTextBlock block = document_->findBlock(from);
  if (!block.isValid()) return;
  const QTextBlock last =
      document_->findBlock(from + added + (removed > 0 ? 1 : 0));
  const int end = last.isValid() ? last.position() + last.length()
                                 : document_->lastBlock().position() +
                                       document_->lastBlock().length();
  change_ = {from, removed, added};
  for (; block.isValid() && block.position() < end; block = block.next()) {
    highlightBlock(block);
  }
  change_ = Change();
  // The next piece's word count depends on how the piece before it ends.
  if (block.isValid() && ContinuesLine(block)) {
    if (auto* data = static_cast<BlockSpellData*>(block.userData())) {
      data->setWords(CountBlockWords(block, block.text()));
    }
  }
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
  // Only a misspelling at the old or the new position changes what is
  // underlined: a keystroke elsewhere repaints no more than its own edit.
  if (hasMisspellingAt(old) || hasMisspellingAt(position)) {
    emit underlinesChanged();
  }
}

bool SpellHighlighter::hasMisspellingAt(int position) const {
  if (position < 0 || document_ == nullptr) return false;
  const QTextBlock block = document_->findBlock(position);
  if (!block.isValid()) return false;
  const auto* data = static_cast<const BlockSpellData*>(block.userData());
  if (data == nullptr) return false;
  const int offset = position - block.position();
  const QList<TextSpan>& spans = data->misspellings();
  // The first misspelling ending at or after `offset`.
  const auto it =
      std::lower_bound(spans.cbegin(), spans.cend(), offset,
                       [](const TextSpan& s, int at) { return s.end() < at; });
  return it != spans.cend() && it->start <= offset;
}

bool SpellHighlighter::isCurrent(const QTextBlock& block) const {
  const auto* data = static_cast<const BlockSpellData*>(block.userData());
  return data != nullptr && data->epoch() == epoch_;
}

BlockSpellData* SpellHighlighter::check(const QTextBlock& block,
                                        const QString& text,
                                        BlockSpellData* data) {
  if (data == nullptr) {
    data = new BlockSpellData(totals_);
    QTextBlock(block).setUserData(data);  // the block owns it
  }
  scratch_.clear();
  unchecked_scratch_.clear();
  if (enabled_) {
    service_->findMisspellings(text, &scratch_);
    service_->findUnchecked(text, &unchecked_scratch_);
  }
  data->update(epoch_, scratch_, CountBlockWords(block, text), text.size());
  data->setUnchecked(unchecked_scratch_);
  last_checked_length_ = text.size();
  return data;
}

bool SpellHighlighter::canCheckAroundChange(const QTextBlock& block, int length,
                                            const BlockSpellData* data) const {
  // One edit inside this block, which was checked before it.
  const int edit = change_.from - block.position();
  const int shift = change_.added - change_.removed;
  // With several languages a sentence's language depends on all of its
  // words: the whole block is checked again.
  return enabled_ && service_->languageCount() <= 1 && data != nullptr &&
         data->epoch() == epoch_ && edit >= 0 &&
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
  // The unchecked words likewise, when the record has them.
  const bool unchecked_known = data->uncheckedKnown();
  QList<TextSpan> unchecked;
  if (unchecked_known) {
    for (const TextSpan& s : data->unchecked()) {
      if (s.end() <= begin) unchecked.append(s);
    }
    service_->findUnchecked(QStringView(text).sliced(begin, end - begin),
                            &unchecked_scratch_);
    for (const TextSpan& s : unchecked_scratch_) {
      unchecked.append(TextSpan{s.start + begin, s.length});
    }
    for (const TextSpan& s : data->unchecked()) {
      if (s.start >= end - shift) {
        unchecked.append(TextSpan{s.start + shift, s.length});
      }
    }
  }
  data->update(epoch_, std::move(spans), CountBlockWords(block, text), size);
  if (unchecked_known) data->setUnchecked(std::move(unchecked));
  last_checked_length_ = end - begin;
  return data;
}

void SpellHighlighter::computeBlock(const QTextBlock& block) {
  check(block, block.text(), static_cast<BlockSpellData*>(block.userData()));
}

void SpellHighlighter::adoptBlock(const QTextBlock& block,
                                  QList<TextSpan> misspellings,
                                  QList<TextSpan> unchecked, int words) {
  auto* data = static_cast<BlockSpellData*>(block.userData());
  if (data == nullptr) {
    data = new BlockSpellData(totals_);
    QTextBlock(block).setUserData(data);  // the block owns it
  }
  if (!enabled_) {
    misspellings.clear();
    unchecked.clear();
  }
  if (words > 0 && SharesWordWithPrevious(block)) --words;
  data->update(epoch_, std::move(misspellings), words, block.length() - 1);
  data->setUnchecked(std::move(unchecked));
}

QList<TextSpan> SpellHighlighter::misspellings(const QTextBlock& block) const {
  const auto* data = static_cast<const BlockSpellData*>(block.userData());
  return data != nullptr ? data->misspellings() : QList<TextSpan>();
}

QList<TextSpan> SpellHighlighter::unchecked(const QTextBlock& block) {
  if (!enabled_) return {};
  auto* data = static_cast<BlockSpellData*>(block.userData());
  if (data == nullptr) return {};
  if (!data->uncheckedKnown()) {
    // A result from another thread: its text is the block's while the
    // record is current; a stale record is rechecked before painting.
    service_->findUnchecked(block.text(), &unchecked_scratch_);
    data->setUnchecked(unchecked_scratch_);
  }
  return data->unchecked();
}

QList<TextSpan> SpellHighlighter::underlines(const QTextBlock& block) const {
  if (!enabled_) return {};
  QList<TextSpan> spans = misspellings(block);
  const int base = block.position();
  spans.removeIf([&](const TextSpan& s) {
    return typing_position_ >= base + s.start &&
           typing_position_ <= base + s.end();
  });
  return spans;
}

void SpellHighlighter::recheckFlaggedWords() {
  if (document() == nullptr) return;
  if (in_background_ && in_background_()) {
    flagged_due_ = true;
    return;
  }
  flagged_due_ = false;
  for (QTextBlock block = document()->begin(); block.isValid();
       block = block.next()) {
    const auto* data = static_cast<const BlockSpellData*>(block.userData());
    if (data == nullptr || data->misspellings().isEmpty()) continue;
    const QString text = block.text();
    for (const TextSpan& s : data->misspellings()) {
      if (service_->isAccepted(text.mid(s.start, s.length))) {
        computeBlock(block);
        break;
      }
    }
  }
  emit underlinesChanged();
}

void SpellHighlighter::invalidateAll() {
  ++epoch_;
  emit underlinesChanged();
  emit allBlocksStale();
}

void SpellHighlighter::deferNewText() {
  withinBudget();  // starts a burst if none runs
  defer_burst_ = true;
}

bool SpellHighlighter::withinBudget() {
  if (!in_burst_) {
    in_burst_ = true;
    deferred_from_ = -1;
    burst_.start();
    QTimer::singleShot(0, this, [this] {
      in_burst_ = false;
      defer_burst_ = false;
    });
  }
  return !held_ && !defer_burst_ && burst_.elapsed() < kBurstBudgetMs;
}

void SpellHighlighter::highlightBlock(const QTextBlock& block) {
  auto* data = static_cast<BlockSpellData*>(block.userData());
  const int length = block.length() - 1;
  // An edit inside a checked block costs a few words to check, whatever
  // the block's length: it is never deferred.
  const bool around = canCheckAroundChange(block, length, data);
  if (!around && !withinBudget()) {
    if (data != nullptr) data->markStale();
    if (deferred_from_ < 0 || block.position() < deferred_from_) {
      deferred_from_ = block.position();
      emit blocksDeferred(deferred_from_);
    }
    return;
  }
  const QString text = block.text();
  if (around) {
    checkAroundChange(block, text, data);
  } else {
    check(block, text, data);
  }
}

}  // namespace spellfilter::editor
