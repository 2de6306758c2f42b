#include "app/editor/text_search.h"

#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <limits>

#include "app/editor/soft_lines.h"

namespace spellfilter::editor {

TextSearch::TextSearch(const QString& text, const SearchOptions& options)
    : options_(options), empty_(text.isEmpty()) {
  QString pattern =
      options.regular_expression ? text : QRegularExpression::escape(text);
  if (options.whole_words) {
    pattern = QStringLiteral("\\b(?:%1)\\b").arg(pattern);
  }
  QRegularExpression::PatternOptions flags =
      QRegularExpression::UseUnicodePropertiesOption;
  if (!options.match_case) flags |= QRegularExpression::CaseInsensitiveOption;
  expression_ = QRegularExpression(pattern, flags);
}

bool TextSearch::isValid() const { return !empty_ && expression_.isValid(); }

QString TextSearch::errorString() const {
  return expression_.isValid() ? QString() : expression_.errorString();
}

std::optional<QTextCursor> TextSearch::find(QTextDocument* document, int from,
                                            bool forward, bool* wrapped) const {
  if (wrapped != nullptr) *wrapped = false;
  if (!isValid()) return std::nullopt;
  from = qBound(0, from, document->characterCount() - 1);
  // The first (forward) or last (backward) match in `block` that `accept`
  // takes, by its document position; -1 if none.
  int length = 0;
  auto pick = [&](const QTextBlock& block, auto accept) {
    int best = -1;
    QRegularExpressionMatchIterator it = expression_.globalMatch(block.text());
    while (it.hasNext()) {
      const QRegularExpressionMatch m = it.next();
      const int at = block.position() + static_cast<int>(m.capturedStart());
      if (m.capturedLength() == 0 || !accept(at)) continue;
      best = at;
      length = static_cast<int>(m.capturedLength());
      if (forward) break;
    }
    return best;
  };
  auto after = [from](int at) { return at >= from; };
  auto before = [from](int at) { return at < from; };
  auto any = [](int) { return true; };
  auto result = [&](int at, bool around) {
    if (wrapped != nullptr) *wrapped = around;
    QTextCursor c(document);
    c.setPosition(at);
    c.setPosition(at + length, QTextCursor::KeepAnchor);
    return c;
  };

  const QTextBlock start = document->findBlock(from);
  // This side of `from` in its block, the blocks to the document's end
  // (start), then from the other end round to the other side of `from`.
  if (int at = forward ? pick(start, after) : pick(start, before); at >= 0) {
    return result(at, false);
  }
  for (QTextBlock b = forward ? start.next() : start.previous(); b.isValid();
       b = forward ? b.next() : b.previous()) {
    if (int at = pick(b, any); at >= 0) return result(at, false);
  }
  for (QTextBlock b = forward ? document->firstBlock() : document->lastBlock();
       b.isValid() && b != start; b = forward ? b.next() : b.previous()) {
    if (int at = pick(b, any); at >= 0) return result(at, true);
  }
  if (int at = forward ? pick(start, before) : pick(start, after); at >= 0) {
    return result(at, true);
  }
  return std::nullopt;
}

QList<QTextCursor> TextSearch::findAll(QTextDocument* document,
                                       int limit) const {
  QList<QTextCursor> found;
  if (!isValid()) return found;
  for (QTextBlock block = document->firstBlock();
       block.isValid() && found.size() < limit; block = block.next()) {
    QRegularExpressionMatchIterator it = expression_.globalMatch(block.text());
    while (it.hasNext() && found.size() < limit) {
      const QRegularExpressionMatch m = it.next();
      if (m.capturedLength() == 0) continue;
      QTextCursor c(document);
      c.setPosition(block.position() + static_cast<int>(m.capturedStart()));
      c.setPosition(block.position() + static_cast<int>(m.capturedEnd()),
                    QTextCursor::KeepAnchor);
      found.append(c);
    }
  }
  return found;
}

bool TextSearch::matchesExactly(const QString& selected) const {
  if (!isValid() || selected.isEmpty()) return false;
  const QRegularExpressionMatch m =
      expression_.match(selected, 0, QRegularExpression::NormalMatch,
                        QRegularExpression::AnchorAtOffsetMatchOption);
  return m.hasMatch() && m.capturedLength() == selected.size();
}

QString TextSearch::replacementFor(const QString& selected,
                                   const QString& replacement) const {
  if (!options_.regular_expression) return replacement;
  const QRegularExpressionMatch m =
      expression_.match(selected, 0, QRegularExpression::NormalMatch,
                        QRegularExpression::AnchorAtOffsetMatchOption);
  QString out;
  for (qsizetype i = 0; i < replacement.size(); ++i) {
    const QChar c = replacement[i];
    if (c == u'\\' && i + 1 < replacement.size()) {
      const QChar next = replacement[i + 1];
      if (next.isDigit()) {
        out += m.captured(next.digitValue());
        ++i;
        continue;
      }
      if (next == u'\\') {
        out += u'\\';
        ++i;
        continue;
      }
    }
    out += c;
  }
  return out;
}

int TextSearch::replaceAll(QTextDocument* document,
                           const QString& replacement) const {
  const QList<QTextCursor> matches =
      findAll(document, std::numeric_limits<int>::max());
  if (matches.isEmpty()) return 0;
  QTextCursor edit(document);
  edit.beginEditBlock();
  // QTextCursors follow the edits made before them, so the order is free;
  // front to back keeps the replacement texts' own matches out.
  for (QTextCursor c : matches) {
    InsertText(c, replacementFor(c.selectedText(), replacement));
  }
  edit.endEditBlock();
  return static_cast<int>(matches.size());
}

}  // namespace spellfilter::editor
