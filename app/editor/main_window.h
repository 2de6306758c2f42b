// The editor's window: one plain-text document in a SpellTextEdit, the
// File/Edit/View/Spelling/Dictionary/Help menus, the status bar (misspelling
// count, word count, dictionary), settings, crash recovery and the
// dictionary build job. Modelled on Qt's "application" example.
#ifndef SPELLFILTER_APP_EDITOR_MAIN_WINDOW_H_
#define SPELLFILTER_APP_EDITOR_MAIN_WINDOW_H_

#include <QFont>
#include <QMainWindow>
#include <QPointer>
#include <QTimer>

#include "app/editor/build_dictionary_job.h"
#include "app/editor/convert_dictionary_job.h"
#include "app/editor/text_file.h"
#include "app/editor/theme.h"
#include "app/editor/unchecked_counter.h"

class QActionGroup;
class QMenu;
class QLabel;
class QProgressDialog;

namespace spellfilter::editor {

class CheckSpellingDialog;
class DictionaryMenu;
class DiskFileMonitor;
class FindBar;
class NoticeBar;
class RecentFilesMenu;
class RecoveryStore;
class SpellService;
class SpellTextEdit;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;
  Q_DISABLE_COPY_MOVE(MainWindow)

  // Loads `path` as the document, without asking about unsaved changes;
  // on failure says why in a message box and returns false.
  bool loadFile(const QString& path);
  // Saves the document to `path`; on failure says why and returns false.
  bool saveFile(const QString& path);
  // Writes the document to `path` as a PDF (File > Export as PDF without
  // its dialog); on failure says why in a message box and returns false.
  bool exportPdf(const QString& path);
  // `spellfilter-editor FILE`: an existing file is loaded; a missing one
  // names the new document, created on the first save.
  void openFromCommandLine(const QString& path);
  // Offers the newest recovery file left by an editor that crashed. Call
  // once, after show().
  void offerRecovery();
  // Switches to the dictionary at `path` and remembers it; a failure is
  // shown in the notice bar (the editor keeps working without checking).
  bool useDictionary(const QString& path);
  // Builds a dictionary in the background with a progress dialog.
  void startBuild(const BuildRequest& request);
  // Converts the system's Hunspell dictionary for `tag` (the Dictionary
  // menu's "— convert" entries) on a worker thread, with a progress
  // dialog, then uses it.
  void convertDictionary(const QString& tag);
  // Moves the cursor to the start of line `line` (1-based, clamped).
  void goToLine(int line);
  void setTheme(spellfilter::editor::Theme theme);

  [[nodiscard]] SpellTextEdit* editor() const { return editor_; }
  [[nodiscard]] SpellService* spellService() const { return service_; }
  [[nodiscard]] const QString& currentFile() const { return current_file_; }
  [[nodiscard]] NoticeBar* noticeBar() const { return notice_; }
  [[nodiscard]] DictionaryMenu* dictionaryMenu() const {
    return dictionary_menu_;
  }
  [[nodiscard]] RecentFilesMenu* recentFilesMenu() const {
    return recent_menu_;
  }
  [[nodiscard]] RecoveryStore* recovery() const { return recovery_; }
  [[nodiscard]] DiskFileMonitor* diskMonitor() const { return disk_; }
  [[nodiscard]] FindBar* findBar() const { return find_bar_; }
  [[nodiscard]] CheckSpellingDialog* checkSpellingDialog() const;

 protected:
  void closeEvent(QCloseEvent* event) override;

 private slots:
  void newFile();
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
  void updateUncheckedCount();
  void onConversionFinished(const spellfilter::editor::ConvertResult& result);
  void about();
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
  void createActions();
  void createStatusBar();
  void readSettings();
  void writeSettings();
  void loadInitialDictionary();
  // Opens `path` without remembering it; a failure goes to the notice bar.
  bool openDictionary(const QString& path);
  bool maybeSave();
  // Asks whether to open a file that is not valid UTF-8; true to open it,
  // in *encoding if the user chose one (else with U+FFFD).
  bool confirmLossyOpen(const QString& path, const LoadedText& loaded,
                        QString* encoding);
  void reopenWithEncoding(const QString& encoding);
  void updateEncodingMenu();
  // Before saving over the open file: asks if another program changed it
  // since it was read or saved. True to go on.
  bool confirmOverwriteChanged(const QString& path);
  void setCurrentFile(const QString& path, const TextFormat& format);
  void selectMisspelling(bool forward);

  SpellService* service_;
  SpellTextEdit* editor_;
  NoticeBar* notice_;
  RecoveryStore* recovery_;
  DiskFileMonitor* disk_;
  FindBar* find_bar_;
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
  QAction* spell_checking_action_ = nullptr;
  QLabel* misspellings_label_ = nullptr;
  QLabel* words_label_ = nullptr;
  QLabel* dictionary_label_ = nullptr;
  // Words in a script the dictionary cannot check; hidden when none.
  QLabel* unchecked_label_ = nullptr;
  QTimer unchecked_timer_;  // counts them once typing pauses
  UncheckedCounter* unchecked_counter_;
  QLabel* position_label_ = nullptr;
  QFont base_font_;  // as chosen or read at start: what Reset Zoom restores
  QTimer status_timer_;
  QString logged_status_;  // the counts last logged (lcStatus)

  QString current_file_;
  TextFormat format_;
  bool lossy_ = false;  // opened despite invalid UTF-8; saving changes bytes
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_MAIN_WINDOW_H_
