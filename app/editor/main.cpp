// spellfilter-editor [FILE]: sets up the application and shows the window.
#include <QApplication>
#include <QByteArray>
#include <QCommandLineParser>
#include <QIcon>
#include <QTimer>

#include "app/editor/main_window.h"

namespace {

void SetApplicationNames() {
  QCoreApplication::setOrganizationName(QStringLiteral("spellfilter"));
  QCoreApplication::setApplicationName(QStringLiteral("spellfilter-editor"));
  QCoreApplication::setApplicationVersion(QStringLiteral(SPELLFILTER_VERSION));
}

void SetUpParser(QCommandLineParser* parser) {
  parser->setApplicationDescription(QCoreApplication::translate(
      "main", "A plain-text editor that checks spelling as you type."));
  parser->addHelpOption();
  parser->addVersionOption();
  parser->addPositionalArgument(
      QStringLiteral("file"),
      QCoreApplication::translate("main", "The file to open (UTF-8 text)."),
      QStringLiteral("[FILE]"));
}

// --help and --version answer without a display (QApplication would need
// one first).
void AnswerHelpWithoutDisplay(int argc, char* argv[]) {
  for (int i = 1; i < argc; ++i) {
    const QByteArray arg(argv[i]);
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
  AnswerHelpWithoutDisplay(argc, argv);
  QApplication app(argc, argv);
  SetApplicationNames();
  QGuiApplication::setApplicationDisplayName(
      QCoreApplication::translate("main", "spellfilter editor"));
  QGuiApplication::setDesktopFileName(QStringLiteral("spellfilter-editor"));
  QIcon icon = QIcon::fromTheme(QStringLiteral("spellfilter-editor"));
  if (icon.isNull()) {
    for (int size : {16, 22, 24, 32, 48, 64, 128, 256}) {
      icon.addFile(
          QStringLiteral(":/icons/%1/spellfilter-editor.png").arg(size));
    }
  }
  QApplication::setWindowIcon(icon);

  QCommandLineParser parser;
  SetUpParser(&parser);
  parser.process(app);

  spellfilter::editor::MainWindow window;
  window.show();
  const QStringList files = parser.positionalArguments();
  if (!files.isEmpty()) window.openFromCommandLine(files.constFirst());
  // After the window is up, so the question appears over it.
  QTimer::singleShot(0, &window,
                     &spellfilter::editor::MainWindow::offerRecovery);
  return app.exec();
}
