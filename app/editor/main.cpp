// spellfilter-editor [--new-window] [+N] [FILE[:N[:C]]]... [-]: sets up the
// application, hands the files to an editor already running on this
// display (single_instance.h) or shows a window with them.
#include <QApplication>
#include <QByteArray>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QIcon>
#include <QTimer>
#include <cstdio>

#include "app/editor/command_line.h"
#include "app/editor/main_window.h"
#include "app/editor/session.h"
#include "app/editor/single_instance.h"
#include "app/editor/startup_trace.h"

namespace {

const QString kNewWindow = QStringLiteral("new-window");

// The window icon: the theme's, else the PNGs compiled in. Looking the
// theme up (its index files and folders) and loading the image plugins is
// not needed for the first frame, so main() sets it after.
void SetWindowIcon() {
  QIcon icon = QIcon::fromTheme(QStringLiteral("spellfilter-editor"));
  if (icon.isNull()) {
    for (int size : {16, 22, 24, 32, 48, 64, 128, 256}) {
      icon.addFile(
          QStringLiteral(":/icons/%1/spellfilter-editor.png").arg(size));
    }
  }
  QApplication::setWindowIcon(icon);
}

void SetApplicationNames() {
  QCoreApplication::setOrganizationName(QStringLiteral("spellfilter"));
  QCoreApplication::setApplicationName(QStringLiteral("spellfilter-editor"));
  QCoreApplication::setApplicationVersion(QStringLiteral(SPELLFILTER_VERSION));
}

void SetUpParser(QCommandLineParser* parser) {
  parser->setApplicationDescription(QCoreApplication::translate(
      "main",
      "A plain-text editor that checks spelling as you type.\n"
      "\n"
      "Files:\n"
      "  FILE         open FILE in a tab (a missing FILE is created on the\n"
      "               first save); several files open in several tabs\n"
      "  +N FILE      open FILE with the cursor on line N\n"
      "  FILE:N[:C]   open FILE on line N (and column C)\n"
      "  -            open the text of standard input as a new document\n"
      "\n"
      "An editor already running on this display opens the files in its\n"
      "window, unless --new-window is given. Without files, the documents\n"
      "open last time are reopened (File > Reopen Documents at Start)."));
  parser->addHelpOption();
  parser->addVersionOption();
  parser->addOption(QCommandLineOption(
      kNewWindow,
      QCoreApplication::translate(
          "main",
          "Open a window of its own instead of using a running editor's.")));
  parser->addPositionalArgument(
      QStringLiteral("files"),
      QCoreApplication::translate("main", "The files to open (see above)."),
      QStringLiteral("[+N] [FILE[:N[:C]]...] [-]"));
}

// --help and --version answer without a display (QApplication would need
// one first).
void AnswerHelpWithoutDisplay(int argc, char* argv[]) {
  for (int i = 1; i < argc; ++i) {
    const QByteArray arg(argv[i]);
    if (arg == "--") break;
    if (arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "-v" ||
        arg == "--version") {
      QCoreApplication app(argc, argv);
      SetApplicationNames();
      QCommandLineParser parser;
      SetUpParser(&parser);
      parser.process(app);  // prints and exits
    }
  }
}

}  // namespace

int main(int argc, char* argv[]) {
  using spellfilter::editor::StartupMark;
  spellfilter::editor::StartupClockStart();
  AnswerHelpWithoutDisplay(argc, argv);
  QApplication app(argc, argv);
  StartupMark("QApplication");
  SetApplicationNames();
  QGuiApplication::setApplicationDisplayName(
      QCoreApplication::translate("main", "spellfilter editor"));
  QGuiApplication::setDesktopFileName(QStringLiteral("spellfilter-editor"));

  QCommandLineParser parser;
  SetUpParser(&parser);
  parser.process(app);

  using spellfilter::editor::OpenRequest;
  const spellfilter::editor::FileArguments arguments =
      spellfilter::editor::ParseFileArguments(parser.positionalArguments(),
                                              QDir::currentPath());
  for (const QString& warning : arguments.warnings) {
    std::fprintf(stderr, "spellfilter-editor: %s\n", qPrintable(warning));
  }
  OpenRequest request;
  request.files = arguments.files;
  for (const auto& file : request.files) {
    if (!file.standard_input || request.has_standard_input) continue;
    QFile in;
    if (!in.open(stdin, QIODevice::ReadOnly)) {
      std::fprintf(stderr,
                   "spellfilter-editor: -: cannot read standard input\n");
      return 2;
    }
    request.has_standard_input = true;
    request.standard_input = QString::fromUtf8(in.readAll());
  }

  const bool new_window = parser.isSet(kNewWindow);
  const QString socket_name = spellfilter::editor::SingleInstanceSocketName();
  if (!new_window &&
      spellfilter::editor::SendToRunningEditor(socket_name, request, 1000)) {
    return 0;
  }
  StartupMark("single-instance probe");

  spellfilter::editor::MainWindow window;
  StartupMark("window built");
  spellfilter::editor::SingleInstanceServer server;
  if (!new_window) {
    QObject::connect(&server,
                     &spellfilter::editor::SingleInstanceServer::openRequested,
                     &window, [&window](const OpenRequest& received) {
                       window.openRequest(received);
                       window.raise();
                       window.activateWindow();
                     });
    if (!server.listen(socket_name)) {
      std::fprintf(stderr,
                   "spellfilter-editor: %s: cannot listen (%s); other "
                   "launches open their own windows\n",
                   qPrintable(socket_name), qPrintable(server.errorString()));
    }
  }
  // The window's first title is the file it opens (not "untitled.txt"
  // while a big file loads).
  for (const auto& file : request.files) {
    if (!file.standard_input) window.setWindowFilePath(file.path);
  }
  StartupMark("server listening");
  window.show();
  StartupMark("show");
  if (!new_window && request.files.isEmpty()) window.restoreSession();
  window.openRequest(request);
  // After the first paint (a big file's "Loading…" page is painted inside
  // openRequest; otherwise the event loop paints before running timers).
  QTimer::singleShot(0, &window, [] {
    SetWindowIcon();
    StartupMark("icon");
  });
  // After the window is up, so the question appears over it.
  QTimer::singleShot(0, &window,
                     &spellfilter::editor::MainWindow::offerRecovery);
  return app.exec();
}
