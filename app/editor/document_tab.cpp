#include "app/editor/document_tab.h"

#include <QApplication>
#include <QFileInfo>
#include <QSignalBlocker>
#include <QTextDocument>
#include <QVBoxLayout>

#include "app/editor/disk_file_monitor.h"
#include "app/editor/find_bar.h"
#include "app/editor/markdown_highlighter.h"
#include "app/editor/recovery_store.h"
#include "app/editor/spell_text_edit.h"

namespace spellfilter::editor {

DocumentTab::DocumentTab(SpellService* service, const QString& recovery_folder,
                         QWidget* parent)
    : QWidget(parent),
      editor_(new SpellTextEdit(service)),
      find_bar_(new FindBar(editor_)),
      recovery_(new RecoveryStore(recovery_folder, this)),
      disk_(new DiskFileMonitor(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(editor_, 1);
  layout->addWidget(find_bar_);
  // A frame format change is an undo step: one the user never made, which
  // made Ctrl+Z do nothing visible and kept QPlainTextEdit::undoAvailable
  // from firing on the first edit (issue 35: Edit > Undo greyed out).
  editor_->document()->setDocumentMargin(8);
  editor_->document()->clearUndoRedoStacks();
  setFocusProxy(editor_);
  recovery_->watch(editor_->document());
}

void DocumentTab::updateMarkdown() {
  // Characters stand in for bytes: the size check is against the text.
  // A file still streaming in is looked at again once whole.
  const bool on =
      !editor_->isStreaming() && MarkdownHighlighter::IsMarkdownFile(file_) &&
      editor_->document()->characterCount() <= MarkdownHighlighter::kMaxBytes;
  if (on == (markdown_ != nullptr)) return;
  if (on) {
    markdown_ =
        new MarkdownHighlighter(QApplication::palette(), editor_->document());
    markdown_->setParent(this);
  } else {
    delete markdown_;
    markdown_ = nullptr;
  }
}

void DocumentTab::recolor() {
  if (markdown_ != nullptr) markdown_->setPalette(QApplication::palette());
}

DocumentTab::~DocumentTab() {
  // The highlighters follow the document: they go before it. Removing its
  // formats reports a change, which no one is to hear now (the window may
  // be half destroyed).
  {
    const QSignalBlocker quiet(editor_->document());
    delete markdown_;
  }
  // The find bar refers to the editor: it goes first.
  delete find_bar_;
  delete editor_;
}

void DocumentTab::setFile(const QString& path, const TextFormat& format) {
  file_ = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
  format_ = format;
  const QFileInfo info(file_);
  read_only_ = !file_.isEmpty() && info.exists() && !info.isWritable();
  disk_news_ = DiskNews::kNone;
  editor_->document()->setModified(false);
  recovery_->setDocument(file_, format);
  disk_->setFile(file_);
}

void DocumentTab::setFormat(const TextFormat& format) {
  format_ = format;
  recovery_->setDocument(file_, format);
}

QString DocumentTab::displayName() const {
  if (!file_.isEmpty()) return QFileInfo(file_).fileName();
  return untitled_number_ > 1 ? tr("untitled %1.txt").arg(untitled_number_)
                              : tr("untitled.txt");
}

bool DocumentTab::isPristine() const {
  return file_.isEmpty() && !editor_->document()->isModified() &&
         editor_->document()->isEmpty();
}

bool DocumentTab::isModified() const {
  return editor_->document()->isModified();
}

}  // namespace spellfilter::editor
