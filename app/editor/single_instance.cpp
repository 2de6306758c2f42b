#include "app/editor/single_instance.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalServer>
#include <QLocalSocket>
#include <QStandardPaths>
#include <memory>

namespace spellfilter::editor {
namespace {

// Requests beyond this are not ours (standard input of a few MB is fine).
constexpr qint64 kMaxRequestBytes = qint64{256} << 20;

}  // namespace

QString SingleInstanceSocketName() {
  QString display = qEnvironmentVariable("WAYLAND_DISPLAY");
  if (display.isEmpty()) display = qEnvironmentVariable("DISPLAY");
  // The platform (offscreen, xcb, wayland) tells displays apart too.
  display += QLatin1Char('|') + qEnvironmentVariable("QT_QPA_PLATFORM");
  const QByteArray tag =
      QCryptographicHash::hash(display.toUtf8(), QCryptographicHash::Sha1)
          .toHex()
          .left(12);
  QString folder =
      QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
  if (folder.isEmpty()) folder = QDir::tempPath();
  return folder + QStringLiteral("/spellfilter-editor-") +
         QString::fromLatin1(tag);
}

QByteArray EncodeOpenRequest(const OpenRequest& request) {
  QJsonArray files;
  for (const FileRequest& file : request.files) {
    QJsonObject entry;
    if (file.standard_input) {
      entry.insert(QStringLiteral("stdin"), true);
    } else {
      entry.insert(QStringLiteral("path"), file.path);
    }
    entry.insert(QStringLiteral("line"), file.line);
    entry.insert(QStringLiteral("column"), file.column);
    files.append(entry);
  }
  QJsonObject object;
  object.insert(QStringLiteral("files"), files);
  if (request.has_standard_input) {
    object.insert(QStringLiteral("stdin"), request.standard_input);
  }
  return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

bool DecodeOpenRequest(const QByteArray& bytes, OpenRequest* request) {
  QJsonParseError error;
  const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
  if (error.error != QJsonParseError::NoError || !document.isObject()) {
    return false;
  }
  const QJsonObject object = document.object();
  *request = OpenRequest();
  for (const QJsonValue& value :
       object.value(QStringLiteral("files")).toArray()) {
    const QJsonObject entry = value.toObject();
    FileRequest file;
    file.standard_input = entry.value(QStringLiteral("stdin")).toBool();
    file.path = entry.value(QStringLiteral("path")).toString();
    file.line = std::max(entry.value(QStringLiteral("line")).toInt(), 0);
    file.column = std::max(entry.value(QStringLiteral("column")).toInt(), 0);
    if (!file.standard_input && !QDir::isAbsolutePath(file.path)) return false;
    request->files.append(file);
  }
  if (const QJsonValue text = object.value(QStringLiteral("stdin"));
      text.isString()) {
    request->has_standard_input = true;
    request->standard_input = text.toString();
  }
  return true;
}

bool SendToRunningEditor(const QString& socket_name, const OpenRequest& request,
                         int timeout_ms) {
  QLocalSocket socket;
  socket.connectToServer(socket_name);
  if (!socket.waitForConnected(timeout_ms)) return false;
  QByteArray frame;
  QDataStream out(&frame, QIODevice::WriteOnly);
  out << EncodeOpenRequest(request);
  socket.write(frame);
  if (!socket.waitForBytesWritten(timeout_ms)) return false;
  // The editor answers once the files are open (a question about one of
  // them may take the user a while: wait for it, as long as the editor
  // keeps the connection).
  while (socket.bytesAvailable() < 1) {
    if (!socket.waitForReadyRead(-1)) return false;
  }
  return socket.read(1) == "1";
}

SingleInstanceServer::SingleInstanceServer(QObject* parent)
    : QObject(parent), server_(new QLocalServer(this)) {
  // No socket options: with them Qt creates the socket elsewhere and
  // renames it over the name, silently taking a live editor's. The
  // runtime folder is the user's alone (0700).
  connect(server_, &QLocalServer::newConnection, this,
          &SingleInstanceServer::onNewConnection);
}

bool SingleInstanceServer::listen(const QString& socket_name) {
  error_.clear();
  // A live editor answers; a socket left by one that crashed does not.
  QLocalSocket probe;
  probe.connectToServer(socket_name);
  if (probe.waitForConnected(500)) {
    error_ = tr("another editor is listening there");
    return false;
  }
  if (server_->listen(socket_name)) return true;
  if (server_->serverError() != QAbstractSocket::AddressInUseError) {
    error_ = server_->errorString();
    return false;
  }
  QLocalServer::removeServer(socket_name);
  if (server_->listen(socket_name)) return true;
  error_ = server_->errorString();
  return false;
}

QString SingleInstanceServer::errorString() const { return error_; }

void SingleInstanceServer::onNewConnection() {
  while (QLocalSocket* socket = server_->nextPendingConnection()) {
    connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
    // Read as bytes arrive (never blocking the window); a request is one
    // frame: a big-endian length, then that many bytes.
    connect(socket, &QLocalSocket::readyRead, this, [this, socket] {
      if (socket->bytesAvailable() < 4) return;
      QDataStream size_stream(socket->peek(4));
      quint32 size = 0;
      size_stream >> size;
      if (size == 0xFFFFFFFF || size > kMaxRequestBytes) {
        socket->abort();
        return;
      }
      if (socket->bytesAvailable() < 4 + qint64{size}) return;
      socket->read(4);
      const QByteArray frame = socket->read(size);
      OpenRequest request;
      if (!DecodeOpenRequest(frame, &request)) {
        socket->abort();
        return;
      }
      emit openRequested(request);
      socket->write("1");
      socket->flush();
      socket->disconnectFromServer();
    });
  }
}

}  // namespace spellfilter::editor
