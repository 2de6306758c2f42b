#include "app/editor/notice_bar.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

#include "app/editor/theme.h"

namespace spellfilter::editor {

NoticeBar::NoticeBar(QWidget* parent)
    : QFrame(parent), label_(new QLabel(this)), buttons_(new QHBoxLayout) {
  setObjectName(QStringLiteral("noticeBar"));
  setFrameShape(QFrame::StyledPanel);
  setAutoFillBackground(true);
  recolor();

  auto* icon = new QLabel(this);
  const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
  icon->setPixmap(
      style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(size, size));
  label_->setWordWrap(true);
  label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* close = new QToolButton(this);
  close->setAutoRaise(true);
  close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
  close->setToolTip(tr("Close"));
  connect(close, &QToolButton::clicked, this, &QWidget::hide);

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 4, 6, 4);
  layout->addWidget(icon);
  layout->addWidget(label_, 1);
  layout->addLayout(buttons_);
  layout->addWidget(close);
  hide();
}

void NoticeBar::showMessage(const QString& text, QAction* action) {
  showMessage(text,
              action != nullptr ? QList<QAction*>{action} : QList<QAction*>());
}

void NoticeBar::showMessage(const QString& text,
                            const QList<QAction*>& actions) {
  label_->setText(text);
  while (action_buttons_.size() < actions.size()) {
    auto* button = new QToolButton(this);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    buttons_->addWidget(button);
    action_buttons_.append(button);
  }
  for (qsizetype i = 0; i < action_buttons_.size(); ++i) {
    QToolButton* button = action_buttons_[i];
    const bool used = i < actions.size();
    // A button keeps its last action's text until given a new one.
    if (used) button->setDefaultAction(actions[i]);
    button->setVisible(used);
  }
  show();
}

QString NoticeBar::text() const {
  return isVisible() ? label_->text() : QString();
}

void NoticeBar::recolor() {
  // Amber in both themes: pale with dark text in a light one, dark with
  // pale text in a dark one (both above 7:1).
  QPalette p = palette();
  if (IsDark(QApplication::palette())) {
    p.setColor(QPalette::Window, QColor(0x4A, 0x3B, 0x0C));
    p.setColor(QPalette::WindowText, QColor(0xFF, 0xE8, 0xA8));
  } else {
    p.setColor(QPalette::Window, QColor(0xFF, 0xF3, 0xCD));
    p.setColor(QPalette::WindowText, QColor(0x66, 0x4D, 0x03));
  }
  setPalette(p);
}

bool NoticeBar::event(QEvent* event) {
  if (event->type() == QEvent::ApplicationPaletteChange) recolor();
  return QFrame::event(event);
}

}  // namespace spellfilter::editor
