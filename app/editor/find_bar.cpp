#include "app/editor/find_bar.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStyle>
#include <QTextEdit>
#include <QToolButton>

#include "app/editor/soft_lines.h"

namespace spellfilter::editor {

FindBar::FindBar(QPlainTextEdit* edit, QWidget* parent)
    : QWidget(parent),
      edit_(edit),
      find_(new QLineEdit(this)),
      replace_(new QLineEdit(this)),
      match_case_(new QCheckBox(tr("Match &case"), this)),
      whole_words_(new QCheckBox(tr("&Whole words"), this)),
      regex_(new QCheckBox(tr("Regular e&xpression"), this)),
      replace_label_(new QLabel(tr("Rep&lace with:"), this)),
      replace_button_(new QPushButton(tr("&Replace"), this)),
      replace_all_button_(new QPushButton(tr("Replace &All"), this)),
      message_(new QLabel(this)) {
  setObjectName(QStringLiteral("findBar"));
  find_->setObjectName(QStringLiteral("findText"));
  find_->setClearButtonEnabled(true);
  find_->setPlaceholderText(tr("Find"));
  replace_->setObjectName(QStringLiteral("replaceText"));
  replace_->setPlaceholderText(tr("Replace with"));
  auto* find_label = new QLabel(tr("&Find:"), this);
  find_label->setBuddy(find_);
  replace_label_->setBuddy(replace_);
  auto* previous = new QPushButton(tr("&Previous"), this);
  auto* next = new QPushButton(tr("&Next"), this);
  auto* close = new QToolButton(this);
  close->setAutoRaise(true);
  close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
  close->setToolTip(tr("Close (Esc)"));

  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(6, 4, 6, 4);
  grid->addWidget(find_label, 0, 0);
  grid->addWidget(find_, 0, 1);
  grid->addWidget(previous, 0, 2);
  grid->addWidget(next, 0, 3);
  grid->addWidget(match_case_, 0, 4);
  grid->addWidget(whole_words_, 0, 5);
  grid->addWidget(regex_, 0, 6);
  grid->addWidget(close, 0, 8);
  grid->addWidget(replace_label_, 1, 0);
  grid->addWidget(replace_, 1, 1);
  grid->addWidget(replace_button_, 1, 2);
  grid->addWidget(replace_all_button_, 1, 3);
  grid->addWidget(message_, 1, 4, 1, 4);
  grid->setColumnStretch(1, 1);

  connect(previous, &QPushButton::clicked, this, &FindBar::findPrevious);
  connect(next, &QPushButton::clicked, this, &FindBar::findNext);
  connect(find_, &QLineEdit::returnPressed, this, &FindBar::findNext);
  connect(replace_, &QLineEdit::returnPressed, this, &FindBar::replace);
  connect(replace_button_, &QPushButton::clicked, this, &FindBar::replace);
  connect(replace_all_button_, &QPushButton::clicked, this,
          &FindBar::replaceAll);
  connect(close, &QToolButton::clicked, this, &QWidget::hide);

  highlight_timer_.setSingleShot(true);
  highlight_timer_.setInterval(150);
  connect(&highlight_timer_, &QTimer::timeout, this,
          &FindBar::highlightMatches);
  auto rehighlight = [this] {
    say(QString());
    highlight_timer_.start();
  };
  connect(find_, &QLineEdit::textChanged, this, rehighlight);
  for (QCheckBox* box : {match_case_, whole_words_, regex_}) {
    connect(box, &QCheckBox::toggled, this, rehighlight);
  }
  hide();
}

void FindBar::open(bool replace) {
  const QString selected = RealText(edit_->textCursor());
  if (!selected.isEmpty() && !selected.contains(u'\n')) {
    find_->setText(regex_->isChecked() ? QRegularExpression::escape(selected)
                                       : selected);
  }
  for (QWidget* w : std::initializer_list<QWidget*>{
           replace_label_, replace_, replace_button_, replace_all_button_}) {
    w->setVisible(replace);
  }
  show();
  find_->setFocus();
  find_->selectAll();
  highlightMatches();
}

QString FindBar::message() const { return message_->text(); }

void FindBar::say(const QString& text) { message_->setText(text); }

TextSearch FindBar::search() const {
  return TextSearch(find_->text(), SearchOptions{match_case_->isChecked(),
                                                 whole_words_->isChecked(),
                                                 regex_->isChecked()});
}

bool FindBar::find(bool forward) {
  const TextSearch s = search();
  if (!s.isValid()) {
    say(s.errorString());
    return false;
  }
  const QTextCursor cursor = edit_->textCursor();
  bool wrapped = false;
  const std::optional<QTextCursor> found =
      s.find(edit_->document(),
             forward ? cursor.selectionEnd() : cursor.selectionStart(), forward,
             &wrapped);
  if (!found) {
    say(tr("Not found"));
    return false;
  }
  edit_->setTextCursor(*found);
  edit_->ensureCursorVisible();
  // "3 of 12", as gedit says (counting up to kMaxHighlights).
  const QList<QTextCursor> all = s.findAll(edit_->document(), kMaxHighlights);
  QString where;
  for (qsizetype i = 0; i < all.size(); ++i) {
    if (all[i].selectionStart() == found->selectionStart()) {
      where = all.size() < kMaxHighlights
                  ? tr("%L1 of %L2").arg(i + 1).arg(all.size())
                  : tr("%L1 of more than %L2").arg(i + 1).arg(kMaxHighlights);
      break;
    }
  }
  const QString turn = wrapped ? (forward ? tr("Continued from the beginning")
                                          : tr("Continued from the end"))
                               : QString();
  say(turn.isEmpty() || where.isEmpty()
          ? turn + where
          : turn + QStringLiteral(" \u2014 ") + where);
  return true;
}

bool FindBar::findNext() { return find(true); }

bool FindBar::findPrevious() { return find(false); }

void FindBar::replace() {
  const TextSearch s = search();
  QTextCursor cursor = edit_->textCursor();
  if (s.matchesExactly(RealText(cursor))) {
    const QString text = s.replacementFor(RealText(cursor), replace_->text());
    InsertText(cursor, text);
    edit_->setTextCursor(cursor);
  }
  findNext();
  highlightMatches();
}

int FindBar::replaceAll() {
  const TextSearch s = search();
  if (!s.isValid()) {
    say(s.errorString());
    return 0;
  }
  const int count = s.replaceAll(edit_->document(), replace_->text());
  say(count == 0 ? tr("Not found") : tr("%n replaced", nullptr, count));
  highlightMatches();
  return count;
}

void FindBar::highlightMatches() {
  QList<QTextEdit::ExtraSelection> selections;
  const TextSearch s = search();
  if (isVisible() && s.isValid()) {
    QTextCharFormat format;
    format.setBackground(QColor(0xFF, 0xE0, 0x66));
    format.setForeground(Qt::black);
    const QList<QTextCursor> all = s.findAll(edit_->document(), kMaxHighlights);
    for (const QTextCursor& c : all) selections.append({c, format});
    if (!find_->text().isEmpty() && message().isEmpty()) {
      if (all.isEmpty()) {
        say(tr("Not found"));
      } else if (all.size() == 1) {
        say(tr("1 match"));
      } else if (all.size() < kMaxHighlights) {
        say(tr("%L1 matches").arg(all.size()));
      } else {
        say(tr("more than %L1 matches").arg(kMaxHighlights));
      }
    }
  } else if (!find_->text().isEmpty() && !s.errorString().isEmpty()) {
    say(s.errorString());
  }
  edit_->setExtraSelections(selections);
}

void FindBar::keyPressEvent(QKeyEvent* event) {
  if (event->key() == Qt::Key_Escape) {
    hide();
    edit_->setFocus();
    return;
  }
  QWidget::keyPressEvent(event);
}

void FindBar::hideEvent(QHideEvent* event) {
  if (edit_) edit_->setExtraSelections({});
  QWidget::hideEvent(event);
}

}  // namespace spellfilter::editor
