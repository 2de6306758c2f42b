#include "app/editor/chunked_read.h"

#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QMutexLocker>
#include <QStringDecoder>
#include <QtConcurrent/QtConcurrentRun>
#include <cerrno>
#include <cstring>
#include <string_view>
#include <utility>

#include "app/editor/text_encoding.h"
#include "core/text/utf8.h"

namespace spellfilter::editor {

StreamDecoder::StreamDecoder(const QString& encoding, qint64 base)
    : encoding_(encoding),
      utf8_(encoding == QLatin1String(kUtf8)),
      consumed_(base) {
  if (utf8_) return;
  UErrorCode status = U_ZERO_ERROR;
  converter_ = ucnv_open(encoding.toLatin1().constData(), &status);
  if (U_FAILURE(status)) {
    converter_ = nullptr;
    open_error_ =
        QCoreApplication::translate("TextEncoding", "unknown encoding %1: %2")
            .arg(encoding, QString::fromLatin1(u_errorName(status)));
    return;
  }
  ucnv_setToUCallBack(converter_, UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr,
                      nullptr, &status);
}

StreamDecoder::~StreamDecoder() {
  if (converter_ != nullptr) ucnv_close(converter_);
}

QString StreamDecoder::error() const {
  if (!open_error_.isEmpty()) return open_error_;
  if (nul_) {
    return QCoreApplication::translate("TextFile",
                                       "a NUL byte (binary data) at offset %1")
        .arg(bad_offset_);
  }
  return QCoreApplication::translate(
             "TextEncoding",
             "not valid %1: the first invalid byte is at offset %2")
      .arg(encoding_)
      .arg(bad_offset_);
}

bool StreamDecoder::decode(QByteArrayView bytes, bool last, QString* text) {
  if (bad_offset_ >= 0) return false;
  return utf8_ ? decodeUtf8(bytes, last, text) : decodeIcu(bytes, last, text);
}

bool StreamDecoder::decodeUtf8(QByteArrayView bytes, bool last, QString* text) {
  // A sequence cut short by the last piece's end comes first.
  QByteArray joined;
  QByteArrayView data = bytes;
  if (!carry_.isEmpty()) {
    joined = carry_;
    joined.append(bytes);
    data = joined;
  }
  const std::string_view s(data.data(), static_cast<size_t>(data.size()));
  size_t i = 0;
  size_t end = s.size();
  bool ok = true;
  while (i < s.size()) {
    if (s[i] == '\0') {
      nul_ = true;
      ok = false;
      break;
    }
    const size_t length = Utf8SequenceLength(s, i);
    if (length == 0) {
      // Fewer bytes than a sequence may need, starting with a lead byte:
      // the rest may be in the next piece (if it is not, the sequence is
      // found invalid there, at the same offset).
      const uchar lead = static_cast<uchar>(s[i]);
      const size_t needs = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
      if (!last && lead >= 0xC2 && lead <= 0xF4 && s.size() - i < needs) {
        end = i;
        break;
      }
      ok = false;
      break;
    }
    i += length;
  }
  if (!ok) end = i;
  // As ReadTextFile: a byte-order mark here is text (the file's own was
  // taken off by the caller).
  QStringDecoder decoder(QStringDecoder::Utf8,
                         QStringConverter::Flag::Stateless |
                             QStringConverter::Flag::ConvertInitialBom);
  text->append(decoder.decode(data.first(static_cast<qsizetype>(end))));
  if (!ok) {
    bad_offset_ = consumed_ + static_cast<qint64>(i);
    return false;
  }
  carry_ = data.sliced(static_cast<qsizetype>(end)).toByteArray();
  consumed_ += static_cast<qint64>(end);
  return true;
}

bool StreamDecoder::decodeIcu(QByteArrayView bytes, bool last, QString* text) {
  if (converter_ == nullptr) {
    bad_offset_ = consumed_;
    return false;
  }
  const qsizetype old_size = text->size();
  // UTF-16 units: at most 2 per byte, and what the converter kept from
  // the last piece.
  text->resize(old_size + bytes.size() * 2 + 16);
  qsizetype written = old_size;
  const char* source = bytes.data();
  const char* const source_limit = bytes.data() + bytes.size();
  UErrorCode status = U_ZERO_ERROR;
  for (;;) {
    auto* const base = reinterpret_cast<UChar*>(text->data());
    UChar* target = base + written;
    ucnv_toUnicode(converter_, &target, base + text->size(), &source,
                   source_limit, nullptr, /*flush=*/last, &status);
    written = target - base;
    if (status != U_BUFFER_OVERFLOW_ERROR) break;
    status = U_ZERO_ERROR;
    text->resize(text->size() * 2);
  }
  text->resize(written);
  if (U_FAILURE(status)) {
    // The source pointer stops after the bad sequence (which may have
    // begun in the last piece).
    char bad[32];
    int8_t bad_length = sizeof bad;
    UErrorCode ignored = U_ZERO_ERROR;
    ucnv_getInvalidChars(converter_, bad, &bad_length, &ignored);
    bad_offset_ =
        consumed_ + (source - bytes.data()) - std::max<int8_t>(bad_length, 0);
    return false;
  }
  consumed_ += bytes.size();
  return true;
}

ChunkedRead::ChunkedRead(const QString& path, const QString& encoding,
                         qsizetype chunk_bytes, QObject* parent)
    : QObject(parent),
      path_(path),
      encoding_(encoding),
      chunk_bytes_(std::max<qsizetype>(chunk_bytes, 4)),
      size_(QFileInfo(path).size()) {}

ChunkedRead::~ChunkedRead() {
  cancel_ = true;
  future_.waitForFinished();
}

void ChunkedRead::start() {
  future_ = QtConcurrent::run([this] { run(); });
}

void ChunkedRead::waitForStart() {
  if (state() != State::kReading) return;
  QEventLoop loop;
  connect(this, &ChunkedRead::textArrived, &loop, [this, &loop] {
    if (state() != State::kReading) loop.quit();
  });
  // textArrived is queued to this thread: one posted before the
  // connection is delivered by the loop.
  if (state() == State::kReading) {
    loop.exec(QEventLoop::ExcludeUserInputEvents);
  }
}

void ChunkedRead::waitForEnd() { future_.waitForFinished(); }

ChunkedRead::State ChunkedRead::state() const {
  QMutexLocker lock(&mutex_);
  return state_;
}

TextFormat ChunkedRead::format() const {
  QMutexLocker lock(&mutex_);
  return format_;
}

QString ChunkedRead::takeText() {
  QStringList ready;
  {
    QMutexLocker lock(&mutex_);
    ready.swap(ready_);
  }
  if (ready.size() == 1) return ready.front();
  return ready.join(QString());
}

int ChunkedRead::percentRead() const {
  if (size_ <= 0) return 100;
  return static_cast<int>(std::min<qint64>(bytes_read_ * 100 / size_, 100));
}

LoadedText ChunkedRead::whole() const {
  QMutexLocker lock(&mutex_);
  return whole_;
}

QString ChunkedRead::error() const {
  QMutexLocker lock(&mutex_);
  return error_;
}

void ChunkedRead::notify() {
  // One notice waiting in the queue at a time; the slot takes all.
  if (notified_.exchange(true)) return;
  QMetaObject::invokeMethod(
      this,
      [this] {
        notified_ = false;
        emit textArrived();
      },
      Qt::QueuedConnection);
}

void ChunkedRead::hand(QString text, bool end) {
  {
    QMutexLocker lock(&mutex_);
    if (!text.isEmpty()) ready_.push_back(std::move(text));
    if (end) state_ = State::kStreamed;
  }
  notify();
}

void ChunkedRead::finish(State state, LoadedText whole, QString error) {
  {
    QMutexLocker lock(&mutex_);
    state_ = state;
    whole_ = std::move(whole);
    error_ = std::move(error);
  }
  notify();
}

void ChunkedRead::run() {
  QFile file(path_);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
    finish(State::kFailed, {}, file.errorString());
    return;
  }
  bool read_failed = false;
  QString read_error;
  // One read(2) a chunk (QFile's read would wait for a pipe to fill the
  // whole chunk): what has come is handed over.
  auto read_chunk = [&] {
    QByteArray chunk(chunk_bytes_, Qt::Uninitialized);
    ssize_t got = 0;
    do {
      got = ::read(file.handle(), chunk.data(),
                   static_cast<size_t>(chunk.size()));
    } while (got < 0 && errno == EINTR);
    if (got < 0) {
      read_failed = true;
      read_error = QString::fromLocal8Bit(std::strerror(errno));
      got = 0;
    }
    chunk.truncate(got);
    bytes_read_ += got;
    if (got > 0) ++chunks_read_;
    return chunk;
  };
  QByteArray chunk = read_chunk();
  // Without an encoding named, the bytes are kept until the end: a bad
  // byte anywhere means the file is decided whole, as ReadTextFile does.
  const bool decide = encoding_.isEmpty();
  QByteArray all;
  TextFormat format;
  int mark = 0;
  const QString marked = EncodingFromByteOrderMark(chunk, &mark);
  if (decide) {
    format.encoding = marked.isEmpty() ? QString::fromLatin1(kUtf8) : marked;
  } else {
    format.encoding = encoding_;
    if (marked != encoding_) mark = 0;
  }
  format.byte_order_mark = mark > 0;
  StreamDecoder decoder(format.encoding, mark);
  QString pending;  // decoded, not yet handed over
  bool crlf_known = false;
  qsizetype skip = mark;
  for (;;) {
    if (cancel_) return;
    if (read_failed) {
      finish(State::kFailed, {}, read_error);
      return;
    }
    const bool last = chunk.isEmpty();
    if (decide) all += chunk;
    if (!decoder.decode(QByteArrayView(chunk).sliced(skip), last, &pending)) {
      if (!decide) {
        finish(State::kFailed, {}, decoder.error());
        return;
      }
      // Not clean: the whole file decides (the charset detector, the
      // "not valid UTF-8" question).
      while (!(chunk = read_chunk()).isEmpty()) {
        if (cancel_) return;
        all += chunk;
      }
      if (read_failed) {
        finish(State::kFailed, {}, read_error);
        return;
      }
      LoadedText loaded;
      DecodeTextFile(std::move(all), &loaded);
      finish(State::kWhole, std::move(loaded), QString());
      return;
    }
    skip = 0;
    // As ReadTextFile: the first line end says whether they are CR LF.
    if (!crlf_known) {
      const qsizetype newline = pending.indexOf(u'\n');
      if (newline >= 0) {
        crlf_known = true;
        format.crlf = newline > 0 && pending[newline - 1] == u'\r';
        QMutexLocker lock(&mutex_);
        format_ = format;
      }
    }
    if (last && !crlf_known) {
      QMutexLocker lock(&mutex_);
      format_ = format;
    }
    // Whole lines (after a '\n', so a CR LF is never split); all at the
    // end.
    const qsizetype cut =
        last ? pending.size() : pending.lastIndexOf(u'\n') + 1;
    if (cut > 0 || last) {
      QString text = pending.first(cut);
      pending.remove(0, cut);
      if (format.crlf)
        text.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
      {
        QMutexLocker lock(&mutex_);
        if (state_ == State::kReading) state_ = State::kStreaming;
      }
      hand(std::move(text), last);
    }
    if (last) return;
    chunk = read_chunk();
  }
}

}  // namespace spellfilter::editor
