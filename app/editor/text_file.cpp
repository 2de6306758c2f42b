#include "app/editor/text_file.h"

#include <QFile>
#include <QSaveFile>
#include <QStringDecoder>
#include <QTextDocument>

namespace spellfilter::editor {
namespace {

constexpr char kBom[] = "\xEF\xBB\xBF";

// Offset of the first byte that is not part of well-formed UTF-8 (RFC 3629:
// no overlongs, no surrogates, nothing above U+10FFFF), or a NUL; -1 if
// none.
qint64 FirstBadByte(QByteArrayView bytes, bool* nul) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  const qint64 n = bytes.size();
  *nul = false;
  for (qint64 i = 0; i < n;) {
    const unsigned char c = p[i];
    if (c == 0) {
      *nul = true;
      return i;
    }
    if (c < 0x80) {
      ++i;
      continue;
    }
    int length = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the 2nd byte
    if (c >= 0xC2 && c <= 0xDF) {
      length = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      length = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      length = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return i;
    }
    if (i + length > n || p[i + 1] < lo || p[i + 1] > hi) return i;
    for (int k = 2; k < length; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) return i;
    }
    i += length;
  }
  return -1;
}

}  // namespace

bool ReadTextFile(const QString& path, LoadedText* out, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = file.errorString();
    return false;
  }
  QByteArray bytes = file.readAll();
  if (file.error() != QFileDevice::NoError) {
    *error = file.errorString();
    return false;
  }
  *out = LoadedText();
  if (bytes.startsWith(kBom)) {
    out->format.byte_order_mark = true;
    bytes.remove(0, 3);
  }
  out->first_bad_byte = FirstBadByte(bytes, &out->binary);
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
  return true;
}

bool WriteTextFile(const QString& path, const QString& text,
                   const TextFormat& format, QString* error) {
  QByteArray bytes = text.toUtf8();
  if (format.crlf) bytes.replace("\n", "\r\n");
  if (format.byte_order_mark) bytes.prepend(kBom);
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() ||
      !file.commit()) {
    *error = file.errorString();
    return false;
  }
  return true;
}

QString DocumentText(const QTextDocument& document) {
  QString text = document.toRawText();
  text.replace(QChar::ParagraphSeparator, u'\n');
  return text;
}

}  // namespace spellfilter::editor
