// The SpellServices of a window's documents, one per language setting (a
// document's dictionary list, SpellService::openDictionaries): documents in
// the same language share one service, so its dictionary is loaded once and
// its Ignore All list and user words apply to all of them; a document in
// another language gets its own. A service lives while a document uses it.
//
// Services of the same language (the same user word list) tell each other
// when a word was added, so another document's underlines follow at once,
// not at the next poll.
#ifndef SPELLFILTER_APP_EDITOR_SPELL_SERVICE_POOL_H_
#define SPELLFILTER_APP_EDITOR_SPELL_SERVICE_POOL_H_

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>

namespace spellfilter::editor {

class SpellService;

class SpellServicePool : public QObject {
  Q_OBJECT

 public:
  explicit SpellServicePool(QObject* parent = nullptr);
  ~SpellServicePool() override;
  Q_DISABLE_COPY_MOVE(SpellServicePool)

  // The service for `paths` (empty: no dictionary, nothing is checked),
  // opened if no document uses it yet; each acquire needs a release. A
  // dictionary that fails to open is said in *error (the service then
  // checks with what did open; see SpellService::openDictionaries).
  SpellService* acquire(const QStringList& paths, QString* error);
  // One user fewer; the last one deletes it (nothing may use it after).
  void release(SpellService* service);
  // How many services are open (one per language in use).
  [[nodiscard]] int size() const { return static_cast<int>(entries_.size()); }

 signals:
  // A new service, for the window to follow its signals.
  void created(spellfilter::editor::SpellService* service);

 private:
  struct Entry {
    SpellService* service = nullptr;
    int users = 0;
  };
  QHash<QString, Entry> entries_;  // by the paths, joined
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_SPELL_SERVICE_POOL_H_
