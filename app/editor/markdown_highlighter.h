// Markdown highlighting for .md documents (issue 35 item 7): headings
// (ATX "# Title", and Setext underlines), emphasis (*x*, _x_, **x**,
// __x__), code (`inline`, fenced ``` / ~~~ blocks, whose state carries
// over lines) and links ([text](url), <https://...>), in colours taken
// from the palette, so the light and the dark theme both read well
// (headings and links in the palette's Link colour, code on
// AlternateBase; setPalette() recolours after a theme change). Bold and
// italic come from the font; the text's size never changes, so lines do
// not move when a heading is typed.
//
// A QSyntaxHighlighter: per-character formats, which cost a relayout of
// the block, so the editor attaches it only to Markdown files below
// kMaxBytes (MainWindow); the spelling underlines are drawn apart
// (spell_highlighter.h) and are unaffected.
#ifndef SPELLFILTER_APP_EDITOR_MARKDOWN_HIGHLIGHTER_H_
#define SPELLFILTER_APP_EDITOR_MARKDOWN_HIGHLIGHTER_H_

#include <QPalette>
#include <QString>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace spellfilter::editor {

class MarkdownHighlighter : public QSyntaxHighlighter {
  Q_OBJECT

 public:
  // Documents larger than this are left plain.
  static constexpr qint64 kMaxBytes = qint64{4} << 20;

  MarkdownHighlighter(const QPalette& palette, QTextDocument* document);
  Q_DISABLE_COPY_MOVE(MarkdownHighlighter)

  // The theme changed: recolour every block.
  void setPalette(const QPalette& palette);

  // Whether a file of this name is Markdown (.md, .markdown, .mdown,
  // .mkd, .mkdn).
  static bool IsMarkdownFile(const QString& path);

  // What a character of a block is, for tests: "heading", "emphasis",
  // "strong", "code", "link", or empty for plain text.
  static QString KindOf(const QTextCharFormat& format);

 protected:
  void highlightBlock(const QString& text) override;

 private:
  enum State { kNormal = 0, kFenced = 1 };
  void makeFormats(const QPalette& palette);
  void highlightInline(const QString& text, int from);

  QTextCharFormat heading_;
  QTextCharFormat emphasis_;
  QTextCharFormat strong_;
  QTextCharFormat code_;
  QTextCharFormat link_;
  QTextCharFormat markup_;  // the #, *, ` and brackets themselves
  bool rehighlighting_ = false;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_MARKDOWN_HIGHLIGHTER_H_
