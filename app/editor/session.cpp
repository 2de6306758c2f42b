#include "app/editor/session.h"

#include <QSettings>
#include <algorithm>

namespace spellfilter::editor {
namespace {

const QString kEnabledKey = QStringLiteral("session/restore");
const QString kDocumentsKey = QStringLiteral("session/documents");
const QString kCurrentKey = QStringLiteral("session/current");

}  // namespace

bool SessionRestoreEnabled() {
  return QSettings().value(kEnabledKey, true).toBool();
}

void SetSessionRestoreEnabled(bool enabled) {
  QSettings settings;
  settings.setValue(kEnabledKey, enabled);
  if (!enabled) {
    settings.remove(kDocumentsKey);
    settings.remove(kCurrentKey);
  }
}

Session ReadSession() {
  Session session;
  if (!SessionRestoreEnabled()) return session;
  QSettings settings;
  const int n = settings.beginReadArray(kDocumentsKey);
  for (int i = 0; i < n; ++i) {
    settings.setArrayIndex(i);
    SessionDocument document;
    document.path = settings.value(QStringLiteral("path")).toString();
    document.position =
        std::max(settings.value(QStringLiteral("position")).toInt(), 0);
    document.encoding = settings.value(QStringLiteral("encoding")).toString();
    document.languages =
        settings.value(QStringLiteral("languages")).toStringList();
    if (!document.path.isEmpty()) session.documents.append(document);
  }
  settings.endArray();
  session.current =
      std::clamp(settings.value(kCurrentKey).toInt(), 0,
                 std::max(static_cast<int>(session.documents.size()) - 1, 0));
  return session;
}

void WriteSession(const Session& session) {
  QSettings settings;
  settings.remove(kDocumentsKey);
  if (!SessionRestoreEnabled()) {
    settings.remove(kCurrentKey);
    return;
  }
  settings.beginWriteArray(kDocumentsKey,
                           static_cast<int>(session.documents.size()));
  for (int i = 0; i < session.documents.size(); ++i) {
    settings.setArrayIndex(i);
    const SessionDocument& document = session.documents[i];
    settings.setValue(QStringLiteral("path"), document.path);
    settings.setValue(QStringLiteral("position"), document.position);
    settings.setValue(QStringLiteral("encoding"), document.encoding);
    settings.setValue(QStringLiteral("languages"), document.languages);
  }
  settings.endArray();
  settings.setValue(kCurrentKey, session.current);
}

}  // namespace spellfilter::editor
