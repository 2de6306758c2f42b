// Check Spelling (F7): steps through the document's misspellings from the
// cursor, selecting each in the editor, with its suggestions, and Replace,
// Replace All, Ignore, Ignore All, Add to Dictionary. At the end of the
// document it continues from the beginning, and it stops when it is back
// where it started, saying whether the document is clean. Modeless: the
// user can edit the text in between.
#ifndef SPELLFILTER_APP_EDITOR_CHECK_SPELLING_DIALOG_H_
#define SPELLFILTER_APP_EDITOR_CHECK_SPELLING_DIALOG_H_

#include <QDialog>
#include <QPointer>
#include <QTextCursor>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace spellfilter::editor {

class SpellTextEdit;

class CheckSpellingDialog : public QDialog {
  Q_OBJECT

 public:
  explicit CheckSpellingDialog(SpellTextEdit* edit, QWidget* parent = nullptr);
  // The text the dialog walks (null once it is gone).
  [[nodiscard]] SpellTextEdit* editor() const { return edit_; }
  Q_DISABLE_COPY_MOVE(CheckSpellingDialog)

  // Starts a round from the editor's cursor and shows the first
  // misspelling (or that there is none).
  void start();

  // The word shown, empty when the round is over.
  [[nodiscard]] QString currentWord() const;
  [[nodiscard]] QString message() const;
  [[nodiscard]] QStringList suggestions() const;
  void setReplacement(const QString& text);

  void ignore();
  void ignoreAll();
  void addToDictionary();
  void replace();
  void replaceAll();

 private:
  void showNextFrom(int position);
  void showWord(const QTextCursor& word);
  void finish(bool clean);

  QPointer<SpellTextEdit> edit_;
  QTextCursor start_;  // where the round began; follows edits
  QTextCursor current_;
  bool wrapped_ = false;
  bool found_any_ = false;

  QLabel* word_label_;
  QLabel* context_;
  QLineEdit* replacement_;
  QListWidget* suggestion_list_;
  QLabel* message_;
  QPushButton* ignore_;
  QPushButton* ignore_all_;
  QPushButton* add_;
  QPushButton* replace_;
  QPushButton* replace_all_;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_CHECK_SPELLING_DIALOG_H_
