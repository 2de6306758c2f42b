#include "editor_test_support.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <QTest>
#include <QTextLayout>
#include <QTimer>
#include <cstdlib>
#include <memory>

#include "app/editor/recheck_scheduler.h"
#include "app/editor/spell_highlighter.h"
#include "app/editor/spell_text_edit.h"
#include "core/dictionary/builder.h"
#include "core/util/file_io.h"

namespace spellfilter::editor {
namespace {

TestEnvironment* g_environment = nullptr;

}  // namespace

QStringList TestWords() {
  return QString(
             "a about again and are be brown but day dog fox good hello here i "
             "in is it jumps lazy of one over quick some spelling test text "
             "that the there these this three to two was word words world "
             "Paris typed checker correct editor")
      .split(u' ');
}

bool BuildTestDictionary(const QString& path, const QStringList& words,
                         const QString& language) {
  BuildOptions options;
  options.language = language.toStdString();
  DictionaryBuilder builder(options);
  if (!builder.status().ok()) return false;
  int line = 0;
  for (const QString& w : words) {
    if (!builder.AddLine(w.toStdString(), "test:" + std::to_string(++line))
             .ok()) {
      return false;
    }
  }
  StatusOr<std::string> image = builder.Finish(nullptr);
  return image.ok() &&
         WriteFileAtomically(QFile::encodeName(path).toStdString(), *image)
             .ok();
}

TestEnvironment::TestEnvironment() {
  const QByteArray root = QFile::encodeName(dir_.path());
  qputenv("HOME", root + "/home");
  qputenv("XDG_CONFIG_HOME", root + "/config");
  qputenv("XDG_DATA_HOME", root + "/data");
  qputenv("XDG_CACHE_HOME", root + "/cache");
  qputenv("XDG_DATA_DIRS", root + "/system-data");
  qputenv("XDG_RUNTIME_DIR", root + "/runtime");
  qputenv("SPELLFILTER_DICTIONARY", root + "/test.sfd");
  qunsetenv("SPELLFILTER_LANG");
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
  }
  for (const char* sub :
       {"/home", "/config", "/data", "/cache", "/system-data", "/runtime"}) {
    QDir().mkpath(dir_.path() + QLatin1String(sub));
  }
  QFile::setPermissions(dir_.path() + "/runtime", QFileDevice::ReadOwner |
                                                      QFileDevice::WriteOwner |
                                                      QFileDevice::ExeOwner);
  if (!BuildTestDictionary(dictionary(), TestWords())) {
    qFatal("could not build the test dictionary");
  }
}

QString TestEnvironment::newFolder(const QString& name) const {
  const QString path = root() + "/" + name;
  QDir(path).removeRecursively();
  QDir().mkpath(path);
  return path;
}

void TestEnvironment::reset() const {
  QDir(configHome()).removeRecursively();
  QDir(dataHome()).removeRecursively();
  QDir().mkpath(configHome());
  QDir().mkpath(dataHome());
}

TestEnvironment& Environment() { return *g_environment; }

int RunEditorTest(QObject* test, int argc, char** argv) {
  TestEnvironment environment;
  g_environment = &environment;
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName("spellfilter");
  QCoreApplication::setApplicationName("spellfilter-editor");
  app.setAttribute(Qt::AA_Use96Dpi, true);
  QTEST_SET_MAIN_SOURCE_PATH
  const int result = QTest::qExec(test, argc, argv);
  g_environment = nullptr;
  return result;
}

std::shared_ptr<bool> AnswerNextMessageBox(const QString& button,
                                           int timeout_ms, QString* text) {
  auto answered = std::make_shared<bool>(false);
  auto* timer = new QTimer(qApp);
  QElapsedTimer clock;
  clock.start();
  timer->setInterval(10);
  QObject::connect(timer, &QTimer::timeout, timer, [=] {
    QMessageBox* box = nullptr;
    for (QWidget* w : QApplication::topLevelWidgets()) {
      if (auto* b = qobject_cast<QMessageBox*>(w); b && b->isVisible()) box = b;
    }
    if (box != nullptr) {
      for (QAbstractButton* b : box->buttons()) {
        if (b->text().remove(u'&') == button) {
          if (text != nullptr) *text = box->text();
          *answered = true;
          timer->stop();  // deleteLater waits for the outer event loop
          timer->deleteLater();
          b->click();
          return;
        }
      }
    }
    if (clock.elapsed() > timeout_ms) {
      qWarning("no message box with a \"%s\" button appeared",
               qPrintable(button));
      timer->stop();
      timer->deleteLater();
    }
  });
  timer->start();
  return answered;
}

bool WaitForChecking(SpellTextEdit* edit, int timeout_ms) {
  QCoreApplication::processEvents();
  return QTest::qWaitFor(
      [edit] { return !edit->isStreaming() && edit->scheduler()->isIdle(); },
      timeout_ms);
}

QList<TextSpan> Underlined(const SpellTextEdit* edit, const QTextBlock& block) {
  return edit->highlighter()->underlines(block);
}

QStringList UnderlinedWords(const SpellTextEdit* edit) {
  QStringList words;
  for (QTextBlock b = edit->document()->begin(); b.isValid(); b = b.next()) {
    for (const TextSpan& s : Underlined(edit, b)) {
      words.append(QStringLiteral("%1@%2")
                       .arg(b.text().mid(s.start, s.length))
                       .arg(b.position() + s.start));
    }
  }
  return words;
}

}  // namespace spellfilter::editor
