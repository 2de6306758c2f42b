#include "app/editor/soft_lines.h"

#include <QTextBlockFormat>
#include <QTextCursor>
#include <QTextDocument>
#include <QVariant>
#include <algorithm>

#include "app/editor/background_check.h"

namespace spellfilter::editor {
namespace {

// The block-format property that marks a continuation block.
constexpr int kContinuesProperty = QTextFormat::UserProperty + 0x5f1;
// The document's dynamic property: it has had continuation blocks.
constexpr char kHasContinuations[] = "spellfilterContinuations";

bool IsCutSpace(QChar c) { return c == u' ' || c == u'\t'; }

// Punctuation that always ends a word (the tokenizer breaks after it even
// between letters): where a line without white space, such as minified
// JSON, JavaScript or XML, may be cut. Not '.', ':', '/', '-', '\'' or
// '@', which join the parts of a URL, an address or a word.
bool IsCutMark(QChar c) {
  return c == u',' || c == u';' || c == u'>' || c == u'}' || c == u']' ||
         c == u')';
}

// White space that ends a stretch for the tokenizer's rule 4 (below).
bool IsAsciiSpace(QChar c) { return c == u' ' || (c >= u'\t' && c <= u'\r'); }

// Where the stretch holding text[at - 1] starts (`at` itself if that is
// white space), and where the one holding text[at] ends.
qsizetype StretchStart(QStringView text, qsizetype at) {
  while (at > 0 && !IsAsciiSpace(text[at - 1])) --at;
  return at;
}
qsizetype StretchEnd(QStringView text, qsizetype at) {
  while (at < text.size() && !IsAsciiSpace(text[at])) ++at;
  return at;
}

// Rule 4 of the tokenizer (docs/tokenizer.md) judges a whole stretch
// between white space: one that starts with "www." or has a '/' before
// its first letter (a path), or holds "://" or an '@' (web and e-mail
// addresses), is not checked at all. A cut at a mark inside a stretch
// would make its pieces two stretches and could change what is checked;
// so a mark is a place to cut only in a stretch that holds none of these,
// and where the text after it does not start like one either. (Stricter
// than the tokenizer where that is simpler: any '@', and any white space
// outside ASCII, keep a stretch whole.)
bool StartsLikeAddress(QStringView text) {
  if (text.size() >= 4 && (text[0] == u'w' || text[0] == u'W') &&
      (text[1] == u'w' || text[1] == u'W') &&
      (text[2] == u'w' || text[2] == u'W') && text[3] == u'.') {
    return true;
  }
  for (QChar c : text) {
    if (c == u'/') return true;
    if ((c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') ||
        IsAsciiSpace(c)) {
      return false;
    }
  }
  return false;
}

bool HoldsAddress(QStringView stretch) {
  const qsizetype size = stretch.size();
  for (qsizetype i = 0; i < size; ++i) {
    const char16_t c = stretch[i].unicode();
    if (c == u'@') return true;
    if (c == u':' && i + 2 < size && stretch[i + 1] == u'/' &&
        stretch[i + 2] == u'/') {
      return true;
    }
    if (c >= 0x80 && QChar::isSpace(c)) return true;
  }
  return false;
}

// Whether a line may be cut just after the mark at `at`; remembers the
// last stretch judged, so that a line is read about once.
class MarkCuts {
 public:
  explicit MarkCuts(QStringView line) : line_(line) {}

  bool mayCutAfter(qsizetype at) {
    if (at < begin_ || at >= end_) {
      begin_ = StretchStart(line_, at);
      end_ = StretchEnd(line_, at);
      const QStringView stretch = line_.sliced(begin_, end_ - begin_);
      plain_ = !StartsLikeAddress(stretch) && !HoldsAddress(stretch);
    }
    return plain_ && !StartsLikeAddress(line_.sliced(at + 1, end_ - at - 1));
  }

 private:
  QStringView line_;
  qsizetype begin_ = 0;
  qsizetype end_ = 0;
  bool plain_ = false;
};

// Where `line` (no line ends) is cut: offsets just after a space or tab,
// the first one at least `piece` characters after the previous cut, while
// more than `split_above` characters are left; never at the line's end.
// Where no white space comes within `piece` more characters, the first
// place after a cut mark (IsCutMark, MarkCuts) past `piece` is taken
// instead; where there is neither, the rest of the line stays whole.
std::vector<qsizetype> Cuts(QStringView line, qsizetype split_above,
                            qsizetype piece) {
  std::vector<qsizetype> cuts;
  MarkCuts marks(line);
  qsizetype from = 0;
  while (line.size() - from > split_above) {
    const qsizetype limit = line.size() - 1;  // something must follow a cut
    const qsizetype space_limit = std::min(limit, from + 2 * piece);
    qsizetype i = from + piece;
    while (i < space_limit && !IsCutSpace(line[i])) ++i;
    if (i >= space_limit) {
      i = from + piece;
      while (i < limit && !IsCutSpace(line[i]) &&
             !(IsCutMark(line[i]) && marks.mayCutAfter(i))) {
        ++i;
      }
    }
    if (i >= limit) break;  // nowhere left to cut: the rest stays whole
    from = i + 1;
    cuts.push_back(from);
  }
  return cuts;
}

void SetHasContinuations(QTextDocument* document, bool has) {
  document->setProperty(kHasContinuations, has);
}

// A cut at white space, or after a mark where the text after it does not
// start like an address (MarkCuts; the rest of the stretch is judged
// after the healthy cuts, in HealCuts).
bool IsHealthyCut(const QTextBlock& block) {
  const QString before = block.previous().text();
  const QString text = block.text();
  if (before.isEmpty() || text.isEmpty()) return false;
  if (IsCutSpace(before.back()) || IsCutSpace(text.front())) return true;
  return (IsCutMark(before.back()) || IsCutMark(text.front())) &&
         !StartsLikeAddress(text);
}

// Whether `block` continues the line before it at a cut with white space
// on neither side: a cut at a mark.
bool IsMarkCut(const QTextBlock& block) {
  if (!ContinuesLine(block) || block.length() <= 1 ||
      block.previous().length() <= 1) {
    return false;
  }
  const QTextDocument* document = block.document();
  const int at = block.position();
  return !IsCutSpace(document->characterAt(at)) &&
         !IsCutSpace(document->characterAt(at - 2));
}

// The stretch between white space that the mark cut at `cut` lies in:
// the blocks it spans, and whether the tokenizer judges it whole (an
// address or a path: StartsLikeAddress, HoldsAddress). Read block by
// block; no block boundary falls inside "://", which holds no mark.
struct StretchAcross {
  QTextBlock first;
  QTextBlock last;
  bool plain = true;
};

StretchAcross FindStretch(const QTextBlock& cut) {
  StretchAcross stretch;
  stretch.first = cut.previous();
  qsizetype start = 0;  // where the stretch starts in `first`
  for (;;) {
    const QString text = stretch.first.text();
    start = StretchStart(text, text.size());
    if (start > 0 || !IsMarkCut(stretch.first)) break;
    stretch.first = stretch.first.previous();
  }
  // Its start, as far as StartsLikeAddress looks: four characters, and on
  // to the first letter or '/'.
  QString head;
  bool head_done = false;
  stretch.last = stretch.first;
  for (qsizetype from = start;; from = 0) {
    const QString text = stretch.last.text();
    const qsizetype end = StretchEnd(text, from);
    const QStringView part = QStringView(text).sliced(from, end - from);
    if (HoldsAddress(part)) stretch.plain = false;
    for (qsizetype i = 0; i < part.size() && !head_done; ++i) {
      const QChar c = part[i];
      head += c;
      head_done = head.size() >= 4 && (c == u'/' || (c >= u'a' && c <= u'z') ||
                                       (c >= u'A' && c <= u'Z'));
    }
    const QTextBlock next = stretch.last.next();
    if (end < text.size() || !next.isValid() || !IsMarkCut(next)) break;
    stretch.last = next;
  }
  if (StartsLikeAddress(head)) stretch.plain = false;
  return stretch;
}

// Whether `block`, next to a mark cut, holds an address or ends with a
// stretch that starts like one: then a stretch across the cut may be one.
bool MayMakeAnAddress(const QTextBlock& block) {
  if (!NextToMarkCut(block)) return false;
  const QString text = block.text();
  if (HoldsAddress(text)) return true;
  const qsizetype start = StretchStart(text, text.size());
  return (start > 0 || !IsMarkCut(block)) &&
         StartsLikeAddress(QStringView(text).sliced(start));
}

// Joins `block` to the block before it; the real text does not change.
void JoinToPrevious(QTextCursor& cursor, const QTextBlock& block) {
  // Deleting the block separator joins the continuation to the block
  // before it, which keeps its own format.
  const bool continues = ContinuesLine(block.previous());
  cursor.setPosition(block.position());
  cursor.deletePreviousChar();
  SetContinuesLine(cursor, continues);
}

}  // namespace

QString SplitLongLines(const QString& text, std::vector<int>* continuations,
                       qsizetype split_above, qsizetype piece) {
  continuations->clear();
  const auto lines = BackgroundCheck::SplitLines(text);
  const bool any_long =
      std::any_of(lines.cbegin(), lines.cend(),
                  [&](const auto& line) { return line.second > split_above; });
  if (!any_long) return text;
  QString shown;
  shown.reserve(text.size() + text.size() / piece + 1);
  qsizetype copied = 0;
  int block = 0;
  for (const auto& [start, length] : lines) {
    if (length > split_above) {
      for (qsizetype cut :
           Cuts(QStringView(text).sliced(start, length), split_above, piece)) {
        shown.append(QStringView(text).sliced(copied, start + cut - copied));
        shown.append(u'\n');
        copied = start + cut;
        continuations->push_back(++block);
      }
    }
    ++block;
  }
  shown.append(QStringView(text).sliced(copied));
  return shown;
}

bool ContinuesLine(const QTextBlock& block) {
  return block.isValid() &&
         block.blockFormat().boolProperty(kContinuesProperty);
}

bool NextToMarkCut(const QTextBlock& block) {
  return IsMarkCut(block) || IsMarkCut(block.next());
}

bool HasContinuations(const QTextDocument& document) {
  return document.property(kHasContinuations).toBool();
}

void SetContinuesLine(QTextCursor& cursor, bool continues) {
  QTextBlockFormat format = cursor.blockFormat();
  if (format.boolProperty(kContinuesProperty) == continues) return;
  if (continues) {
    format.setProperty(kContinuesProperty, true);
  } else {
    format.clearProperty(kContinuesProperty);
  }
  cursor.setBlockFormat(format);
}

void MarkContinuations(QTextDocument* document,
                       const std::vector<int>& continuations) {
  SetHasContinuations(document, !continuations.empty());
  if (continuations.empty()) return;
  const bool undo = document->isUndoRedoEnabled();
  document->setUndoRedoEnabled(false);
  QTextCursor cursor(document);
  // One change for all blocks: QPlainTextDocumentLayout lays a block out
  // at once after a change to it alone, but only marks the blocks of a
  // larger change for later.
  cursor.beginEditBlock();
  for (int number : continuations) {
    const QTextBlock block = document->findBlockByNumber(number);
    if (!block.isValid()) continue;
    QTextBlockFormat format = block.blockFormat();
    format.setProperty(kContinuesProperty, true);
    cursor.setPosition(block.position());
    cursor.setBlockFormat(format);
  }
  cursor.endEditBlock();
  document->setUndoRedoEnabled(undo);
  document->setModified(false);
}

void InsertText(QTextCursor& cursor, QStringView text) {
  cursor.beginEditBlock();
  if (cursor.hasSelection()) {
    const bool continues =
        ContinuesLine(cursor.document()->findBlock(cursor.selectionStart()));
    cursor.removeSelectedText();
    SetContinuesLine(cursor, continues);
  }
  QTextBlockFormat real = cursor.blockFormat();
  real.clearProperty(kContinuesProperty);
  QTextBlockFormat continuation = real;
  continuation.setProperty(kContinuesProperty, true);
  bool first = true;
  for (const auto& [start, length] : BackgroundCheck::SplitLines(text)) {
    if (!first) cursor.insertBlock(real);
    first = false;
    const QStringView line = text.sliced(start, length);
    const std::vector<qsizetype> cuts = Cuts(line, kSplitAbove, kPiece);
    if (!cuts.empty()) SetHasContinuations(cursor.document(), true);
    qsizetype from = 0;
    for (qsizetype cut : cuts) {
      cursor.insertText(line.sliced(from, cut - from).toString());
      cursor.insertBlock(continuation);
      from = cut;
    }
    if (from < line.size()) cursor.insertText(line.sliced(from).toString());
  }
  cursor.endEditBlock();
}

bool HealCuts(QTextDocument* document, int from, int to) {
  if (!HasContinuations(*document)) return false;
  const int end = document->characterCount() - 1;
  from = std::clamp(from, 0, end);
  to = std::clamp(to, from, end);
  QTextCursor cursor(document);
  bool joined = false;
  for (;;) {
    // The first continuation in range whose cut is no longer at white
    // space; the range is re-found after each merge (positions before the
    // merge point do not move).
    QTextBlock bad;
    const QTextBlock stop = document->findBlock(to).next().next();
    for (QTextBlock b = document->findBlock(from); b.isValid() && b != stop;
         b = b.next()) {
      if (ContinuesLine(b) && !IsHealthyCut(b)) {
        bad = b;
        break;
      }
    }
    if (!bad.isValid()) break;
    if (!joined) {
      cursor.joinPreviousEditBlock();
      joined = true;
    }
    JoinToPrevious(cursor, bad);
    to = std::max(from, to - 1);
  }
  // A stretch across mark cuts that the edit made an address or a path
  // (by typing, or by a deletion joining it to one) is joined whole, so
  // that it is judged whole, as the tokenizer judges it in the file.
  // Before the edit every such stretch was plain; so only a stretch with
  // an address in the blocks edited or next to them, or starting like
  // one there, is read whole (FindStretch).
  for (;;) {
    StretchAcross bad;
    const QTextBlock first_edited = document->findBlock(from);
    const QTextBlock after = document->findBlock(to).next();
    const QTextBlock stop = after.isValid() ? after.next() : QTextBlock();
    QTextBlock b = first_edited.previous().isValid() ? first_edited.previous()
                                                     : first_edited;
    for (; b.isValid() && b != stop && !bad.first.isValid(); b = b.next()) {
      if (!MayMakeAnAddress(b)) continue;
      for (const QTextBlock& cut : {b, b.next()}) {
        if (!IsMarkCut(cut)) continue;
        const StretchAcross stretch = FindStretch(cut);
        if (!stretch.plain) {
          bad = stretch;
          break;
        }
      }
    }
    if (!bad.first.isValid()) break;
    if (!joined) {
      cursor.joinPreviousEditBlock();
      joined = true;
    }
    // From the last piece back, so that the blocks before stay valid;
    // each join removes one block separator.
    int joins = 0;
    for (QTextBlock b = bad.last; b != bad.first; ++joins) {
      const QTextBlock previous = b.previous();
      JoinToPrevious(cursor, b);
      b = previous;
    }
    to = std::max(from, to - joins);
  }
  if (joined) cursor.endEditBlock();
  return joined;
}

QString RealText(const QTextCursor& cursor) {
  if (!cursor.hasSelection()) return QString();
  const QTextDocument* document = cursor.document();
  const int from = cursor.selectionStart();
  const int to = cursor.selectionEnd();
  QString text;
  for (QTextBlock b = document->findBlock(from);
       b.isValid() && b.position() <= to; b = b.next()) {
    if (b.position() > from && !ContinuesLine(b)) text += u'\n';
    const int start = std::max(from, b.position()) - b.position();
    const int end = std::min(to, b.position() + b.length() - 1) - b.position();
    if (end > start) text += b.text().mid(start, end - start);
  }
  return text;
}

RealLine RealLine::Of(const QTextBlock& block) {
  RealLine line;
  line.first = block;
  while (ContinuesLine(line.first)) line.first = line.first.previous();
  QTextBlock b = line.first;
  for (;;) {
    line.pieces.emplace_back(line.text.size(), b.position());
    line.text += b.text();
    line.last = b;
    if (!ContinuesLine(b.next())) break;
    b = b.next();
  }
  return line;
}

int RealLine::position(qsizetype offset, bool at_end) const {
  auto it = pieces.cbegin();
  for (auto next = it + 1; next != pieces.cend(); ++next) {
    if (at_end ? next->first >= offset : next->first > offset) break;
    it = next;
  }
  return it->second + static_cast<int>(offset - it->first);
}

void LineMap::refresh() const {
  if (valid_) return;
  continuations_.clear();
  for (QTextBlock b = document_->begin(); b.isValid(); b = b.next()) {
    if (ContinuesLine(b)) continuations_.push_back(b.blockNumber());
  }
  valid_ = true;
}

int LineMap::lineOf(const QTextBlock& block) const {
  const int number = block.blockNumber();
  if (!HasContinuations(*document_)) return number;
  refresh();
  const auto before = std::upper_bound(continuations_.cbegin(),
                                       continuations_.cend(), number) -
                      continuations_.cbegin();
  return number - static_cast<int>(before);
}

int LineMap::columnOf(const QTextBlock& block, int position_in_block) const {
  int column = position_in_block;
  for (QTextBlock b = block; ContinuesLine(b);) {
    b = b.previous();
    column += b.length() - 1;
  }
  return column;
}

int LineMap::lineCount() const {
  if (!HasContinuations(*document_)) return document_->blockCount();
  refresh();
  return document_->blockCount() - static_cast<int>(continuations_.size());
}

QTextBlock LineMap::blockOfLine(int line) const {
  line = std::clamp(line, 0, lineCount() - 1);
  if (!HasContinuations(*document_)) return document_->findBlockByNumber(line);
  refresh();
  // The line's first block comes after every continuation before it.
  int number = line;
  for (int c : continuations_) {
    if (c > number) break;
    ++number;
  }
  return document_->findBlockByNumber(number);
}

}  // namespace spellfilter::editor
