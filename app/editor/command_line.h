// The file arguments of `spellfilter-editor`, as gedit and Kate take them:
//   FILE...      several files, each in a tab
//   +N FILE      FILE with the cursor on line N (the +N applies to the next
//                file only)
//   FILE:N[:C]   the same, and column C; only when FILE:N... is not itself
//                an existing file (a file may have a colon in its name)
//   -            the text of standard input, as an unsaved document
// Parsing is pure: reading standard input and opening are the caller's.
#ifndef SPELLFILTER_APP_EDITOR_COMMAND_LINE_H_
#define SPELLFILTER_APP_EDITOR_COMMAND_LINE_H_

#include <QList>
#include <QString>
#include <QStringList>

namespace spellfilter::editor {

struct FileRequest {
  QString path;  // absolute; empty for standard input
  bool standard_input = false;
  int line = 0;    // 1-based; 0: wherever the file opens
  int column = 0;  // 1-based; 0: the line's start
};

struct FileArguments {
  QList<FileRequest> files;
  // Problems worth a line on standard error ("+5 applies to no file").
  QStringList warnings;
};

// Parses the positional arguments; relative paths are made absolute
// against `working_folder`.
[[nodiscard]] FileArguments ParseFileArguments(const QStringList& arguments,
                                               const QString& working_folder);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_COMMAND_LINE_H_
