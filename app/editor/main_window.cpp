#include "app/editor/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDialog>
#include <QGuiApplication>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QLoggingCategory>
#include <QMenuBar>
#include <QMessageBox>
#include <QPrintDialog>
#include <QPrinter>
#include <QProgressDialog>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTextBlock>
#include <QVBoxLayout>

#include "app/editor/build_dictionary_dialog.h"
#include "app/editor/check_spelling_dialog.h"
#include "app/editor/dictionary_catalog.h"
#include "app/editor/dictionary_menu.h"
#include "app/editor/disk_file_monitor.h"
#include "app/editor/find_bar.h"
#include "app/editor/notice_bar.h"
#include "app/editor/pdf_export.h"
#include "app/editor/recent_files.h"
#include "app/editor/recheck_scheduler.h"
#include "app/editor/recovery_store.h"
#include "app/editor/soft_lines.h"
#include "app/editor/spell_highlighter.h"
#include "app/editor/spell_service.h"
#include "app/editor/spell_text_edit.h"
#include "app/editor/text_encoding.h"
#include "app/editor/theme.h"

namespace spellfilter::editor {
namespace {

// The status bar's counts, logged as they change (off unless enabled:
// QT_LOGGING_RULES="spellfilter.editor.status.debug=true"), for bug
// reports and for tests that drive the real binary
// (tests/editor/end_to_end_test.sh).
Q_LOGGING_CATEGORY(lcStatus, "spellfilter.editor.status", QtWarningMsg)

const QString kGeometryKey = QStringLiteral("geometry");
const QString kFontKey = QStringLiteral("font");
const QString kDictionaryKey = QStringLiteral("dictionary");
const QString kSpellCheckingKey = QStringLiteral("spellChecking");
const QString kWordWrapKey = QStringLiteral("wordWrap");
const QString kThemeKey = QStringLiteral("theme");
const QString kLineNumbersKey = QStringLiteral("lineNumbers");
const QString kUncheckedMarksKey = QStringLiteral("markUncheckedWords");

QString Native(const QString& path) { return QDir::toNativeSeparators(path); }

// F3 and the platform's Find Next keys but Ctrl+G (X11's second Find
// Next key), which is Go to Line here as in Kate: one key, one action.
QList<QKeySequence> FindNextKeys() {
  QList<QKeySequence> keys = QKeySequence::keyBindings(QKeySequence::FindNext);
  keys.removeAll(QKeySequence(Qt::CTRL | Qt::Key_G));
  if (!keys.contains(QKeySequence(Qt::Key_F3))) keys.append(Qt::Key_F3);
  return keys;
}

// The platform's keys for `key`, and `fallback` if they lack it.
QList<QKeySequence> WithFallback(QKeySequence::StandardKey key,
                                 const QKeySequence& fallback) {
  QList<QKeySequence> keys = QKeySequence::keyBindings(key);
  if (!keys.contains(fallback)) keys.append(fallback);
  return keys;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      service_(new SpellService(this)),
      editor_(new SpellTextEdit(service_)),
      notice_(new NoticeBar),
      recovery_(new RecoveryStore(RecoveryStore::DefaultFolder(), this)),
      disk_(new DiskFileMonitor(this)),
      find_bar_(new FindBar(editor_)),
      build_job_(new BuildDictionaryJob(this)),
      convert_job_(new ConvertDictionaryJob(this)),
      unchecked_counter_(new UncheckedCounter(this)) {
  auto* central = new QWidget(this);
  auto* layout = new QVBoxLayout(central);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(notice_);
  layout->addWidget(editor_, 1);
  layout->addWidget(find_bar_);
  editor_->document()->setDocumentMargin(8);
  setCentralWidget(central);

  createActions();
  createStatusBar();
  readSettings();

  QTextDocument* document = editor_->document();
  connect(document, &QTextDocument::modificationChanged, this,
          &QWidget::setWindowModified);
  connect(editor_, &SpellTextEdit::filesDropped, this,
          &MainWindow::openDropped);
  connect(editor_, &SpellTextEdit::spellingActionFailed, this,
          [this](const QString& message) { notice_->showMessage(message); });
  connect(service_, &SpellService::warning, this,
          [this](const QString& message) { notice_->showMessage(message); });
  connect(service_, &SpellService::dictionaryChanged, this, [this] {
    dictionary_menu_->setCurrentPath(service_->dictionaryPath());
    updateStatus();
  });
  connect(disk_, &DiskFileMonitor::changedOnDisk, this,
          &MainWindow::onChangedOnDisk);
  connect(disk_, &DiskFileMonitor::removedFromDisk, this,
          &MainWindow::onRemovedFromDisk);
  reload_action_ = new QAction(tr("&Reload"), this);
  reload_action_->setToolTip(
      tr("Replace your text with the file on disk "
         "(Undo brings yours back)"));
  connect(reload_action_, &QAction::triggered, this,
          &MainWindow::reloadFromDisk);
  keep_action_ = new QAction(tr("&Keep My Version"), this);
  keep_action_->setToolTip(tr("Keep your text; saving will replace the file"));
  connect(keep_action_, &QAction::triggered, this, &MainWindow::keepMyVersion);
  connect(build_job_, &BuildDictionaryJob::finished, this,
          &MainWindow::onBuildFinished);
  connect(build_job_, &BuildDictionaryJob::canceled, this,
          &MainWindow::onBuildCanceled);
  connect(convert_job_, &ConvertDictionaryJob::finished, this,
          &MainWindow::onConversionFinished);

  // The status bar is refreshed at most every 100 ms: counts come from the
  // highlighter's running totals, so each refresh is O(1).
  status_timer_.setSingleShot(true);
  status_timer_.setInterval(100);
  connect(&status_timer_, &QTimer::timeout, this, &MainWindow::updateStatus);
  auto schedule = [this] {
    if (!status_timer_.isActive()) status_timer_.start();
  };
  connect(document, &QTextDocument::contentsChange, this, schedule);
  // Words the dictionary's script rule skips are counted over the whole
  // text once typing pauses, on a worker thread (UncheckedCounter).
  unchecked_timer_.setSingleShot(true);
  unchecked_timer_.setInterval(500);
  connect(&unchecked_timer_, &QTimer::timeout, this,
          &MainWindow::updateUncheckedCount);
  connect(document, &QTextDocument::contentsChange, &unchecked_timer_,
          qOverload<>(&QTimer::start));
  connect(service_, &SpellService::dictionaryChanged, &unchecked_timer_,
          qOverload<>(&QTimer::start));
  connect(unchecked_counter_, &UncheckedCounter::counted, this,
          [this](qsizetype n) {
            unchecked_label_->setVisible(n > 0);
            unchecked_label_->setText(n == 1 ? tr("1 unchecked")
                                             : tr("%L1 unchecked").arg(n));
            unchecked_label_->setToolTip(
                tr("Words in a script the dictionary %1 does not cover (such "
                   "as Cyrillic in an English text) are not checked. Choose "
                   "a dictionary of their language in the Dictionary menu "
                   "to check them.")
                    .arg(service_->dictionaryName()));
          });
  connect(editor_->scheduler(), &RecheckScheduler::progressed, this, schedule);
  connect(editor_->scheduler(), &RecheckScheduler::finished, this, schedule);
  connect(service_, &SpellService::flaggedWordsMayBeCorrect, this, schedule);
  connect(service_, &SpellService::recheckAll, this, schedule);

  recovery_->watch(document);
  loadInitialDictionary();
  setCurrentFile(QString(), TextFormat());
  setUnifiedTitleAndToolBarOnMac(true);
}

MainWindow::~MainWindow() {
  // The editor (and its highlighter) use the service: delete them first;
  // QObject would delete the service first, as the older child.
  delete takeCentralWidget();
}

CheckSpellingDialog* MainWindow::checkSpellingDialog() const {
  return check_dialog_;
}

void MainWindow::createActions() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* a = file->addAction(QIcon::fromTheme(QStringLiteral("document-new")),
                               tr("&New"), this, &MainWindow::newFile);
  a->setShortcut(QKeySequence::New);
  a = file->addAction(QIcon::fromTheme(QStringLiteral("document-open")),
                      tr("&Open..."), this, &MainWindow::open);
  a->setShortcut(QKeySequence::Open);
  recent_menu_ = new RecentFilesMenu(this);
  connect(recent_menu_, &RecentFilesMenu::fileChosen, this,
          &MainWindow::openRecent);
  file->addMenu(recent_menu_);
  encoding_menu_ = file->addMenu(tr("Reopen with &Encoding"));
  for (const QString& encoding : SupportedEncodings()) {
    QAction* e = encoding_menu_->addAction(EncodingLabel(encoding));
    e->setCheckable(true);
    e->setData(encoding);
    connect(e, &QAction::triggered, this,
            [this, encoding] { reopenWithEncoding(encoding); });
  }
  a = file->addAction(QIcon::fromTheme(QStringLiteral("document-save")),
                      tr("&Save"), this, &MainWindow::save);
  a->setShortcut(QKeySequence::Save);
  a = file->addAction(QIcon::fromTheme(QStringLiteral("document-save-as")),
                      tr("Save &As..."), this, &MainWindow::saveAs);
  // QKeySequence::SaveAs is empty outside GNOME and macOS.
  a->setShortcuts(WithFallback(QKeySequence::SaveAs,
                               QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)));
  revert_action_ =
      file->addAction(QIcon::fromTheme(QStringLiteral("document-revert")),
                      tr("Re&vert"), this, &MainWindow::revert);
  file->addSeparator();
  a = file->addAction(QIcon::fromTheme(QStringLiteral("document-print")),
                      tr("&Print..."), this, &MainWindow::print);
  a->setShortcuts(
      WithFallback(QKeySequence::Print, QKeySequence(Qt::CTRL | Qt::Key_P)));
  file->addAction(QIcon::fromTheme(QStringLiteral("document-export")),
                  tr("E&xport as PDF..."), this, &MainWindow::askExportPdf);
  file->addSeparator();
  a = file->addAction(QIcon::fromTheme(QStringLiteral("application-exit")),
                      tr("&Quit"), this, &QWidget::close);
  a->setShortcut(QKeySequence::Quit);

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  QAction* undo = edit->addAction(tr("&Undo"), editor_, &QPlainTextEdit::undo);
  undo->setShortcut(QKeySequence::Undo);
  undo->setEnabled(false);
  connect(editor_, &QPlainTextEdit::undoAvailable, undo, &QAction::setEnabled);
  QAction* redo = edit->addAction(tr("&Redo"), editor_, &QPlainTextEdit::redo);
  redo->setShortcut(QKeySequence::Redo);
  redo->setEnabled(false);
  connect(editor_, &QPlainTextEdit::redoAvailable, redo, &QAction::setEnabled);
  edit->addSeparator();
  QAction* cut = edit->addAction(tr("Cu&t"), editor_, &QPlainTextEdit::cut);
  cut->setShortcut(QKeySequence::Cut);
  cut->setEnabled(false);
  connect(editor_, &QPlainTextEdit::copyAvailable, cut, &QAction::setEnabled);
  QAction* copy = edit->addAction(tr("&Copy"), editor_, &QPlainTextEdit::copy);
  copy->setShortcut(QKeySequence::Copy);
  copy->setEnabled(false);
  connect(editor_, &QPlainTextEdit::copyAvailable, copy, &QAction::setEnabled);
  edit->addAction(tr("&Paste"), editor_, &QPlainTextEdit::paste)
      ->setShortcut(QKeySequence::Paste);
  edit->addSeparator();
  edit->addAction(tr("Select &All"), editor_, &QPlainTextEdit::selectAll)
      ->setShortcut(QKeySequence::SelectAll);
  edit->addSeparator();
  edit->addAction(QIcon::fromTheme(QStringLiteral("edit-find")), tr("&Find..."),
                  this, [this] { find_bar_->open(false); })
      ->setShortcuts(
          WithFallback(QKeySequence::Find, QKeySequence(Qt::CTRL | Qt::Key_F)));
  edit->addAction(QIcon::fromTheme(QStringLiteral("edit-find-replace")),
                  tr("R&eplace..."), this, [this] { find_bar_->open(true); })
      ->setShortcuts(WithFallback(QKeySequence::Replace,
                                  QKeySequence(Qt::CTRL | Qt::Key_H)));
  edit->addAction(tr("Find Ne&xt"), this, &MainWindow::findNext)
      ->setShortcuts(FindNextKeys());
  edit->addAction(tr("Find Pre&vious"), this, &MainWindow::findPrevious)
      ->setShortcuts(WithFallback(QKeySequence::FindPrevious,
                                  QKeySequence(Qt::SHIFT | Qt::Key_F3)));
  edit->addAction(tr("&Go to Line..."), this, &MainWindow::askGoToLine)
      ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(tr("&Font..."), this, &MainWindow::chooseFont);
  // Ctrl+= as well as Ctrl++: on most keyboards + needs Shift.
  view->addAction(tr("Zoom &In"), editor_, [this] { editor_->zoomIn(); })
      ->setShortcuts(WithFallback(QKeySequence::ZoomIn,
                                  QKeySequence(Qt::CTRL | Qt::Key_Equal)));
  view->addAction(tr("Zoom &Out"), editor_, [this] { editor_->zoomOut(); })
      ->setShortcuts(WithFallback(QKeySequence::ZoomOut,
                                  QKeySequence(Qt::CTRL | Qt::Key_Minus)));
  view->addAction(tr("&Reset Zoom"), this, &MainWindow::resetZoom)
      ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
  view->addSeparator();
  word_wrap_action_ =
      view->addAction(tr("&Word Wrap"), this, &MainWindow::setWordWrap);
  word_wrap_action_->setCheckable(true);
  word_wrap_action_->setChecked(true);
  line_numbers_action_ =
      view->addAction(tr("&Line Numbers"), this, &MainWindow::setLineNumbers);
  line_numbers_action_->setCheckable(true);
  unchecked_marks_action_ = view->addAction(
      tr("Mark &Unchecked Words"), this, &MainWindow::setUncheckedMarks);
  unchecked_marks_action_->setCheckable(true);
  unchecked_marks_action_->setChecked(true);
  QMenu* theme = view->addMenu(tr("&Theme"));
  auto* themes = new QActionGroup(this);
  for (const auto& [choice, text] : {std::pair{Theme::kSystem, tr("&System")},
                                     std::pair{Theme::kLight, tr("&Light")},
                                     std::pair{Theme::kDark, tr("&Dark")}}) {
    QAction* t = theme->addAction(text);
    t->setCheckable(true);
    t->setData(ThemeName(choice));
    themes->addAction(t);
    connect(t, &QAction::triggered, this, [this, choice] { setTheme(choice); });
  }
  theme_actions_ = themes;

  QMenu* spelling = menuBar()->addMenu(tr("&Spelling"));
  a = spelling->addAction(tr("&Check Spelling..."), this,
                          &MainWindow::checkSpelling);
  a->setShortcut(Qt::Key_F7);
  a = spelling->addAction(tr("&Next Misspelling"), this,
                          &MainWindow::nextMisspelling);
  a->setShortcut(Qt::Key_F8);
  a = spelling->addAction(tr("&Previous Misspelling"), this,
                          &MainWindow::previousMisspelling);
  a->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F8));
  spelling->addSeparator();
  spell_checking_action_ = spelling->addAction(
      tr("Check Spelling as You &Type"), this, &MainWindow::setSpellChecking);
  spell_checking_action_->setCheckable(true);
  spell_checking_action_->setChecked(true);
  spell_checking_action_->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F7));

  dictionary_menu_ = new DictionaryMenu(this);
  menuBar()->addMenu(dictionary_menu_);
  connect(dictionary_menu_, &DictionaryMenu::dictionaryChosen, this,
          &MainWindow::useDictionary);
  connect(dictionary_menu_, &DictionaryMenu::conversionRequested, this,
          &MainWindow::convertDictionary);
  connect(dictionary_menu_->openFileAction(), &QAction::triggered, this,
          &MainWindow::openDictionaryFile);
  connect(dictionary_menu_->buildAction(), &QAction::triggered, this,
          &MainWindow::buildDictionary);

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About"), this, &MainWindow::about);
  help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createStatusBar() {
  misspellings_label_ = new QLabel(this);
  misspellings_label_->setObjectName(QStringLiteral("misspellingCount"));
  words_label_ = new QLabel(this);
  words_label_->setObjectName(QStringLiteral("wordCount"));
  dictionary_label_ = new QLabel(this);
  dictionary_label_->setObjectName(QStringLiteral("dictionaryName"));
  position_label_ = new QLabel(this);
  position_label_->setObjectName(QStringLiteral("cursorPosition"));
  unchecked_label_ = new QLabel(this);
  unchecked_label_->setObjectName(QStringLiteral("uncheckedCount"));
  unchecked_label_->hide();
  for (QLabel* label : {position_label_, misspellings_label_, words_label_,
                        unchecked_label_, dictionary_label_}) {
    label->setContentsMargins(8, 0, 8, 0);
  }
  connect(editor_, &QPlainTextEdit::cursorPositionChanged, this,
          &MainWindow::updateCursorPosition);
  updateCursorPosition();
  statusBar()->addPermanentWidget(position_label_);
  statusBar()->addPermanentWidget(misspellings_label_);
  statusBar()->addPermanentWidget(words_label_);
  statusBar()->addPermanentWidget(unchecked_label_);
  statusBar()->addPermanentWidget(dictionary_label_);
  updateStatus();
}

void MainWindow::updateStatus() {
  const SpellTotals& totals = editor_->highlighter()->totals();
  const RecheckScheduler* scheduler = editor_->scheduler();
  QString spelling;
  if (!service_->hasDictionary()) {
    spelling = tr("Not checking: no dictionary");
  } else if (!editor_->isSpellCheckingEnabled()) {
    spelling = tr("Spell checking off");
  } else if (!scheduler->isIdle()) {
    spelling = tr("Checking\u2026 %1%").arg(scheduler->percentDone());
  } else if (totals.misspellings == 1) {
    spelling = tr("1 misspelling");
  } else {
    spelling = tr("%L1 misspellings").arg(totals.misspellings);
  }
  misspellings_label_->setText(spelling);
  words_label_->setText(totals.words == 1 ? tr("1 word")
                                          : tr("%L1 words").arg(totals.words));
  if (lcStatus().isDebugEnabled()) {
    const bool checked = service_->hasDictionary() &&
                         editor_->isSpellCheckingEnabled() &&
                         scheduler->isIdle();
    const QString status = QStringLiteral("%1: %2 misspellings, %3 words")
                               .arg(checked ? QStringLiteral("checked")
                                            : QStringLiteral("checking"))
                               .arg(totals.misspellings)
                               .arg(totals.words);
    if (status != logged_status_) {
      logged_status_ = status;
      qCDebug(lcStatus).noquote() << status;
    }
  }
  dictionary_label_->setText(service_->hasDictionary()
                                 ? service_->dictionaryName()
                                 : tr("No dictionary"));
  dictionary_label_->setToolTip(Native(service_->dictionaryPath()));
}

void MainWindow::updateUncheckedCount() {
  const bool counting =
      service_->hasDictionary() && editor_->isSpellCheckingEnabled();
  unchecked_counter_->count(
      counting ? service_->sharedDictionary() : nullptr,
      counting ? DocumentText(*editor_->document()).toUtf8() : QByteArray());
}

void MainWindow::findNext() {
  if (find_bar_->findEdit()->text().isEmpty()) {
    find_bar_->open(false);
    return;
  }
  if (!find_bar_->findNext()) statusBar()->showMessage(tr("Not found"), 3000);
}

void MainWindow::findPrevious() {
  if (find_bar_->findEdit()->text().isEmpty()) {
    find_bar_->open(false);
    return;
  }
  if (!find_bar_->findPrevious()) {
    statusBar()->showMessage(tr("Not found"), 3000);
  }
}

void MainWindow::askGoToLine() {
  bool ok = false;
  const int line = QInputDialog::getInt(
      this, tr("Go to Line"),
      tr("Line (1\u2013%L1):").arg(editor_->lineMap().lineCount()),
      editor_->lineMap().lineOf(editor_->textCursor().block()) + 1, 1,
      editor_->lineMap().lineCount(), 1, &ok);
  if (ok) goToLine(line);
}

void MainWindow::goToLine(int line) {
  const QTextBlock block = editor_->lineMap().blockOfLine(line - 1);
  editor_->setTextCursor(QTextCursor(block));
  editor_->centerCursor();
  editor_->setFocus();
}

void MainWindow::setWordWrap(bool on) {
  editor_->setLineWrapMode(on ? QPlainTextEdit::WidgetWidth
                              : QPlainTextEdit::NoWrap);
  word_wrap_action_->setChecked(on);
  QSettings().setValue(kWordWrapKey, on);
}

void MainWindow::setUncheckedMarks(bool on) {
  editor_->setUncheckedMarksVisible(on);
  unchecked_marks_action_->setChecked(on);
  QSettings().setValue(kUncheckedMarksKey, on);
}

void MainWindow::setLineNumbers(bool on) {
  editor_->setLineNumbersVisible(on);
  line_numbers_action_->setChecked(on);
  QSettings().setValue(kLineNumbersKey, on);
}

void MainWindow::print() {
  QPrinter printer(QPrinter::HighResolution);
  printer.setDocName(current_file_.isEmpty()
                         ? tr("untitled")
                         : QFileInfo(current_file_).completeBaseName());
  QPrintDialog dialog(&printer, this);
  dialog.setWindowTitle(tr("Print Document"));
  if (editor_->textCursor().hasSelection()) {
    dialog.setOption(QAbstractPrintDialog::PrintSelection);
  }
  if (dialog.exec() != QDialog::Accepted) return;
  PrintDocument(*editor_, &printer);
  if (printer.printerState() == QPrinter::Error) {
    QMessageBox::warning(this, tr("Print"),
                         tr("The document could not be printed."));
  }
}

void MainWindow::askExportPdf() {
  QFileDialog dialog(this, tr("Export as PDF"));
  dialog.setAcceptMode(QFileDialog::AcceptSave);
  dialog.setWindowModality(Qt::WindowModal);
  dialog.setNameFilter(tr("PDF files (*.pdf)"));
  dialog.setDefaultSuffix(QStringLiteral("pdf"));
  if (!current_file_.isEmpty()) {
    const QFileInfo info(current_file_);
    dialog.selectFile(info.absolutePath() + QLatin1Char('/') +
                      info.completeBaseName() + QStringLiteral(".pdf"));
  }
  if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) {
    return;
  }
  exportPdf(dialog.selectedFiles().constFirst());
}

bool MainWindow::exportPdf(const QString& path) {
  QString error;
  QGuiApplication::setOverrideCursor(Qt::WaitCursor);
  const bool written = ExportPdf(*editor_, path, &error);
  QGuiApplication::restoreOverrideCursor();
  if (!written) {
    QMessageBox::warning(this, tr("Export as PDF"),
                         tr("Cannot write %1:\n%2.").arg(Native(path), error));
    return false;
  }
  statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()),
                           3000);
  return true;
}

void MainWindow::setTheme(Theme theme) {
  ApplyTheme(theme);
  for (QAction* a : theme_actions_->actions()) {
    a->setChecked(a->data().toString() == ThemeName(theme));
  }
  QSettings().setValue(kThemeKey, ThemeName(theme));
}

void MainWindow::reopenWithEncoding(const QString& encoding) {
  updateEncodingMenu();  // unchanged until it worked
  if (current_file_.isEmpty() || !QFileInfo::exists(current_file_)) return;
  if (!maybeSave()) return;
  LoadedText loaded;
  QString error;
  if (!ReadTextFileAs(current_file_, encoding, &loaded, &error)) {
    QMessageBox::warning(
        this, tr("Reopen with Encoding"),
        tr("%1 cannot be read as %2: %3.")
            .arg(Native(current_file_), EncodingLabel(encoding), error));
    return;
  }
  editor_->setPlainText(loaded.text);
  lossy_ = false;
  setCurrentFile(current_file_, loaded.format);
}

void MainWindow::updateEncodingMenu() {
  for (QAction* a : encoding_menu_->actions()) {
    a->setChecked(a->data().toString() == format_.encoding);
  }
  encoding_menu_->setEnabled(!current_file_.isEmpty());
}

void MainWindow::revert() {
  if (current_file_.isEmpty() || !QFileInfo::exists(current_file_)) return;
  if (editor_->document()->isModified() &&
      QMessageBox::question(
          this, tr("Revert"),
          tr("Discard your changes and reload %1 as it is on disk? (Undo "
             "brings them back.)")
              .arg(Native(current_file_)),
          QMessageBox::Discard | QMessageBox::Cancel,
          QMessageBox::Cancel) != QMessageBox::Discard) {
    return;
  }
  reloadFromDisk();
}

void MainWindow::updateCursorPosition() {
  const QTextCursor cursor = editor_->textCursor();
  const LineMap& lines = editor_->lineMap();
  position_label_->setText(
      tr("Ln %L1, Col %L2")
          .arg(lines.lineOf(cursor.block()) + 1)
          .arg(lines.columnOf(cursor.block(), cursor.positionInBlock()) + 1));
}

void MainWindow::resetZoom() { editor_->setFont(base_font_); }

void MainWindow::readSettings() {
  QSettings settings;
  const QByteArray geometry = settings.value(kGeometryKey).toByteArray();
  if (geometry.isEmpty() || !restoreGeometry(geometry)) {
    const QRect available = screen()->availableGeometry();
    resize(available.width() * 2 / 3, available.height() * 2 / 3);
    move((available.width() - width()) / 2,
         (available.height() - height()) / 2);
  }
  if (QFont font; settings.contains(kFontKey) &&
                  font.fromString(settings.value(kFontKey).toString())) {
    editor_->setFont(font);
  }
  base_font_ = editor_->font();
  setWordWrap(settings.value(kWordWrapKey, true).toBool());
  setLineNumbers(settings.value(kLineNumbersKey, false).toBool());
  setUncheckedMarks(settings.value(kUncheckedMarksKey, true).toBool());
  setTheme(ThemeFromName(settings.value(kThemeKey).toString()));
  const bool checking = settings.value(kSpellCheckingKey, true).toBool();
  spell_checking_action_->setChecked(checking);
  editor_->setSpellCheckingEnabled(checking);
}

void MainWindow::writeSettings() {
  QSettings settings;
  settings.setValue(kGeometryKey, saveGeometry());
  settings.setValue(kFontKey, editor_->font().toString());
  settings.setValue(kSpellCheckingKey, editor_->isSpellCheckingEnabled());
}

void MainWindow::loadInitialDictionary() {
  const QString saved = QSettings().value(kDictionaryKey).toString();
  QString note;
  if (!saved.isEmpty() && !QFileInfo::exists(saved)) {
    note = tr("The dictionary you used last, %1, is gone. ").arg(Native(saved));
  }
  QString path = saved;
  if (path.isEmpty() || !note.isEmpty()) {
    QString error;
    path = DefaultDictionaryPath(&error);
    if (path.isEmpty()) {
      notice_->showMessage(
          note + tr("No dictionary was found, so spelling is not checked. "
                    "Build one from a word list or open a dictionary file in "
                    "the Dictionary menu. (%1)")
                     .arg(error));
      dictionary_menu_->setCurrentPath(QString());
      return;
    }
  }
  if (openDictionary(path) && !note.isEmpty()) {
    notice_->showMessage(
        note + tr("Using %1 instead.").arg(service_->dictionaryName()));
  }
}

bool MainWindow::openDictionary(const QString& path) {
  notice_->hide();  // a new dictionary, new problems (shown while opening)
  QString error;
  if (!service_->openDictionary(path, &error)) {
    notice_->showMessage(
        tr("The dictionary %1 could not be opened: %2. Spelling is not "
           "checked until you choose another one in the Dictionary menu.")
            .arg(Native(path), error));
    return false;
  }
  return true;
}

bool MainWindow::useDictionary(const QString& path) {
  if (!openDictionary(path)) return false;
  QSettings().setValue(kDictionaryKey, QFileInfo(path).absoluteFilePath());
  statusBar()->showMessage(
      tr("Using dictionary %1").arg(service_->dictionaryName()), 3000);
  return true;
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (maybeSave()) {
    writeSettings();
    recovery_->clear();
    event->accept();
  } else {
    event->ignore();
  }
}

void MainWindow::newFile() {
  if (!maybeSave()) return;
  editor_->clear();
  lossy_ = false;
  setCurrentFile(QString(), TextFormat());
}

void MainWindow::open() {
  if (!maybeSave()) return;
  const QString dir = current_file_.isEmpty()
                          ? QDir::homePath()
                          : QFileInfo(current_file_).absolutePath();
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open"), dir,
      tr("Text files (*.txt *.md *.text);;All files (*)"));
  if (!path.isEmpty()) loadFile(path);
}

bool MainWindow::save() {
  if (current_file_.isEmpty() || !QFileInfo(current_file_).dir().exists()) {
    return saveAs();
  }
  return saveFile(current_file_);
}

bool MainWindow::saveAs() {
  QFileDialog dialog(this, tr("Save As"));
  dialog.setAcceptMode(QFileDialog::AcceptSave);
  dialog.setWindowModality(Qt::WindowModal);
  if (!current_file_.isEmpty()) dialog.selectFile(current_file_);
  if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) {
    return false;
  }
  return saveFile(dialog.selectedFiles().constFirst());
}

void MainWindow::openRecent(const QString& path) {
  if (maybeSave()) loadFile(path);
}

void MainWindow::openDropped(const QStringList& paths) {
  if (!paths.isEmpty() && maybeSave()) loadFile(paths.constFirst());
}

bool MainWindow::maybeSave() {
  if (!editor_->document()->isModified()) return true;
  const QMessageBox::StandardButton answer = QMessageBox::warning(
      this, tr("Unsaved Changes"),
      tr("The document has been modified.\nDo you want to save your changes?"),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  switch (answer) {
    case QMessageBox::Save:
      return save();
    case QMessageBox::Cancel:
      return false;
    default:
      return true;
  }
}

bool MainWindow::confirmLossyOpen(const QString& path, const LoadedText& loaded,
                                  QString* encoding) {
  QMessageBox box(QMessageBox::Warning, tr("Not a UTF-8 Text File"),
                  loaded.binary
                      ? tr("%1 looks like a binary file: it has a NUL byte at "
                           "offset %2.")
                            .arg(Native(path))
                            .arg(loaded.first_bad_byte)
                      : tr("%1 is not valid UTF-8: the first invalid byte is "
                           "at offset %2.")
                            .arg(Native(path))
                            .arg(loaded.first_bad_byte),
                  QMessageBox::Cancel, this);
  box.setInformativeText(
      tr("If you open it anyway, invalid bytes are shown as \uFFFD, and "
         "saving writes \uFFFD in their place. A file from an older "
         "Windows or Western European program is most likely "
         "Windows-1252: opened as such, it is kept intact. (File > Reopen "
         "with Encoding offers the others.)"));
  QPushButton* as_1252 = nullptr;
  if (!loaded.binary) {
    as_1252 =
        box.addButton(tr("Open as Windows-1252"), QMessageBox::AcceptRole);
  }
  QPushButton* open_anyway =
      box.addButton(tr("Open Anyway"), QMessageBox::AcceptRole);
  box.setDefaultButton(QMessageBox::Cancel);
  box.exec();
  if (as_1252 != nullptr && box.clickedButton() == as_1252) {
    *encoding = QString::fromLatin1(kWindows1252);
    return true;
  }
  return box.clickedButton() == open_anyway;
}

bool MainWindow::loadFile(const QString& path) {
  LoadedText loaded;
  QString error;
  QGuiApplication::setOverrideCursor(Qt::WaitCursor);
  const bool read = ReadTextFile(path, &loaded, &error);
  QGuiApplication::restoreOverrideCursor();
  if (!read) {
    QMessageBox::warning(this, tr("Open"),
                         tr("Cannot read %1:\n%2.").arg(Native(path), error));
    return false;
  }
  QString encoding;
  if (loaded.first_bad_byte >= 0 &&
      !confirmLossyOpen(path, loaded, &encoding)) {
    return false;
  }
  if (!encoding.isEmpty() && !ReadTextFileAs(path, encoding, &loaded, &error)) {
    QMessageBox::warning(this, tr("Open"),
                         tr("Cannot read %1:\n%2.").arg(Native(path), error));
    return false;
  }
  QGuiApplication::setOverrideCursor(Qt::WaitCursor);
  editor_->setPlainText(loaded.text);
  QGuiApplication::restoreOverrideCursor();
  lossy_ = loaded.first_bad_byte >= 0;
  setCurrentFile(path, loaded.format);
  recent_menu_->add(path);
  if (HasContinuations(*editor_->document())) {
    statusBar()->showMessage(
        tr("Opened %1. Lines longer than %L2 characters are shown in pieces "
           "(unnumbered in the margin) and saved as they were.")
            .arg(QFileInfo(path).fileName())
            .arg(kSplitAbove),
        10000);
  } else {
    statusBar()->showMessage(
        tr("Opened %1").arg(QFileInfo(path).fileName()), 3000);
  }
  return true;
}

bool MainWindow::saveFile(const QString& path) {
  const bool same_file = QFileInfo(path).absoluteFilePath() ==
                         QFileInfo(current_file_).absoluteFilePath();
  if (lossy_ && same_file &&
      QMessageBox::warning(
          this, tr("Save"),
          tr("%1 had bytes that are not UTF-8. Saving replaces them with "
             "\uFFFD. Save anyway?")
              .arg(Native(path)),
          QMessageBox::Save | QMessageBox::Cancel,
          QMessageBox::Cancel) != QMessageBox::Save) {
    return false;
  }
  if (same_file && !confirmOverwriteChanged(path)) return false;
  QString error;
  QGuiApplication::setOverrideCursor(Qt::WaitCursor);
  const bool written =
      WriteTextFile(path, DocumentText(*editor_->document()), format_, &error);
  QGuiApplication::restoreOverrideCursor();
  if (!written) {
    QMessageBox::warning(this, tr("Save"),
                         tr("Cannot write %1:\n%2.").arg(Native(path), error));
    return false;
  }
  lossy_ = false;
  setCurrentFile(path, format_);
  recent_menu_->add(path);
  statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()),
                           3000);
  return true;
}

bool MainWindow::confirmOverwriteChanged(const QString& path) {
  if (disk_->check(/*thorough=*/true) != DiskFileMonitor::State::kChanged) {
    return true;
  }
  QMessageBox box(QMessageBox::Warning, tr("Save"),
                  tr("%1 was changed on disk by another program since you "
                     "opened or last saved it.")
                      .arg(Native(path)),
                  QMessageBox::Cancel, this);
  box.setInformativeText(
      tr("Saving replaces the other program's version with yours."));
  QPushButton* overwrite =
      box.addButton(tr("&Overwrite"), QMessageBox::DestructiveRole);
  box.setDefaultButton(QMessageBox::Cancel);
  box.exec();
  return box.clickedButton() == overwrite;
}

void MainWindow::onChangedOnDisk() {
  notice_->showMessage(
      tr("%1 was changed on disk by another program.")
              .arg(Native(current_file_)) +
          (editor_->document()->isModified() ? tr(" You have unsaved changes.")
                                             : QString()),
      {reload_action_, keep_action_});
}

void MainWindow::onRemovedFromDisk() {
  notice_->showMessage(
      tr("%1 was deleted or moved on disk. Your text is only in the editor "
         "now: save it to keep it.")
          .arg(Native(current_file_)));
  editor_->document()->setModified(true);
}

void MainWindow::reloadFromDisk() {
  LoadedText loaded;
  QString error;
  // In the encoding the document was read in.
  const bool utf8 = format_.encoding == QLatin1String(kUtf8);
  if (!(utf8 ? ReadTextFile(current_file_, &loaded, &error)
             : ReadTextFileAs(current_file_, format_.encoding, &loaded,
                              &error))) {
    notice_->showMessage(
        tr("Cannot reload %1: %2.").arg(Native(current_file_), error),
        {reload_action_, keep_action_});
    return;
  }
  QString encoding;
  if (loaded.first_bad_byte >= 0 &&
      !confirmLossyOpen(current_file_, loaded, &encoding)) {
    return;
  }
  if (!encoding.isEmpty() &&
      !ReadTextFileAs(current_file_, encoding, &loaded, &error)) {
    notice_->showMessage(
        tr("Cannot reload %1: %2.").arg(Native(current_file_), error));
    return;
  }
  // One undo step over the whole text, so Undo brings back what the user
  // had (setPlainText would clear the undo history).
  QTextCursor all(editor_->document());
  all.select(QTextCursor::Document);
  InsertText(all, loaded.text);  // one edit block
  lossy_ = loaded.first_bad_byte >= 0;
  setCurrentFile(current_file_, loaded.format);
  notice_->hide();
  statusBar()->showMessage(
      tr("Reloaded %1").arg(QFileInfo(current_file_).fileName()), 3000);
}

void MainWindow::keepMyVersion() {
  disk_->acknowledge();
  editor_->document()->setModified(true);
  notice_->hide();
}

void MainWindow::openFromCommandLine(const QString& path) {
  if (QFileInfo::exists(path)) {
    loadFile(path);
    return;
  }
  setCurrentFile(QFileInfo(path).absoluteFilePath(), TextFormat());
  statusBar()->showMessage(tr("New file %1").arg(Native(path)), 3000);
}

void MainWindow::setCurrentFile(const QString& path, const TextFormat& format) {
  current_file_ =
      path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
  format_ = format;
  editor_->document()->setModified(false);
  setWindowModified(false);
  setWindowFilePath(path.isEmpty() ? tr("untitled.txt") : current_file_);
  revert_action_->setEnabled(!current_file_.isEmpty());
  updateEncodingMenu();
  recovery_->setDocument(current_file_, format);
  disk_->setFile(current_file_);
}

void MainWindow::offerRecovery() {
  const QList<RecoveryStore::Orphan> orphans = recovery_->findOrphans();
  if (orphans.isEmpty()) return;
  const RecoveryStore::Orphan& newest = orphans.constFirst();
  QMessageBox box(
      QMessageBox::Question, tr("Recover Unsaved Text"),
      tr("The editor did not shut down properly. Unsaved text of "
         "%1 from %2 can be recovered.")
          .arg(newest.document_path.isEmpty() ? tr("an untitled document")
                                              : Native(newest.document_path),
               QLocale().toString(newest.saved, QLocale::ShortFormat)),
      QMessageBox::NoButton, this);
  box.setObjectName(QStringLiteral("recoveryPrompt"));
  QPushButton* recover = box.addButton(tr("&Recover"), QMessageBox::AcceptRole);
  QPushButton* discard =
      box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
  box.addButton(tr("&Later"), QMessageBox::RejectRole);
  box.setDefaultButton(recover);
  box.exec();
  if (box.clickedButton() == discard) {
    recovery_->discard(newest);
    return;
  }
  if (box.clickedButton() != recover || !maybeSave()) return;
  QString text;
  QString error;
  if (!recovery_->restore(newest, &text, &error)) {
    QMessageBox::warning(
        this, tr("Recover Unsaved Text"),
        tr("The recovery file could not be read: %1").arg(error));
    return;
  }
  editor_->setPlainText(text);
  lossy_ = false;
  setCurrentFile(newest.document_path, newest.format);
  editor_->document()->setModified(true);
  statusBar()->showMessage(tr("Recovered unsaved text; save it to keep it."));
}

void MainWindow::chooseFont() {
  bool ok = false;
  const QFont font = QFontDialog::getFont(&ok, editor_->font(), this);
  if (!ok) return;
  base_font_ = font;
  editor_->setFont(font);
}

void MainWindow::checkSpelling() {
  if (!check_dialog_) {
    check_dialog_ = new CheckSpellingDialog(editor_, this);
    check_dialog_->setAttribute(Qt::WA_DeleteOnClose);
  }
  check_dialog_->show();
  check_dialog_->raise();
  check_dialog_->activateWindow();
  check_dialog_->start();
}

void MainWindow::selectMisspelling(bool forward) {
  if (!service_->hasDictionary()) {
    statusBar()->showMessage(tr("No dictionary"), 3000);
    return;
  }
  bool wrapped = false;
  if (!editor_->selectMisspelling(forward, &wrapped)) {
    statusBar()->showMessage(tr("No misspellings"), 3000);
  } else if (wrapped) {
    statusBar()->showMessage(forward ? tr("Continued from the beginning")
                                     : tr("Continued from the end"),
                             3000);
  }
}

void MainWindow::nextMisspelling() { selectMisspelling(true); }

void MainWindow::previousMisspelling() { selectMisspelling(false); }

void MainWindow::setSpellChecking(bool enabled) {
  editor_->setSpellCheckingEnabled(enabled);
  spell_checking_action_->setChecked(enabled);
  QSettings().setValue(kSpellCheckingKey, enabled);
  updateStatus();
  updateUncheckedCount();
}

void MainWindow::openDictionaryFile() {
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open Dictionary"), UserDictionaryFolder(),
      tr("spellfilter dictionaries (*.sfd);;All files (*)"));
  if (!path.isEmpty()) useDictionary(path);
}

void MainWindow::buildDictionary() {
  if (build_job_->isRunning()) {
    if (build_progress_) build_progress_->raise();
    return;
  }
  BuildDictionaryDialog dialog(this);
  if (dialog.exec() == QDialog::Accepted) startBuild(dialog.request());
}

void MainWindow::startBuild(const BuildRequest& request) {
  if (build_job_->isRunning()) return;
  build_output_ = request.output;
  auto* progress = new QProgressDialog(
      tr("Building the dictionary \u201C%1\u201D\u2026")
          .arg(QFileInfo(request.output).completeBaseName()),
      tr("Cancel"), 0, BuildDictionaryJob::kProgressMax, this);
  progress->setObjectName(QStringLiteral("buildProgress"));
  progress->setWindowTitle(tr("Build Dictionary"));
  progress->setWindowModality(Qt::NonModal);  // the editor stays usable
  progress->setMinimumDuration(0);
  progress->setAutoClose(false);
  progress->setAutoReset(false);
  progress->setAttribute(Qt::WA_DeleteOnClose);
  connect(progress, &QProgressDialog::canceled, build_job_,
          &BuildDictionaryJob::cancel);
  connect(build_job_, &BuildDictionaryJob::progressChanged, progress,
          &QProgressDialog::setValue);
  build_progress_ = progress;
  progress->show();
  build_job_->start(request);
}

void MainWindow::onBuildFinished(const BuildResult& result) {
  if (build_progress_) build_progress_->close();
  const QString name = QFileInfo(build_output_).completeBaseName();
  if (!result.ok) {
    auto* box = new QMessageBox(
        QMessageBox::Warning, tr("Build Dictionary"),
        tr("The dictionary \u201C%1\u201D could not be built:\n%2")
            .arg(name, result.message),
        QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return;
  }
  dictionary_menu_->refresh();
  auto* box = new QMessageBox(
      QMessageBox::Information, tr("Build Dictionary"),
      tr("The dictionary \u201C%1\u201D is ready (%2). It is listed in the "
         "Dictionary menu. Use it now?")
          .arg(name, result.message),
      QMessageBox::Yes | QMessageBox::No, this);
  box->setObjectName(QStringLiteral("buildDone"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  connect(box, &QMessageBox::finished, this,
          [this, path = build_output_](int answer) {
            if (answer == QMessageBox::Yes) useDictionary(path);
          });
  box->open();
}

void MainWindow::onBuildCanceled() {
  if (build_progress_) build_progress_->close();
  statusBar()->showMessage(tr("Building the dictionary was cancelled."), 5000);
}

void MainWindow::convertDictionary(const QString& tag) {
  if (convert_job_->isRunning()) {
    if (convert_progress_) convert_progress_->raise();
    return;
  }
  auto* progress = new QProgressDialog(
      tr("Converting the Hunspell dictionary %1 (%2)\u2026")
          .arg(LanguageDisplayName(tag), tag),
      QString(), 0, 0, this);  // busy: the import is one call into core
  progress->setObjectName(QStringLiteral("convertProgress"));
  progress->setWindowTitle(tr("Convert Dictionary"));
  progress->setWindowModality(Qt::NonModal);  // the editor stays usable
  progress->setMinimumDuration(0);
  progress->setAutoClose(false);
  progress->setAutoReset(false);
  progress->setAttribute(Qt::WA_DeleteOnClose);
  convert_progress_ = progress;
  progress->show();
  convert_job_->start(tag, DictionaryFolders());
}

void MainWindow::onConversionFinished(const ConvertResult& result) {
  if (convert_progress_) convert_progress_->close();
  dictionary_menu_->refresh();
  if (!result.ok) {
    auto* box = new QMessageBox(
        QMessageBox::Warning, tr("Convert Dictionary"),
        tr("The Hunspell dictionary %1 could not be converted:\n%2")
            .arg(LanguageDisplayName(result.tag), result.message),
        QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return;
  }
  if (useDictionary(result.path)) {
    statusBar()->showMessage(tr("Converted and using %1")
                                 .arg(LanguageDisplayName(result.tag)),
                             5000);
  }
}

void MainWindow::about() {
  QMessageBox::about(
      this, tr("About spellfilter editor"),
      tr("<p><b>spellfilter editor</b> %1</p><p>A plain-text editor that "
         "checks spelling as you type with spellfilter's Bloom-filter "
         "dictionaries.</p>")
          .arg(QCoreApplication::applicationVersion()));
}

}  // namespace spellfilter::editor
