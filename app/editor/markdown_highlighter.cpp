#include "app/editor/markdown_highlighter.h"

#include <QFileInfo>
#include <QFont>
#include <QRegularExpression>
#include <QTextBlock>
#include <QTextDocument>

#include "app/editor/theme.h"

namespace spellfilter::editor {
namespace {

// Which kind a format marks (KindOf), kept in the format itself.
constexpr int kKindProperty = QTextFormat::UserProperty + 1;

QTextCharFormat Kind(const QString& kind) {
  QTextCharFormat f;
  f.setProperty(kKindProperty, kind);
  return f;
}

bool IsFence(const QString& text) {
  const QString t = text.trimmed();
  return t.startsWith(QLatin1String("```")) ||
         t.startsWith(QLatin1String("~~~"));
}

}  // namespace

MarkdownHighlighter::MarkdownHighlighter(const QPalette& palette,
                                         QTextDocument* document)
    : QSyntaxHighlighter(static_cast<QObject*>(nullptr)) {
  makeFormats(palette);
  setDocument(document);
  // QSyntaxHighlighter rehighlights the blocks an edit touched and goes on
  // while their end state changes; when a whole line goes (a closing fence
  // deleted), the block that moves up keeps its old look though the line
  // before it is another now. Its state is recomputed here. (Format
  // changes report removed == added, and are left alone.)
  connect(document, &QTextDocument::contentsChange, this,
          [this, document](int from, int removed, int added) {
            if (removed == added || rehighlighting_) return;
            const QTextBlock next = document->findBlock(from + added).next();
            if (!next.isValid()) return;
            rehighlighting_ = true;
            rehighlightBlock(next);
            rehighlighting_ = false;
          });
}

bool MarkdownHighlighter::IsMarkdownFile(const QString& path) {
  static const QStringList kSuffixes = {
      QStringLiteral("md"), QStringLiteral("markdown"), QStringLiteral("mdown"),
      QStringLiteral("mkd"), QStringLiteral("mkdn")};
  return kSuffixes.contains(QFileInfo(path).suffix().toLower());
}

QString MarkdownHighlighter::KindOf(const QTextCharFormat& format) {
  return format.property(kKindProperty).toString();
}

void MarkdownHighlighter::setPalette(const QPalette& palette) {
  makeFormats(palette);
  rehighlight();
}

void MarkdownHighlighter::makeFormats(const QPalette& palette) {
  const bool dark = IsDark(palette);
  const QColor text = palette.color(QPalette::Text);
  const QColor base = palette.color(QPalette::Base);
  // The palette's link colour, unless it reads badly on this background
  // (a system palette's blue on a dark base).
  QColor accent = palette.color(QPalette::Link);
  if (ContrastRatio(accent, base) < 4.5) {
    accent = dark ? QColor(0x8A, 0xB4, 0xF8) : QColor(0x1A, 0x4F, 0xB0);
  }
  heading_ = Kind(QStringLiteral("heading"));
  heading_.setFontWeight(QFont::Bold);
  heading_.setForeground(accent);
  emphasis_ = Kind(QStringLiteral("emphasis"));
  emphasis_.setFontItalic(true);
  strong_ = Kind(QStringLiteral("strong"));
  strong_.setFontWeight(QFont::Bold);
  code_ = Kind(QStringLiteral("code"));
  code_.setFontFixedPitch(true);
  code_.setFontFamilies({QStringLiteral("monospace")});
  // A background a little off the text's, either way.
  code_.setBackground(dark ? base.lighter(160) : base.darker(108));
  code_.setForeground(text);
  link_ = Kind(QStringLiteral("link"));
  link_.setForeground(accent);
  link_.setFontUnderline(true);
  markup_ = Kind(QStringLiteral("markup"));
  markup_.setForeground(SubduedTextColor(palette, QPalette::Base));
}

void MarkdownHighlighter::highlightBlock(const QString& text) {
  const int previous =
      previousBlockState() < 0 ? kNormal : previousBlockState();
  if (previous == kFenced) {
    setFormat(0, text.size(), code_);
    setCurrentBlockState(IsFence(text) ? kNormal : kFenced);
    return;
  }
  if (IsFence(text)) {
    setFormat(0, text.size(), code_);
    setCurrentBlockState(kFenced);
    return;
  }
  setCurrentBlockState(kNormal);
  // ATX heading: up to three spaces, 1-6 '#', then a space or the end.
  static const QRegularExpression kAtx(
      QStringLiteral("^ {0,3}(#{1,6})(\\s|$)"));
  if (const QRegularExpressionMatch m = kAtx.match(text); m.hasMatch()) {
    setFormat(0, text.size(), heading_);
    QTextCharFormat marks = heading_;
    marks.setForeground(markup_.foreground());
    setFormat(0, m.capturedEnd(1), marks);
    return;
  }
  // Setext: a line of = or - under text makes that text a heading; the
  // underline itself is markup (the line above keeps its look: a block
  // cannot restyle the one before it without a second pass).
  static const QRegularExpression kSetext(
      QStringLiteral("^ {0,3}(=+|-{2,})\\s*$"));
  if (kSetext.match(text).hasMatch() && currentBlock().previous().isValid() &&
      !currentBlock().previous().text().trimmed().isEmpty()) {
    setFormat(0, text.size(), heading_);
    return;
  }
  highlightInline(text, 0);
}

void MarkdownHighlighter::highlightInline(const QString& text, int from) {
  // Code spans first: nothing inside them is Markdown.
  static const QRegularExpression kCode(QStringLiteral("(`+)(.+?)\\1"));
  QList<std::pair<int, int>> code;  // [start, end)
  for (auto it = kCode.globalMatch(text, from); it.hasNext();) {
    const QRegularExpressionMatch m = it.next();
    setFormat(m.capturedStart(), m.capturedLength(), code_);
    code.append({m.capturedStart(), m.capturedEnd()});
  }
  auto in_code = [&](int at) {
    for (const auto& [s, e] : code) {
      if (at >= s && at < e) return true;
    }
    return false;
  };
  // Links: [text](target), and autolinks <scheme://...>.
  static const QRegularExpression kLink(
      QStringLiteral("!?\\[([^\\]]+)\\]\\(([^)\\s]+)(\\s+\"[^\"]*\")?\\)"));
  for (auto it = kLink.globalMatch(text, from); it.hasNext();) {
    const QRegularExpressionMatch m = it.next();
    if (in_code(m.capturedStart())) continue;
    setFormat(m.capturedStart(), m.capturedLength(), markup_);
    setFormat(m.capturedStart(1), m.capturedLength(1), link_);
    code.append({m.capturedStart(2), m.capturedEnd(2)});  // no emphasis in URLs
  }
  static const QRegularExpression kAutolink(
      QStringLiteral("<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\\s<>]*>"));
  for (auto it = kAutolink.globalMatch(text, from); it.hasNext();) {
    const QRegularExpressionMatch m = it.next();
    if (in_code(m.capturedStart())) continue;
    setFormat(m.capturedStart(), m.capturedLength(), link_);
    code.append({m.capturedStart(), m.capturedEnd()});
  }
  // Strong before emphasis: ** and __ around text that does not start or
  // end with a space; then single * and _ (an intraword _ is no marker,
  // as in snake_case).
  static const QRegularExpression kStrong(
      QStringLiteral("(\\*\\*|__)(?=\\S)(.+?)(?<=\\S)\\1"));
  for (auto it = kStrong.globalMatch(text, from); it.hasNext();) {
    const QRegularExpressionMatch m = it.next();
    if (in_code(m.capturedStart())) continue;
    QTextCharFormat f = format(m.capturedStart(2));
    f.merge(strong_);
    setFormat(m.capturedStart(2), m.capturedLength(2), f);
    setFormat(m.capturedStart(1), 2, markup_);
    setFormat(m.capturedEnd(2), 2, markup_);
  }
  static const QRegularExpression kEmphasis(
      QStringLiteral("(?<![\\*\\w])\\*(?=[^\\s*])(.+?)(?<=[^\\s*])\\*(?!\\*)|"
                     "(?<![_\\w])_(?=[^\\s_])(.+?)(?<=[^\\s_])_(?![_\\w])"));
  for (auto it = kEmphasis.globalMatch(text, from); it.hasNext();) {
    const QRegularExpressionMatch m = it.next();
    if (in_code(m.capturedStart())) continue;
    const int group = m.capturedStart(1) >= 0 ? 1 : 2;
    for (int i = m.capturedStart(group); i < m.capturedEnd(group); ++i) {
      QTextCharFormat f = format(i);
      // Kept a strong run's kind ("strong") and added the italics.
      f.setFontItalic(true);
      if (KindOf(f).isEmpty())
        f.setProperty(kKindProperty, QStringLiteral("emphasis"));
      setFormat(i, 1, f);
    }
    setFormat(m.capturedStart(), 1, markup_);
    setFormat(m.capturedEnd() - 1, 1, markup_);
  }
}

}  // namespace spellfilter::editor
