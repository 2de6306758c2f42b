// Printing the editor's document, and writing it as a PDF
// (QPrinter::PdfFormat) for File > Export as PDF.
#ifndef SPELLFILTER_APP_EDITOR_PDF_EXPORT_H_
#define SPELLFILTER_APP_EDITOR_PDF_EXPORT_H_

#include <QString>
#include <memory>

class QPlainTextEdit;
class QPrinter;
class QTextDocument;

namespace spellfilter::editor {

// Prints `editor`'s document (or its selection, when `printer` asks for
// the selection only) in its font, with the file's own lines: a long line
// shown in pieces (soft_lines.h) is printed as one paragraph.
void PrintDocument(const QPlainTextEdit& editor, QPrinter* printer);
// What PrintDocument prints when the document has long lines in pieces:
// a document of the file's own lines (or of the selection's), in the
// editor's font; null when the editor's document can be printed as it is.
std::unique_ptr<QTextDocument> PrintableDocument(const QPlainTextEdit& editor,
                                                 bool selection_only);

// Prints `editor`'s document (its font, no spelling underlines) to a
// temporary file beside `path`, then renames it to `path`, so a failure
// leaves no half-written PDF. Refuses to replace anything that is not a
// regular file (a folder, a FIFO, a device); a symbolic link to a regular
// file is followed and the file it names is replaced. On failure returns
// false with the reason in *error.
bool ExportPdf(const QPlainTextEdit& editor, const QString& path,
               QString* error);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_PDF_EXPORT_H_
