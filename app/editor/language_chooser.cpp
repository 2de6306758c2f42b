#include "app/editor/language_chooser.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>
#include <algorithm>

#include "app/editor/convert_dictionary_job.h"
#include "app/editor/dictionary_catalog.h"
#include "app/editor/language_list.h"

namespace spellfilter::editor {
namespace {

// Item data.
constexpr int kKindRole = Qt::UserRole;
constexpr int kValueRole = Qt::UserRole + 1;
constexpr int kSearchRole = Qt::UserRole + 2;

QString Native(const QString& path) { return QDir::toNativeSeparators(path); }

// Lower case, words separated by single spaces, with one in front: a
// query word then matches the start of a word (" ger" finds German, not
// Algeria; " de_" finds de_AT).
QString SearchWords(const QString& text) {
  QString out = QLatin1Char(' ') + text.toLower();
  for (QChar& c : out) {
    if (c == u'(' || c == u')' || c == u',') c = u' ';
  }
  return out;
}

}  // namespace

QString LanguageChooser::SearchText(const QString& tag) {
  QStringList words{tag, LanguageDisplayName(tag)};
  const QLocale locale(tag);
  if (locale.language() != QLocale::C) {
    words << locale.nativeLanguageName() << locale.nativeTerritoryName();
  }
  return SearchWords(words.join(QLatin1Char(' ')));
}

LanguageChooser::LanguageChooser(const QStringList& current, QWidget* parent)
    : QDialog(parent),
      filter_(new QLineEdit(this)),
      list_(new QTreeWidget(this)),
      count_(new QLabel(this)) {
  setObjectName(QStringLiteral("languageChooser"));
  setWindowTitle(tr("Document Language"));
  filter_->setObjectName(QStringLiteral("languageFilter"));
  filter_->setPlaceholderText(tr("Search languages (name or code)"));
  filter_->setClearButtonEnabled(true);
  filter_->installEventFilter(this);
  list_->installEventFilter(this);
  list_->setObjectName(QStringLiteral("languageList"));
  list_->setHeaderHidden(true);
  list_->setColumnCount(2);
  list_->setRootIsDecorated(false);
  list_->setUniformRowHeights(true);
  list_->setAllColumnsShowFocus(true);
  list_->header()->setStretchLastSection(false);
  list_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  list_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  count_->setObjectName(QStringLiteral("languageCount"));
  auto* buttons =
      new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("&Use"));
  second_ = buttons->addButton(tr("Add as &Second Language"),
                               QDialogButtonBox::ActionRole);
  second_->setObjectName(QStringLiteral("secondLanguage"));
  second_->setToolTip(
      tr("Check this language too, beside the document's: a word is right "
         "in either"));
  connect(second_, &QPushButton::clicked, this, [this] {
    as_second_ = true;
    acceptItem(list_->currentItem());
    if (chosen_ == nullptr) as_second_ = false;
  });
  // Only a language can be a second one.
  connect(list_, &QTreeWidget::currentItemChanged, this,
          [this](QTreeWidgetItem* item) {
            second_->setEnabled(item != nullptr && item->parent() != nullptr &&
                                static_cast<LanguageChoice::Kind>(
                                    item->data(0, kKindRole).toInt()) ==
                                    LanguageChoice::Kind::kDictionary &&
                                !item->font(0).bold());
          });
  auto* layout = new QVBoxLayout(this);
  auto* label = new QLabel(tr("&Language of this document:"), this);
  label->setBuddy(filter_);
  layout->addWidget(label);
  layout->addWidget(filter_);
  layout->addWidget(list_, 1);
  layout->addWidget(count_);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this,
          [this] { acceptItem(list_->currentItem()); });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(list_, &QTreeWidget::itemActivated, this,
          [this](QTreeWidgetItem* item) { acceptItem(item); });
  connect(filter_, &QLineEdit::textChanged, this, &LanguageChooser::setFilter);
  populate(current);
  setFilter(QString());
  // The current language is selected, so Enter keeps it.
  for (QTreeWidgetItemIterator it(list_); *it; ++it) {
    if ((*it)->parent() != nullptr && (*it)->font(0).bold()) {
      list_->setCurrentItem(*it);
      list_->scrollToItem(*it);
      break;
    }
  }
  resize(480, 440);
  filter_->setFocus();
}

QTreeWidgetItem* LanguageChooser::addGroup(const QString& title) {
  auto* group = new QTreeWidgetItem(list_, QStringList{title});
  group->setFlags(Qt::ItemIsEnabled);
  QFont bold = group->font(0);
  bold.setBold(true);
  group->setFont(0, bold);
  group->setForeground(0, palette().brush(QPalette::PlaceholderText));
  group->setFirstColumnSpanned(true);
  group->setExpanded(true);
  return group;
}

void LanguageChooser::populate(const QStringList& current) {
  QStringList current_absolute;
  for (const QString& p : current) {
    if (p == kAutoLanguage) continue;
    current_absolute.append(QFileInfo(p).absoluteFilePath());
  }
  auto add = [&](QTreeWidgetItem* group, const QString& label,
                 const QString& tag, LanguageChoice::Kind kind,
                 const QString& value, const QString& tip) {
    auto* item = new QTreeWidgetItem(group, QStringList{label, tag});
    item->setData(0, kKindRole, static_cast<int>(kind));
    item->setData(0, kValueRole, value);
    item->setData(0, kSearchRole, SearchText(tag) + SearchWords(label));
    item->setToolTip(0, tip);
    item->setForeground(1, palette().brush(QPalette::PlaceholderText));
    if (kind != LanguageChoice::Kind::kConvert &&
        current_absolute.contains(value)) {
      QFont bold = item->font(0);
      bold.setBold(true);
      item->setFont(0, bold);
      item->setText(0, tr("%1 (in use)").arg(label));
    }
    return item;
  };

  QTreeWidgetItem* several = addGroup(tr("Several languages"));
  QTreeWidgetItem* automatic =
      add(several, tr("Automatic (per sentence)"), QString(),
          LanguageChoice::Kind::kAutomatic, QString(kAutoLanguage),
          tr("Each sentence is checked in its language: among the "
             "document's languages when it has several, else among the "
             "installed ones"));
  automatic->setData(0, kSearchRole,
                     SearchWords(tr("automatic auto per sentence several "
                                    "languages")));
  if (current.startsWith(QString(kAutoLanguage))) {
    QFont bold = automatic->font(0);
    bold.setBold(true);
    automatic->setFont(0, bold);
    automatic->setText(0,
                       tr("%1 (in use)").arg(tr("Automatic (per sentence)")));
  }
  QTreeWidgetItem* installed = addGroup(tr("Installed"));
  QTreeWidgetItem* word_lists =
      addGroup(tr("Your word lists (add to the language)"));
  QTreeWidgetItem* convert =
      addGroup(tr("Convert on first use (system Hunspell dictionaries)"));
  QTreeWidgetItem* other = addGroup(tr("Other dictionaries"));
  for (const DictionaryEntry& e : FindDictionaries()) {
    const bool language = QLocale(e.name).language() != QLocale::C;
    // Built by the user and not named as a language ("mywords", not
    // "de_DE"): a word list, which adds to a language.
    if (!language && !e.user_built) {
      // Not a language (the programming words of code mode: cpp, python).
      add(other, e.name, QString(), LanguageChoice::Kind::kDictionary, e.path,
          Native(e.path));
    } else if (!language) {
      add(word_lists, e.name, QString(), LanguageChoice::Kind::kAddition,
          e.path,
          tr("Adds the words of %1 to the document's language")
              .arg(Native(e.path)));
    } else {
      add(installed, LanguageDisplayName(e.name), e.name,
          LanguageChoice::Kind::kDictionary, e.path, Native(e.path));
    }
  }
  for (const HunspellEntry& h : FindHunspellDictionaries()) {
    if (h.converted) {
      add(installed, h.name, h.tag, LanguageChoice::Kind::kDictionary, h.cached,
          tr("Converted from %1").arg(Native(h.source)));
    } else {
      add(convert, h.name, h.tag, LanguageChoice::Kind::kConvert, h.tag,
          tr("Converts %1 for spellfilter (a few seconds, in the background) "
             "and uses it")
              .arg(Native(h.source)));
    }
  }
  // An opened file that no folder lists (Open Dictionary File...).
  for (const QString& path : current_absolute) {
    bool listed = false;
    for (QTreeWidgetItemIterator it(list_); *it; ++it) {
      if ((*it)->data(0, kValueRole).toString() == path) listed = true;
    }
    if (!listed) {
      add(installed, QFileInfo(path).completeBaseName(), QString(),
          LanguageChoice::Kind::kDictionary, path, Native(path));
    }
  }
  for (QTreeWidgetItem* group : {installed, word_lists, convert, other}) {
    group->sortChildren(0, Qt::AscendingOrder);
  }
  Q_UNUSED(several);
  for (QTreeWidgetItem* group : {word_lists, convert, other}) {
    if (group->childCount() == 0) delete group;
  }
}

void LanguageChooser::setFilter(const QString& text) {
  const QStringList words =
      text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
  int shown = 0;
  for (int g = 0; g < list_->topLevelItemCount(); ++g) {
    QTreeWidgetItem* group = list_->topLevelItem(g);
    int group_shown = 0;
    for (int i = 0; i < group->childCount(); ++i) {
      QTreeWidgetItem* item = group->child(i);
      const QString search = item->data(0, kSearchRole).toString();
      const bool match =
          std::all_of(words.begin(), words.end(), [&](const QString& w) {
            return search.contains(QLatin1Char(' ') + w);
          });
      item->setHidden(!match);
      if (match) ++group_shown;
    }
    group->setHidden(group_shown == 0);
    shown += group_shown;
  }
  count_->setText(shown == 1 ? tr("1 language")
                             : tr("%L1 languages").arg(shown));
  if (list_->currentItem() == nullptr || list_->currentItem()->isHidden() ||
      !text.isEmpty()) {
    selectFirstVisible();
  }
}

int LanguageChooser::visibleCount() const {
  int shown = 0;
  for (QTreeWidgetItemIterator it(list_); *it; ++it) {
    if ((*it)->parent() != nullptr && !(*it)->isHidden()) ++shown;
  }
  return shown;
}

void LanguageChooser::selectFirstVisible() {
  for (QTreeWidgetItemIterator it(list_); *it; ++it) {
    if ((*it)->parent() != nullptr && !(*it)->isHidden()) {
      list_->setCurrentItem(*it);
      list_->scrollToItem(*it);
      return;
    }
  }
  list_->setCurrentItem(nullptr);
}

bool LanguageChooser::eventFilter(QObject* watched, QEvent* event) {
  // Typing in the list searches too (the search field takes the keys).
  if (watched == list_ && event->type() == QEvent::KeyPress) {
    const auto* key = static_cast<QKeyEvent*>(event);
    if (!key->text().isEmpty() && key->text().front().isPrint() &&
        (key->modifiers() & ~Qt::ShiftModifier) == Qt::NoModifier) {
      filter_->setFocus();
      filter_->insert(key->text());
      return true;
    }
  }
  // Up and Down in the search field move in the list, as in a combo box.
  if (watched == filter_ && event->type() == QEvent::KeyPress) {
    const int key = static_cast<QKeyEvent*>(event)->key();
    if (key == Qt::Key_Up || key == Qt::Key_Down || key == Qt::Key_PageUp ||
        key == Qt::Key_PageDown) {
      QTreeWidgetItem* item = list_->currentItem();
      const bool down = key == Qt::Key_Down || key == Qt::Key_PageDown;
      const int steps =
          (key == Qt::Key_PageUp || key == Qt::Key_PageDown) ? 10 : 1;
      for (int s = 0; s < steps; ++s) {
        QTreeWidgetItem* next = item;
        do {
          next = down ? list_->itemBelow(next) : list_->itemAbove(next);
        } while (next != nullptr && next->parent() == nullptr);
        if (next == nullptr) break;
        item = next;
      }
      if (item != nullptr) list_->setCurrentItem(item);
      return true;
    }
    if (key == Qt::Key_Return || key == Qt::Key_Enter) {
      acceptItem(list_->currentItem());
      return true;
    }
  }
  return QDialog::eventFilter(watched, event);
}

void LanguageChooser::acceptItem(QTreeWidgetItem* item) {
  if (item == nullptr || item->parent() == nullptr || item->isHidden()) return;
  chosen_ = item;
  emit chosen(choice());
  accept();
}

LanguageChoice LanguageChooser::choice() const {
  LanguageChoice c;
  if (chosen_ == nullptr) return c;
  c.kind =
      static_cast<LanguageChoice::Kind>(chosen_->data(0, kKindRole).toInt());
  if (as_second_ && c.kind == LanguageChoice::Kind::kDictionary) {
    c.kind = LanguageChoice::Kind::kSecondLanguage;
  }
  const QString value = chosen_->data(0, kValueRole).toString();
  if (c.kind == LanguageChoice::Kind::kConvert) {
    c.tag = value;
  } else {
    c.path = value;
  }
  return c;
}

}  // namespace spellfilter::editor
