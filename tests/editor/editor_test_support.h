// What the editor's Qt tests share: an isolated environment (temporary
// HOME and XDG folders, a small test dictionary built with core's
// DictionaryBuilder and made the default through $SPELLFILTER_DICTIONARY),
// answering modal message boxes, waiting for background checking, and
// reading the underlines back from the text layout.
#ifndef SPELLFILTER_TESTS_EDITOR_EDITOR_TEST_SUPPORT_H_
#define SPELLFILTER_TESTS_EDITOR_EDITOR_TEST_SUPPORT_H_

#include <QList>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTextBlock>
#include <memory>

#include "app/editor/utf8_text.h"

class QObject;
class QPlainTextEdit;

namespace spellfilter::editor {

class SpellTextEdit;

// The words of the test dictionary.
QStringList TestWords();

// Writes a dictionary of `words` to `path` with core's DictionaryBuilder.
bool BuildTestDictionary(const QString& path, const QStringList& words,
                         const QString& language = QStringLiteral("en-US"));

class TestEnvironment {
 public:
  // Sets the environment variables; call before QApplication exists.
  TestEnvironment();

  [[nodiscard]] QString root() const { return dir_.path(); }
  // The default dictionary (TestWords()), "test.sfd".
  [[nodiscard]] QString dictionary() const { return root() + "/test.sfd"; }
  [[nodiscard]] QString dataHome() const { return root() + "/data"; }
  [[nodiscard]] QString configHome() const { return root() + "/config"; }
  // A fresh empty folder under root().
  QString newFolder(const QString& name) const;
  // Deletes settings, user words, recovery files and user dictionaries.
  void reset() const;

 private:
  QTemporaryDir dir_;
};

// Runs `test` the way QTEST_MAIN would, in a TestEnvironment, with the
// application's organisation and name set as main.cpp sets them.
int RunEditorTest(QObject* test, int argc, char** argv);
TestEnvironment& Environment();

// Arranges for the next QMessageBox shown (within `timeout_ms`) to be
// answered by clicking the button whose text (without '&') is `button`.
// The flag returned turns true once it has been; the box's text is stored
// in *text if given.
std::shared_ptr<bool> AnswerNextMessageBox(const QString& button,
                                           int timeout_ms = 5000,
                                           QString* text = nullptr);

// Processes events until the editor's background checking is done.
bool WaitForChecking(SpellTextEdit* edit, int timeout_ms = 30000);

// The spans of `block` that `edit` underlines as misspelled when the block
// is on screen (SpellTextEdit paints them from this; the pixels themselves
// are tested in spell_highlighter_test).
QList<TextSpan> Underlined(const SpellTextEdit* edit, const QTextBlock& block);
// Underlined(edit, block) over the whole document, as "word@position"
// strings.
QStringList UnderlinedWords(const SpellTextEdit* edit);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_TESTS_EDITOR_EDITOR_TEST_SUPPORT_H_
