#include "app/editor/line_number_area.h"

#include "app/editor/spell_text_edit.h"

namespace spellfilter::editor {

LineNumberArea::LineNumberArea(SpellTextEdit* editor)
    : QWidget(editor), editor_(editor) {
  setObjectName(QStringLiteral("lineNumberArea"));
}

QSize LineNumberArea::sizeHint() const {
  return {editor_->lineNumberAreaWidth(), 0};
}

void LineNumberArea::paintEvent(QPaintEvent* event) {
  editor_->lineNumberAreaPaintEvent(event);
}

}  // namespace spellfilter::editor
