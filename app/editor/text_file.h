// Reading and writing the documents the editor edits: plain text, UTF-8
// unless a byte-order mark or the user says otherwise (text_encoding.h).
//
// Reading checks the bytes before the editor sees them: invalid UTF-8 (or a
// NUL byte, the mark of a binary file) is reported with the offset of the
// first bad byte, so the caller can warn instead of silently replacing the
// bytes with U+FFFD on the next save. A leading byte-order mark and CRLF
// line ends are remembered and written back, so an untouched file saves
// byte for byte as it was read.
//
// Writing goes through QSaveFile: the old file stays intact until the new
// one is complete.
#ifndef SPELLFILTER_APP_EDITOR_TEXT_FILE_H_
#define SPELLFILTER_APP_EDITOR_TEXT_FILE_H_

#include <QByteArray>
#include <QString>

class QTextDocument;

namespace spellfilter::editor {

struct TextFormat {
  bool byte_order_mark = false;
  bool crlf = false;  // line ends are CR LF (judged by the first line end)
  // ICU's name (text_encoding.h): what the file is read and written in.
  QString encoding = QStringLiteral("UTF-8");
};

struct LoadedText {
  QString text;  // line ends are '\n'
  TextFormat format;
  // -1 if the file is valid UTF-8 without NUL bytes; otherwise the byte
  // offset of the first invalid sequence or NUL.
  qint64 first_bad_byte = -1;
  bool binary = false;  // a NUL byte was found
  // > 0: the file is not UTF-8, and ICU's charset detector named
  // format.encoding with this confidence (0-100); the text is decoded in it.
  int detected_confidence = 0;
};

// Reads `path`; false with *error (the system's message) if it cannot.
// UTF-8 unless a byte-order mark says UTF-16 (LE or BE), or the bytes are
// not UTF-8 and ICU's charset detector names an encoding they decode in
// cleanly (UTF-16 without a mark, Windows-1252, ...: detected_confidence).
// Otherwise first_bad_byte says where UTF-8 fails.
bool ReadTextFile(const QString& path, LoadedText* out, QString* error);
// Reads `path` in `encoding` (a byte-order mark of that encoding is
// remembered); false with *error if it cannot be read or is not valid in
// that encoding.
bool ReadTextFileAs(const QString& path, const QString& encoding,
                    LoadedText* out, QString* error);

// ReadTextFile and ReadTextFileAs on bytes already read (the whole file).
void DecodeTextFile(QByteArray bytes, LoadedText* out);
bool DecodeTextFileAs(QByteArray bytes, const QString& encoding,
                      LoadedText* out, QString* error);

// Writes `text` ('\n' line ends) to `path` in `format` with
// WriteFileSafely (safe_write.h: atomically, or in place after a backup
// where the folder allows no new file, saying so in *note); fails,
// writing nothing, if the encoding cannot hold a character of `text`.
// *error is the system's own message (ENOSPC: "No space left on device").
bool WriteTextFile(const QString& path, const QString& text,
                   const TextFormat& format, QString* error,
                   QString* note = nullptr);

// The document's text exactly: unlike QTextDocument::toPlainText(), no
// non-breaking space becomes a space. Block ends become '\n', except
// before a block that continues a long line (soft_lines.h).
QString DocumentText(const QTextDocument& document);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_TEXT_FILE_H_
