// Asks what to build for "Build Dictionary from Word List...": the word
// list, the new dictionary's name (it is written to UserDictionaryFolder()
// as NAME.sfd) and its language tag. Validates before accepting.
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

  // "en_GB.txt" -> "en-GB"; "und" when the name is no language tag.
  static QString GuessLanguage(const QString& name);

 public slots:
  void accept() override;

 private:
  void browse();

  QLineEdit* word_list_;
  QLineEdit* name_;
  QLineEdit* language_;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_BUILD_DICTIONARY_DIALOG_H_
