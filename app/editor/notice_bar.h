// A message strip above the text ("the dictionary could not be opened"),
// for problems the user should see without being stopped by a dialog: the
// editor keeps editing. One message at a time, with an optional action
// button and a close button.
#ifndef SPELLFILTER_APP_EDITOR_NOTICE_BAR_H_
#define SPELLFILTER_APP_EDITOR_NOTICE_BAR_H_

#include <QFrame>

class QLabel;
class QToolButton;

namespace spellfilter::editor {

class NoticeBar : public QFrame {
  Q_OBJECT

 public:
  explicit NoticeBar(QWidget* parent = nullptr);
  Q_DISABLE_COPY_MOVE(NoticeBar)

  // Shows `text`; `action`, if given, becomes a button next to it.
  void showMessage(const QString& text, QAction* action = nullptr);
  [[nodiscard]] QString text() const;

 private:
  QLabel* label_;
  QToolButton* action_button_;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_NOTICE_BAR_H_
