#include "app/editor/text_encoding.h"

#include <unicode/ucnv.h>
#include <unicode/ucnv_err.h>
#include <unicode/ucsdet.h>

#include <QCoreApplication>
#include <algorithm>
#include <memory>

namespace spellfilter::editor {
namespace {

struct ConverterCloser {
  void operator()(UConverter* c) const { ucnv_close(c); }
};
using Converter = std::unique_ptr<UConverter, ConverterCloser>;

Converter Open(const QString& encoding, QString* error) {
  UErrorCode status = U_ZERO_ERROR;
  Converter c(ucnv_open(encoding.toLatin1().constData(), &status));
  if (U_FAILURE(status)) {
    *error =
        QCoreApplication::translate("TextEncoding", "unknown encoding %1: %2")
            .arg(encoding, QString::fromLatin1(u_errorName(status)));
    c.reset();
  }
  return c;
}

// The encodings beyond Unicode and Western, with their labels: those ICU's
// detector names (ucsdet) for text, so a detected file can be reopened and
// saved in what it was.
const QList<std::pair<const char*, const char*>>& OtherEncodings() {
  static const QList<std::pair<const char*, const char*>> kOthers = {
      {"ISO-8859-2", "Central European (ISO-8859-2)"},
      {"windows-1250", "Central European (Windows-1250)"},
      {"ISO-8859-5", "Cyrillic (ISO-8859-5)"},
      {"windows-1251", "Cyrillic (Windows-1251)"},
      {"KOI8-R", "Cyrillic (KOI8-R)"},
      {"ISO-8859-7", "Greek (ISO-8859-7)"},
      {"windows-1253", "Greek (Windows-1253)"},
      {"ISO-8859-9", "Turkish (ISO-8859-9)"},
      {"windows-1254", "Turkish (Windows-1254)"},
      {"ISO-8859-8", "Hebrew (ISO-8859-8)"},
      {"windows-1255", "Hebrew (Windows-1255)"},
      {"ISO-8859-6", "Arabic (ISO-8859-6)"},
      {"windows-1256", "Arabic (Windows-1256)"},
      {"Shift_JIS", "Japanese (Shift_JIS)"},
      {"EUC-JP", "Japanese (EUC-JP)"},
      {"GB18030", "Chinese Simplified (GB18030)"},
      {"Big5", "Chinese Traditional (Big5)"},
      {"EUC-KR", "Korean (EUC-KR)"},
  };
  return kOthers;
}

}  // namespace

QStringList SupportedEncodings() {
  QStringList all = {QString::fromLatin1(kUtf8), QString::fromLatin1(kUtf16Le),
                     QString::fromLatin1(kUtf16Be),
                     QString::fromLatin1(kLatin1),
                     QString::fromLatin1(kWindows1252)};
  for (const auto& [name, label] : OtherEncodings()) {
    all.append(QString::fromLatin1(name));
  }
  return all;
}

QString DetectEncoding(const QByteArray& bytes, int* confidence) {
  *confidence = 0;
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<UCharsetDetector, decltype(&ucsdet_close)> detector(
      ucsdet_open(&status), &ucsdet_close);
  if (U_FAILURE(status)) return QString();
  // The detector's statistics settle long before a megabyte.
  const int32_t length =
      static_cast<int32_t>(std::min<qsizetype>(bytes.size(), 1 << 20));
  ucsdet_setText(detector.get(), bytes.constData(), length, &status);
  int32_t found = 0;
  const UCharsetMatch** matches =
      ucsdet_detectAll(detector.get(), &found, &status);
  if (U_FAILURE(status)) return QString();
  const QStringList supported = SupportedEncodings();
  for (int32_t i = 0; i < found; ++i) {
    const char* name = ucsdet_getName(matches[i], &status);
    const int32_t score = ucsdet_getConfidence(matches[i], &status);
    if (U_FAILURE(status)) return QString();
    const QString encoding = QString::fromLatin1(name);
    if (encoding == QLatin1String(kUtf8) || !supported.contains(encoding)) {
      continue;
    }
    *confidence = score;
    return encoding;
  }
  return QString();
}

QString EncodingLabel(const QString& encoding) {
  for (const auto& [name, label] : OtherEncodings()) {
    if (encoding == QLatin1String(name)) return QString::fromLatin1(label);
  }
  if (encoding == QLatin1String(kUtf8))
    return QStringLiteral("Unicode (UTF-8)");
  if (encoding == QLatin1String(kUtf16Le)) {
    return QStringLiteral("Unicode (UTF-16 LE)");
  }
  if (encoding == QLatin1String(kUtf16Be)) {
    return QStringLiteral("Unicode (UTF-16 BE)");
  }
  if (encoding == QLatin1String(kLatin1)) {
    return QStringLiteral("Western (ISO-8859-1)");
  }
  if (encoding == QLatin1String(kWindows1252)) {
    return QStringLiteral("Western (Windows-1252)");
  }
  return encoding;
}

QString EncodingFromByteOrderMark(const QByteArray& bytes, int* length) {
  if (bytes.startsWith("\xEF\xBB\xBF")) {
    *length = 3;
    return QString::fromLatin1(kUtf8);
  }
  if (bytes.startsWith("\xFF\xFE")) {
    *length = 2;
    return QString::fromLatin1(kUtf16Le);
  }
  if (bytes.startsWith("\xFE\xFF")) {
    *length = 2;
    return QString::fromLatin1(kUtf16Be);
  }
  *length = 0;
  return QString();
}

QByteArray ByteOrderMark(const QString& encoding) {
  if (encoding == QLatin1String(kUtf8)) return QByteArray("\xEF\xBB\xBF");
  if (encoding == QLatin1String(kUtf16Le)) return QByteArray("\xFF\xFE");
  if (encoding == QLatin1String(kUtf16Be)) return QByteArray("\xFE\xFF");
  return QByteArray();
}

bool Decode(const QByteArray& bytes, const QString& encoding, QString* text,
            QString* error) {
  Converter c = Open(encoding, error);
  if (!c) return false;
  UErrorCode status = U_ZERO_ERROR;
  ucnv_setToUCallBack(c.get(), UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr,
                      nullptr, &status);
  text->resize(bytes.size() * 2 + 2);  // UTF-16 units: at most 2 per byte
  auto* target = reinterpret_cast<UChar*>(text->data());
  UChar* const target_start = target;
  const char* source = bytes.constData();
  ucnv_toUnicode(c.get(), &target, target + text->size(), &source,
                 bytes.constData() + bytes.size(), nullptr, /*flush=*/true,
                 &status);
  if (U_FAILURE(status)) {
    // The source pointer stops after the bad sequence.
    char bad[32];
    int8_t bad_length = sizeof bad;
    UErrorCode ignored = U_ZERO_ERROR;
    ucnv_getInvalidChars(c.get(), bad, &bad_length, &ignored);
    const qint64 offset =
        (source - bytes.constData()) - qMax<int8_t>(bad_length, 0);
    *error = QCoreApplication::translate(
                 "TextEncoding",
                 "not valid %1: the first invalid byte is at offset %2")
                 .arg(encoding)
                 .arg(offset);
    return false;
  }
  text->resize(target - target_start);
  return true;
}

bool Encode(const QString& text, const QString& encoding, QByteArray* bytes,
            QString* error) {
  Converter c = Open(encoding, error);
  if (!c) return false;
  UErrorCode status = U_ZERO_ERROR;
  ucnv_setFromUCallBack(c.get(), UCNV_FROM_U_CALLBACK_STOP, nullptr, nullptr,
                        nullptr, &status);
  bytes->resize(text.size() * 4 + 4);
  char* target = bytes->data();
  char* const target_start = target;
  const auto* source = reinterpret_cast<const UChar*>(text.constData());
  const UChar* const source_start = source;
  ucnv_fromUnicode(c.get(), &target, target + bytes->size(), &source,
                   source + text.size(), nullptr, /*flush=*/true, &status);
  if (U_FAILURE(status)) {
    UChar bad[8];
    int8_t bad_length = 8;
    UErrorCode ignored = U_ZERO_ERROR;
    ucnv_getInvalidUChars(c.get(), bad, &bad_length, &ignored);
    const qsizetype at = (source - source_start) - qMax<int8_t>(bad_length, 0);
    *error =
        QCoreApplication::translate(
            "TextEncoding",
            "%1 cannot hold the character \u201C%2\u201D (U+%3) at "
            "character %4")
            .arg(encoding, QString(reinterpret_cast<const QChar*>(bad),
                                   qMax<int8_t>(bad_length, 0)))
            .arg(text.at(qBound<qsizetype>(0, at, text.size() - 1)).unicode(),
                 4, 16, QLatin1Char('0'))
            .arg(at + 1);
    return false;
  }
  bytes->resize(target - target_start);
  return true;
}

}  // namespace spellfilter::editor
