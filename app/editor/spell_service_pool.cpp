#include "app/editor/spell_service_pool.h"

#include <QFileInfo>

#include "app/editor/spell_service.h"

namespace spellfilter::editor {
namespace {

QString KeyOf(const QStringList& paths) {
  QStringList absolute;
  for (const QString& p : paths)
    absolute.append(QFileInfo(p).absoluteFilePath());
  return absolute.join(QLatin1Char('\n'));
}

}  // namespace

SpellServicePool::SpellServicePool(QObject* parent) : QObject(parent) {}

SpellServicePool::~SpellServicePool() {
  for (const Entry& e : std::as_const(entries_)) delete e.service;
}

SpellService* SpellServicePool::acquire(const QStringList& paths,
                                        QString* error) {
  const QString key = KeyOf(paths);
  if (auto it = entries_.find(key); it != entries_.end()) {
    ++it->users;
    return it->service;
  }
  auto* service = new SpellService(this);
  entries_.insert(key, Entry{service, 1});
  // Another service over the same user word list re-reads it at once
  // after a word is added here (it would within kUserWordsPollMs anyway).
  connect(service, &SpellService::flaggedWordsMayBeCorrect, this,
          [this, service] {
            const QString words = service->userWordsPath();
            if (words.isEmpty()) return;
            for (const Entry& e : std::as_const(entries_)) {
              if (e.service != service && e.service->userWordsPath() == words) {
                e.service->reloadUserWordsIfChanged();
              }
            }
          });
  // Followed before it opens, so its warnings (a damaged user word list)
  // reach the window.
  emit created(service);
  if (!paths.isEmpty()) service->openDictionaries(paths, error);
  return service;
}

void SpellServicePool::release(SpellService* service) {
  for (auto it = entries_.begin(); it != entries_.end(); ++it) {
    if (it->service != service) continue;
    if (--it->users == 0) {
      entries_.erase(it);
      delete service;
    }
    return;
  }
}

}  // namespace spellfilter::editor
