#include "app/editor/build_dictionary_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QRegularExpressionValidator>

#include "app/editor/dictionary_catalog.h"
#include "core/hunspell/import.h"

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
      language_(new QLineEdit(this)) {
  setWindowTitle(tr("Build Dictionary from Word List"));
  // The user's own language, not "und", until a word list's name says
  // another; empty where the system names none.
  if (const QLocale system = QLocale::system();
      system.language() != QLocale::C) {
    language_->setText(system.bcp47Name());
  }
  language_->setPlaceholderText(tr("such as en-US; empty: undetermined"));
  // Alt+O: Alt+B is the Build button's.
  auto* browse = new QPushButton(tr("Br&owse..."), this);
  browse->setObjectName(QStringLiteral("browse"));
  connect(browse, &QPushButton::clicked, this, &BuildDictionaryDialog::browse);
  auto* list_row = new QHBoxLayout;
  list_row->addWidget(word_list_, 1);
  list_row->addWidget(browse);
  name_->setValidator(new QRegularExpressionValidator(NamePattern(), this));
  language_->setToolTip(
      tr("A BCP 47 language tag such as en-US or de; it selects the case "
         "rules. \"und\" means undetermined."));

  // Typing or pasting a path fills in the name and language as Browse
  // does, until the user edits them.
  connect(word_list_, &QLineEdit::textEdited, this,
          [this](const QString& text) { fillFromPath(text); });
  connect(name_, &QLineEdit::textEdited, this, [this] { name_edited_ = true; });
  connect(language_, &QLineEdit::textEdited, this,
          [this] { language_edited_ = true; });

  auto* note = new QLabel(
      tr("A word list: UTF-8, one word per line; blank lines and lines "
         "starting with # are skipped. Or a Hunspell dictionary (.dic, with "
         "its .aff beside it), expanded into its word forms. The dictionary "
         "is saved in %1.")
          .arg(QDir::toNativeSeparators(UserDictionaryFolder())),
      this);
  note->setWordWrap(true);

  auto* form = new QFormLayout;
  // A row given as a layout gets a label without a buddy, which shows the
  // '&' literally: give the label its buddy here.
  auto* list_label = new QLabel(tr("&Word list:"), this);
  list_label->setBuddy(word_list_);
  form->addRow(list_label, list_row);
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
  // The rule `spellfilter build --hunspell` uses for file names, so
  // "en_GB-large" is en-GB. A bare language code followed by more
  // ("my-words") is too weak a sign, and the language must be one QLocale
  // knows.
  const QString tag = QString::fromStdString(
      HunspellLanguageTag((name + QStringLiteral(".dic")).toStdString()));
  const bool bare = !tag.contains(u'-');
  if (tag.isEmpty() || (bare && name.size() > tag.size()) ||
      QLocale(tag).language() == QLocale::C) {
    return QStringLiteral("und");
  }
  return tag;
}

QString BuildDictionaryDialog::BrowseFilters() {
  // Word lists often have no extension (/usr/share/dict/*): the first
  // filter, the one shown, lists every file.
  return tr(
      "All files (*);;Word lists (*.txt *.words *.lst);;Hunspell "
      "dictionaries (*.dic)");
}

void BuildDictionaryDialog::fillFromPath(const QString& path) {
  const QString base =
      QFileInfo(QDir::fromNativeSeparators(path.trimmed())).completeBaseName();
  if (base.isEmpty()) return;
  if (!name_edited_) {
    QString name = base;
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.+-]")),
                 QStringLiteral("_"));
    name_->setText(name.left(64));
  }
  if (!language_edited_) language_->setText(GuessLanguage(base));
}

void BuildDictionaryDialog::setWordList(const QString& path) {
  word_list_->setText(QDir::toNativeSeparators(path));
  fillFromPath(path);
}

void BuildDictionaryDialog::browse() {
  const QString folder = QFileInfo::exists(QStringLiteral("/usr/share/dict"))
                             ? QStringLiteral("/usr/share/dict")
                             : QDir::homePath();
  const QString path = QFileDialog::getOpenFileName(this, tr("Word List"),
                                                    folder, BrowseFilters());
  if (!path.isEmpty()) setWordList(path);
}

QString BuildDictionaryDialog::name() const { return name_->text(); }

QString BuildDictionaryDialog::language() const { return language_->text(); }

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
