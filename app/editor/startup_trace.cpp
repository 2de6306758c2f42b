#include "app/editor/startup_trace.h"

#include <QElapsedTimer>
#include <ctime>

namespace spellfilter::editor {

Q_LOGGING_CATEGORY(lcStartup, "spellfilter.editor.startup", QtWarningMsg)

namespace {

QElapsedTimer& Clock() {
  static QElapsedTimer clock;
  return clock;
}

}  // namespace

void StartupClockStart() { Clock().start(); }

double ProcessCpuMs() {
  timespec ts{};
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return -1;
  return static_cast<double>(ts.tv_sec) * 1e3 +
         static_cast<double>(ts.tv_nsec) / 1e6;
}

void StartupMark(const char* what) {
  if (!lcStartup().isDebugEnabled()) return;
  const double wall = Clock().isValid()
                          ? static_cast<double>(Clock().nsecsElapsed()) / 1e6
                          : -1;
  qCDebug(lcStartup, "startup: %s at %.1f ms wall, %.1f ms CPU", what, wall,
          ProcessCpuMs());
}

}  // namespace spellfilter::editor
