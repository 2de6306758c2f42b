#include "app/editor/pdf_export.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QPlainTextEdit>
#include <QPrinter>
#include <QTemporaryFile>
#include <QTextDocument>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "app/editor/soft_lines.h"
#include "app/editor/text_file.h"

namespace spellfilter::editor {
namespace {

QString Tr(const char* text) {
  return QCoreApplication::translate("spellfilter::editor::ExportPdf", text);
}

// The file a write to `path` lands in; empty (with *error) when that is
// not a regular file or a name that does not exist yet.
QString Destination(const QString& path, QString* error) {
  const QFileInfo info(path);
  if (info.isSymLink()) {
    const QFileInfo target(info.symLinkTarget());
    if (target.exists() && !target.isFile()) {
      *error = Tr("it is not a regular file");
      return {};
    }
    return target.absoluteFilePath();
  }
  if (info.exists() && !info.isFile()) {
    *error = Tr("it is not a regular file");
    return {};
  }
  return info.absoluteFilePath();
}

}  // namespace

std::unique_ptr<QTextDocument> PrintableDocument(const QPlainTextEdit& editor,
                                                 bool selection_only) {
  if (!HasContinuations(*editor.document())) return nullptr;
  auto real = std::make_unique<QTextDocument>();
  real->setDefaultFont(editor.document()->defaultFont());
  real->setPlainText(selection_only ? RealText(editor.textCursor())
                                    : DocumentText(*editor.document()));
  return real;
}

void PrintDocument(const QPlainTextEdit& editor, QPrinter* printer) {
  const std::unique_ptr<QTextDocument> real = PrintableDocument(
      editor, printer->printRange() == QPrinter::Selection);
  if (real == nullptr) {
    editor.print(printer);
  } else {
    real->print(printer);
  }
}

bool ExportPdf(const QPlainTextEdit& editor, const QString& path,
               QString* error) {
  const QString destination = Destination(path, error);
  if (destination.isEmpty()) return false;
  const QFileInfo dest_info(destination);
  QTemporaryFile temp(dest_info.absolutePath() + QStringLiteral("/.") +
                      dest_info.fileName() + QStringLiteral(".XXXXXX"));
  if (!temp.open()) {
    *error = temp.errorString();
    return false;
  }
  temp.close();
  {
    QPrinter printer(QPrinter::HighResolution);
    printer.setOutputFormat(QPrinter::PdfFormat);
    printer.setOutputFileName(temp.fileName());
    printer.setDocName(dest_info.completeBaseName());
    PrintDocument(editor, &printer);
    if (printer.printerState() == QPrinter::Error) {
      *error = Tr("the PDF could not be written");
      return false;
    }
  }
  if (QFileInfo(temp.fileName()).size() == 0) {
    *error = Tr("the PDF could not be written");
    return false;
  }
  // Checked again just before the rename: it replaces whatever is there.
  if (Destination(destination, error).isEmpty()) return false;
  temp.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                      QFileDevice::ReadGroup | QFileDevice::ReadOther);
  if (std::rename(QFile::encodeName(temp.fileName()).constData(),
                  QFile::encodeName(destination).constData()) != 0) {
    *error = QString::fromLocal8Bit(std::strerror(errno));
    return false;
  }
  temp.setAutoRemove(false);
  return true;
}

}  // namespace spellfilter::editor
