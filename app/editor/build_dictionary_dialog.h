// Asks what to build for "Build Dictionary from Word List...": the word
// list or Hunspell .dic, the new dictionary's name (it is written to
// UserDictionaryFolder() as NAME.sfd) and its language tag, both filled in
// from the file's name. Validates before accepting.
#ifndef SPELLFILTER_APP_EDITOR_BUILD_DICTIONARY_DIALOG_H_
#define SPELLFILTER_APP_EDITOR_BUILD_DICTIONARY_DIALOG_H_

#include <QDialog>

#include "app/editor/build_dictionary_job.h"

class QLineEdit;

namespace spellfilter::editor {

class BuildDictionaryDialog : public QDialog {
  Q_OBJECT

 public:
  explicit BuildDictionaryDialog(QWidget* parent = nullptr);
  Q_DISABLE_COPY_MOVE(BuildDictionaryDialog)

  void setWordList(const QString& path);
  [[nodiscard]] BuildRequest request() const;

  // "en_GB" -> "en-GB", "en_GB-large" -> "en-GB", "de" -> "de"; "und"
  // when the name does not start with a language tag.
  static QString GuessLanguage(const QString& name);
  // The Browse dialog's file filters, the default first.
  static QString BrowseFilters();
  [[nodiscard]] QLineEdit* wordListEdit() const { return word_list_; }
  [[nodiscard]] QString name() const;
  [[nodiscard]] QString language() const;

 public slots:
  void accept() override;

 private:
  void browse();
  // Name and language from the list's file name, unless edited by hand.
  void fillFromPath(const QString& path);

  QLineEdit* word_list_;
  QLineEdit* name_;
  QLineEdit* language_;
  bool name_edited_ = false;
  bool language_edited_ = false;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_BUILD_DICTIONARY_DIALOG_H_
