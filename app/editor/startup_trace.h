// Where the time before the window's first paint goes (issue 35 item 1):
// with QT_LOGGING_RULES="spellfilter.editor.startup.debug=true", each
// StartupMark logs its name with the wall-clock milliseconds since
// StartupClockStart and the process's CPU time so far
// (CLOCK_PROCESS_CPUTIME_ID, from exec: dynamic linking and Qt's start-up
// included), so a slow start can be told apart from a busy machine. Off, a mark
// costs one check.
#ifndef SPELLFILTER_APP_EDITOR_STARTUP_TRACE_H_
#define SPELLFILTER_APP_EDITOR_STARTUP_TRACE_H_

#include <QLoggingCategory>

namespace spellfilter::editor {

Q_DECLARE_LOGGING_CATEGORY(lcStartup)

// Starts the wall clock the marks count from (call first thing in main).
void StartupClockStart();
// Logs "startup: WHAT at W ms wall, C ms CPU" when the category is on.
void StartupMark(const char* what);
// The process's CPU time so far (user + system), in milliseconds.
[[nodiscard]] double ProcessCpuMs();

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_STARTUP_TRACE_H_
