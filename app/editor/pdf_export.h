// Writing the editor's document as a PDF (QPrinter::PdfFormat), for
// File > Export as PDF.
#ifndef SPELLFILTER_APP_EDITOR_PDF_EXPORT_H_
#define SPELLFILTER_APP_EDITOR_PDF_EXPORT_H_

#include <QString>

class QPlainTextEdit;

namespace spellfilter::editor {

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
