#include "app/editor/dictionary_menu.h"

#include <QActionGroup>
#include <QDir>
#include <QFileInfo>

#include "app/editor/dictionary_catalog.h"

namespace spellfilter::editor {

DictionaryMenu::DictionaryMenu(QWidget* parent)
    : QMenu(tr("&Dictionary"), parent), group_(new QActionGroup(this)) {
  group_->setExclusive(true);
  setToolTipsVisible(true);
  list_end_ = addSeparator();
  open_file_ = addAction(tr("&Open Dictionary File..."));
  build_ = addAction(tr("&Build Dictionary from Word List..."));
  QAction* refresh_action = addAction(tr("&Refresh List"));
  connect(refresh_action, &QAction::triggered, this, &DictionaryMenu::refresh);
  connect(this, &QMenu::aboutToShow, this, &DictionaryMenu::refresh);
  // The folders are not read here: the list is built when the menu first
  // opens (a start with ~150 system dictionaries paid for scanning them
  // before the window's first paint; issue 35 item 1).
}

void DictionaryMenu::setCurrentPath(const QString& path) {
  current_ = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
  // Built already: only the check mark moves (the folders are read again
  // when the menu opens).
  bool listed = false;
  for (QAction* a : group_->actions()) {
    const bool is_current = !current_.isEmpty() && a->data() == current_;
    if (a->isCheckable()) a->setChecked(is_current);
    listed = listed || is_current;
  }
  if (!listed && !group_->actions().isEmpty()) refresh();
}

void DictionaryMenu::refresh() {
  for (QAction* a : group_->actions()) {
    group_->removeAction(a);
    removeAction(a);
    a->deleteLater();
  }
  for (QAction* a : convert_) {
    removeAction(a);
    a->deleteLater();
  }
  convert_.clear();
  const QList<DictionaryEntry> entries = FindDictionaries();
  bool current_listed = false;
  for (const DictionaryEntry& e : entries) {
    QAction* a = new QAction(
        e.user_built ? tr("%1 (built by you)").arg(e.name) : e.name, this);
    a->setCheckable(true);
    a->setData(e.path);
    a->setToolTip(QDir::toNativeSeparators(e.path));
    a->setStatusTip(QDir::toNativeSeparators(e.path));
    if (e.path == current_) {
      a->setChecked(true);
      current_listed = true;
    }
    connect(a, &QAction::triggered, this,
            [this, path = e.path] { emit dictionaryChosen(path); });
    group_->addAction(a);
    insertAction(list_end_, a);
  }
  QList<HunspellEntry> to_convert;
  for (const HunspellEntry& h : FindHunspellDictionaries()) {
    if (!h.converted) {
      to_convert.append(h);
      continue;
    }
    QAction* a = new QAction(h.name, this);
    a->setCheckable(true);
    a->setData(h.cached);
    const QString tip = tr("Converted from %1")
                            .arg(QDir::toNativeSeparators(h.source));
    a->setToolTip(tip);
    a->setStatusTip(tip);
    if (h.cached == current_) {
      a->setChecked(true);
      current_listed = true;
    }
    connect(a, &QAction::triggered, this,
            [this, path = h.cached] { emit dictionaryChosen(path); });
    group_->addAction(a);
    insertAction(list_end_, a);
  }
  if (!current_.isEmpty() && !current_listed) {
    // Opened from elsewhere with "Open Dictionary File...".
    QAction* a = new QAction(QFileInfo(current_).completeBaseName(), this);
    a->setCheckable(true);
    a->setChecked(true);
    a->setData(current_);
    a->setToolTip(QDir::toNativeSeparators(current_));
    group_->addAction(a);
    insertAction(list_end_, a);
  }
  if (group_->actions().isEmpty()) {
    QAction* none = new QAction(tr("(no dictionaries found)"), this);
    none->setEnabled(false);
    group_->addAction(none);
    insertAction(list_end_, none);
  }
  // Not in the exclusive group: choosing one starts a conversion, it does
  // not switch (MainWindow switches when the conversion is done).
  for (const HunspellEntry& h : to_convert) {
    QAction* a = new QAction(tr("%1 \u2014 convert").arg(h.name), this);
    a->setObjectName(QStringLiteral("convert_") + h.tag);
    a->setData(h.tag);
    const QString tip =
        tr("Convert the system's Hunspell dictionary %1 for spellfilter and "
           "use it")
            .arg(QDir::toNativeSeparators(h.source));
    a->setToolTip(tip);
    a->setStatusTip(tip);
    connect(a, &QAction::triggered, this,
            [this, tag = h.tag] { emit conversionRequested(tag); });
    convert_.append(a);
    insertAction(list_end_, a);
  }
}

}  // namespace spellfilter::editor
