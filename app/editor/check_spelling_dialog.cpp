#include "app/editor/check_spelling_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTextBlock>
#include <QVBoxLayout>

#include "app/editor/spell_service.h"
#include "app/editor/spell_text_edit.h"

namespace spellfilter::editor {
namespace {

constexpr int kMaxSuggestions = 10;
constexpr int kContextChars = 40;  // shown on each side of the word

}  // namespace

CheckSpellingDialog::CheckSpellingDialog(SpellTextEdit* edit, QWidget* parent)
    : QDialog(parent),
      edit_(edit),
      word_label_(new QLabel(this)),
      context_(new QLabel(this)),
      replacement_(new QLineEdit(this)),
      suggestion_list_(new QListWidget(this)),
      message_(new QLabel(this)),
      ignore_(new QPushButton(tr("&Ignore"), this)),
      ignore_all_(new QPushButton(tr("I&gnore All"), this)),
      add_(new QPushButton(tr("&Add to Dictionary"), this)),
      replace_(new QPushButton(tr("&Replace"), this)),
      replace_all_(new QPushButton(tr("Replace A&ll"), this)) {
  setWindowTitle(tr("Check Spelling"));
  setObjectName(QStringLiteral("checkSpellingDialog"));
  QFont bold = word_label_->font();
  bold.setBold(true);
  word_label_->setFont(bold);
  word_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  context_->setTextFormat(Qt::RichText);
  context_->setWordWrap(true);
  message_->setWordWrap(true);
  suggestion_list_->setObjectName(QStringLiteral("suggestions"));

  auto* form = new QFormLayout;
  form->addRow(tr("Not in dictionary:"), word_label_);
  form->addRow(tr("Context:"), context_);
  form->addRow(tr("Change &to:"), replacement_);
  form->addRow(tr("&Suggestions:"), suggestion_list_);

  auto* buttons = new QVBoxLayout;
  for (QPushButton* b : {replace_, replace_all_, ignore_, ignore_all_, add_}) {
    b->setAutoDefault(false);
    buttons->addWidget(b);
  }
  replace_->setDefault(true);
  buttons->addStretch();
  auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
  buttons->addWidget(close);

  auto* top = new QHBoxLayout;
  top->addLayout(form, 1);
  top->addLayout(buttons);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(message_);

  connect(ignore_, &QPushButton::clicked, this, &CheckSpellingDialog::ignore);
  connect(ignore_all_, &QPushButton::clicked, this,
          &CheckSpellingDialog::ignoreAll);
  connect(add_, &QPushButton::clicked, this,
          &CheckSpellingDialog::addToDictionary);
  connect(replace_, &QPushButton::clicked, this, &CheckSpellingDialog::replace);
  connect(replace_all_, &QPushButton::clicked, this,
          &CheckSpellingDialog::replaceAll);
  connect(suggestion_list_, &QListWidget::currentTextChanged, replacement_,
          &QLineEdit::setText);
  connect(suggestion_list_, &QListWidget::itemActivated, this,
          &CheckSpellingDialog::replace);
  resize(520, 320);
}

void CheckSpellingDialog::start() {
  if (!edit_) return;
  start_ = QTextCursor(edit_->document());
  start_.setPosition(edit_->textCursor().selectionStart());
  wrapped_ = false;
  found_any_ = false;
  current_ = QTextCursor();
  message_->clear();
  if (!edit_->service()->hasDictionary()) {
    finish(false);
    message_->setText(
        tr("No dictionary is loaded; choose one in the "
           "Dictionary menu."));
    return;
  }
  showNextFrom(start_.position());
}

QString CheckSpellingDialog::currentWord() const {
  return current_.isNull() ? QString() : current_.selectedText();
}

QString CheckSpellingDialog::message() const { return message_->text(); }

QStringList CheckSpellingDialog::suggestions() const {
  QStringList list;
  for (int i = 0; i < suggestion_list_->count(); ++i) {
    list.append(suggestion_list_->item(i)->text());
  }
  return list;
}

void CheckSpellingDialog::setReplacement(const QString& text) {
  replacement_->setText(text);
}

void CheckSpellingDialog::showNextFrom(int position) {
  std::optional<QTextCursor> next = edit_->findMisspelling(position, true);
  if (!next && !wrapped_) {
    wrapped_ = true;
    message_->setText(tr("Continued from the beginning of the document."));
    next = edit_->findMisspelling(0, true);
  }
  // After wrapping, reaching the starting point ends the round.
  if (next && wrapped_ && next->selectionStart() >= start_.position()) {
    next.reset();
  }
  if (!next) {
    finish(!found_any_);
    return;
  }
  found_any_ = true;
  showWord(*next);
}

void CheckSpellingDialog::showWord(const QTextCursor& word) {
  current_ = word;
  edit_->setTextCursor(word);
  edit_->ensureCursorVisible();
  const QString text = word.selectedText();
  word_label_->setText(text);

  const QTextBlock block = word.block();
  const QString line = block.text();
  const int start = word.selectionStart() - block.position();
  const int end = word.selectionEnd() - block.position();
  const int from = qMax(0, start - kContextChars);
  const int to = qMin(line.size(), end + kContextChars);
  context_->setText((from > 0 ? QStringLiteral("\u2026") : QString()) +
                    line.mid(from, start - from).toHtmlEscaped() +
                    QStringLiteral("<b><font color=\"#c00000\">%1</font></b>")
                        .arg(text.toHtmlEscaped()) +
                    line.mid(end, to - end).toHtmlEscaped() +
                    (to < line.size() ? QStringLiteral("\u2026") : QString()));

  SpellService* service = edit_->service();
  suggestion_list_->clear();
  if (service->canSuggest()) {
    const QTextBlock block = current_.block();
    suggestion_list_->addItems(service->suggestions(
        text, kMaxSuggestions,
        service->languageAt(block.text(),
                            current_.selectionStart() - block.position())));
  }
  if (suggestion_list_->count() > 0) {
    suggestion_list_->setCurrentRow(0);
  } else {
    replacement_->setText(text);
    suggestion_list_->addItem(service->canSuggest()
                                  ? tr("(no suggestions)")
                                  : tr("(suggestions not available)"));
    suggestion_list_->item(0)->setFlags(Qt::NoItemFlags);
  }
  for (QWidget* w : std::initializer_list<QWidget*>{
           ignore_, ignore_all_, replace_, replace_all_, replacement_,
           suggestion_list_}) {
    w->setEnabled(true);
  }
  add_->setEnabled(service->hasUserDictionary());
  replacement_->setFocus();
  replacement_->selectAll();
}

void CheckSpellingDialog::finish(bool clean) {
  current_ = QTextCursor();
  word_label_->clear();
  context_->clear();
  replacement_->clear();
  suggestion_list_->clear();
  for (QWidget* w : std::initializer_list<QWidget*>{
           ignore_, ignore_all_, add_, replace_, replace_all_, replacement_,
           suggestion_list_}) {
    w->setEnabled(false);
  }
  message_->setText(clean ? tr("The document has no misspellings.")
                          : tr("Finished checking the document."));
}

void CheckSpellingDialog::ignore() {
  if (current_.isNull()) return;
  showNextFrom(current_.selectionEnd());
}

void CheckSpellingDialog::ignoreAll() {
  if (current_.isNull()) return;
  const int from = current_.selectionStart();
  edit_->service()->ignoreAll(current_.selectedText());
  showNextFrom(from);
}

void CheckSpellingDialog::addToDictionary() {
  if (current_.isNull()) return;
  const int from = current_.selectionStart();
  QString error;
  const QTextBlock block = current_.block();
  const int language = edit_->service()->languageAt(
      block.text(), current_.selectionStart() - block.position());
  if (!edit_->service()->addWord(current_.selectedText(), &error, language)) {
    message_->setText(error);
    return;
  }
  showNextFrom(from);
}

void CheckSpellingDialog::replace() {
  if (current_.isNull()) return;
  const int from = current_.selectionStart();
  const QString text = replacement_->text();
  edit_->replace(current_, text);
  showNextFrom(from + text.size());
}

void CheckSpellingDialog::replaceAll() {
  if (current_.isNull()) return;
  int from = current_.selectionStart();
  const QString text = replacement_->text();
  edit_->replaceAll(current_.selectedText(), text, &from);
  showNextFrom(from + text.size());
}

}  // namespace spellfilter::editor
