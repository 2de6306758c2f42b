// One open document: the page of a tab in the main window. It owns the
// text (a SpellTextEdit), its find bar, its crash-recovery snapshots and
// the watch on its file, and remembers the file's name, encoding and line
// ends, and whether the file changed on disk while the tab was not shown.
// The window's menus and status bar act on the current tab.
#ifndef SPELLFILTER_APP_EDITOR_DOCUMENT_TAB_H_
#define SPELLFILTER_APP_EDITOR_DOCUMENT_TAB_H_

#include <QString>
#include <QStringList>
#include <QWidget>

#include "app/editor/text_file.h"

namespace spellfilter::editor {

class DiskFileMonitor;
class FindBar;
class MarkdownHighlighter;
class RecoveryStore;
class SpellService;
class SpellTextEdit;

class DocumentTab : public QWidget {
  Q_OBJECT

 public:
  // What the file on disk did that the user has not answered yet.
  enum class DiskNews { kNone, kChanged, kRemoved };

  // `service` must outlive the tab; recovery snapshots go to
  // `recovery_folder`.
  DocumentTab(SpellService* service, const QString& recovery_folder,
              QWidget* parent = nullptr);
  ~DocumentTab() override;
  Q_DISABLE_COPY_MOVE(DocumentTab)

  [[nodiscard]] SpellTextEdit* editor() const { return editor_; }
  [[nodiscard]] FindBar* findBar() const { return find_bar_; }
  [[nodiscard]] RecoveryStore* recovery() const { return recovery_; }
  [[nodiscard]] DiskFileMonitor* diskMonitor() const { return disk_; }

  // The document's file, absolute; empty while untitled.
  [[nodiscard]] const QString& file() const { return file_; }
  [[nodiscard]] const TextFormat& format() const { return format_; }
  // Opened despite bytes that are not valid in its encoding: saving
  // over the file changes them.
  [[nodiscard]] bool lossy() const { return lossy_; }
  void setLossy(bool lossy) { lossy_ = lossy; }
  // The file is read-only for this user (marked in the tab and title).
  [[nodiscard]] bool readOnlyOnDisk() const { return read_only_; }

  // The document now is the file at `path` (empty: untitled) in
  // `format`, as on disk: unmodified, watched, recovered under that name.
  void setFile(const QString& path, const TextFormat& format);
  // The format the next save writes (Save with Encoding); the file and the
  // modified state stay.
  void setFormat(const TextFormat& format);

  // The tab's label: the file's name, or "untitled.txt"; `untitled_number`
  // (> 1) tells untitled documents apart.
  [[nodiscard]] QString displayName() const;
  void setUntitledNumber(int n) { untitled_number_ = n; }
  [[nodiscard]] int untitledNumber() const { return untitled_number_; }
  // An untitled, empty, unmodified document: one that Open may replace.
  [[nodiscard]] bool isPristine() const;
  [[nodiscard]] bool isModified() const;

  // The document's language as chosen for it: the dictionaries
  // SpellService::openDictionaries takes (the language's, then word lists
  // added to it); empty when it follows the editor's default language.
  // A list so that a second language at once, or "auto", can be a value
  // here once core offers one type for them (issue 33 item 7).
  [[nodiscard]] const QStringList& languages() const { return languages_; }
  void setLanguages(const QStringList& languages) { languages_ = languages; }

  // Markdown highlighting (markdown_highlighter.h): on for a Markdown
  // file (by its name) of at most MarkdownHighlighter::kMaxBytes, in the
  // application's palette; off otherwise. Called when the file changes.
  void updateMarkdown();
  [[nodiscard]] MarkdownHighlighter* markdown() const { return markdown_; }
  // The theme changed: recolours the Markdown highlighting.
  void recolor();

  [[nodiscard]] DiskNews diskNews() const { return disk_news_; }
  void setDiskNews(DiskNews news) { disk_news_ = news; }

 private:
  SpellTextEdit* editor_;
  FindBar* find_bar_;
  RecoveryStore* recovery_;
  DiskFileMonitor* disk_;
  QString file_;
  TextFormat format_;
  QStringList languages_;
  MarkdownHighlighter* markdown_ = nullptr;
  bool lossy_ = false;
  bool read_only_ = false;
  int untitled_number_ = 1;
  DiskNews disk_news_ = DiskNews::kNone;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_DOCUMENT_TAB_H_
