#include "app/editor/command_line.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <algorithm>

namespace spellfilter::editor {
namespace {

QString Tr(const char* text) {
  return QCoreApplication::translate("spellfilter::editor::CommandLine", text);
}

// "+N" with N a positive number; 0 if `argument` is not one.
int LineArgument(const QString& argument) {
  static const QRegularExpression kLine(QStringLiteral("^\\+([0-9]{1,9})$"));
  const QRegularExpressionMatch match = kLine.match(argument);
  return match.hasMatch() ? std::max(match.captured(1).toInt(), 1) : 0;
}

}  // namespace

FileArguments ParseFileArguments(const QStringList& arguments,
                                 const QString& working_folder) {
  static const QRegularExpression kSuffix(
      QStringLiteral("^(.+?):([0-9]{1,9})(?::([0-9]{1,9}))?:?$"));
  const QDir folder(working_folder);
  FileArguments result;
  int pending_line = 0;
  QString pending_argument;
  for (const QString& argument : arguments) {
    if (const int line = LineArgument(argument); line > 0) {
      if (pending_line > 0) {
        result.warnings.append(
            Tr("%1 applies to no file (another +N follows it)")
                .arg(pending_argument));
      }
      pending_line = line;
      pending_argument = argument;
      continue;
    }
    FileRequest request;
    if (argument == QLatin1String("-")) {
      request.standard_input = true;
    } else {
      request.path = QDir::cleanPath(folder.absoluteFilePath(argument));
      // FILE:N[:C], unless that whole name is a file (or FILE is not one
      // and the whole name would be created).
      const QRegularExpressionMatch match = kSuffix.match(argument);
      if (match.hasMatch() && !QFileInfo::exists(request.path)) {
        const QString base =
            QDir::cleanPath(folder.absoluteFilePath(match.captured(1)));
        if (QFileInfo::exists(base)) {
          request.path = base;
          request.line = std::max(match.captured(2).toInt(), 1);
          if (!match.captured(3).isEmpty()) {
            request.column = std::max(match.captured(3).toInt(), 1);
          }
        }
      }
    }
    if (pending_line > 0) {
      request.line = pending_line;
      request.column = 0;
      pending_line = 0;
    }
    result.files.append(request);
  }
  if (pending_line > 0) {
    result.warnings.append(
        Tr("%1 applies to no file (no file follows it)").arg(pending_argument));
  }
  return result;
}

}  // namespace spellfilter::editor
