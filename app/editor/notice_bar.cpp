#include "app/editor/notice_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace spellfilter::editor {

NoticeBar::NoticeBar(QWidget* parent)
    : QFrame(parent),
      label_(new QLabel(this)),
      action_button_(new QToolButton(this)) {
  setObjectName(QStringLiteral("noticeBar"));
  setFrameShape(QFrame::StyledPanel);
  setAutoFillBackground(true);
  QPalette p = palette();
  p.setColor(QPalette::Window, QColor(0xFF, 0xF3, 0xCD));
  p.setColor(QPalette::WindowText, QColor(0x66, 0x4D, 0x03));
  setPalette(p);

  auto* icon = new QLabel(this);
  const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
  icon->setPixmap(
      style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(size, size));
  label_->setWordWrap(true);
  label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  action_button_->setToolButtonStyle(Qt::ToolButtonTextOnly);
  auto* close = new QToolButton(this);
  close->setAutoRaise(true);
  close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
  close->setToolTip(tr("Close"));
  connect(close, &QToolButton::clicked, this, &QWidget::hide);

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 4, 6, 4);
  layout->addWidget(icon);
  layout->addWidget(label_, 1);
  layout->addWidget(action_button_);
  layout->addWidget(close);
  hide();
}

void NoticeBar::showMessage(const QString& text, QAction* action) {
  label_->setText(text);
  action_button_->setDefaultAction(action);
  action_button_->setVisible(action != nullptr);
  show();
}

QString NoticeBar::text() const {
  return isVisible() ? label_->text() : QString();
}

}  // namespace spellfilter::editor
