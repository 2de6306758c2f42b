#include "app/editor/background_read.h"

#include <QEventLoop>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <utility>

namespace spellfilter::editor {

namespace {

struct ReadResult {
  bool ok = false;
  LoadedText loaded;
  QString error;
};

}  // namespace

bool ReadTextFileInBackground(const QString& path, const QString& encoding,
                              LoadedText* out, QString* error) {
  QFutureWatcher<ReadResult> watcher;
  QEventLoop loop;
  QObject::connect(&watcher, &QFutureWatcher<ReadResult>::finished, &loop,
                   &QEventLoop::quit);
  watcher.setFuture(QtConcurrent::run([path, encoding] {
    ReadResult r;
    r.ok = encoding.isEmpty()
               ? ReadTextFile(path, &r.loaded, &r.error)
               : ReadTextFileAs(path, encoding, &r.loaded, &r.error);
    return r;
  }));
  // finished() is queued to this thread: if the worker is already done,
  // it is delivered by the loop's first turn.
  if (!watcher.isFinished()) loop.exec(QEventLoop::ExcludeUserInputEvents);
  watcher.waitForFinished();
  ReadResult r = watcher.result();
  if (!r.ok) {
    if (error != nullptr) *error = std::move(r.error);
    return false;
  }
  *out = std::move(r.loaded);
  return true;
}

}  // namespace spellfilter::editor
