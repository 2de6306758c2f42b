#include "app/editor/build_dictionary_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>

#include "app/editor/dictionary_catalog.h"

namespace spellfilter::editor {
namespace {

const QRegularExpression& NamePattern() {
  static const QRegularExpression pattern(
      QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.+-]{0,63}$"));
  return pattern;
}

}  // namespace

BuildDictionaryDialog::BuildDictionaryDialog(QWidget* parent)
    : QDialog(parent),
      word_list_(new QLineEdit(this)),
      name_(new QLineEdit(this)),
      language_(new QLineEdit(QStringLiteral("und"), this)) {
  setWindowTitle(tr("Build Dictionary from Word List"));
  auto* browse = new QPushButton(tr("&Browse..."), this);
  connect(browse, &QPushButton::clicked, this, &BuildDictionaryDialog::browse);
  auto* list_row = new QHBoxLayout;
  list_row->addWidget(word_list_, 1);
  list_row->addWidget(browse);
  name_->setValidator(new QRegularExpressionValidator(NamePattern(), this));
  language_->setToolTip(
      tr("A BCP 47 language tag such as en-US or de; it selects the case "
         "rules. \"und\" means undetermined."));

  auto* note = new QLabel(
      tr("UTF-8, one word per line; blank lines and lines starting with # "
         "are skipped. The dictionary is saved in %1.")
          .arg(QDir::toNativeSeparators(UserDictionaryFolder())),
      this);
  note->setWordWrap(true);

  auto* form = new QFormLayout;
  form->addRow(tr("&Word list:"), list_row);
  form->addRow(tr("&Name:"), name_);
  form->addRow(tr("&Language:"), language_);
  auto* buttons = new QDialogButtonBox(
      QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("&Build"));
  connect(buttons, &QDialogButtonBox::accepted, this,
          &BuildDictionaryDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(note);
  layout->addWidget(buttons);
  resize(520, sizeHint().height());
}

QString BuildDictionaryDialog::GuessLanguage(const QString& name) {
  static const QRegularExpression tag(
      QStringLiteral("^([a-z]{2,3})(?:[_-]([A-Z]{2}))?$"));
  const QRegularExpressionMatch m = tag.match(name);
  if (!m.hasMatch()) return QStringLiteral("und");
  return m.captured(2).isEmpty() ? m.captured(1)
                                 : m.captured(1) + u'-' + m.captured(2);
}

void BuildDictionaryDialog::setWordList(const QString& path) {
  word_list_->setText(QDir::toNativeSeparators(path));
  const QString base = QFileInfo(path).completeBaseName();
  name_->setText(base);
  language_->setText(GuessLanguage(base));
}

void BuildDictionaryDialog::browse() {
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Word List"), QDir::homePath(),
      tr("Word lists (*.txt *.dic *.words *.lst);;All files (*)"));
  if (!path.isEmpty()) setWordList(path);
}

BuildRequest BuildDictionaryDialog::request() const {
  BuildRequest r;
  r.word_list = QDir::fromNativeSeparators(word_list_->text().trimmed());
  r.output =
      UserDictionaryFolder() + u'/' + name_->text() + QStringLiteral(".sfd");
  r.language = language_->text().trimmed();
  if (r.language.isEmpty()) r.language = QStringLiteral("und");
  return r;
}

void BuildDictionaryDialog::accept() {
  const BuildRequest r = request();
  if (!QFileInfo(r.word_list).isFile()) {
    QMessageBox::warning(this, windowTitle(),
                         tr("Choose a word list file to build from."));
    return;
  }
  if (!NamePattern().match(name_->text()).hasMatch()) {
    QMessageBox::warning(this, windowTitle(),
                         tr("Give the dictionary a name: letters, digits, "
                            "and _ . + - after the first character."));
    return;
  }
  if (QFileInfo::exists(r.output) &&
      QMessageBox::question(
          this, windowTitle(),
          tr("A dictionary named \u201C%1\u201D exists. Replace it?")
              .arg(name_->text())) != QMessageBox::Yes) {
    return;
  }
  QDialog::accept();
}

}  // namespace spellfilter::editor
