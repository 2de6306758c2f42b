// Converting one of the system's Hunspell dictionaries (Debian's
// hunspell-xx packages in /usr/share/hunspell) for the Dictionary menu:
// core's ResolveLanguage (core/catalog/language_catalog.h), the same call
// `spellfilter check --lang` and `spellfilter dicts` use, run on a worker
// thread (QtConcurrent) so the editor stays usable. The converted
// dictionary lands in core's Hunspell cache
// (${XDG_CACHE_HOME:-~/.cache}/spellfilter/hunspell/TAG.sfd), where the
// CLI finds it too; a second request for the same tag, from here or from
// the CLI, reuses it. The import is one call into core, so there is no
// finer progress than "running" and no cancel; it takes a few seconds for
// a large dictionary (de_DE: see docs/editor.md).
#ifndef SPELLFILTER_APP_EDITOR_CONVERT_DICTIONARY_JOB_H_
#define SPELLFILTER_APP_EDITOR_CONVERT_DICTIONARY_JOB_H_

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>

namespace spellfilter::editor {

struct ConvertResult {
  QString tag;      // "de_DE"
  bool ok = false;
  QString path;     // the converted .sfd
  QString message;  // the error
};

class ConvertDictionaryJob : public QObject {
  Q_OBJECT

 public:
  explicit ConvertDictionaryJob(QObject* parent = nullptr);
  ~ConvertDictionaryJob() override;  // waits for a running conversion
  Q_DISABLE_COPY_MOVE(ConvertDictionaryJob)

  // Starts converting the language `tag`, looking for spellfilter builds
  // first in `extra_folders` (as the menu listed it); one job at a time
  // (returns false if one is running).
  bool start(const QString& tag, const QStringList& extra_folders);
  [[nodiscard]] bool isRunning() const { return watcher_.isRunning(); }

 signals:
  void finished(const spellfilter::editor::ConvertResult& result);

 private:
  QFutureWatcher<ConvertResult> watcher_;
};

// The synchronous conversion, for the job and for tests.
ConvertResult ConvertDictionary(const QString& tag,
                                const QStringList& extra_folders);

// "German (Germany)" for "de_DE", "German" for "de"; the tag itself when Qt
// does not know the language.
QString LanguageDisplayName(const QString& tag);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_CONVERT_DICTIONARY_JOB_H_
