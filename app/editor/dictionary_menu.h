// The Dictionary menu: the installed dictionaries (FindDictionaries()), the
// system's Hunspell dictionaries already converted (by language name,
// "German (Germany)"), the one in use checked; then the system's Hunspell
// dictionaries not converted yet, each as "German (Germany) — convert"
// (FindHunspellDictionaries(); choosing one emits conversionRequested, and
// MainWindow converts it and switches to it); then "Open Dictionary File...", "Build Dictionary
// from Word List..." and "Refresh List". The list is read each time the
// menu opens (first at its first opening, not at construction), so a
// dictionary built by the CLI shows up too.
#ifndef SPELLFILTER_APP_EDITOR_DICTIONARY_MENU_H_
#define SPELLFILTER_APP_EDITOR_DICTIONARY_MENU_H_

#include <QList>
#include <QMenu>
#include <QString>

class QActionGroup;

namespace spellfilter::editor {

class DictionaryMenu : public QMenu {
  Q_OBJECT

 public:
  explicit DictionaryMenu(QWidget* parent = nullptr);
  Q_DISABLE_COPY_MOVE(DictionaryMenu)

  // The dictionary in use, checked in the list; empty for none. Reads no
  // folder unless the list is built and lacks it.
  void setCurrentPath(const QString& path);
  // Re-reads the folders and rebuilds the list.
  void refresh();

  // Actions after the list, for MainWindow to connect.
  [[nodiscard]] QAction* openFileAction() const { return open_file_; }
  [[nodiscard]] QAction* buildAction() const { return build_; }

 signals:
  void dictionaryChosen(const QString& path);
  // A Hunspell dictionary of the system to convert, by tag ("de_DE").
  void conversionRequested(const QString& tag);

 private:
  QString current_;
  QActionGroup* group_;
  QList<QAction*> convert_;  // the "— convert" entries
  QAction* list_end_;
  QAction* open_file_;
  QAction* build_;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_DICTIONARY_MENU_H_
