#include "app/editor/text_file.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>
#include <QTextBlock>
#include <QTextDocument>

#include "app/editor/safe_write.h"
#include "app/editor/soft_lines.h"
#include "app/editor/text_encoding.h"
#include "core/text/utf8.h"

namespace spellfilter::editor {
namespace {

constexpr char kBom[] = "\xEF\xBB\xBF";

// Offset of the first byte that is not part of well-formed UTF-8 (RFC 3629:
// no overlongs, no surrogates, nothing above U+10FFFF), or a NUL; -1 if
// none.
qint64 FirstBadByte(QByteArrayView bytes, bool* nul) {
  const std::string_view s(bytes.data(), static_cast<size_t>(bytes.size()));
  *nul = false;
  for (size_t i = 0; i < s.size();) {
    if (s[i] == '\0') {
      *nul = true;
      return static_cast<qint64>(i);
    }
    const size_t length = Utf8SequenceLength(s, i);
    if (length == 0) return static_cast<qint64>(i);
    i += length;
  }
  return -1;
}

bool ReadBytes(const QString& path, QByteArray* bytes, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = file.errorString();
    return false;
  }
  *bytes = file.readAll();
  if (file.error() != QFileDevice::NoError) {
    *error = file.errorString();
    return false;
  }
  return true;
}

// `bytes` in `encoding` (not UTF-8), a byte-order mark of it skipped.
bool DecodeOther(QByteArray bytes, const QString& encoding, LoadedText* out,
                 QString* error) {
  *out = LoadedText();
  out->format.encoding = encoding;
  int bom = 0;
  if (EncodingFromByteOrderMark(bytes, &bom) == encoding && bom > 0) {
    out->format.byte_order_mark = true;
    bytes.remove(0, bom);
  }
  if (!Decode(bytes, encoding, &out->text, error)) return false;
  const qsizetype newline = out->text.indexOf(u'\n');
  out->format.crlf = newline > 0 && out->text[newline - 1] == u'\r';
  if (out->format.crlf)
    out->text.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
  return true;
}

// Control characters other than white space, or a NUL: a sign that a
// detected encoding is wrong (or that the file is not text).
bool HasControlCharacters(const QString& text) {
  for (const QChar c : text) {
    const char16_t u = c.unicode();
    if (u < 0x20 && u != u'\t' && u != u'\n' && u != u'\r' && u != u'\f' &&
        u != 0x1B) {
      return true;
    }
    if (u >= 0x7F && u < 0xA0) return true;  // C1 controls, DEL
  }
  return false;
}

// Below this, the detector's guess is not trusted (ucsdet gives
// single-byte encodings modest scores even on clean text; the decode
// check below catches wrong ones).
constexpr int kMinConfidence = 10;
// UTF-16 without a mark needs more: binary files have NUL bytes too.
constexpr int kMinUtf16Confidence = 50;

// Whether `bytes` look like a damaged UTF-8 file: as many well-formed
// UTF-8 sequences of more than one byte as bad bytes. (Decoding it as
// Latin-1 would garble every accented letter. Other encodings make such
// sequences only by chance: KOI8-R's "\u043b\u0451" is C C A3.)
bool LooksLikeDamagedUtf8(QByteArrayView bytes) {
  const std::string_view s(bytes.data(), static_cast<size_t>(bytes.size()));
  qsizetype valid = 0;
  qsizetype invalid = 0;
  for (size_t i = 0; i < s.size();) {
    const size_t length = Utf8SequenceLength(s, i);
    if (length == 0) {
      ++invalid;
      ++i;
      continue;
    }
    if (length > 1) ++valid;
    i += length;
  }
  return valid > 0 && valid >= invalid;
}

// The text of `bytes` (not UTF-8) in the encoding ICU's detector names,
// if it decodes cleanly in it.
bool DecodeDetected(const QByteArray& bytes, LoadedText* out) {
  if (LooksLikeDamagedUtf8(bytes)) return false;
  int confidence = 0;
  QString encoding = DetectEncoding(bytes, &confidence);
  if (encoding.isEmpty()) return false;
  // ICU says ISO-8859-1 when no byte is in 0x80-0x9F, where the two
  // differ; Windows-1252 reads the same and can save more (the euro sign,
  // curly quotes), as browsers do (WHATWG Encoding).
  if (encoding == QLatin1String(kLatin1)) {
    encoding = QString::fromLatin1(kWindows1252);
  }
  const bool utf16 = encoding.startsWith(QLatin1String("UTF-16"));
  if (confidence < (utf16 ? kMinUtf16Confidence : kMinConfidence)) {
    return false;
  }
  LoadedText decoded;
  QString error;
  if (!DecodeOther(bytes, encoding, &decoded, &error) ||
      HasControlCharacters(decoded.text)) {
    return false;
  }
  *out = std::move(decoded);
  out->detected_confidence = confidence;
  return true;
}

}  // namespace

bool ReadTextFileAs(const QString& path, const QString& encoding,
                    LoadedText* out, QString* error) {
  QByteArray bytes;
  if (!ReadBytes(path, &bytes, error)) return false;
  return DecodeTextFileAs(std::move(bytes), encoding, out, error);
}

bool DecodeTextFileAs(QByteArray bytes, const QString& encoding,
                      LoadedText* out, QString* error) {
  if (encoding == QLatin1String(kUtf8)) {
    DecodeTextFile(std::move(bytes), out);
    if (out->first_bad_byte >= 0) {
      *error = QCoreApplication::translate(
                   "TextFile",
                   "not valid UTF-8: the first invalid byte is at offset %1")
                   .arg(out->first_bad_byte);
      return false;
    }
    return true;
  }
  return DecodeOther(std::move(bytes), encoding, out, error);
}

bool ReadTextFile(const QString& path, LoadedText* out, QString* error) {
  QByteArray bytes;
  if (!ReadBytes(path, &bytes, error)) return false;
  DecodeTextFile(std::move(bytes), out);
  return true;
}

void DecodeTextFile(QByteArray bytes, LoadedText* out) {
  int bom = 0;
  const QString marked = EncodingFromByteOrderMark(bytes, &bom);
  if (!marked.isEmpty() && marked != QLatin1String(kUtf8)) {
    QString decode_error;
    if (DecodeOther(bytes, marked, out, &decode_error)) return;
    // A UTF-16 mark on bytes that are not UTF-16: read as UTF-8 below,
    // which reports the bad bytes.
  }
  *out = LoadedText();
  if (bytes.startsWith(kBom)) {
    out->format.byte_order_mark = true;
    bytes.remove(0, 3);
  }
  out->first_bad_byte = FirstBadByte(bytes, &out->binary);
  if (out->first_bad_byte >= 0 && !out->format.byte_order_mark &&
      DecodeDetected(bytes, out)) {
    return;
  }
  if (out->first_bad_byte >= 0 && out->format.byte_order_mark) {
    out->first_bad_byte += 3;
  }
  const qsizetype newline = bytes.indexOf('\n');
  out->format.crlf = newline > 0 && bytes[newline - 1] == '\r';
  if (out->format.crlf) bytes.replace("\r\n", "\n");
  // The real byte-order mark is gone; a second one is text.
  QStringDecoder decoder(QStringDecoder::Utf8,
                         QStringConverter::Flag::Stateless |
                             QStringConverter::Flag::ConvertInitialBom);
  out->text = decoder.decode(bytes);
}

bool WriteTextFile(const QString& path, const QString& text,
                   const TextFormat& format, QString* error, QString* note) {
  QByteArray bytes;
  if (format.encoding.isEmpty() || format.encoding == QLatin1String(kUtf8)) {
    bytes = text.toUtf8();
    if (format.crlf) bytes.replace("\n", "\r\n");
    if (format.byte_order_mark) bytes.prepend(kBom);
  } else {
    QString lines = text;
    if (format.crlf) lines.replace(u'\n', QStringLiteral("\r\n"));
    if (!Encode(lines, format.encoding, &bytes, error)) return false;
    if (format.byte_order_mark) bytes.prepend(ByteOrderMark(format.encoding));
  }
  // A FIFO or a device is not ours to replace with a regular file.
  // (QFileInfo follows links.)
  const QFileInfo info(path);
  if (info.exists() && !info.isFile()) {
    *error = QCoreApplication::translate("spellfilter::editor",
                                         "%1 is not a regular file")
                 .arg(path);
    return false;
  }
  return WriteFileSafely(path, bytes, error, note);
}

QString DocumentText(const QTextDocument& document) {
  if (!HasContinuations(document)) {
    QString text = document.toRawText();
    text.replace(QChar::ParagraphSeparator, u'\n');
    return text;
  }
  // A long line shown in pieces (soft_lines.h) is one line again.
  QString text;
  text.reserve(document.characterCount());
  for (QTextBlock block = document.begin(); block.isValid();
       block = block.next()) {
    if (block != document.begin() && !ContinuesLine(block)) text += u'\n';
    text += block.text();
  }
  return text;
}

}  // namespace spellfilter::editor
