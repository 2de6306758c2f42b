// The "Open Recent" list: the last kMaxRecentFiles documents, newest first,
// kept in QSettings under "recentFiles" and shown as a menu. Files that no
// longer exist are dropped when the menu is shown.
#ifndef SPELLFILTER_APP_EDITOR_RECENT_FILES_H_
#define SPELLFILTER_APP_EDITOR_RECENT_FILES_H_

#include <QMenu>
#include <QStringList>

namespace spellfilter::editor {

class RecentFilesMenu : public QMenu {
  Q_OBJECT

 public:
  static constexpr int kMaxRecentFiles = 8;

  explicit RecentFilesMenu(QWidget* parent = nullptr);
  Q_DISABLE_COPY_MOVE(RecentFilesMenu)

  // Puts `path` first and saves the list.
  void add(const QString& path);
  [[nodiscard]] QStringList files() const;

 signals:
  void fileChosen(const QString& path);

 private:
  void rebuild();
  static void Store(const QStringList& files);
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_RECENT_FILES_H_
