// The status bar's language chooser: every dictionary the editor can use
// for a document, in one searchable list that stays usable with the ~150
// Hunspell languages Debian packages: "Installed" first (spellfilter
// dictionaries and Hunspell dictionaries already converted), then "Your
// word lists" (dictionaries built with Dictionary > Build Dictionary from
// Word List, which add to the document's language rather than replace it),
// then "Convert on first use" (the system's Hunspell dictionaries not
// converted yet; MainWindow converts one on a worker thread when chosen),
// then "Other dictionaries" (ones not named as a language, such as the
// programming words of code mode).
// Typing filters by the start of a word of the language's English or
// native name or its tag ("ger", "Deutsch", "de_AT"); Enter takes the
// first match shown.
//
// The lists come from dictionary_catalog.h (FindDictionaries,
// FindHunspellDictionaries: core's language catalog).
#ifndef SPELLFILTER_APP_EDITOR_LANGUAGE_CHOOSER_H_
#define SPELLFILTER_APP_EDITOR_LANGUAGE_CHOOSER_H_

#include <QDialog>
#include <QString>
#include <QStringList>

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;
class QLabel;
class QPushButton;

namespace spellfilter::editor {

struct LanguageChoice {
  enum class Kind {
    kNone,
    kDictionary,      // `path`: the document's language from now on
    kAddition,        // `path`: a word list added to the document's language
    kConvert,         // `tag`: convert the system's Hunspell dictionary, use it
    kSecondLanguage,  // `path`: checked too, beside the document's language
    kAutomatic,       // each sentence in its language (language_list.h)
  };
  Kind kind = Kind::kNone;
  QString path;
  QString tag;
};

class LanguageChooser : public QDialog {
  Q_OBJECT

 public:
  // `current`: the document's dictionaries (its languages and word lists;
  // "auto" first when each sentence gets its own), marked in the list.
  // Besides Use (Enter), "Add as Second Language" (Alt+S) checks the
  // chosen language too, beside the document's; the entry "Automatic (per
  // sentence)" at the top checks each sentence in its language.
  explicit LanguageChooser(const QStringList& current,
                           QWidget* parent = nullptr);
  Q_DISABLE_COPY_MOVE(LanguageChooser)

  [[nodiscard]] QLineEdit* filterEdit() const { return filter_; }
  [[nodiscard]] QTreeWidget* list() const { return list_; }
  [[nodiscard]] QPushButton* secondLanguageButton() const { return second_; }
  // What was chosen (after accept()); kNone while nothing is.
  [[nodiscard]] LanguageChoice choice() const;
  // Shows only the entries matching `text` (see above); the first one
  // shown is selected.
  void setFilter(const QString& text);
  // How many language entries are shown now (groups not counted).
  [[nodiscard]] int visibleCount() const;

  // The words a filter matches for a dictionary named `tag` ("de_DE"): the
  // tag, its English name and its native name, lower case, each after a
  // space.
  static QString SearchText(const QString& tag);

 signals:
  void chosen(const spellfilter::editor::LanguageChoice& choice);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void populate(const QStringList& current);
  QTreeWidgetItem* addGroup(const QString& title);
  void acceptItem(QTreeWidgetItem* item);
  void selectFirstVisible();

  QLineEdit* filter_;
  QTreeWidget* list_;
  QLabel* count_;
  QPushButton* second_ = nullptr;
  QTreeWidgetItem* chosen_ = nullptr;
  bool as_second_ = false;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_LANGUAGE_CHOOSER_H_
