// Editor benchmark: a big document in the editing widget.
//
//   editor_benchmark [--size MB] [--line-mb MB] [--keys N] [--file PATH]
//                    [--dict PATH] [--jumps N] [--spelling-off]
//                    [--no-highlighter] [--no-wrap] [--tabs N]
//
// Measures, for a document of --size MB (default 5; generated from the
// bundled word list with about one word in 40 misspelled, in short lines,
// or in lines of --line-mb MB; or --file):
//   open        reading the file and QPlainTextEdit::setPlainText: the time
//               the window is blocked by opening;
//   checked     from the start of opening until the background checking
//               has finished (its finished() signal): every block checked,
//               the misspelling count final; after the keys typed
//               meanwhile are undone, the count is compared with core's
//               Checker run over the same text line by line and over the
//               whole text at once (as `spellfilter check` reads a file);
//   scroll      jumping to --jumps random places afterwards: time from the
//               jump to the end of the paint, and whether every misspelling
//               on screen was underlined in that paint (off-screen blocks
//               are underlined when they are painted, see
//               app/editor/spell_highlighter.h);
//   stall       the longest the event loop went without running a 1 ms
//               timer while the background checking ran;
//   ignore all  Ignore All on the most frequent misspelling: the time until
//               every occurrence is unflagged (synchronous, like Add to
//               Dictionary; SpellHighlighter::recheckFlaggedWords);
//   keystroke   keystroke-to-repaint latency: a key press is posted to the
//               event queue (as the window system delivers one, so it waits
//               behind whatever slice is running) and timed until the
//               editor's next paintEvent has finished; median, 95th
//               percentile and maximum over --keys presses, typed into the
//               middle of the document, both while the background checking
//               runs and after it is done.
// --tabs N puts the document in the current tab of a QTabWidget with N-1
// other tabs, each a SpellTextEdit over the same service holding a copy
// of the document, loaded and checked first (issue 35: keystrokes with 10
// tabs open), as the main window's tabs are.
// --spelling-off (checking switched off) and --no-highlighter (nothing of
// spellfilter attached to the document) measure the floors: what Qt itself
// costs.
// It drives SpellTextEdit directly (with the SpellService, file reading and
// highlighter the main window uses) so that it can time paintEvent.
// scripts/editor_benchmark.sh builds and runs it under Xvfb.
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QKeyEvent>
#include <QRandomGenerator>
#include <QScrollBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <memory>
#include <vector>

#include "app/editor/chunked_read.h"
#include "app/editor/dictionary_catalog.h"
#include "app/editor/recheck_scheduler.h"
#include "app/editor/spell_highlighter.h"
#include "app/editor/spell_service.h"
#include "app/editor/spell_text_edit.h"
#include "app/editor/text_file.h"
#include "core/check/checker.h"
#include "core/dictionary/dictionary.h"

namespace spellfilter::editor {
namespace {

// The CPU time the calling (UI) thread has used, in nanoseconds: a
// keystroke's CPU time does not grow with the machine's load as its wall
// time does.
qint64 ThreadCpuNs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return qint64{ts.tv_sec} * 1'000'000'000 + ts.tv_nsec;
}

class TimedEdit : public SpellTextEdit {
 public:
  using SpellTextEdit::SpellTextEdit;
  qint64 last_paint_end_ns = 0;
  qint64 last_paint_end_cpu_ns = 0;  // ThreadCpuNs() then
  QElapsedTimer* clock = nullptr;

 protected:
  void paintEvent(QPaintEvent* e) override {
    SpellTextEdit::paintEvent(e);
    last_paint_end_ns = clock->nsecsElapsed();
    last_paint_end_cpu_ns = ThreadCpuNs();
  }
};

// `line_bytes` > 0: sentences are joined into lines of about that size.
QByteArray GenerateDocument(qint64 bytes, qint64 line_bytes) {
  QFile list(QStringLiteral(SPELLFILTER_SOURCE_DIR "/dictionaries/en_US.txt"));
  QList<QByteArray> words;
  if (list.open(QIODevice::ReadOnly)) {
    for (const QByteArray& line : list.readAll().split('\n')) {
      if (line.isEmpty() || line.startsWith('#')) continue;
      const QByteArray word = line.left(line.indexOf('\t'));
      if (word.size() >= 2 && word.size() <= 12) words.append(word);
    }
  }
  if (words.isEmpty()) qFatal("cannot read the bundled word list");
  QRandomGenerator random(42);  // the same document every run
  QByteArray text;
  text.reserve(bytes + 200);
  qint64 line_start = 0;
  while (text.size() < bytes) {
    const int n = 6 + random.bounded(12);
    for (int i = 0; i < n; ++i) {
      QByteArray w = words[random.bounded(words.size())];
      if (random.bounded(40) ==
          0) {  // a typo: two letters swapped, or one doubled
        const int p = random.bounded(w.size() - 1);
        if (random.bounded(2) == 0) {
          std::swap(w[p], w[p + 1]);
        } else {
          w.insert(p, w[p]);
        }
      }
      text += w;
      text += (i + 1 < n) ? " " : ".\n";
    }
    if (line_bytes > 0) {
      if (text.size() - line_start < line_bytes) text.back() = ' ';
      if (text.back() == '\n') line_start = text.size();
    } else if (random.bounded(8) == 0) {
      text += '\n';
    }
  }
  return text;
}

struct Stats {
  double median = 0, p95 = 0, max = 0;
};

Stats Summarise(std::vector<double> ms) {
  Stats s;
  if (ms.empty()) return s;
  std::sort(ms.begin(), ms.end());
  s.median = ms[ms.size() / 2];
  s.p95 = ms[std::min(ms.size() - 1, ms.size() * 95 / 100)];
  s.max = ms.back();
  return s;
}

// Processes events until `done` (no busy waiting, no QTest::qWait
// granularity); false after `timeout_ms`.
bool WaitUntil(const std::function<bool()>& done, int timeout_ms = 10000) {
  QElapsedTimer t;
  t.start();
  QTimer wake;  // WaitForMoreEvents must not sleep past the timeout
  wake.start(20);
  while (!done()) {
    if (t.elapsed() > timeout_ms) return false;
    QCoreApplication::processEvents(QEventLoop::AllEvents |
                                    QEventLoop::WaitForMoreEvents);
  }
  return true;
}

// Posts `count` key presses, one every `interval_ms`, each timed until the
// paint after it; stops early when `stop` turns true (and at least 20 ran).
// With `cpu_ms`, the UI thread's CPU time from each post to that paint is
// appended to it.
std::vector<double> TimeKeystrokes(TimedEdit* edit, QElapsedTimer* clock,
                                   int count, int interval_ms,
                                   const std::function<bool()>& stop,
                                   std::vector<double>* cpu_ms = nullptr) {
  std::vector<double> latencies;
  QRandomGenerator random(7);
  for (int i = 0; i < count; ++i) {
    if (stop && i >= 20 && stop()) break;
    const int r = random.bounded(6);
    const Qt::Key key =
        r == 0 ? Qt::Key_Space : Qt::Key(Qt::Key_A + random.bounded(26));
    const QString text = key == Qt::Key_Space
                             ? QStringLiteral(" ")
                             : QString(QChar(u'a' + (key - Qt::Key_A)));
    const qint64 paints_before = edit->last_paint_end_ns;
    const qint64 t0 = clock->nsecsElapsed();
    const qint64 cpu0 = ThreadCpuNs();
    QCoreApplication::postEvent(
        edit, new QKeyEvent(QEvent::KeyPress, key, Qt::NoModifier, text));
    QCoreApplication::postEvent(
        edit, new QKeyEvent(QEvent::KeyRelease, key, Qt::NoModifier, text));
    WaitUntil([&] {
      return edit->last_paint_end_ns != paints_before &&
             edit->last_paint_end_ns > t0;
    });
    latencies.push_back((edit->last_paint_end_ns - t0) / 1e6);
    if (cpu_ms) cpu_ms->push_back((edit->last_paint_end_cpu_ns - cpu0) / 1e6);
    QTest::qWait(interval_ms);
  }
  return latencies;
}

int Run(int argc, char** argv) {
  QApplication app(argc, argv);
  QCommandLineParser parser;
  parser.addHelpOption();
  parser.addOption({"size", "Generated document size in MB.", "MB", "5"});
  parser.addOption(
      {"line-mb", "Generated lines of about this size (0: short).", "MB", "0"});
  parser.addOption({"keys", "Key presses to time per phase.", "N", "200"});
  parser.addOption({"file", "Use this document instead.", "PATH"});
  parser.addOption(
      {"dict", "Dictionary (default: as the editor finds it).", "PATH"});
  parser.addOption(
      {"jumps", "Random places to jump to after checking.", "N", "50"});
  parser.addOption({"spelling-off",
                    "Spell checking switched off (the floor with the "
                    "highlighter attached)."});
  parser.addOption(
      {"no-highlighter", "No highlighter attached at all (Qt's own floor)."});
  parser.addOption({"no-wrap",
                    "Word wrap off (on by default, as in the editor): with "
                    "--line-mb, a long line's pieces on rows of their own."});
  parser.addOption({"tabs",
                    "Documents open in tabs (the timed one current; the "
                    "others hold copies of it).",
                    "N", "1"});
  parser.process(app);

  QTemporaryDir tmp;
  QString path = parser.value("file");
  if (path.isEmpty()) {
    path = tmp.path() + "/document.txt";
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) ||
        f.write(GenerateDocument(
            qint64(parser.value("size").toDouble() * 1e6),
            qint64(parser.value("line-mb").toDouble() * 1e6))) < 0) {
      qFatal("cannot write %s", qPrintable(path));
    }
  }
  QString dictionary = parser.value("dict");
  QString error;
  if (dictionary.isEmpty()) dictionary = DefaultDictionaryPath(&error);
  SpellService service;
  if (!service.openDictionary(dictionary, &error))
    qFatal("%s", qPrintable(error));

  QElapsedTimer clock;
  clock.start();
  // Declared before the editors, so destroyed after them.
  QTabWidget host;
  const int tabs = std::max(parser.value("tabs").toInt(), 1);
  std::vector<std::unique_ptr<SpellTextEdit>> others;
  TimedEdit edit(&service);
  edit.clock = &clock;
  if (parser.isSet("spelling-off")) edit.setSpellCheckingEnabled(false);
  if (parser.isSet("no-highlighter")) edit.highlighter()->setDocument(nullptr);
  if (parser.isSet("no-wrap")) edit.setLineWrapMode(QPlainTextEdit::NoWrap);
  // When the background pass reports the end; the keystrokes timed while
  // it runs must not delay the figure (at least 20 are typed).
  qint64 t_finished = -1;
  QObject::connect(edit.scheduler(), &RecheckScheduler::finished, [&] {
    if (t_finished < 0) t_finished = clock.nsecsElapsed();
  });
  QWidget* window = &edit;
  if (tabs > 1) {
    LoadedText copy;
    if (!ReadTextFile(path, &copy, &error)) qFatal("%s", qPrintable(error));
    for (int i = 1; i < tabs; ++i) {
      auto other = std::make_unique<SpellTextEdit>(&service);
      other->setPlainText(copy.text);
      host.addTab(other.get(), QStringLiteral("copy %1").arg(i));
      others.push_back(std::move(other));
    }
    host.addTab(&edit, QStringLiteral("timed"));
    host.setCurrentWidget(&edit);
    window = &host;
  }
  window->resize(1000, 800);
  window->show();
  if (!QTest::qWaitForWindowExposed(window)) qFatal("window not exposed");
  for (const auto& other : others) {
    WaitUntil([&] { return other->scheduler()->isIdle(); }, 600000);
  }
  QTest::qWait(200);

  // The read in chunks, as MainWindow::loadFile does it (chunked_read.h):
  // how long input waits (until the first chunk is decoded and handed
  // over; the window idle meanwhile) and how long the worker takes for
  // the whole file. Of the text as clean UTF-8 (the generated document's
  // typos swap bytes of multi-byte letters too: as it is, it is not UTF-8
  // and is read whole).
  double first_chunk_ms = 0;
  double chunked_ms = 0;
  {
    LoadedText decided;
    if (!ReadTextFile(path, &decided, &error)) qFatal("%s", qPrintable(error));
    const QString clean = tmp.path() + "/clean.txt";
    QFile f(clean);
    if (!f.open(QIODevice::WriteOnly) || f.write(decided.text.toUtf8()) < 0) {
      qFatal("cannot write %s", qPrintable(clean));
    }
    f.close();
    const qint64 t0 = clock.nsecsElapsed();
    ChunkedRead read(clean, QString());
    read.start();
    read.waitForStart();
    first_chunk_ms = (clock.nsecsElapsed() - t0) / 1e6;
    read.waitForEnd();
    chunked_ms = (clock.nsecsElapsed() - t0) / 1e6;
    if (read.state() != ChunkedRead::State::kStreamed) {
      qFatal("the read in chunks did not stream: state %d, %s",
             static_cast<int>(read.state()), qPrintable(read.error()));
    }
  }

  // Open.
  t_finished = -1;
  const qint64 t_open = clock.nsecsElapsed();
  LoadedText loaded;
  if (!ReadTextFile(path, &loaded, &error)) qFatal("%s", qPrintable(error));
  const double read_ms = (clock.nsecsElapsed() - t_open) / 1e6;
  edit.setPlainText(loaded.text);
  const double open_ms = (clock.nsecsElapsed() - t_open) / 1e6;

  // Until everything is underlined, with the event loop probed.
  qint64 last_tick = clock.nsecsElapsed(), longest_stall = 0;
  QTimer probe;
  probe.setInterval(1);
  QObject::connect(&probe, &QTimer::timeout, [&] {
    const qint64 now = clock.nsecsElapsed();
    longest_stall = std::max(longest_stall, now - last_tick);
    last_tick = now;
  });
  probe.start();
  // Keystrokes while checking runs: type in the middle of the document.
  QTextCursor middle(edit.document()->findBlock(loaded.text.size() / 2));
  edit.setTextCursor(middle);
  edit.centerCursor();
  const int keys = parser.value("keys").toInt();
  const std::vector<double> during = TimeKeystrokes(
      &edit, &clock, keys, 20, [&] { return edit.scheduler()->isIdle(); });
  WaitUntil([&] { return edit.scheduler()->isIdle(); }, 600000);
  const double checked_ms =
      ((t_finished >= 0 ? t_finished : clock.nsecsElapsed()) - t_open) / 1e6;
  probe.stop();
  const double stall_ms = longest_stall / 1e6;
  edit.highlighter()->setTypingPosition(-1);  // as when the cursor moves on

  // The keys typed while checking added words of random letters: undo
  // them (each undo is checked around the change), so the count is the
  // file's, comparable with `spellfilter check` on it.
  const qint64 counted_typed = edit.highlighter()->totals().misspellings;
  while (edit.document()->isUndoAvailable()) edit.undo();
  const bool restored = DocumentText(*edit.document()) == loaded.text;

  // The count against core's Checker on the same text, line by line, and
  // on the whole text at once (as `spellfilter check` reads a file).
  auto dict = Dictionary::Open(dictionary.toStdString());
  Checker checker(**dict);
  std::vector<Misspelling> found;
  qint64 expected = 0;
  for (QTextBlock b = edit.document()->begin(); b.isValid(); b = b.next()) {
    checker.Check(b.text().toStdString(), &found);
    expected += static_cast<qint64>(found.size());
  }
  checker.Check(loaded.text.toStdString(), &found);
  const qint64 expected_whole = static_cast<qint64>(found.size());
  const qint64 counted = edit.highlighter()->totals().misspellings;

  // Jumps: is everything on screen underlined in the first paint?
  QRandomGenerator jump_random(11);
  std::vector<double> jump_ms;
  int jumps_wrong = 0;
  for (int i = 0, n = parser.value("jumps").toInt(); i < n; ++i) {
    const QTextBlock target = edit.document()->findBlockByNumber(
        jump_random.bounded(edit.document()->blockCount()));
    const qint64 paints_before = edit.last_paint_end_ns;
    const qint64 t0 = clock.nsecsElapsed();
    edit.setTextCursor(QTextCursor(target));
    edit.centerCursor();
    WaitUntil([&] { return edit.last_paint_end_ns != paints_before; });
    jump_ms.push_back((edit.last_paint_end_ns - t0) / 1e6);
    const QRect area = edit.viewport()->rect();
    const QTextBlock last = edit.cursorForPosition(area.bottomRight()).block();
    for (QTextBlock b = edit.cursorForPosition(area.topLeft()).block();
         b.isValid(); b = b.next()) {
      checker.Check(b.text().toStdString(), &found);
      // What the paint drew the underlines from (SpellTextEdit paints
      // them itself, over the lines on screen).
      const auto underlines = edit.highlighter()->underlines(b).size();
      if (underlines != static_cast<qsizetype>(found.size())) ++jumps_wrong;
      if (b == last) break;
    }
  }

  // Ignore All on the most frequent misspelling.
  QHash<QString, int> frequency;
  for (QTextBlock b = edit.document()->begin(); b.isValid(); b = b.next()) {
    for (const TextSpan& m : edit.highlighter()->misspellings(b)) {
      ++frequency[b.text().mid(m.start, m.length)];
    }
  }
  QString frequent;
  for (auto it = frequency.cbegin(); it != frequency.cend(); ++it) {
    if (frequent.isEmpty() || it.value() > frequency[frequent])
      frequent = it.key();
  }
  const qint64 before_ignore = edit.highlighter()->totals().misspellings;
  const qint64 t_ignore = clock.nsecsElapsed();
  service.ignoreAll(frequent);
  const double ignore_ms = (clock.nsecsElapsed() - t_ignore) / 1e6;
  const qint64 unflagged =
      before_ignore - edit.highlighter()->totals().misspellings;

  // Keystrokes after checking.
  std::vector<double> after_cpu;
  const std::vector<double> after =
      TimeKeystrokes(&edit, &clock, keys, 20, nullptr, &after_cpu);

  const Stats d = Summarise(during), a = Summarise(after),
              j = Summarise(jump_ms);
  std::printf("document          %.2f MB, %d lines%s\n",
              loaded.text.toUtf8().size() / 1e6, edit.lineMap().lineCount(),
              parser.isSet("file") ? "" : " (generated)");
  std::printf("dictionary        %s\n", qPrintable(dictionary));
  std::printf(
      "open (blocking)   %.0f ms: read and decode %.0f ms, setPlainText %.0f "
      "ms\n",
      open_ms, read_ms, open_ms - read_ms);
  std::printf(
      "read in chunks    input waits %.1f ms (the first chunk decoded), the "
      "whole file read and decoded on the worker in %.0f ms\n",
      first_chunk_ms, chunked_ms);
  std::printf(
      "all checked       %.0f ms after opening began (visible lines "
      "underlined)\n",
      checked_ms);
  std::printf(
      "misspellings      %lld counted (%lld with the keys typed while "
      "checking), %lld by core's Checker line by line, %lld over the whole "
      "text%s%s\n",
      counted, counted_typed, expected, expected_whole,
      counted == expected && counted == expected_whole ? "" : "  MISMATCH",
      restored ? "" : " (TEXT NOT RESTORED BY UNDO)");
  std::printf("longest stall     %.1f ms while checking in the background\n",
              stall_ms);
  std::printf("ignore all        %.1f ms to unflag all %lld \"%s\" (of %d)\n",
              ignore_ms, unflagged, qPrintable(frequent),
              frequency.value(frequent));
  std::printf(
      "keystroke->paint  while checking: median %.1f ms, p95 %.1f ms, max %.1f "
      "ms (%zu keys)\n",
      d.median, d.p95, d.max, during.size());
  std::printf(
      "keystroke->paint  after checking: median %.1f ms, p95 %.1f ms, max %.1f "
      "ms (%zu keys)\n",
      a.median, a.p95, a.max, after.size());
  const Stats c = Summarise(after_cpu);
  std::printf(
      "keystroke CPU     after checking: median %.1f ms, p95 %.1f ms, max %.1f "
      "ms (the UI thread's CPU time from the key to the paint)\n",
      c.median, c.p95, c.max);
  std::printf(
      "jump->paint       median %.1f ms, p95 %.1f ms, max %.1f ms (%zu jumps); "
      "lines painted without all their underlines: %d\n",
      j.median, j.p95, j.max, jump_ms.size(), jumps_wrong);
  std::printf(
      "tabs              %d (the others: copies of the document, "
      "checked)\n",
      tabs);
  std::printf("platform          %s\n",
              qPrintable(QGuiApplication::platformName()));
  return counted == expected && counted == expected_whole && restored &&
                 jumps_wrong == 0
             ? 0
             : 1;
}

}  // namespace
}  // namespace spellfilter::editor

int main(int argc, char** argv) { return spellfilter::editor::Run(argc, argv); }
