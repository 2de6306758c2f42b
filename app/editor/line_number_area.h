// The gutter beside a SpellTextEdit that shows line (block) numbers, as in
// Qt's "Code Editor" example: the widget only forwards its painting to the
// editor, which knows where each block is on screen.
#ifndef SPELLFILTER_APP_EDITOR_LINE_NUMBER_AREA_H_
#define SPELLFILTER_APP_EDITOR_LINE_NUMBER_AREA_H_

#include <QWidget>

namespace spellfilter::editor {

class SpellTextEdit;

class LineNumberArea : public QWidget {
  Q_OBJECT

 public:
  explicit LineNumberArea(SpellTextEdit* editor);

  [[nodiscard]] QSize sizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  SpellTextEdit* editor_;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_LINE_NUMBER_AREA_H_
