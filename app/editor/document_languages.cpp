#include "app/editor/document_languages.h"

#include <QFileInfo>
#include <QSettings>
#include <QVariantList>

namespace spellfilter::editor {
namespace {

const QString kKey = QStringLiteral("documentLanguages");

// Each entry: the file, then its dictionaries.
QVariantList Read() { return QSettings().value(kKey).toList(); }

}  // namespace

QStringList RememberedLanguages(const QString& file) {
  const QString absolute = QFileInfo(file).absoluteFilePath();
  for (const QVariant& v : Read()) {
    QStringList entry = v.toStringList();
    if (entry.size() >= 2 && entry.front() == absolute) {
      entry.removeFirst();
      return entry;
    }
  }
  return {};
}

void RememberLanguages(const QString& file, const QStringList& paths) {
  const QString absolute = QFileInfo(file).absoluteFilePath();
  QVariantList entries = Read();
  entries.removeIf([&](const QVariant& v) {
    const QStringList entry = v.toStringList();
    return entry.isEmpty() || entry.front() == absolute;
  });
  if (!paths.isEmpty()) entries.prepend(QStringList{absolute} + paths);
  while (entries.size() > kMaxRememberedFiles) entries.removeLast();
  QSettings().setValue(kKey, entries);
}

}  // namespace spellfilter::editor
