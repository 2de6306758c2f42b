// One window per user and display: a second `spellfilter-editor FILE`
// hands its files to the running editor (which opens them in tabs and
// comes to the front) and exits; `--new-window` opts out.
//
// The running editor listens on a QLocalServer socket in the user's
// runtime folder (XDG_RUNTIME_DIR, mode 0700) named after the display
// ($WAYLAND_DISPLAY or $DISPLAY), so editors on two displays stay apart.
// A request is one length-prefixed JSON object (QDataStream QByteArray):
//   {"files": [{"path": abs, "line": n, "column": n}],
//    "stdin": text or absent}
// answered by the byte "1" once the files are open.
#ifndef SPELLFILTER_APP_EDITOR_SINGLE_INSTANCE_H_
#define SPELLFILTER_APP_EDITOR_SINGLE_INSTANCE_H_

#include <QObject>
#include <QString>

#include "app/editor/command_line.h"

class QLocalServer;

namespace spellfilter::editor {

struct OpenRequest {
  QList<FileRequest> files;
  bool has_standard_input = false;
  QString standard_input;  // its text, when requested with "-"
};

// The socket's name for this user and display.
[[nodiscard]] QString SingleInstanceSocketName();

// Hands `request` to the editor listening on `socket_name`; true once it
// has opened the files, false if no editor answers within `timeout_ms`.
bool SendToRunningEditor(const QString& socket_name, const OpenRequest& request,
                         int timeout_ms = 3000);

// The running editor's side: listens, and emits each request received.
class SingleInstanceServer : public QObject {
  Q_OBJECT

 public:
  explicit SingleInstanceServer(QObject* parent = nullptr);
  Q_DISABLE_COPY_MOVE(SingleInstanceServer)

  // Starts listening on `socket_name`, replacing a stale socket that no
  // editor answers on. False (errorString says why) if it cannot.
  bool listen(const QString& socket_name);
  [[nodiscard]] QString errorString() const;

 signals:
  // Open these, then the sender is told it may exit.
  void openRequested(const spellfilter::editor::OpenRequest& request);

 private:
  void onNewConnection();

  QLocalServer* server_;
  QString error_;
};

// Encoding and decoding of a request (for the tests).
[[nodiscard]] QByteArray EncodeOpenRequest(const OpenRequest& request);
bool DecodeOpenRequest(const QByteArray& bytes, OpenRequest* request);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_SINGLE_INSTANCE_H_
