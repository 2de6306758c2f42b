// Reading a big file in chunks (issue 35 item 6): a worker thread reads the
// file kReadChunkBytes at a time and decodes each chunk as it comes
// (StreamDecoder), handing the text over in whole lines, so the editor
// shows the first page while the rest of the file is still being read.
//
// What can be streamed is what ReadTextFile or ReadTextFileAs would give
// without a question: UTF-8 (with or without a byte-order mark), UTF-16
// with its mark, or the encoding the caller names. A file that turns out
// not to be clean UTF-8 (the bytes ICU's charset detector must judge
// whole, or the "not valid UTF-8" question needs) is read to its end and
// decided as ReadTextFile decides (state kWhole), even after some of its
// text was handed over: the caller then replaces what it showed.
#ifndef SPELLFILTER_APP_EDITOR_CHUNKED_READ_H_
#define SPELLFILTER_APP_EDITOR_CHUNKED_READ_H_

#include <QByteArray>
#include <QFuture>
#include <QMutex>
#include <QObject>
#include <QString>
#include <QStringList>
#include <atomic>
#include <memory>

#include "app/editor/text_file.h"

struct UConverter;

namespace spellfilter::editor {

// How much of a file is read and decoded at a time.
inline constexpr qsizetype kReadChunkBytes = qsizetype{512} * 1024;

// Decodes bytes given in pieces of any size: a character whose bytes
// straddle two pieces is decoded whole. UTF-8 is validated as ReadTextFile
// validates it (well-formed sequences only, a NUL marks a binary file);
// other encodings go through ICU's converter, which keeps a partial
// sequence (a UTF-16 surrogate pair, a Shift-JIS lead byte) for the next
// piece.
class StreamDecoder {
 public:
  // `encoding`: an ICU name. Offsets are counted from `base` (the length
  // of a byte-order mark the caller skipped).
  explicit StreamDecoder(const QString& encoding, qint64 base = 0);
  ~StreamDecoder();
  StreamDecoder(const StreamDecoder&) = delete;
  StreamDecoder& operator=(const StreamDecoder&) = delete;

  // Appends the text of `bytes` to *text; `last`: nothing follows (a
  // sequence cut short is then invalid). False at the first invalid
  // sequence (or NUL, in UTF-8), with badOffset() and error() set; the
  // text before it is appended.
  bool decode(QByteArrayView bytes, bool last, QString* text);

  // Where the first invalid byte is, counted from the start of the file.
  [[nodiscard]] qint64 badOffset() const { return bad_offset_; }
  // "not valid windows-1252: the first invalid byte is at offset 10".
  [[nodiscard]] QString error() const;
  [[nodiscard]] bool sawNul() const { return nul_; }

 private:
  bool decodeUtf8(QByteArrayView bytes, bool last, QString* text);
  bool decodeIcu(QByteArrayView bytes, bool last, QString* text);

  QString encoding_;
  bool utf8_;
  UConverter* converter_ = nullptr;
  QString open_error_;
  qint64 consumed_;   // bytes before the next piece (and carry_)
  QByteArray carry_;  // UTF-8: a sequence cut short by a piece's end
  qint64 bad_offset_ = -1;
  bool nul_ = false;
};

// One file read in chunks on a worker thread. Lives on the UI thread; its
// signal is delivered there. Deleting it stops the read (and waits for the
// worker, which is between two chunks at most one read away).
class ChunkedRead : public QObject {
  Q_OBJECT

 public:
  enum class State {
    kReading,    // nothing handed over yet
    kStreaming,  // format() is known and text is coming
    kStreamed,   // the whole text has been handed over (takeText)
    kWhole,      // not streamable as it is: whole() holds the file, decided
                 // as ReadTextFile / ReadTextFileAs decide it
    kFailed,     // error() says why (cannot read; invalid in the encoding)
  };

  // `encoding` empty: as ReadTextFile; else as ReadTextFileAs.
  ChunkedRead(const QString& path, const QString& encoding,
              qsizetype chunk_bytes = kReadChunkBytes,
              QObject* parent = nullptr);
  ~ChunkedRead() override;

  void start();
  // Runs the event loop (without user input) until the state is no longer
  // kReading.
  void waitForStart();
  // Blocks until the worker has ended (the rest of the text is then
  // waiting in takeText()).
  void waitForEnd();

  [[nodiscard]] QString path() const { return path_; }
  [[nodiscard]] State state() const;
  // The file's format (byte-order mark, CR LF, encoding), once streaming.
  [[nodiscard]] TextFormat format() const;
  // The text handed over since the last call: whole lines, '\n' line ends
  // (CR LF taken off as ReadTextFile does). The state is set with the
  // last text: read state() first; if it was kStreamed, this call takes
  // the rest of the file.
  QString takeText();
  // How much of the file has been read, 0-100.
  [[nodiscard]] int percentRead() const;
  // How many reads have brought bytes so far.
  [[nodiscard]] int chunksRead() const { return chunks_read_; }
  [[nodiscard]] LoadedText whole() const;
  [[nodiscard]] QString error() const;

 signals:
  // takeText() has more, or the state changed.
  void textArrived();

 private:
  void run();
  void hand(QString text, bool end);
  void finish(State state, LoadedText whole, QString error);
  void notify();

  const QString path_;
  const QString encoding_;
  const qsizetype chunk_bytes_;
  QFuture<void> future_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> notified_{false};
  std::atomic<qint64> bytes_read_{0};
  std::atomic<int> chunks_read_{0};
  qint64 size_ = 0;

  mutable QMutex mutex_;  // guards what follows
  State state_ = State::kReading;
  TextFormat format_;
  QStringList ready_;
  LoadedText whole_;
  QString error_;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_CHUNKED_READ_H_
