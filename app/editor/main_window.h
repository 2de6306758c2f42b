// The editor's window: plain-text documents in tabs (DocumentTab, each a
// SpellTextEdit with its file, encoding, find bar, recovery and disk
// watch), the File/Edit/View/Spelling/Dictionary/Help menus acting on the
// current tab, the status bar (misspelling count, word count, dictionary),
// settings, the session, crash recovery and the dictionary build job.
// Modelled on Qt's "application" example.
#ifndef SPELLFILTER_APP_EDITOR_MAIN_WINDOW_H_
#define SPELLFILTER_APP_EDITOR_MAIN_WINDOW_H_

#include <QFont>
#include <QMainWindow>
#include <QPointer>
#include <QTimer>
#include <functional>

#include "app/editor/build_dictionary_job.h"
#include "app/editor/convert_dictionary_job.h"
#include "app/editor/session.h"
#include "app/editor/single_instance.h"
#include "app/editor/text_file.h"
#include "app/editor/theme.h"

class QActionGroup;
class QTabWidget;
class QToolButton;
class QMenu;
class QLabel;
class QProgressDialog;

namespace spellfilter::editor {

class CheckSpellingDialog;
class ChunkedRead;
class DictionaryMenu;
class DocumentTab;
class DiskFileMonitor;
class FindBar;
class LanguageChooser;
struct LanguageChoice;
class NoticeBar;
class RecentFilesMenu;
class RecoveryStore;
class SpellService;
class SpellServicePool;
class SpellTextEdit;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;
  Q_DISABLE_COPY_MOVE(MainWindow)

  // Opens `path` in a tab (the current one if it is untitled and empty,
  // else a new one; a file already open is shown); on failure says why in
  // a message box, opens no tab and returns false.
  bool loadFile(const QString& path);
  // loadFile, reading the file in `encoding` (ICU's name).
  bool loadFileAs(const QString& path, const QString& encoding);
  // Saves the document to `path`; on failure says why and returns false.
  bool saveFile(const QString& path);
  // Writes the document to `path` as a PDF (File > Export as PDF without
  // its dialog); on failure says why in a message box and returns false.
  bool exportPdf(const QString& path);
  // `spellfilter-editor FILE`: an existing file is loaded; a missing one
  // names a new document, created on the first save. Then the cursor goes
  // to `line` (1-based; 0 leaves it) and `column` (1-based). False if the
  // file could not be opened (the user was told why).
  bool openFromCommandLine(const QString& path, int line = 0, int column = 0);
  // Opens what a command line asked for (this process's or a second
  // launch's, single_instance.h), each in a tab; the last one is current.
  void openRequest(const spellfilter::editor::OpenRequest& request);
  // Files from this size on get showLoading first.
  static constexpr qint64 kLoadingNoticeBytes = qint64{1} << 20;
  // How long showLoading waits for a window just shown to be exposed.
  static constexpr int kExposeWaitMs = 500;
  // Titles the window after `path`, says "Loading NAME…" in the status
  // bar, and paints, before a big file is read.
  void showLoading(const QString& path);
  // `text` (standard input) as a new, unsaved document.
  void openText(const QString& text);
  // Reopens the documents of the last session (session.h); returns how
  // many. Does nothing when restoring is off.
  int restoreSession();
  // The documents open now, as restoreSession would reopen them.
  [[nodiscard]] Session currentSession() const;
  // Offers the newest recovery file left by an editor that crashed. Call
  // once, after show().
  void offerRecovery();
  // Switches the current document to the dictionary at `path` alone and
  // makes it the default for new documents; a failure is shown in the
  // notice bar (the editor keeps working without checking).
  bool useDictionary(const QString& path);
  // Sets `tab`'s language (DocumentTab::languages: the dictionaries,
  // the language's first; empty: the editor's default) and remembers it
  // for its file; the other documents keep theirs. False if a dictionary
  // could not be opened (said in the notice bar).
  bool setDocumentLanguages(DocumentTab* tab, const QStringList& paths);
  // The status bar's language button: opens the chooser (language_chooser.h)
  // for the current document; languageChooser() is it while open.
  void chooseLanguage();
  [[nodiscard]] LanguageChooser* languageChooser() const;
  // The dictionaries new documents get (the last language chosen).
  [[nodiscard]] const QStringList& defaultLanguages() const {
    return default_languages_;
  }
  // Builds a dictionary in the background with a progress dialog.
  void startBuild(const BuildRequest& request);
  // Converts the system's Hunspell dictionary for `tag` (the Dictionary
  // menu's "— convert" entries, the chooser's "Convert on first use") on a
  // worker thread, with a progress dialog, then uses it for the document
  // that was current when it was asked for.
  void convertDictionary(const QString& tag);
  // Moves the cursor to line `line` (1-based, clamped), at `column`
  // (1-based; past the line's end means its end).
  void goToLine(int line, int column = 1);
  void setTheme(spellfilter::editor::Theme theme);

  // The current document and its parts; the window always has one.
  [[nodiscard]] DocumentTab* current() const;
  [[nodiscard]] SpellTextEdit* editor() const;
  [[nodiscard]] const QString& currentFile() const;
  [[nodiscard]] RecoveryStore* recovery() const;
  [[nodiscard]] DiskFileMonitor* diskMonitor() const;
  [[nodiscard]] FindBar* findBar() const;
  // The documents, in tab order.
  [[nodiscard]] int documentCount() const;
  [[nodiscard]] DocumentTab* document(int index) const;
  [[nodiscard]] QTabWidget* tabWidget() const { return tabs_; }
  // Closes the document at `index`, asking about unsaved changes first;
  // false if the user kept it. The last one closed leaves an empty one.
  bool closeTab(int index);
  // The current document's (each language has its own: spell_service_pool.h).
  [[nodiscard]] SpellService* spellService() const;
  [[nodiscard]] SpellServicePool* spellServices() const { return pool_; }
  [[nodiscard]] NoticeBar* noticeBar() const { return notice_; }
  [[nodiscard]] DictionaryMenu* dictionaryMenu() const {
    return dictionary_menu_;
  }
  [[nodiscard]] RecentFilesMenu* recentFilesMenu() const {
    return recent_menu_;
  }
  [[nodiscard]] CheckSpellingDialog* checkSpellingDialog() const;

 protected:
  void closeEvent(QCloseEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

 private slots:
  void newFile();
  bool closeCurrentTab();
  void nextDocument();
  void previousDocument();
  void onCurrentTabChanged();
  void updateUndoRedo();
  void updateClipboardActions();
  void scheduleStatus();
  void open();
  bool save();
  bool saveAs();
  void openRecent(const QString& path);
  void print();
  void askExportPdf();
  void setLineNumbers(bool on);
  void setUncheckedMarks(bool on);
  void openDropped(const QStringList& paths);
  void chooseFont();
  void checkSpelling();
  void nextMisspelling();
  void previousMisspelling();
  void setSpellChecking(bool enabled);
  void openDictionaryFile();
  void buildDictionary();
  void onBuildFinished(const spellfilter::editor::BuildResult& result);
  void onBuildCanceled();
  void onConversionFinished(const spellfilter::editor::ConvertResult& result);
  void about();
  // Hides the counts in the status bar while the current document streams
  // in (shows them otherwise); returns whether it does.
  bool showCountsUnlessLoading();
  void updateStatus();
  void updateCursorPosition();
  void findNext();
  void findPrevious();
  void askGoToLine();
  void setWordWrap(bool on);
  void revert();
  void resetZoom();
  void onChangedOnDisk();
  void onRemovedFromDisk();
  void reloadFromDisk();
  void keepMyVersion();

 private:
  // A new untitled tab, made current.
  DocumentTab* addDocument();
  // The tab a file being opened goes to: the current one if pristine.
  DocumentTab* tabForNewFile();
  // Shows `loaded` in a new tab, or the text `read` (started, streaming;
  // the tab takes it) brings as it comes, with `loaded`'s format.
  void openLoaded(const QString& path, const LoadedText& loaded,
                  ChunkedRead* read = nullptr);
  // Starts `read` and runs the event loop (input held) until its first
  // text is decoded or it has ended; true if it streams.
  bool startRead(ChunkedRead* read);
  // A streamed read of `path` into `tab` turned out not to be clean UTF-8
  // (`loaded` is the whole file, decided) or failed (`error`): asks as an
  // open would, then shows the whole text or closes the tab.
  void streamAbandoned(DocumentTab* tab, const QString& path, LoadedText loaded,
                       const QString& error);
  // ReadTextFile (`encoding` empty) or ReadTextFileAs; from
  // kLoadingNoticeBytes on, on a worker thread (background_read.h).
  bool readText(const QString& path, const QString& encoding,
                LoadedText* loaded, QString* error);
  // The index of the tab holding `path`, or -1.
  [[nodiscard]] int indexOfFile(const QString& path) const;
  void updateTabLabel(DocumentTab* tab);
  void createActions();
  void createStatusBar();
  void readSettings();
  void writeSettings();
  void loadInitialDictionary();
  // Opens `path` for the current document, as its chosen language
  // (DocumentTab::languages) or as the default it follows; a failure goes
  // to the notice bar.
  bool openDictionary(const QString& path, bool chosen);
  // Gives `tab` the service for `paths` (empty: the default language);
  // false with *error if a dictionary could not be opened.
  bool switchLanguages(DocumentTab* tab, const QStringList& paths,
                       QString* error);
  void applyLanguageChoice(const LanguageChoice& choice);
  // Follows a service's messages and changes (SpellServicePool::created).
  void followService(SpellService* service);
  // The label of the language button for `service`'s dictionaries.
  [[nodiscard]] QString languageLabel(const SpellService* service) const;
  // Asks about the current document's unsaved changes, naming it; true to
  // go on (saved or discarded).
  bool maybeSave();
  // Asks whether to open a file that is not valid UTF-8; true to open it,
  // in *encoding if the user chose one (else with U+FFFD).
  bool confirmLossyOpen(const QString& path, const LoadedText& loaded,
                        QString* encoding);
  void reopenWithEncoding(const QString& encoding);
  void updateEncodingMenu();
  // The next save writes `encoding` (the status bar's Save with Encoding);
  // refused, saying why, if it cannot hold the text.
  void saveWithEncoding(const QString& encoding);
  // Before saving over the open file: asks if another program changed it
  // since it was read or saved. True to go on.
  bool confirmOverwriteChanged(const QString& path);
  // Before writing `text` to `path` in *format: if the encoding cannot
  // hold a character, offers UTF-8 (then *format says so). True to go on.
  bool confirmEncodable(const QString& path, const QString& text,
                        TextFormat* format);
  // Says why a save failed, naming the file, and offers Save As.
  void reportSaveFailure(const QString& path, const QString& error);
  void setCurrentFile(const QString& path, const TextFormat& format);
  // Runs `then` once `tab`'s text is whole: at once, or when the file it
  // is streaming in has come in (SpellTextEdit::streamPlainText). Dropped
  // if the tab is closed first.
  void whenLoaded(DocumentTab* tab, std::function<void()> then);
  // goToLine in `edit`'s document.
  static void goToLineIn(SpellTextEdit* edit, int line, int column);
  void selectMisspelling(bool forward);

  SpellServicePool* pool_;
  QStringList default_languages_;
  QPointer<LanguageChooser> language_chooser_;
  QPointer<DocumentTab> convert_for_;  // the document a conversion is for
  NoticeBar* notice_;
  QTabWidget* tabs_;
  QString recovery_folder_;
  bool disk_notice_shown_ = false;  // the notice is about the current file
  bool first_paint_logged_ = false;
  int reading_ = 0;  // readText calls under way (each runs the event loop)
  bool reading_settings_ = false;  // readSettings: apply, do not write
  QAction* undo_action_ = nullptr;
  QAction* redo_action_ = nullptr;
  QAction* cut_action_ = nullptr;
  QAction* copy_action_ = nullptr;
  QAction* reload_action_ = nullptr;
  QAction* keep_action_ = nullptr;
  QAction* revert_action_ = nullptr;
  QMenu* encoding_menu_ = nullptr;
  QAction* word_wrap_action_ = nullptr;
  QAction* line_numbers_action_ = nullptr;
  QAction* unchecked_marks_action_ = nullptr;
  QActionGroup* theme_actions_ = nullptr;
  DictionaryMenu* dictionary_menu_ = nullptr;
  RecentFilesMenu* recent_menu_ = nullptr;
  QPointer<CheckSpellingDialog> check_dialog_;
  BuildDictionaryJob* build_job_;
  QPointer<QProgressDialog> build_progress_;
  ConvertDictionaryJob* convert_job_;
  QPointer<QProgressDialog> convert_progress_;
  QString build_output_;
  QString build_input_;
  QAction* spell_checking_action_ = nullptr;
  QAction* session_action_ = nullptr;
  QLabel* misspellings_label_ = nullptr;
  QLabel* words_label_ = nullptr;
  QLabel* characters_label_ = nullptr;
  QToolButton* encoding_button_ = nullptr;
  QMenu* save_encoding_menu_ = nullptr;
  QToolButton* language_button_ = nullptr;
  // Words in a script the dictionary cannot check; hidden when none.
  QLabel* unchecked_label_ = nullptr;
  QLabel* position_label_ = nullptr;
  QFont base_font_;  // as chosen or read at start: what Reset Zoom restores
  QTimer status_timer_;
  QString logged_status_;  // the counts last logged (lcStatus)
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_MAIN_WINDOW_H_
