#include "app/editor/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDialog>
#include <QGridLayout>
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
#include <QTabBar>
#include <QTabWidget>
#include <QTextBlock>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWindow>
#include <algorithm>

#include "app/editor/background_read.h"
#include "app/editor/build_dictionary_dialog.h"
#include "app/editor/check_spelling_dialog.h"
#include "app/editor/chunked_read.h"
#include "app/editor/dictionary_catalog.h"
#include "app/editor/dictionary_menu.h"
#include "app/editor/disk_file_monitor.h"
#include "app/editor/document_languages.h"
#include "app/editor/document_tab.h"
#include "app/editor/find_bar.h"
#include "app/editor/language_chooser.h"
#include "app/editor/language_list.h"
#include "app/editor/notice_bar.h"
#include "app/editor/pdf_export.h"
#include "app/editor/recent_files.h"
#include "app/editor/recheck_scheduler.h"
#include "app/editor/recovery_store.h"
#include "app/editor/soft_lines.h"
#include "app/editor/spell_highlighter.h"
#include "app/editor/spell_service.h"
#include "app/editor/spell_service_pool.h"
#include "app/editor/spell_text_edit.h"
#include "app/editor/startup_trace.h"
#include "app/editor/text_encoding.h"
#include "app/editor/theme.h"

namespace spellfilter::editor {
namespace {

// The status bar's counts, logged as they change (off unless enabled:
// QT_LOGGING_RULES="spellfilter.editor.status.debug=true"), for bug
// reports and for tests that drive the real binary
// (tests/editor/end_to_end_test.sh).
Q_LOGGING_CATEGORY(lcStatus, "spellfilter.editor.status", QtWarningMsg)
// Failed saves, on standard error as well as in their message box (for
// bug reports and tests/editor/end_to_end_test.sh).
Q_LOGGING_CATEGORY(lcSave, "spellfilter.editor.save", QtWarningMsg)

const QString kGeometryKey = QStringLiteral("geometry");
const QString kFontKey = QStringLiteral("font");
const QString kDictionaryKey = QStringLiteral("dictionary");
const QString kSpellCheckingKey = QStringLiteral("spellChecking");
const QString kWordWrapKey = QStringLiteral("wordWrap");
const QString kThemeKey = QStringLiteral("theme");
const QString kLineNumbersKey = QStringLiteral("lineNumbers");
const QString kUncheckedMarksKey = QStringLiteral("markUncheckedWords");

QString Native(const QString& path) { return QDir::toNativeSeparators(path); }

// A file name in the status bar's "Loading NAME… N%": at most this many
// characters, elided in the middle (the start and the extension stay), so
// the percentage shows at 800 px whatever the name.
constexpr qsizetype kLoadingNameMax = 32;

QString LoadingName(const QString& name) {
  if (name.size() <= kLoadingNameMax) return name;
  const qsizetype head = (kLoadingNameMax - 1) / 2;
  const qsizetype tail = kLoadingNameMax - 1 - head;
  return name.left(head) + QChar(0x2026) + name.right(tail);
}

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
      pool_(new SpellServicePool(this)),
      notice_(new NoticeBar),
      tabs_(new QTabWidget),
      recovery_folder_(RecoveryStore::DefaultFolder()),
      build_job_(new BuildDictionaryJob(this)),
      convert_job_(new ConvertDictionaryJob(this)) {
  auto* central = new QWidget(this);
  auto* layout = new QVBoxLayout(central);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(notice_);
  layout->addWidget(tabs_, 1);
  tabs_->setObjectName(QStringLiteral("documentTabs"));
  tabs_->setDocumentMode(true);
  tabs_->setTabsClosable(true);
  tabs_->setMovable(true);
  tabs_->setUsesScrollButtons(true);
  tabs_->tabBar()->setElideMode(Qt::ElideMiddle);
  tabs_->tabBar()->setExpanding(false);
  connect(tabs_, &QTabWidget::tabCloseRequested, this,
          [this](int index) { closeTab(index); });
  setCentralWidget(central);

  // The status bar is refreshed at most every 100 ms: counts come from the
  // highlighter's running totals, so each refresh is O(1).
  status_timer_.setSingleShot(true);
  status_timer_.setInterval(100);
  connect(&status_timer_, &QTimer::timeout, this, &MainWindow::updateStatus);
  connect(pool_, &SpellServicePool::created, this, &MainWindow::followService);
  // The first document exists before the actions, which act on it.
  addDocument();
  StartupMark("window: first document");
  createActions();
  StartupMark("window: actions and menus");
  createStatusBar();
  StartupMark("window: status bar");
  if (lcStartup().isDebugEnabled()) statusBar()->installEventFilter(this);
  readSettings();
  StartupMark("window: settings");
  connect(tabs_, &QTabWidget::currentChanged, this,
          &MainWindow::onCurrentTabChanged);

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

  loadInitialDictionary();
  StartupMark("window: dictionary");
  onCurrentTabChanged();
  setUnifiedTitleAndToolBarOnMac(true);
  StartupMark("window: done");
}

MainWindow::~MainWindow() {
  // The editors (and their highlighters) use the services: delete them
  // first; QObject would delete the pool first, as the older child.
  delete takeCentralWidget();
}

SpellService* MainWindow::spellService() const { return editor()->service(); }

void MainWindow::followService(SpellService* service) {
  connect(service, &SpellService::warning, this,
          [this](const QString& message) { notice_->showMessage(message); });
  connect(service, &SpellService::dictionaryChanged, this, [this, service] {
    if (service != spellService()) return;
    dictionary_menu_->setCurrentPath(service->dictionaryPath());
    updateStatus();
  });
  connect(service, &SpellService::flaggedWordsMayBeCorrect, this,
          &MainWindow::scheduleStatus);
  connect(service, &SpellService::recheckAll, this,
          &MainWindow::scheduleStatus);
}

QString MainWindow::languageLabel(const SpellService* service) const {
  if (!service->hasDictionary()) return tr("No dictionary");
  if (service->languageCount() > 1 || service->isAutomatic()) {
    QStringList names;
    for (const QString& path : service->languagePaths()) {
      names.append(LanguageDisplayName(QFileInfo(path).completeBaseName()));
    }
    const QString languages =
        names.size() > 3 ? tr("%1 and %n more", nullptr, names.size() - 2)
                               .arg(names.mid(0, 2).join(QStringLiteral(", ")))
                         : names.join(QStringLiteral(" + "));
    return service->isAutomatic() ? tr("Automatic (%1)").arg(languages)
                                  : languages;
  }
  QStringList names;
  for (const QString& path : service->dictionaryPaths()) {
    const QString name = QFileInfo(path).completeBaseName();
    names.append(names.isEmpty() ? LanguageDisplayName(name) : name);
  }
  return names.join(QStringLiteral(" + "));
}

bool MainWindow::switchLanguages(DocumentTab* tab, const QStringList& paths,
                                 QString* error) {
  const QStringList wanted = paths.isEmpty() ? default_languages_ : paths;
  SpellTextEdit* edit = tab->editor();
  SpellService* old = edit->service();
  QString problem;
  SpellService* service = pool_->acquire(wanted, &problem);
  edit->setService(service);
  pool_->release(old);
  tab->setLanguages(paths);
  if (!tab->file().isEmpty()) RememberLanguages(tab->file(), paths);
  if (tab == current()) {
    dictionary_menu_->setCurrentPath(service->dictionaryPath());
    updateStatus();
  }
  if (error != nullptr) *error = problem;
  return problem.isEmpty() && (wanted.isEmpty() || service->hasDictionary());
}

bool MainWindow::setDocumentLanguages(DocumentTab* tab,
                                      const QStringList& paths) {
  QString error;
  if (!switchLanguages(tab, paths, &error)) {
    notice_->showMessage(tr("A dictionary of %1 could not be opened: %2.")
                             .arg(tab->displayName(), error));
    return false;
  }
  return true;
}

LanguageChooser* MainWindow::languageChooser() const {
  return language_chooser_;
}

void MainWindow::chooseLanguage() {
  if (language_chooser_) {
    language_chooser_->raise();
    language_chooser_->activateWindow();
    return;
  }
  QStringList in_use = spellService()->languagePaths() +
                       spellService()->dictionaryPaths().mid(1);
  if (spellService()->isAutomatic()) in_use.prepend(QString(kAutoLanguage));
  auto* chooser = new LanguageChooser(in_use, this);
  chooser->setAttribute(Qt::WA_DeleteOnClose);
  connect(chooser, &LanguageChooser::chosen, this,
          &MainWindow::applyLanguageChoice);
  language_chooser_ = chooser;
  chooser->open();
}

void MainWindow::applyLanguageChoice(const LanguageChoice& choice) {
  DocumentTab* tab = current();
  switch (choice.kind) {
    case LanguageChoice::Kind::kNone:
      return;
    case LanguageChoice::Kind::kDictionary:
      if (setDocumentLanguages(tab, {choice.path})) {
        default_languages_ = {choice.path};
        QSettings().setValue(kDictionaryKey, choice.path);
      }
      return;
    case LanguageChoice::Kind::kAddition: {
      LanguageList list = ParseLanguageList(
          tab->languages().isEmpty() ? default_languages_ : tab->languages());
      // Added to the first of the installed languages "auto" chooses
      // among: they are listed, so the list can hold word lists too.
      if (list.automatic && list.languages.isEmpty()) {
        list.languages = spellService()->languagePaths();
      }
      if (list.languages.isEmpty()) {
        list.languages = {choice.path};  // nothing to add to: the language
      } else if (!list.additions.contains(choice.path)) {
        list.additions.append(choice.path);
        // The oldest addition makes room (core checks two at most).
        while (list.additions.size() > SpellService::kMaxAdditions) {
          list.additions.removeFirst();
        }
      }
      setDocumentLanguages(tab, ToStringList(list));
      return;
    }
    case LanguageChoice::Kind::kConvert:
      convertDictionary(choice.tag);
      return;
    case LanguageChoice::Kind::kSecondLanguage: {
      // Beside the document's languages (in its mode), its word lists kept.
      LanguageList list = ParseLanguageList(
          tab->languages().isEmpty() ? default_languages_ : tab->languages());
      const QString path = QFileInfo(choice.path).absoluteFilePath();
      if (list.languages.isEmpty()) {
        list.languages = {path};
      } else if (!list.languages.contains(path)) {
        list.languages.append(path);
      }
      setDocumentLanguages(tab, ToStringList(list));
      return;
    }
    case LanguageChoice::Kind::kAutomatic: {
      // Among the document's languages when it has several, else among
      // the installed ones.
      LanguageList list = ParseLanguageList(
          tab->languages().isEmpty() ? default_languages_ : tab->languages());
      list.automatic = true;
      if (list.languages.size() < 2) list = LanguageList{true, {}, {}};
      setDocumentLanguages(tab, ToStringList(list));
      return;
    }
  }
}

DocumentTab* MainWindow::current() const {
  return qobject_cast<DocumentTab*>(tabs_->currentWidget());
}

DocumentTab* MainWindow::document(int index) const {
  return qobject_cast<DocumentTab*>(tabs_->widget(index));
}

int MainWindow::documentCount() const { return tabs_->count(); }

SpellTextEdit* MainWindow::editor() const { return current()->editor(); }

const QString& MainWindow::currentFile() const { return current()->file(); }

RecoveryStore* MainWindow::recovery() const { return current()->recovery(); }

DiskFileMonitor* MainWindow::diskMonitor() const {
  return current()->diskMonitor();
}

FindBar* MainWindow::findBar() const { return current()->findBar(); }

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
  if (watched == statusBar() && event->type() == QEvent::Paint &&
      !first_paint_logged_) {
    first_paint_logged_ = true;
    // The wall clock in ms since the epoch (for the end-to-end test), the
    // title and message painted, and the process's CPU time so far.
    qCDebug(lcStartup).noquote()
        << QStringLiteral("first paint at %1 ms, title \"%2\", %3")
               .arg(QDateTime::currentMSecsSinceEpoch())
               .arg(windowTitle(), statusBar()->currentMessage());
    StartupMark("first paint");
  }
  return QMainWindow::eventFilter(watched, event);
}

void MainWindow::scheduleStatus() {
  if (!status_timer_.isActive()) status_timer_.start();
}

DocumentTab* MainWindow::addDocument() {
  QString error;  // said when the language was chosen or at start
  auto* tab = new DocumentTab(pool_->acquire(default_languages_, &error),
                              recovery_folder_);
  SpellTextEdit* edit = tab->editor();
  // The lowest number no other untitled document has.
  QList<int> used;
  for (int i = 0; i < tabs_->count(); ++i) {
    if (document(i)->file().isEmpty())
      used.append(document(i)->untitledNumber());
  }
  int number = 1;
  while (used.contains(number)) ++number;
  tab->setUntitledNumber(number);
  if (tabs_->count() > 0) {  // as the others are (the first reads settings)
    SpellTextEdit* model = editor();
    edit->setFont(model->font());
    edit->setLineWrapMode(model->lineWrapMode());
    edit->setLineNumbersVisible(model->lineNumbersVisible());
    edit->setUncheckedMarksVisible(model->uncheckedMarksVisible());
    edit->setSpellCheckingEnabled(model->isSpellCheckingEnabled());
  }
  tab->setFile(QString(), TextFormat());

  QTextDocument* text = edit->document();
  auto if_current = [this, tab](auto f) {
    return [this, tab, f](auto&&...) {
      if (tab == current()) f();
    };
  };
  connect(text, &QTextDocument::modificationChanged, this,
          [this, tab](bool modified) {
            // A text streaming in is set unmodified after each step (and
            // at its end): no "*" flickering in the title meanwhile.
            if (tab->editor()->isStreaming()) return;
            updateTabLabel(tab);
            if (tab == current()) setWindowModified(modified);
          });
  connect(edit, &SpellTextEdit::filesDropped, this, &MainWindow::openDropped);
  connect(edit, &SpellTextEdit::spellingActionFailed, this,
          [this](const QString& message) { notice_->showMessage(message); });
  connect(tab->diskMonitor(), &DiskFileMonitor::changedOnDisk, this,
          [this, tab] {
            tab->setDiskNews(DocumentTab::DiskNews::kChanged);
            updateTabLabel(tab);
            if (tab == current()) onChangedOnDisk();
          });
  connect(tab->diskMonitor(), &DiskFileMonitor::removedFromDisk, this,
          [this, tab] {
            tab->setDiskNews(DocumentTab::DiskNews::kRemoved);
            tab->editor()->document()->setModified(true);
            updateTabLabel(tab);
            if (tab == current()) onRemovedFromDisk();
          });
  connect(text, &QTextDocument::contentsChange, this,
          if_current([this] { scheduleStatus(); }));
  connect(text, &QTextDocument::contentsChanged, this,
          if_current([this] { updateUndoRedo(); }));
  connect(text, &QTextDocument::undoCommandAdded, this,
          if_current([this] { updateUndoRedo(); }));
  connect(edit, &QPlainTextEdit::undoAvailable, this,
          if_current([this] { updateUndoRedo(); }));
  connect(edit, &QPlainTextEdit::redoAvailable, this,
          if_current([this] { updateUndoRedo(); }));
  connect(edit, &QPlainTextEdit::copyAvailable, this,
          if_current([this] { updateClipboardActions(); }));
  connect(edit, &QPlainTextEdit::cursorPositionChanged, this,
          if_current([this] { updateCursorPosition(); }));
  connect(edit->scheduler(), &RecheckScheduler::progressed, this,
          if_current([this] { scheduleStatus(); }));
  connect(edit->scheduler(), &RecheckScheduler::finished, this,
          if_current([this] { scheduleStatus(); }));

  const int index = tabs_->addTab(tab, tab->displayName());
  updateTabLabel(tab);
  tabs_->setCurrentIndex(index);
  return tab;
}

void MainWindow::updateTabLabel(DocumentTab* tab) {
  const int index = tabs_->indexOf(tab);
  if (index < 0) return;
  QString label = tab->displayName();
  // A literal '&' in a file name is not a mnemonic.
  label.replace(QLatin1Char('&'), QStringLiteral("&&"));
  if (tab->isModified()) label.prepend(QLatin1Char('*'));
  if (tab->readOnlyOnDisk()) label += tr(" [read-only]");
  tabs_->setTabText(index, label);
  QString tip =
      tab->file().isEmpty() ? tab->displayName() : Native(tab->file());
  if (tab->diskNews() == DocumentTab::DiskNews::kChanged) {
    tip += tr("\nChanged on disk by another program");
  } else if (tab->diskNews() == DocumentTab::DiskNews::kRemoved) {
    tip += tr("\nDeleted or moved on disk");
  }
  tabs_->setTabToolTip(index, tip);
  tabs_->setTabIcon(index,
                    tab->diskNews() != DocumentTab::DiskNews::kNone
                        ? QIcon::fromTheme(QStringLiteral("dialog-warning"))
                        : QIcon());
}

void MainWindow::onCurrentTabChanged() {
  DocumentTab* tab = current();
  if (tab == nullptr) return;
  // The dialog walks one document; it ends with it.
  if (check_dialog_ && check_dialog_->editor() != tab->editor()) {
    check_dialog_->close();
    check_dialog_ = nullptr;
  }
  setWindowFilePath(tab->file().isEmpty() ? tab->displayName() : tab->file());
  setWindowModified(tab->isModified());
  revert_action_->setEnabled(!tab->file().isEmpty());
  updateEncodingMenu();
  updateUndoRedo();
  updateClipboardActions();
  updateCursorPosition();
  updateStatus();
  if (disk_notice_shown_) {
    notice_->hide();
    disk_notice_shown_ = false;
  }
  if (tab->diskNews() == DocumentTab::DiskNews::kChanged) {
    onChangedOnDisk();
  } else if (tab->diskNews() == DocumentTab::DiskNews::kRemoved) {
    onRemovedFromDisk();
  }
  tab->editor()->setFocus();
}

void MainWindow::updateUndoRedo() {
  if (undo_action_ == nullptr) return;
  // What Ctrl+Z and Ctrl+Shift+Z would do in the text now.
  const QTextDocument* text = editor()->document();
  undo_action_->setEnabled(text->isUndoAvailable());
  redo_action_->setEnabled(text->isRedoAvailable());
}

void MainWindow::updateClipboardActions() {
  if (cut_action_ == nullptr) return;
  const bool selected = editor()->textCursor().hasSelection();
  cut_action_->setEnabled(selected && !editor()->isReadOnly());
  copy_action_->setEnabled(selected);
}

void MainWindow::nextDocument() {
  if (tabs_->count() > 1) {
    tabs_->setCurrentIndex((tabs_->currentIndex() + 1) % tabs_->count());
  }
}

void MainWindow::previousDocument() {
  if (tabs_->count() > 1) {
    tabs_->setCurrentIndex((tabs_->currentIndex() + tabs_->count() - 1) %
                           tabs_->count());
  }
}

bool MainWindow::closeTab(int index) {
  DocumentTab* tab = document(index);
  if (tab == nullptr) return false;
  tabs_->setCurrentIndex(index);
  if (!maybeSave()) return false;
  tab->recovery()->clear();
  if (tabs_->count() == 1) {
    // The window always has a document: the last one closed leaves an
    // empty one, as Kate does.
    if (tab->isPristine() && tab->file().isEmpty()) return true;
    addDocument();
  }
  tabs_->removeTab(tabs_->indexOf(tab));
  SpellService* service = tab->editor()->service();
  delete tab;
  pool_->release(service);
  onCurrentTabChanged();
  return true;
}

bool MainWindow::closeCurrentTab() { return closeTab(tabs_->currentIndex()); }

int MainWindow::indexOfFile(const QString& path) const {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  const QString canonical = QFileInfo(path).canonicalFilePath();
  for (int i = 0; i < tabs_->count(); ++i) {
    const QString& file = document(i)->file();
    if (file.isEmpty()) continue;
    if (file == absolute ||
        (!canonical.isEmpty() &&
         QFileInfo(file).canonicalFilePath() == canonical)) {
      return i;
    }
  }
  return -1;
}

DocumentTab* MainWindow::tabForNewFile() {
  if (current()->isPristine()) return current();
  return addDocument();
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
  a = file->addAction(QIcon::fromTheme(QStringLiteral("document-close")),
                      tr("&Close"), this, &MainWindow::closeCurrentTab);
  a->setObjectName(QStringLiteral("closeDocument"));
  a->setShortcuts(
      WithFallback(QKeySequence::Close, QKeySequence(Qt::CTRL | Qt::Key_W)));
  session_action_ =
      file->addAction(tr("Reopen Documents at S&tart"), this,
                      [](bool on) { SetSessionRestoreEnabled(on); });
  session_action_->setObjectName(QStringLiteral("restoreSession"));
  session_action_->setCheckable(true);
  session_action_->setChecked(SessionRestoreEnabled());
  session_action_->setToolTip(
      tr("Open the documents that were open when the editor last closed, "
         "at their cursor positions"));
  file->addSeparator();
  a = file->addAction(QIcon::fromTheme(QStringLiteral("application-exit")),
                      tr("&Quit"), this, &QWidget::close);
  a->setShortcut(QKeySequence::Quit);

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  // Enabled whenever the key would act on the current document
  // (updateUndoRedo follows its undo stack, not only the signals).
  undo_action_ =
      edit->addAction(tr("&Undo"), this, [this] { editor()->undo(); });
  undo_action_->setShortcut(QKeySequence::Undo);
  redo_action_ =
      edit->addAction(tr("&Redo"), this, [this] { editor()->redo(); });
  redo_action_->setShortcut(QKeySequence::Redo);
  connect(edit, &QMenu::aboutToShow, this, &MainWindow::updateUndoRedo);
  edit->addSeparator();
  cut_action_ = edit->addAction(tr("Cu&t"), this, [this] { editor()->cut(); });
  cut_action_->setShortcut(QKeySequence::Cut);
  copy_action_ =
      edit->addAction(tr("&Copy"), this, [this] { editor()->copy(); });
  copy_action_->setShortcut(QKeySequence::Copy);
  edit->addAction(tr("&Paste"), this, [this] { editor()->paste(); })
      ->setShortcut(QKeySequence::Paste);
  edit->addSeparator();
  edit->addAction(tr("Select &All"), this, [this] { editor()->selectAll(); })
      ->setShortcut(QKeySequence::SelectAll);
  edit->addSeparator();
  edit->addAction(QIcon::fromTheme(QStringLiteral("edit-find")), tr("&Find..."),
                  this, [this] { findBar()->open(false); })
      ->setShortcuts(
          WithFallback(QKeySequence::Find, QKeySequence(Qt::CTRL | Qt::Key_F)));
  edit->addAction(QIcon::fromTheme(QStringLiteral("edit-find-replace")),
                  tr("R&eplace..."), this, [this] { findBar()->open(true); })
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
  view->addAction(tr("Zoom &In"), this, [this] { editor()->zoomIn(); })
      ->setShortcuts(WithFallback(QKeySequence::ZoomIn,
                                  QKeySequence(Qt::CTRL | Qt::Key_Equal)));
  view->addAction(tr("Zoom &Out"), this, [this] { editor()->zoomOut(); })
      ->setShortcuts(WithFallback(QKeySequence::ZoomOut,
                                  QKeySequence(Qt::CTRL | Qt::Key_Minus)));
  view->addAction(tr("&Reset Zoom"), this, &MainWindow::resetZoom)
      ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
  view->addSeparator();
  // Ctrl+Tab as in browsers, gedit and Kate; Ctrl+Page Down as in gedit.
  a = view->addAction(tr("Ne&xt Document"), this, &MainWindow::nextDocument);
  a->setObjectName(QStringLiteral("nextDocument"));
  a->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Tab),
                   QKeySequence(Qt::CTRL | Qt::Key_PageDown)});
  a = view->addAction(tr("Pre&vious Document"), this,
                      &MainWindow::previousDocument);
  a->setObjectName(QStringLiteral("previousDocument"));
  a->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab),
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                   QKeySequence(Qt::CTRL | Qt::Key_PageUp)});
  view->addSeparator();
  word_wrap_action_ =
      view->addAction(tr("&Word Wrap"), this, &MainWindow::setWordWrap);
  word_wrap_action_->setCheckable(true);
  word_wrap_action_->setChecked(true);
  line_numbers_action_ =
      view->addAction(tr("&Line Numbers"), this, &MainWindow::setLineNumbers);
  line_numbers_action_->setCheckable(true);
  unchecked_marks_action_ = view->addAction(tr("Mark &Unchecked Words"), this,
                                            &MainWindow::setUncheckedMarks);
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
  // The status bar's language button, from the keyboard.
  auto* language = new QAction(tr("Document &Language..."), this);
  language->setObjectName(QStringLiteral("chooseLanguage"));
  language->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
  language->setStatusTip(tr("Choose the language this document is checked in"));
  connect(language, &QAction::triggered, this, &MainWindow::chooseLanguage);
  const QList<QAction*> entries = dictionary_menu_->actions();
  QAction* first = entries.isEmpty() ? nullptr : entries.front();
  dictionary_menu_->insertAction(first, language);
  dictionary_menu_->insertSeparator(first);

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About"), this, &MainWindow::about);
  help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createStatusBar() {
  misspellings_label_ = new QLabel(this);
  misspellings_label_->setObjectName(QStringLiteral("misspellingCount"));
  words_label_ = new QLabel(this);
  words_label_->setObjectName(QStringLiteral("wordCount"));
  // The document's language, and the chooser to change it.
  language_button_ = new QToolButton(this);
  language_button_->setObjectName(QStringLiteral("languageButton"));
  language_button_->setAutoRaise(true);
  connect(language_button_, &QToolButton::clicked, this,
          &MainWindow::chooseLanguage);
  position_label_ = new QLabel(this);
  position_label_->setObjectName(QStringLiteral("cursorPosition"));
  characters_label_ = new QLabel(this);
  characters_label_->setObjectName(QStringLiteral("characterCount"));
  unchecked_label_ = new QLabel(this);
  unchecked_label_->setObjectName(QStringLiteral("uncheckedCount"));
  unchecked_label_->hide();
  for (QLabel* label : {position_label_, misspellings_label_, words_label_,
                        characters_label_, unchecked_label_}) {
    label->setContentsMargins(8, 0, 8, 0);
  }
  // The encoding, and the ways to change it: read the file again in
  // another, or save in another.
  encoding_button_ = new QToolButton(this);
  encoding_button_->setObjectName(QStringLiteral("encodingButton"));
  encoding_button_->setAutoRaise(true);
  encoding_button_->setPopupMode(QToolButton::InstantPopup);
  encoding_button_->setToolTip(
      tr("The document's encoding: click to reopen "
         "the file in another or save in another"));
  auto* encoding_popup = new QMenu(encoding_button_);
  encoding_popup->addMenu(encoding_menu_);
  save_encoding_menu_ = encoding_popup->addMenu(tr("&Save with Encoding"));
  save_encoding_menu_->setObjectName(QStringLiteral("saveEncodingMenu"));
  for (const QString& encoding : SupportedEncodings()) {
    QAction* e = save_encoding_menu_->addAction(EncodingLabel(encoding));
    e->setCheckable(true);
    e->setData(encoding);
    connect(e, &QAction::triggered, this,
            [this, encoding] { saveWithEncoding(encoding); });
  }
  encoding_button_->setMenu(encoding_popup);
  updateCursorPosition();
  statusBar()->addPermanentWidget(position_label_);
  statusBar()->addPermanentWidget(misspellings_label_);
  statusBar()->addPermanentWidget(words_label_);
  statusBar()->addPermanentWidget(characters_label_);
  statusBar()->addPermanentWidget(unchecked_label_);
  statusBar()->addPermanentWidget(language_button_);
  statusBar()->addPermanentWidget(encoding_button_);
  updateStatus();
}

bool MainWindow::showCountsUnlessLoading() {
  // While a file streams in, the counts (moving, and not yet the file's)
  // give their room to the status bar's "Loading NAME… N%", which beside
  // them was cut at 800 px ("Loading bi"); they come back when it is in.
  // (The page's placeholder is set only by showLoading, before the read.)
  const bool loading =
      editor()->isStreaming() || !editor()->placeholderText().isEmpty();
  for (QLabel* label : {position_label_, misspellings_label_, words_label_,
                        characters_label_}) {
    label->setVisible(!loading);
  }
  if (loading) unchecked_label_->hide();
  return loading;
}

void MainWindow::updateStatus() {
  const SpellTotals& totals = editor()->highlighter()->totals();
  const RecheckScheduler* scheduler = editor()->scheduler();
  QString spelling;
  if (!spellService()->hasDictionary()) {
    spelling = tr("Not checking: no dictionary");
  } else if (!editor()->isSpellCheckingEnabled()) {
    spelling = tr("Spell checking off");
  } else if (!scheduler->isIdle()) {
    spelling = tr("Checking\u2026 %1%").arg(scheduler->percentDone());
  } else if (totals.misspellings == 1) {
    spelling = tr("1 misspelling");
  } else {
    spelling = tr("%L1 misspellings").arg(totals.misspellings);
  }
  misspellings_label_->setText(spelling);
  const bool loading = showCountsUnlessLoading();
  // Words in a script no language of the document checks: a running total
  // kept by the blocks as they are checked (block_spell_data.h), so it
  // grows while a big text is checked and costs nothing per keystroke.
  const qint64 unchecked =
      spellService()->hasDictionary() && editor()->isSpellCheckingEnabled()
          ? totals.unchecked
          : 0;
  unchecked_label_->setVisible(unchecked > 0 && !loading);
  if (unchecked > 0) {
    unchecked_label_->setText(unchecked == 1
                                  ? tr("1 unchecked")
                                  : tr("%L1 unchecked").arg(unchecked));
    unchecked_label_->setToolTip(
        spellService()->languageCount() > 1
            ? tr("Words in a script none of the languages %1 covers (such as "
                 "Cyrillic in an English and German text) are not checked. "
                 "Add a language that covers them with the language button "
                 "to check them.")
                  .arg(languageLabel(spellService()))
            : tr("Words in a script the dictionary %1 does not cover (such "
                 "as Cyrillic in an English text) are not checked. Choose a "
                 "dictionary of their language in the Dictionary menu to "
                 "check them.")
                  .arg(spellService()->dictionaryName()));
  }
  words_label_->setText(totals.words == 1 ? tr("1 word")
                                          : tr("%L1 words").arg(totals.words));
  // Characters as typed, line ends included (a long line's pieces are one
  // line: their joins are not characters).
  const QTextDocument* text = editor()->document();
  const int characters =
      std::max(text->characterCount() - 1 -
                   (HasContinuations(*text)
                        ? text->blockCount() - editor()->lineMap().lineCount()
                        : 0),
               0);
  characters_label_->setText(characters == 1
                                 ? tr("1 character")
                                 : tr("%L1 characters").arg(characters));
  if (lcStatus().isDebugEnabled()) {
    const bool checked = spellService()->hasDictionary() &&
                         editor()->isSpellCheckingEnabled() &&
                         !editor()->isStreaming() && scheduler->isIdle();
    const QString status =
        QStringLiteral("%1: %2 misspellings, %3 words")
            .arg(editor()->isStreaming() ? QStringLiteral("loading")
                 : checked               ? QStringLiteral("checked")
                                         : QStringLiteral("checking"))
            .arg(totals.misspellings)
            .arg(totals.words);
    if (status != logged_status_) {
      logged_status_ = status;
      qCDebug(lcStatus).noquote() << status;
    }
  }
  language_button_->setText(languageLabel(spellService()));
  QStringList tip{tr("The document's language: click to choose another")};
  for (const QString& path : spellService()->dictionaryPaths()) {
    tip.append(Native(path));
  }
  language_button_->setToolTip(tip.join(QLatin1Char('\n')));
}

void MainWindow::findNext() {
  if (findBar()->findEdit()->text().isEmpty()) {
    findBar()->open(false);
    return;
  }
  if (!findBar()->findNext()) statusBar()->showMessage(tr("Not found"), 3000);
}

void MainWindow::findPrevious() {
  if (findBar()->findEdit()->text().isEmpty()) {
    findBar()->open(false);
    return;
  }
  if (!findBar()->findPrevious()) {
    statusBar()->showMessage(tr("Not found"), 3000);
  }
}

void MainWindow::askGoToLine() {
  bool ok = false;
  const int line = QInputDialog::getInt(
      this, tr("Go to Line"),
      tr("Line (1\u2013%L1):").arg(editor()->lineMap().lineCount()),
      editor()->lineMap().lineOf(editor()->textCursor().block()) + 1, 1,
      editor()->lineMap().lineCount(), 1, &ok);
  if (ok) goToLine(line);
}

void MainWindow::goToLine(int line, int column) {
  DocumentTab* tab = current();
  // A file still coming in: its lines are there once it is whole.
  whenLoaded(tab, [this, tab, line, column] {
    goToLineIn(tab->editor(), line, column);
    if (tab == current()) tab->editor()->setFocus();
  });
}

void MainWindow::whenLoaded(DocumentTab* tab, std::function<void()> then) {
  if (!tab->editor()->isStreaming()) {
    then();
    return;
  }
  connect(tab->editor(), &SpellTextEdit::streamingFinished, tab,
          std::move(then), Qt::SingleShotConnection);
}

void MainWindow::goToLineIn(SpellTextEdit* edit, int line, int column) {
  const LineMap& lines = edit->lineMap();
  QTextBlock block = lines.blockOfLine(line - 1);
  // A long line is several blocks (soft_lines.h): the column may be in a
  // later piece. Past the end of the line means its end.
  const int number = lines.lineOf(block);
  int offset = std::max(column - 1, 0);
  while (offset > block.length() - 1) {
    const QTextBlock next = block.next();
    if (!next.isValid() || lines.lineOf(next) != number) {
      offset = block.length() - 1;
      break;
    }
    offset -= block.length() - 1;
    block = next;
  }
  QTextCursor cursor(block);
  cursor.setPosition(block.position() + offset);
  edit->setTextCursor(cursor);
  edit->centerCursor();
}

void MainWindow::setWordWrap(bool on) {
  for (int i = 0; i < tabs_->count(); ++i) {
    document(i)->editor()->setLineWrapMode(on ? QPlainTextEdit::WidgetWidth
                                              : QPlainTextEdit::NoWrap);
  }
  word_wrap_action_->setChecked(on);
  if (!reading_settings_) QSettings().setValue(kWordWrapKey, on);
}

void MainWindow::setUncheckedMarks(bool on) {
  for (int i = 0; i < tabs_->count(); ++i) {
    document(i)->editor()->setUncheckedMarksVisible(on);
  }
  unchecked_marks_action_->setChecked(on);
  if (!reading_settings_) QSettings().setValue(kUncheckedMarksKey, on);
}

void MainWindow::setLineNumbers(bool on) {
  for (int i = 0; i < tabs_->count(); ++i) {
    document(i)->editor()->setLineNumbersVisible(on);
  }
  line_numbers_action_->setChecked(on);
  if (!reading_settings_) QSettings().setValue(kLineNumbersKey, on);
}

void MainWindow::print() {
  QPrinter printer(QPrinter::HighResolution);
  printer.setDocName(currentFile().isEmpty()
                         ? tr("untitled")
                         : QFileInfo(currentFile()).completeBaseName());
  QPrintDialog dialog(&printer, this);
  dialog.setWindowTitle(tr("Print Document"));
  if (editor()->textCursor().hasSelection()) {
    dialog.setOption(QAbstractPrintDialog::PrintSelection);
  }
  if (dialog.exec() != QDialog::Accepted) return;
  editor()->finishStreaming();
  PrintDocument(*editor(), &printer);
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
  if (!currentFile().isEmpty()) {
    const QFileInfo info(currentFile());
    dialog.selectFile(info.absolutePath() + QLatin1Char('/') +
                      info.completeBaseName() + QStringLiteral(".pdf"));
  }
  if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) {
    return;
  }
  exportPdf(dialog.selectedFiles().constFirst());
}

bool MainWindow::exportPdf(const QString& path) {
  editor()->finishStreaming();
  QString error;
  QGuiApplication::setOverrideCursor(Qt::WaitCursor);
  const bool written = ExportPdf(*editor(), path, &error);
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
  notice_->recolor();
  for (int i = 0; i < tabs_->count(); ++i) document(i)->recolor();
  for (QAction* a : theme_actions_->actions()) {
    a->setChecked(a->data().toString() == ThemeName(theme));
  }
  if (!reading_settings_) QSettings().setValue(kThemeKey, ThemeName(theme));
}

void MainWindow::reopenWithEncoding(const QString& encoding) {
  updateEncodingMenu();  // unchanged until it worked
  if (currentFile().isEmpty() || !QFileInfo::exists(currentFile())) return;
  if (!maybeSave()) return;
  LoadedText loaded;
  QString error;
  if (!ReadTextFileAs(currentFile(), encoding, &loaded, &error)) {
    QMessageBox::warning(
        this, tr("Reopen with Encoding"),
        tr("%1 cannot be read as %2: %3.")
            .arg(Native(currentFile()), EncodingLabel(encoding), error));
    return;
  }
  editor()->setPlainText(loaded.text);
  current()->setLossy(false);
  setCurrentFile(currentFile(), loaded.format);
}

void MainWindow::updateEncodingMenu() {
  const QString& encoding = current()->format().encoding;
  for (QAction* a : encoding_menu_->actions()) {
    a->setChecked(a->data().toString() == encoding);
  }
  encoding_menu_->setEnabled(!currentFile().isEmpty());
  if (save_encoding_menu_ != nullptr) {
    for (QAction* a : save_encoding_menu_->actions()) {
      a->setChecked(a->data().toString() == encoding);
    }
  }
  if (encoding_button_ != nullptr) {
    encoding_button_->setText(
        EncodingLabel(encoding) +
        (current()->format().byte_order_mark ? tr(" with BOM") : QString()));
  }
}

void MainWindow::saveWithEncoding(const QString& encoding) {
  TextFormat format = current()->format();
  if (format.encoding == encoding) return;
  QByteArray bytes;
  QString why;
  if (encoding != QLatin1String(kUtf8) &&
      !Encode(DocumentText(*editor()->document()), encoding, &bytes, &why)) {
    updateEncodingMenu();
    QMessageBox::warning(this, tr("Save with Encoding"),
                         tr("The document cannot be saved in %1: %2.")
                             .arg(EncodingLabel(encoding), why));
    return;
  }
  format.encoding = encoding;
  // A mark only where it is usual: UTF-16 has one, UTF-8 keeps what it had.
  if (encoding.startsWith(QLatin1String("UTF-16"))) {
    format.byte_order_mark = true;
  } else if (encoding != QLatin1String(kUtf8)) {
    format.byte_order_mark = false;
  }
  current()->setFormat(format);
  editor()->document()->setModified(true);
  updateEncodingMenu();
  statusBar()->showMessage(
      tr("The next save writes %1").arg(EncodingLabel(encoding)), 5000);
}

void MainWindow::revert() {
  if (currentFile().isEmpty() || !QFileInfo::exists(currentFile())) return;
  if (editor()->document()->isModified() &&
      QMessageBox::question(
          this, tr("Revert"),
          tr("Discard your changes and reload %1 as it is on disk? (Undo "
             "brings them back.)")
              .arg(Native(currentFile())),
          QMessageBox::Discard | QMessageBox::Cancel,
          QMessageBox::Cancel) != QMessageBox::Discard) {
    return;
  }
  reloadFromDisk();
}

void MainWindow::updateCursorPosition() {
  const QTextCursor cursor = editor()->textCursor();
  const LineMap& lines = editor()->lineMap();
  position_label_->setText(
      tr("Ln %L1, Col %L2")
          .arg(lines.lineOf(cursor.block()) + 1)
          .arg(lines.columnOf(cursor.block(), cursor.positionInBlock()) + 1));
}

void MainWindow::resetZoom() { editor()->setFont(base_font_); }

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
    editor()->setFont(font);
  }
  base_font_ = editor()->font();
  // Applied, not written back: each QSettings write syncs the file to disk
  // (twice fdatasync), which cost a start tens to hundreds of milliseconds
  // before the first paint on a busy disk (issue 35 item 1).
  reading_settings_ = true;
  setWordWrap(settings.value(kWordWrapKey, true).toBool());
  setLineNumbers(settings.value(kLineNumbersKey, false).toBool());
  setUncheckedMarks(settings.value(kUncheckedMarksKey, true).toBool());
  setTheme(ThemeFromName(settings.value(kThemeKey).toString()));
  reading_settings_ = false;
  const bool checking = settings.value(kSpellCheckingKey, true).toBool();
  spell_checking_action_->setChecked(checking);
  editor()->setSpellCheckingEnabled(checking);
}

void MainWindow::writeSettings() {
  QSettings settings;
  settings.setValue(kGeometryKey, saveGeometry());
  settings.setValue(kFontKey, editor()->font().toString());
  settings.setValue(kSpellCheckingKey, editor()->isSpellCheckingEnabled());
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
  default_languages_ = {path};
  if (openDictionary(path, /*chosen=*/false) && !note.isEmpty()) {
    notice_->showMessage(
        note + tr("Using %1 instead.").arg(spellService()->dictionaryName()));
  }
}

bool MainWindow::openDictionary(const QString& path, bool chosen) {
  notice_->hide();  // a new dictionary, new problems (shown while opening)
  QString error;
  if (!switchLanguages(current(), chosen ? QStringList{path} : QStringList(),
                       &error)) {
    notice_->showMessage(
        tr("The dictionary %1 could not be opened: %2. Spelling is not "
           "checked until you choose another one in the Dictionary menu.")
            .arg(Native(path), error));
    return false;
  }
  return true;
}

bool MainWindow::useDictionary(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  if (!openDictionary(absolute, /*chosen=*/true)) return false;
  default_languages_ = {absolute};
  QSettings().setValue(kDictionaryKey, absolute);
  statusBar()->showMessage(
      tr("Using dictionary %1").arg(spellService()->dictionaryName()), 3000);
  return true;
}

void MainWindow::closeEvent(QCloseEvent* event) {
  // The session is what was open before the questions (a document whose
  // changes are discarded still reopens, as it is on disk).
  const Session session = currentSession();
  const int current_index = tabs_->currentIndex();
  for (int i = 0; i < tabs_->count(); ++i) {
    if (!document(i)->isModified()) continue;
    tabs_->setCurrentIndex(i);
    if (!maybeSave()) {
      event->ignore();
      return;
    }
  }
  tabs_->setCurrentIndex(current_index);
  WriteSession(session);
  writeSettings();
  for (int i = 0; i < tabs_->count(); ++i) document(i)->recovery()->clear();
  event->accept();
}

void MainWindow::newFile() { addDocument(); }

void MainWindow::showLoading(const QString& path) {
  // The window says what it is doing, with the file's name as its title
  // and its tab's label and "Loading NAME…" in the empty page and the
  // status bar, and is painted before the file is read (issue 35: a 5 MB
  // file showed an unpainted window titled untitled.txt for a second).
  const QString name = QFileInfo(path).fileName();
  DocumentTab* tab = tabForNewFile();
  tab->editor()->setPlaceholderText(tr("Loading %1\u2026").arg(name));
  tabs_->setTabText(
      tabs_->indexOf(tab),
      QString(name).replace(QLatin1Char('&'), QStringLiteral("&&")));
  setWindowFilePath(QFileInfo(path).absoluteFilePath());
  showCountsUnlessLoading();
  statusBar()->showMessage(tr("Loading %1\u2026").arg(LoadingName(name)));
  if (!isVisible()) return;
  // Just shown: the window system has yet to map and expose it (X11 does
  // so asynchronously); a paint before that shows nothing.
  StartupMark("loading: waiting for expose");
  QElapsedTimer waited;
  waited.start();
  while ((windowHandle() == nullptr || !windowHandle()->isExposed()) &&
         waited.elapsed() < kExposeWaitMs) {
    QCoreApplication::processEvents(
        QEventLoop::ExcludeUserInputEvents | QEventLoop::WaitForMoreEvents, 10);
  }
  StartupMark("loading: exposed");
  repaint();
  QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
}

void MainWindow::openRequest(const OpenRequest& request) {
  // A second launch's request while a file is read (readText runs the
  // event loop) waits for it: opening goes to the tab being filled.
  if (reading_ > 0) {
    QTimer::singleShot(20, this, [this, request] { openRequest(request); });
    return;
  }
  for (const FileRequest& file : request.files) {
    DocumentTab* loading = nullptr;
    if (!file.standard_input &&
        QFileInfo(file.path).size() >= kLoadingNoticeBytes &&
        indexOfFile(file.path) < 0) {
      showLoading(file.path);
      loading = current();
    }
    if (file.standard_input) {
      openText(request.standard_input);
      if (file.line > 0) goToLine(file.line, file.column);
    } else {
      openFromCommandLine(file.path, file.line, file.column);
    }
    // Opened (the text is there) or not (the user was told why): the
    // loading page is gone either way.
    if (loading != nullptr && tabs_->indexOf(loading) >= 0) {
      loading->editor()->setPlaceholderText(QString());
      updateTabLabel(loading);
      scheduleStatus();  // the counts back, unless it streams in
    }
  }
  // The title is the current document's again (showLoading named a file
  // that may have failed to open).
  if (!request.files.isEmpty()) {
    setWindowFilePath(current()->file().isEmpty() ? current()->displayName()
                                                  : current()->file());
  }
}

void MainWindow::openText(const QString& text) {
  tabForNewFile();
  editor()->setPlainText(text);
  current()->setLossy(false);
  setCurrentFile(QString(), TextFormat());
  // Nowhere on disk yet: closing asks to save it.
  editor()->document()->setModified(true);
  statusBar()->showMessage(
      tr("Opened standard input (%L1 characters)").arg(text.size()), 3000);
}

Session MainWindow::currentSession() const {
  Session session;
  for (int i = 0; i < tabs_->count(); ++i) {
    const DocumentTab* tab = document(i);
    if (tab->file().isEmpty() || !QFileInfo::exists(tab->file())) continue;
    if (i == tabs_->currentIndex()) {
      session.current = static_cast<int>(session.documents.size());
    }
    session.documents.append(
        {tab->file(), tab->editor()->textCursor().position(),
         tab->format().encoding,
         // As chosen (several languages, "auto"), else what it follows.
         tab->languages().isEmpty()
             ? tab->editor()->service()->dictionaryPaths()
             : tab->languages()});
  }
  return session;
}

int MainWindow::restoreSession() {
  const Session session = ReadSession();
  int opened = 0;
  DocumentTab* current_tab = nullptr;
  QStringList missing;
  for (int i = 0; i < session.documents.size(); ++i) {
    const SessionDocument& saved = session.documents[i];
    if (!QFileInfo(saved.path).isFile()) {
      missing.append(QFileInfo(saved.path).fileName());
      continue;
    }
    const bool utf8 =
        saved.encoding.isEmpty() || saved.encoding == QLatin1String(kUtf8);
    if (!(utf8 ? loadFile(saved.path)
               : loadFileAs(saved.path, saved.encoding))) {
      continue;
    }
    ++opened;
    const QStringList files = DictionaryFilesOf(saved.languages);
    if (current()->languages() != saved.languages &&
        std::all_of(files.begin(), files.end(),
                    [](const QString& f) { return QFileInfo::exists(f); })) {
      setDocumentLanguages(current(), saved.languages);
    }
    DocumentTab* tab = current();
    whenLoaded(tab, [tab, position = saved.position] {
      SpellTextEdit* edit = tab->editor();
      QTextCursor cursor(edit->document());
      cursor.setPosition(
          std::min(position, edit->document()->characterCount() - 1));
      edit->setTextCursor(cursor);
      edit->centerCursor();
    });
    if (i == session.current) current_tab = tab;
  }
  if (current_tab != nullptr) tabs_->setCurrentWidget(current_tab);
  if (!missing.isEmpty()) {
    statusBar()->showMessage(tr("Not reopened (gone since last time): %1")
                                 .arg(missing.join(QStringLiteral(", "))),
                             10000);
  }
  return opened;
}

void MainWindow::open() {
  const QString dir = currentFile().isEmpty()
                          ? QDir::homePath()
                          : QFileInfo(currentFile()).absolutePath();
  // All files first: README, .log and .csv files are text too.
  const QStringList paths = QFileDialog::getOpenFileNames(
      this, tr("Open"), dir,
      tr("All files (*);;Text files (*.txt *.md *.text)"));
  for (const QString& path : paths) loadFile(path);
}

bool MainWindow::save() {
  if (currentFile().isEmpty() || !QFileInfo(currentFile()).dir().exists()) {
    return saveAs();
  }
  return saveFile(currentFile());
}

bool MainWindow::saveAs() {
  QFileDialog dialog(this, tr("Save As"));
  dialog.setObjectName(QStringLiteral("saveAsDialog"));
  dialog.setAcceptMode(QFileDialog::AcceptSave);
  dialog.setWindowModality(Qt::WindowModal);
  // Qt's own dialog, for the encoding row below its file type row (as
  // gedit's "Character Encoding").
  dialog.setOption(QFileDialog::DontUseNativeDialog);
  if (!currentFile().isEmpty()) dialog.selectFile(currentFile());
  auto* encodings = new QComboBox(&dialog);
  encodings->setObjectName(QStringLiteral("saveAsEncoding"));
  for (const QString& encoding : SupportedEncodings()) {
    encodings->addItem(EncodingLabel(encoding), encoding);
  }
  encodings->setCurrentIndex(std::max(
      static_cast<int>(encodings->findData(current()->format().encoding)), 0));
  if (auto* grid = qobject_cast<QGridLayout*>(dialog.layout())) {
    auto* label = new QLabel(tr("&Encoding:"), &dialog);
    label->setBuddy(encodings);
    const int row = grid->rowCount();
    grid->addWidget(label, row, 0);
    grid->addWidget(encodings, row, 1);
  }
  if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) {
    return false;
  }
  const QString encoding = encodings->currentData().toString();
  if (encoding != current()->format().encoding) {
    const TextFormat before = current()->format();
    TextFormat format = before;
    format.encoding = encoding;
    format.byte_order_mark =
        encoding.startsWith(QLatin1String("UTF-16")) ||
        (encoding == QLatin1String(kUtf8) && before.byte_order_mark);
    current()->setFormat(format);
    if (!saveFile(dialog.selectedFiles().constFirst())) {
      current()->setFormat(before);
      return false;
    }
    return true;
  }
  return saveFile(dialog.selectedFiles().constFirst());
}

void MainWindow::openRecent(const QString& path) { loadFile(path); }

void MainWindow::openDropped(const QStringList& paths) {
  for (const QString& path : paths) loadFile(path);
}

bool MainWindow::maybeSave() {
  if (!editor()->document()->isModified()) return true;
  const QString name = current()->displayName();
  QMessageBox box(
      QMessageBox::Warning, tr("Unsaved Changes"),
      tr("Save the changes to \u201C%1\u201D before closing?").arg(name),
      QMessageBox::NoButton, this);
  box.setObjectName(QStringLiteral("unsavedChanges"));
  box.setInformativeText(
      current()->file().isEmpty()
          ? tr("This document has never been saved: if you discard it, its "
               "text is lost.")
          : tr("If you discard them, the changes since the last save are "
               "lost; %1 stays as it is on disk.")
                .arg(Native(current()->file())));
  QPushButton* save_button =
      box.addButton(tr("&Save"), QMessageBox::AcceptRole);
  QPushButton* discard =
      box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
  QPushButton* cancel = box.addButton(tr("&Cancel"), QMessageBox::RejectRole);
  box.setDefaultButton(save_button);
  box.setEscapeButton(cancel);
  box.exec();
  if (box.clickedButton() == save_button) return save();
  return box.clickedButton() == discard;
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

bool MainWindow::readText(const QString& path, const QString& encoding,
                          LoadedText* loaded, QString* error) {
  // A big file is read and decoded on a worker thread: the window, saying
  // "Loading…", keeps painting meanwhile (background_read.h).
  if (QFileInfo(path).size() >= kLoadingNoticeBytes) {
    ++reading_;
    const bool read = ReadTextFileInBackground(path, encoding, loaded, error);
    --reading_;
    return read;
  }
  return encoding.isEmpty() ? ReadTextFile(path, loaded, error)
                            : ReadTextFileAs(path, encoding, loaded, error);
}

bool MainWindow::startRead(ChunkedRead* read) {
  // The window keeps painting ("Loading…") until the first chunk is
  // decoded; input waits only that long (reading_).
  ++reading_;
  read->start();
  read->waitForStart();
  --reading_;
  return read->state() == ChunkedRead::State::kStreaming ||
         read->state() == ChunkedRead::State::kStreamed;
}

bool MainWindow::loadFile(const QString& path) {
  // A file open in a tab is shown, not opened twice.
  if (const int open = indexOfFile(path); open >= 0) {
    tabs_->setCurrentIndex(open);
    return true;
  }
  LoadedText loaded;
  QString error;
  QGuiApplication::setOverrideCursor(Qt::WaitCursor);
  bool read = false;
  if (QFileInfo(path).size() >= kLoadingNoticeBytes) {
    // A big file is read and decoded in chunks on a worker thread, each
    // shown as it comes (chunked_read.h).
    auto chunks = std::make_unique<ChunkedRead>(path, QString());
    if (startRead(chunks.get())) {
      QGuiApplication::restoreOverrideCursor();
      loaded.format = chunks->format();
      openLoaded(path, loaded, chunks.release());
      return true;
    }
    read = chunks->state() == ChunkedRead::State::kWhole;
    if (read) {
      loaded = chunks->whole();
    } else {
      error = chunks->error();
    }
  } else {
    read = ReadTextFile(path, &loaded, &error);
  }
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
  if (!encoding.isEmpty() && !readText(path, encoding, &loaded, &error)) {
    QMessageBox::warning(this, tr("Open"),
                         tr("Cannot read %1:\n%2.").arg(Native(path), error));
    return false;
  }
  openLoaded(path, loaded);
  return true;
}

bool MainWindow::loadFileAs(const QString& path, const QString& encoding) {
  if (const int open = indexOfFile(path); open >= 0) {
    tabs_->setCurrentIndex(open);
    return true;
  }
  LoadedText loaded;
  QString error;
  bool read = false;
  if (QFileInfo(path).size() >= kLoadingNoticeBytes) {
    auto chunks = std::make_unique<ChunkedRead>(path, encoding);
    if (startRead(chunks.get())) {
      loaded.format = chunks->format();
      openLoaded(path, loaded, chunks.release());
      return true;
    }
    error = chunks->error();
  } else {
    read = ReadTextFileAs(path, encoding, &loaded, &error);
  }
  if (!read) {
    QMessageBox::warning(
        this, tr("Open"),
        tr("Cannot read %1 as %2:\n%3.")
            .arg(Native(path), EncodingLabel(encoding), error));
    return false;
  }
  openLoaded(path, loaded);
  return true;
}

void MainWindow::streamAbandoned(DocumentTab* tab, const QString& path,
                                 LoadedText loaded, const QString& error) {
  // Part of the file is shown, read as UTF-8, and the rest was not clean
  // UTF-8 (or could not be read): decided again as a whole file is.
  tabs_->setCurrentWidget(tab);
  const int index = tabs_->indexOf(tab);
  QString encoding;
  if (!error.isEmpty()) {
    QMessageBox::warning(this, tr("Open"),
                         tr("Cannot read %1:\n%2.").arg(Native(path), error));
  } else if (loaded.first_bad_byte < 0 ||
             confirmLossyOpen(path, loaded, &encoding)) {
    QString reread_error;
    if (encoding.isEmpty() ||
        readText(path, encoding, &loaded, &reread_error)) {
      if (tabs_->indexOf(tab) < 0) return;
      tabs_->setCurrentWidget(tab);
      SpellTextEdit* edit = tab->editor();
      edit->streamPlainText(loaded.text);
      tab->setLossy(loaded.first_bad_byte >= 0);
      setCurrentFile(path, loaded.format);
      // What waits for the text (whenLoaded) goes on: a text too short to
      // stream is all there now.
      if (!edit->isStreaming()) emit edit->streamingFinished();
      return;
    }
    QMessageBox::warning(
        this, tr("Open"),
        tr("Cannot read %1:\n%2.").arg(Native(path), reread_error));
  }
  // Not opened after all: the part shown goes (it is unmodified).
  if (tabs_->indexOf(tab) == index) closeTab(index);
}

void MainWindow::openLoaded(const QString& path, const LoadedText& loaded,
                            ChunkedRead* read) {
  DocumentTab* tab = tabForNewFile();
  // The language chosen for this file before, set before the text so it
  // is checked once.
  if (const QStringList remembered = RememberedLanguages(path);
      remembered != tab->languages()) {
    const QStringList files = DictionaryFilesOf(remembered);
    const auto gone =
        std::find_if(files.begin(), files.end(),
                     [](const QString& f) { return !QFileInfo::exists(f); });
    if (gone != files.end()) {
      notice_->showMessage(
          tr("The dictionary chosen for %1, %2, is gone; it is checked in "
             "the default language.")
              .arg(QFileInfo(path).fileName(), Native(*gone)));
      RememberLanguages(path, {});
      switchLanguages(tab, {}, nullptr);
    } else {
      QString error;
      if (!switchLanguages(tab, remembered, &error)) {
        notice_->showMessage(tr("A dictionary of %1 could not be opened: %2.")
                                 .arg(QFileInfo(path).fileName(), error));
      }
    }
  }
  // A big file comes in a few lines at a time from the event loop
  // (SpellTextEdit::streamPlainText): its first page is shown at once,
  // the window keeps painting, and what needs the whole text waits for it
  // (whenLoaded).
  const QString name = QFileInfo(path).fileName();
  SpellTextEdit* edit = tab->editor();
  connect(edit, &SpellTextEdit::streamProgressed, this,
          [this, edit, name](int percent) {
            if (edit != editor()) return;
            showCountsUnlessLoading();
            statusBar()->showMessage(
                tr("Loading %1\u2026 %2%").arg(LoadingName(name)).arg(percent));
            scheduleStatus();
          });
  if (read != nullptr) {
    connect(edit, &SpellTextEdit::streamAbandoned, this,
            [this, tab, path](const LoadedText& whole, const QString& error) {
              // Not from inside the edit's slot (a dialog may be shown).
              QTimer::singleShot(0, tab, [this, tab, path, whole, error] {
                streamAbandoned(tab, path, whole, error);
              });
            });
    edit->streamRead(read);
  } else {
    edit->streamPlainText(loaded.text);
  }
  tab->setLossy(loaded.first_bad_byte >= 0);
  setCurrentFile(path, loaded.format);
  recent_menu_->add(path);
  if (edit->isStreaming()) {
    showCountsUnlessLoading();
    statusBar()->showMessage(tr("Loading %1\u2026").arg(LoadingName(name)));
  }
  whenLoaded(tab, [this, tab, edit, name,
                   detected = loaded.detected_confidence > 0,
                   encoding = loaded.format.encoding] {
    disconnect(edit, &SpellTextEdit::streamProgressed, this, nullptr);
    tab->updateMarkdown();
    if (tab != current()) return;
    scheduleStatus();
    if (tab->readOnlyOnDisk()) {
      statusBar()->showMessage(
          tr("Opened %1, which is read-only: save your changes with Save "
             "As.")
              .arg(name),
          10000);
    } else if (detected) {
      statusBar()->showMessage(
          tr("Opened %1 as %2 (detected; change it with the encoding button "
             "in the status bar)")
              .arg(name, EncodingLabel(encoding)),
          10000);
    } else if (HasContinuations(*edit->document())) {
      // In the notice strip, which has the window's width: in the status
      // bar beside the counts the sentence was cut ("…shown in piec").
      statusBar()->showMessage(tr("Opened %1").arg(name), 3000);
      notice_->showMessage(
          tr("%1: lines longer than %L2 characters are shown in pieces "
             "(unnumbered in the margin) and saved as they were.")
              .arg(name)
              .arg(kSplitAbove));
    } else {
      statusBar()->showMessage(tr("Opened %1").arg(name), 3000);
    }
  });
}

bool MainWindow::saveFile(const QString& path) {
  // Never a part of a file still coming in.
  editor()->finishStreaming();
  if (editor()->isPartial()) {
    statusBar()->showMessage(tr("Not saved: the file is still being opened."),
                             5000);
    return false;
  }
  const bool same_file = QFileInfo(path).absoluteFilePath() ==
                         QFileInfo(currentFile()).absoluteFilePath();
  if (current()->lossy() && same_file &&
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
  const QString text = DocumentText(*editor()->document());
  TextFormat format = current()->format();
  if (!confirmEncodable(path, text, &format)) return false;
  QString error;
  QString note;
  QGuiApplication::setOverrideCursor(Qt::WaitCursor);
  const bool written = WriteTextFile(path, text, format, &error, &note);
  QGuiApplication::restoreOverrideCursor();
  if (!written) {
    reportSaveFailure(path, error);
    return false;
  }
  current()->setLossy(false);
  setCurrentFile(path, format);
  recent_menu_->add(path);
  if (!note.isEmpty()) {
    notice_->showMessage(tr("%1: %2").arg(QFileInfo(path).fileName(), note));
  } else {
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()),
                             3000);
  }
  return true;
}

bool MainWindow::confirmEncodable(const QString& path, const QString& text,
                                  TextFormat* format) {
  if (format->encoding == QLatin1String(kUtf8)) return true;
  QByteArray bytes;
  QString why;
  if (Encode(text, format->encoding, &bytes, &why)) return true;
  QMessageBox box(QMessageBox::Warning, tr("Save"),
                  tr("%1 cannot be saved in %2: %3.")
                      .arg(QFileInfo(path).fileName(),
                           EncodingLabel(format->encoding), why),
                  QMessageBox::NoButton, this);
  box.setObjectName(QStringLiteral("encodingOffer"));
  box.setInformativeText(
      tr("Unicode (UTF-8) holds every character, and nearly every program "
         "reads it. Save the document as UTF-8 instead?"));
  QPushButton* utf8 =
      box.addButton(tr("Save as &UTF-8"), QMessageBox::AcceptRole);
  QPushButton* cancel = box.addButton(tr("&Cancel"), QMessageBox::RejectRole);
  box.setDefaultButton(utf8);
  box.setEscapeButton(cancel);
  box.exec();
  if (box.clickedButton() != utf8) return false;
  format->encoding = QString::fromLatin1(kUtf8);
  format->byte_order_mark = false;
  return true;
}

void MainWindow::reportSaveFailure(const QString& path, const QString& error) {
  qCWarning(lcSave).noquote()
      << QStringLiteral("cannot save %1: %2").arg(Native(path), error);
  QMessageBox box(
      QMessageBox::Warning, tr("Save"),
      tr("%1 could not be saved: %2.").arg(QFileInfo(path).fileName(), error),
      QMessageBox::NoButton, this);
  box.setObjectName(QStringLiteral("saveFailed"));
  box.setInformativeText(
      tr("Your text is still here, unchanged. Save As puts it in another "
         "file or folder.\n(%1)")
          .arg(Native(path)));
  QPushButton* save_as =
      box.addButton(tr("Save &As\u2026"), QMessageBox::AcceptRole);
  QPushButton* ok = box.addButton(QMessageBox::Ok);
  box.setDefaultButton(save_as);
  box.setEscapeButton(ok);
  box.exec();
  if (box.clickedButton() == save_as) {
    // After this box is gone (saveAs opens its own dialog).
    QTimer::singleShot(0, this, [this] { saveAs(); });
  }
}

bool MainWindow::confirmOverwriteChanged(const QString& path) {
  if (diskMonitor()->check(/*thorough=*/true) !=
      DiskFileMonitor::State::kChanged) {
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
              .arg(Native(currentFile())) +
          (editor()->document()->isModified() ? tr(" You have unsaved changes.")
                                              : QString()),
      {reload_action_, keep_action_});
  disk_notice_shown_ = true;
}

void MainWindow::onRemovedFromDisk() {
  notice_->showMessage(
      tr("%1 was deleted or moved on disk. Your text is only in the editor "
         "now: save it to keep it.")
          .arg(Native(currentFile())));
  disk_notice_shown_ = true;
}

void MainWindow::reloadFromDisk() {
  LoadedText loaded;
  QString error;
  // In the encoding the document was read in.
  const bool utf8 = current()->format().encoding == QLatin1String(kUtf8);
  if (!(utf8 ? ReadTextFile(currentFile(), &loaded, &error)
             : ReadTextFileAs(currentFile(), current()->format().encoding,
                              &loaded, &error))) {
    notice_->showMessage(
        tr("Cannot reload %1: %2.").arg(Native(currentFile()), error),
        {reload_action_, keep_action_});
    return;
  }
  QString encoding;
  if (loaded.first_bad_byte >= 0 &&
      !confirmLossyOpen(currentFile(), loaded, &encoding)) {
    return;
  }
  if (!encoding.isEmpty() &&
      !ReadTextFileAs(currentFile(), encoding, &loaded, &error)) {
    notice_->showMessage(
        tr("Cannot reload %1: %2.").arg(Native(currentFile()), error));
    return;
  }
  // One undo step over the whole text, so Undo brings back what the user
  // had (setPlainText would clear the undo history).
  QTextCursor all(editor()->document());
  all.select(QTextCursor::Document);
  InsertText(all, loaded.text);  // one edit block
  current()->setLossy(loaded.first_bad_byte >= 0);
  setCurrentFile(currentFile(), loaded.format);
  notice_->hide();
  disk_notice_shown_ = false;
  statusBar()->showMessage(
      tr("Reloaded %1").arg(QFileInfo(currentFile()).fileName()), 3000);
}

void MainWindow::keepMyVersion() {
  diskMonitor()->acknowledge();
  current()->setDiskNews(DocumentTab::DiskNews::kNone);
  updateTabLabel(current());
  editor()->document()->setModified(true);
  notice_->hide();
  disk_notice_shown_ = false;
}

bool MainWindow::openFromCommandLine(const QString& path, int line,
                                     int column) {
  if (QFileInfo::exists(path)) {
    if (!loadFile(path)) return false;
  } else {
    if (const int open = indexOfFile(path); open >= 0) {
      tabs_->setCurrentIndex(open);
    } else {
      tabForNewFile();
      setCurrentFile(QFileInfo(path).absoluteFilePath(), TextFormat());
      statusBar()->showMessage(tr("New file %1").arg(Native(path)), 3000);
    }
  }
  if (line > 0) goToLine(line, column);
  return true;
}

void MainWindow::setCurrentFile(const QString& path, const TextFormat& format) {
  DocumentTab* tab = current();
  tab->setFile(path, format);
  tab->updateMarkdown();
  setWindowModified(false);
  setWindowFilePath(path.isEmpty() ? tab->displayName() : tab->file());
  revert_action_->setEnabled(!tab->file().isEmpty());
  updateEncodingMenu();
  updateTabLabel(tab);
  if (disk_notice_shown_) {
    notice_->hide();
    disk_notice_shown_ = false;
  }
}

void MainWindow::offerRecovery() {
  // The store that finds the orphans claims them until restored or
  // discarded; it belongs to the tab current now, which stays open here.
  RecoveryStore* store = recovery();
  const QList<RecoveryStore::Orphan> orphans = store->findOrphans();
  if (orphans.isEmpty()) return;
  auto name = [](const RecoveryStore::Orphan& orphan) {
    return orphan.document_path.isEmpty() ? tr("an untitled document")
                                          : Native(orphan.document_path);
  };
  QString question;
  if (orphans.size() == 1) {
    question = tr("The editor did not shut down properly. Unsaved text of "
                  "%1 from %2 can be recovered.")
                   .arg(name(orphans.constFirst()),
                        QLocale().toString(orphans.constFirst().saved,
                                           QLocale::ShortFormat));
  } else {
    QStringList lines;
    for (const RecoveryStore::Orphan& orphan : orphans) {
      lines.append(
          QStringLiteral("\u2022 %1 (%2)")
              .arg(name(orphan),
                   QLocale().toString(orphan.saved, QLocale::ShortFormat)));
    }
    question = tr("The editor did not shut down properly. Unsaved text of "
                  "%L1 documents can be recovered, each into a tab:\n%2")
                   .arg(orphans.size())
                   .arg(lines.join(QLatin1Char('\n')));
  }
  QMessageBox box(QMessageBox::Question, tr("Recover Unsaved Text"), question,
                  QMessageBox::NoButton, this);
  box.setObjectName(QStringLiteral("recoveryPrompt"));
  QPushButton* recover = box.addButton(tr("&Recover"), QMessageBox::AcceptRole);
  QPushButton* discard =
      box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
  box.addButton(tr("&Later"), QMessageBox::RejectRole);
  box.setDefaultButton(recover);
  box.exec();
  if (box.clickedButton() == discard) {
    for (const RecoveryStore::Orphan& orphan : orphans) store->discard(orphan);
    return;
  }
  if (box.clickedButton() != recover) return;
  QStringList failed;
  for (const RecoveryStore::Orphan& orphan : orphans) {
    QString text;
    QString error;
    if (!store->restore(orphan, &text, &error)) {
      failed.append(tr("%1: %2").arg(name(orphan), error));
      continue;
    }
    // Into a tab of its own (the file's own tab, if it is open, keeps the
    // version on disk: comparing them is the user's choice).
    tabForNewFile();
    editor()->setPlainText(text);
    current()->setLossy(false);
    setCurrentFile(orphan.document_path, orphan.format);
    editor()->document()->setModified(true);
  }
  if (!failed.isEmpty()) {
    QMessageBox::warning(this, tr("Recover Unsaved Text"),
                         tr("Some recovery files could not be read:\n%1")
                             .arg(failed.join(QLatin1Char('\n'))));
  }
  statusBar()->showMessage(tr("Recovered unsaved text; save it to keep it."));
}

void MainWindow::chooseFont() {
  bool ok = false;
  const QFont font = QFontDialog::getFont(&ok, editor()->font(), this);
  if (!ok) return;
  base_font_ = font;
  for (int i = 0; i < tabs_->count(); ++i) document(i)->editor()->setFont(font);
}

void MainWindow::checkSpelling() {
  if (check_dialog_ && check_dialog_->editor() != editor()) {
    check_dialog_->close();
    check_dialog_ = nullptr;
  }
  if (!check_dialog_) {
    check_dialog_ = new CheckSpellingDialog(editor(), this);
    check_dialog_->setAttribute(Qt::WA_DeleteOnClose);
    // The keyboard comes back to the text when the dialog closes: without
    // a window manager nothing else gives it back, and F8 and the Alt
    // menus went nowhere until the text was clicked (issue 35 item 8).
    connect(check_dialog_, &QDialog::finished, this, [this] {
      activateWindow();
      editor()->setFocus();
    });
  }
  check_dialog_->show();
  check_dialog_->raise();
  check_dialog_->activateWindow();
  check_dialog_->start();
}

void MainWindow::selectMisspelling(bool forward) {
  if (!spellService()->hasDictionary()) {
    statusBar()->showMessage(tr("No dictionary"), 3000);
    return;
  }
  bool wrapped = false;
  if (!editor()->selectMisspelling(forward, &wrapped)) {
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
  for (int i = 0; i < tabs_->count(); ++i) {
    document(i)->editor()->setSpellCheckingEnabled(enabled);
  }
  spell_checking_action_->setChecked(enabled);
  QSettings().setValue(kSpellCheckingKey, enabled);
  updateStatus();
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
  build_input_ = request.word_list;
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
  // A word list adds to the document's language (a German letter keeps
  // its German words); a whole Hunspell dictionary is a language itself.
  const bool whole_language = IsHunspellDictionary(build_input_);
  const bool can_add = !whole_language && spellService()->hasDictionary();
  const QString language = languageLabel(spellService());
  auto* box = new QMessageBox(
      QMessageBox::Information, tr("Build Dictionary"),
      can_add ? tr("The dictionary \u201C%1\u201D is ready (%2). It is listed "
                   "in the Dictionary menu. Add its words to this document's "
                   "language, %3?")
                    .arg(name, result.message, language)
              : tr("The dictionary \u201C%1\u201D is ready (%2). It is listed "
                   "in the Dictionary menu. Use it now?")
                    .arg(name, result.message),
      QMessageBox::NoButton, this);
  QPushButton* yes =
      box->addButton(can_add ? tr("&Add to %1").arg(language) : tr("&Use It"),
                     QMessageBox::AcceptRole);
  yes->setObjectName(QStringLiteral("useBuilt"));
  box->addButton(tr("&Not Now"), QMessageBox::RejectRole);
  box->setDefaultButton(yes);
  box->setObjectName(QStringLiteral("buildDone"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  connect(box, &QMessageBox::buttonClicked, this,
          [this, yes, can_add, tab = QPointer<DocumentTab>(current()),
           path = build_output_](QAbstractButton* clicked) {
            if (clicked != yes) return;
            if (!can_add || tab == nullptr) {
              useDictionary(path);
              return;
            }
            LanguageChoice add;
            add.kind = LanguageChoice::Kind::kAddition;
            add.path = QFileInfo(path).absoluteFilePath();
            tabs_->setCurrentWidget(tab);
            applyLanguageChoice(add);
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
  convert_for_ = current();
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
  // For the document it was asked for, wherever the user went meanwhile.
  DocumentTab* tab = convert_for_ ? convert_for_.data() : current();
  const QString path = QFileInfo(result.path).absoluteFilePath();
  if (setDocumentLanguages(tab, {path})) {
    default_languages_ = {path};
    QSettings().setValue(kDictionaryKey, path);
    statusBar()->showMessage(
        tr("Converted %1 and using it for %2")
            .arg(LanguageDisplayName(result.tag), tab->displayName()),
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
