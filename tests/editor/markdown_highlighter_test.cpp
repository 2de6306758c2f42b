// Markdown highlighting (issue 35 item 7): headings, emphasis, code and
// links in .md files, in colours that read on the light and the dark
// theme; plain files stay plain; spelling is unaffected.
#include "app/editor/markdown_highlighter.h"

#include <QFile>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <memory>

#include "app/editor/document_tab.h"
#include "app/editor/main_window.h"
#include "app/editor/spell_text_edit.h"
#include "app/editor/theme.h"
#include "editor_test_support.h"

namespace spellfilter::editor {
namespace {

// The kind of the character at `column` of line `line` ("" for plain).
QString KindAt(QTextDocument* doc, int line, int column) {
  const QTextBlock block = doc->findBlockByNumber(line);
  for (const QTextLayout::FormatRange& r : block.layout()->formats()) {
    if (column >= r.start && column < r.start + r.length) {
      return MarkdownHighlighter::KindOf(r.format);
    }
  }
  return QString();
}

QTextCharFormat FormatAt(QTextDocument* doc, int line, int column) {
  const QTextBlock block = doc->findBlockByNumber(line);
  for (const QTextLayout::FormatRange& r : block.layout()->formats()) {
    if (column >= r.start && column < r.start + r.length) return r.format;
  }
  return {};
}

}  // namespace

class MarkdownHighlighterTest : public QObject {
  Q_OBJECT

 private slots:
  void init() { Environment().reset(); }

  void marksHeadingsEmphasisCodeAndLinks() {
    QTextDocument doc;
    // As in an editor: a document reports its changes once it has a layout.
    doc.documentLayout();
    doc.setPlainText(
        "# Title here\n"                                              // 0
        "Some *soft* and **loud** and _under_.\n"                     // 1
        "Run `make all` now, see [the docs](https://x.org/a_b_c).\n"  // 2
        "```\n"                                                       // 3
        "code *not emphasis* here\n"                                  // 4
        "```\n"                                                       // 5
        "after <https://example.org> snake_case_name\n"               // 6
        "Setext title\n"                                              // 7
        "============\n");                                            // 8
    MarkdownHighlighter h(ThemePalette(Theme::kLight), &doc);
    h.rehighlight();
    QCOMPARE(KindAt(&doc, 0, 4), QString("heading"));
    QVERIFY(FormatAt(&doc, 0, 4).fontWeight() == QFont::Bold);
    QCOMPARE(KindAt(&doc, 1, 0), QString());  // "Some"
    QCOMPARE(KindAt(&doc, 1, 6), QString("emphasis"));
    QVERIFY(FormatAt(&doc, 1, 6).fontItalic());
    QCOMPARE(KindAt(&doc, 1, 5), QString("markup"));     // the *
    QCOMPARE(KindAt(&doc, 1, 18), QString("strong"));    // "loud"
    QCOMPARE(KindAt(&doc, 1, 31), QString("emphasis"));  // "under"
    QCOMPARE(KindAt(&doc, 2, 6), QString("code"));       // "make"
    QCOMPARE(KindAt(&doc, 2, 26), QString("link"));      // "the docs"
    QVERIFY(FormatAt(&doc, 2, 26).fontUnderline());
    // The URL's underscores are no emphasis.
    QCOMPARE(KindAt(&doc, 2, 50), QString("markup"));
    QCOMPARE(KindAt(&doc, 3, 0), QString("code"));
    QCOMPARE(KindAt(&doc, 4, 7), QString("code"));  // not emphasis
    QVERIFY(!FormatAt(&doc, 4, 7).fontItalic());
    QCOMPARE(KindAt(&doc, 6, 0), QString());  // after the fence: plain
    QCOMPARE(KindAt(&doc, 6, 8), QString("link"));
    QCOMPARE(KindAt(&doc, 6, 34), QString());  // snake_case: no emphasis
    QCOMPARE(KindAt(&doc, 8, 0), QString("heading"));

    // Closing the fence by an edit: the line after is plain again.
    QTextCursor c(doc.findBlockByNumber(5));
    c.select(QTextCursor::BlockUnderCursor);
    c.removeSelectedText();                         // the closing fence is gone
    QCOMPARE(KindAt(&doc, 5, 8), QString("code"));  // "after ..." is code now
  }

  void coloursFollowTheTheme() {
    for (Theme theme : {Theme::kLight, Theme::kDark}) {
      const QPalette palette = ThemePalette(theme);
      QTextDocument doc;
      doc.setPlainText("# Heading\n[a link](x)\n`code`\n");
      MarkdownHighlighter h(palette, &doc);
      h.rehighlight();
      const QColor base = palette.color(QPalette::Base);
      const QColor heading = FormatAt(&doc, 0, 3).foreground().color();
      const QColor link = FormatAt(&doc, 1, 2).foreground().color();
      QVERIFY2(ContrastRatio(heading, base) >= 4.5,
               qPrintable(ThemeName(theme)));
      QVERIFY2(ContrastRatio(link, base) >= 4.5, qPrintable(ThemeName(theme)));
      const QTextCharFormat code = FormatAt(&doc, 2, 2);
      QVERIFY(code.background().color() != base);
      QVERIFY(ContrastRatio(code.foreground().color(),
                            code.background().color()) >= 4.5);
    }
    // Dark and light differ, and setPalette recolours.
    QTextDocument doc;
    doc.setPlainText("[a link](x)\n");
    MarkdownHighlighter h(ThemePalette(Theme::kLight), &doc);
    h.rehighlight();
    const QColor light = FormatAt(&doc, 0, 2).foreground().color();
    h.setPalette(ThemePalette(Theme::kDark));
    const QColor dark = FormatAt(&doc, 0, 2).foreground().color();
    QVERIFY(light != dark);
  }

  void onlyMarkdownFilesAreHighlightedAndSpellingIsUnchanged() {
    const QString dir = Environment().newFolder("md");
    for (const char* name : {"/notes.md", "/notes.txt"}) {
      QFile f(dir + name);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write("# The tset\n\nSome *wrold* here and `zzz`.\n");
    }
    auto w = std::make_unique<MainWindow>();
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.get()));
    QVERIFY(w->loadFile(dir + "/notes.md"));
    QVERIFY(w->current()->markdown() != nullptr);
    QVERIFY(WaitForChecking(w->editor()));
    const QStringList md = UnderlinedWords(w->editor());
    QTRY_COMPARE(KindAt(w->editor()->document(), 0, 3), QString("heading"));
    QVERIFY(w->loadFile(dir + "/notes.txt"));
    QVERIFY(w->current()->markdown() == nullptr);
    QVERIFY(WaitForChecking(w->editor()));
    QCOMPARE(KindAt(w->editor()->document(), 0, 3), QString());
    QCOMPARE(UnderlinedWords(w->editor()), md);
    QVERIFY2(md.contains("tset@6") && md.contains("wrold@18"),
             qPrintable(md.join(' ')));
    // Save As a .md turns it on.
    QVERIFY(w->saveFile(dir + "/renamed.md"));
    QVERIFY(w->current()->markdown() != nullptr);
  }
};

}  // namespace spellfilter::editor

int main(int argc, char** argv) {
  spellfilter::editor::MarkdownHighlighterTest test;
  return spellfilter::editor::RunEditorTest(&test, argc, argv);
}

#include "markdown_highlighter_test.moc"
