// A message strip above the text ("the dictionary could not be opened"),
// for problems the user should see without being stopped by a dialog: the
// editor keeps editing. One message at a time, with optional action
// buttons and a close button.
#ifndef SPELLFILTER_APP_EDITOR_NOTICE_BAR_H_
#define SPELLFILTER_APP_EDITOR_NOTICE_BAR_H_

#include <QFrame>
#include <QList>

class QHBoxLayout;
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
  // Shows `text` with a button for each of `actions`, in order.
  void showMessage(const QString& text, const QList<QAction*>& actions);
  [[nodiscard]] QString text() const;
  // The strip's colours for the application's palette, light or dark
  // (done on each change of it too).
  void recolor();

 protected:
  // Follows the theme (QApplication's palette).
  bool event(QEvent* event) override;

 private:
  QLabel* label_;
  QHBoxLayout* buttons_;
  QList<QToolButton*> action_buttons_;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_NOTICE_BAR_H_
