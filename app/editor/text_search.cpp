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
  // The first (forward) or last (backward) match in `line` that `accept`
  // takes, by its document position; -1 if none. Lines are real lines, so
  // a match may run across the pieces of a long one (soft_lines.h).
  int end = 0;
  auto pick = [&](const RealLine& line, auto accept) {
    int best = -1;
    QRegularExpressionMatchIterator it = expression_.globalMatch(line.text);
    while (it.hasNext()) {
      const QRegularExpressionMatch m = it.next();
      const int at = line.position(m.capturedStart());
      if (m.capturedLength() == 0 || !accept(at)) continue;
      best = at;
      end = line.position(m.capturedEnd(), true);
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
    c.setPosition(end, QTextCursor::KeepAnchor);
    return c;
  };
  auto next = [&](const RealLine& line) {
    return forward ? RealLine::Of(line.last.next())
                   : RealLine::Of(line.first.previous());
  };
  auto valid = [](const RealLine& line) { return line.first.isValid(); };

  const RealLine start = RealLine::Of(document->findBlock(from));
  // This side of `from` in its line, the lines to the document's end
  // (start), then from the other end round to the other side of `from`.
  if (int at = forward ? pick(start, after) : pick(start, before); at >= 0) {
    return result(at, false);
  }
  for (RealLine l = next(start); valid(l); l = next(l)) {
    if (int at = pick(l, any); at >= 0) return result(at, false);
  }
  for (RealLine l = RealLine::Of(forward ? document->firstBlock()
                                         : document->lastBlock());
       valid(l) && l.first != start.first; l = next(l)) {
    if (int at = pick(l, any); at >= 0) return result(at, true);
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
  for (RealLine line = RealLine::Of(document->firstBlock());
       line.first.isValid() && found.size() < limit;
       line = RealLine::Of(line.last.next())) {
    QRegularExpressionMatchIterator it = expression_.globalMatch(line.text);
    while (it.hasNext() && found.size() < limit) {
      const QRegularExpressionMatch m = it.next();
      if (m.capturedLength() == 0) continue;
      QTextCursor c(document);
      c.setPosition(line.position(m.capturedStart()));
      c.setPosition(line.position(m.capturedEnd(), true),
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
    InsertText(c, replacementFor(RealText(c), replacement));
  }
  edit.endEditBlock();
  return static_cast<int>(matches.size());
}

}  // namespace spellfilter::editor
