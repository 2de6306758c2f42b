#include "app/editor/convert_dictionary_job.h"

#include <QFile>
#include <QLocale>
#include <QtConcurrent/QtConcurrentRun>
#include <string>
#include <vector>

#include "core/catalog/language_catalog.h"

namespace spellfilter::editor {

ConvertResult ConvertDictionary(const QString& tag,
                                const QStringList& extra_folders) {
  CatalogOptions options;
  for (const QString& folder : extra_folders) {
    options.extra_dirs.push_back(QFile::encodeName(folder).toStdString());
  }
  ConvertResult result;
  result.tag = tag;
  StatusOr<std::string> path = ResolveLanguage(tag.toStdString(), options);
  if (!path.ok()) {
    result.message = QString::fromStdString(path.status().message());
    return result;
  }
  result.ok = true;
  result.path = QFile::decodeName(path.value().c_str());
  return result;
}

QString LanguageDisplayName(const QString& tag) {
  const QLocale locale(tag);
  if (locale.language() == QLocale::C) return tag;
  const QString language = QLocale::languageToString(locale.language());
  const qsizetype sep = tag.indexOf(u'_');
  if (sep < 0) return language;
  // QLocale fills in a likely territory for an unknown one ("de_XX" would
  // read as Germany): name it only when the tag's region is Qt's.
  const QString region = tag.mid(sep + 1);
  if (QLocale(locale.language(), locale.territory()).name().section(u'_', 1) !=
      region) {
    return QStringLiteral("%1 (%2)").arg(language, region);
  }
  return QStringLiteral("%1 (%2)").arg(
      language, QLocale::territoryToString(locale.territory()));
}

ConvertDictionaryJob::ConvertDictionaryJob(QObject* parent) : QObject(parent) {
  connect(&watcher_, &QFutureWatcher<ConvertResult>::finished, this, [this] {
    const QFuture<ConvertResult> future = watcher_.future();
    if (future.resultCount() > 0) emit finished(future.result());
  });
}

ConvertDictionaryJob::~ConvertDictionaryJob() { watcher_.waitForFinished(); }

bool ConvertDictionaryJob::start(const QString& tag,
                                 const QStringList& extra_folders) {
  if (isRunning()) return false;
  watcher_.setFuture(QtConcurrent::run(
      [tag, extra_folders] { return ConvertDictionary(tag, extra_folders); }));
  return true;
}

}  // namespace spellfilter::editor
