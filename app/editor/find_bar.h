// Find and Replace, as a bar below the text (Kate's and gedit's place for
// it): the search text, Match case, Whole words, Regular expression,
// Previous / Next, and in replace mode the replacement, Replace and
// Replace All (one undo step). Every match in the document is highlighted
// (up to kMaxHighlights) while the bar is open. Escape closes it. The
// searching itself is TextSearch.
#ifndef SPELLFILTER_APP_EDITOR_FIND_BAR_H_
#define SPELLFILTER_APP_EDITOR_FIND_BAR_H_

#include <QPointer>
#include <QTimer>
#include <QWidget>

#include "app/editor/text_search.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace spellfilter::editor {

class FindBar : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kMaxHighlights = 10000;

  // `edit` must outlive the bar.
  explicit FindBar(QPlainTextEdit* edit, QWidget* parent = nullptr);
  Q_DISABLE_COPY_MOVE(FindBar)

  // Opens the bar for finding (replace = false) or replacing, with the
  // selection (one line of it) as the search text, and focuses it.
  void open(bool replace);
  // Selects the next / previous match, wrapping; false if there is none.
  bool findNext();
  bool findPrevious();
  // Replaces the selected match (if the selection is one) and selects the
  // next.
  void replace();
  // Replaces every match as one undo step; returns how many.
  int replaceAll();

  [[nodiscard]] QLineEdit* findEdit() const { return find_; }
  [[nodiscard]] QLineEdit* replaceEdit() const { return replace_; }
  [[nodiscard]] QCheckBox* matchCaseBox() const { return match_case_; }
  [[nodiscard]] QCheckBox* wholeWordsBox() const { return whole_words_; }
  [[nodiscard]] QCheckBox* regularExpressionBox() const { return regex_; }
  // What the bar last said ("Not found", "3 replaced", a regex error).
  [[nodiscard]] QString message() const;

 protected:
  void keyPressEvent(QKeyEvent* event) override;
  void hideEvent(QHideEvent* event) override;

 private:
  [[nodiscard]] TextSearch search() const;
  bool find(bool forward);
  void highlightMatches();
  void say(const QString& text);

  QPointer<QPlainTextEdit> edit_;  // may go first when the window closes
  QLineEdit* find_;
  QLineEdit* replace_;
  QCheckBox* match_case_;
  QCheckBox* whole_words_;
  QCheckBox* regex_;
  QLabel* replace_label_;
  QPushButton* replace_button_;
  QPushButton* replace_all_button_;
  QLabel* message_;
  QTimer highlight_timer_;  // highlighting waits for a pause in typing
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_FIND_BAR_H_
