// The encodings a document can be read and written in, through ICU's
// converters (ucnv): UTF-8, UTF-16 LE and BE, ISO-8859-1 and Windows-1252.
// Decoding reports the first byte the encoding does not allow; encoding
// reports the first character it cannot hold, instead of writing a
// substitute: saving never silently changes the text.
#ifndef SPELLFILTER_APP_EDITOR_TEXT_ENCODING_H_
#define SPELLFILTER_APP_EDITOR_TEXT_ENCODING_H_

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace spellfilter::editor {

// ICU's names, as the menu offers them.
inline constexpr char kUtf8[] = "UTF-8";
inline constexpr char kUtf16Le[] = "UTF-16LE";
inline constexpr char kUtf16Be[] = "UTF-16BE";
inline constexpr char kLatin1[] = "ISO-8859-1";
inline constexpr char kWindows1252[] = "windows-1252";

QStringList SupportedEncodings();
// What ICU's charset detector (ucsdet) makes of `bytes`: the most likely
// of SupportedEncodings() other than UTF-8, and its confidence (0-100) in
// *confidence; empty if it names none of them.
QString DetectEncoding(const QByteArray& bytes, int* confidence);
// The name to show ("Western (Windows-1252)").
QString EncodingLabel(const QString& encoding);

// The encoding a byte-order mark at the start of `bytes` names, and its
// length; empty and 0 without one.
QString EncodingFromByteOrderMark(const QByteArray& bytes, int* length);
// The mark written for `encoding` when the file had one.
QByteArray ByteOrderMark(const QString& encoding);

// False with *error when `bytes` are not valid in `encoding` (the offset
// of the first bad byte).
bool Decode(const QByteArray& bytes, const QString& encoding, QString* text,
            QString* error);
// False with *error when `text` holds a character `encoding` cannot.
bool Encode(const QString& text, const QString& encoding, QByteArray* bytes,
            QString* error);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_TEXT_ENCODING_H_
