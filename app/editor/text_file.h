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
};

// Reads `path`; false with *error (the system's message) if it cannot.
// UTF-8 unless a byte-order mark says UTF-16 (LE or BE).
bool ReadTextFile(const QString& path, LoadedText* out, QString* error);
// Reads `path` in `encoding` (a byte-order mark of that encoding is
// remembered); false with *error if it cannot be read or is not valid in
// that encoding.
bool ReadTextFileAs(const QString& path, const QString& encoding,
                    LoadedText* out, QString* error);

// Writes `text` ('\n' line ends) to `path` atomically in `format`; fails,
// writing nothing, if the encoding cannot hold a character of `text`.
bool WriteTextFile(const QString& path, const QString& text,
                   const TextFormat& format, QString* error);

// The document's text exactly: unlike QTextDocument::toPlainText(), no
// non-breaking space becomes a space. Block ends become '\n', except
// before a block that continues a long line (soft_lines.h).
QString DocumentText(const QTextDocument& document);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_TEXT_FILE_H_
