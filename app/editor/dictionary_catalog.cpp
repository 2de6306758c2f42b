#include "app/editor/dictionary_catalog.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QStandardPaths>
#include <algorithm>
#include <string>

#include "app/editor/convert_dictionary_job.h"
#include "core/catalog/language_catalog.h"
#include "core/dictionary/locator.h"

namespace spellfilter::editor {

QString UserDictionaryFolder() {
  return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
         QStringLiteral("/spellfilter/dictionaries");
}

QStringList DictionaryFolders() {
  QStringList folders{UserDictionaryFolder()};
  for (const std::string& candidate : DictionarySearchPath()) {
    folders.append(QFileInfo(QString::fromStdString(candidate)).absolutePath());
  }
  for (const QString& data :
       QStandardPaths::standardLocations(QStandardPaths::GenericDataLocation)) {
    folders.append(data + QStringLiteral("/spellfilter"));
  }
  folders.removeDuplicates();
  return folders;
}

QList<DictionaryEntry> FindDictionaries() {
  QList<DictionaryEntry> found;
  QSet<QString> seen;
  const QString user_folder =
      QFileInfo(UserDictionaryFolder()).absoluteFilePath();
  auto add = [&](const QFileInfo& file) {
    const QString canonical = file.canonicalFilePath();
    if (canonical.isEmpty() || seen.contains(canonical)) return;
    seen.insert(canonical);
    found.append(DictionaryEntry{file.completeBaseName(),
                                 file.absoluteFilePath(),
                                 file.absolutePath() == user_folder});
  };
  const QString explicit_path = qEnvironmentVariable("SPELLFILTER_DICTIONARY");
  for (const QString& folder : DictionaryFolders()) {
    const QDir dir(folder);
    for (const QFileInfo& file : dir.entryInfoList({QStringLiteral("*.sfd")},
                                                   QDir::Files, QDir::Name)) {
      add(file);
    }
  }
  if (!explicit_path.isEmpty() && QFileInfo(explicit_path).isFile()) {
    add(QFileInfo(explicit_path));
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const DictionaryEntry& a, const DictionaryEntry& b) {
                     const int c = QString::localeAwareCompare(a.name, b.name);
                     return c != 0 ? c < 0 : a.user_built > b.user_built;
                   });
  return found;
}

QList<HunspellEntry> FindHunspellDictionaries() {
  CatalogOptions options;
  for (const QString& folder : DictionaryFolders()) {
    options.extra_dirs.push_back(QFile::encodeName(folder).toStdString());
  }
  QList<HunspellEntry> found;
  for (const CatalogEntry& e : ListDictionaries(options)) {
    if (e.kind != CatalogEntry::Kind::kHunspell) continue;
    const QString tag = QString::fromStdString(e.tag);
    found.append(HunspellEntry{tag, LanguageDisplayName(tag),
                               QFile::decodeName(e.source.c_str()),
                               QFile::decodeName(e.cached.c_str()),
                               e.cache_current});
  }
  return found;
}

QString DefaultDictionaryPath(QString* error) {
  StatusOr<std::string> path = FindDefaultDictionary();
  if (!path.ok()) {
    *error = QString::fromStdString(path.status().message());
    return {};
  }
  return QString::fromStdString(path.value());
}

}  // namespace spellfilter::editor
