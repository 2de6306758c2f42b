// Saving a file without losing either version, and saying why when it
// cannot be done.
//
// The usual way: a temporary file in the target's folder is written,
// flushed to disk (fsync), given the target's mode (and owner, where
// allowed), and renamed over the target, so a crash or a full disk leaves
// the old file whole. A symbolic link is followed: its target is replaced,
// the link stays.
//
// Where the folder does not let us create the temporary file (EACCES,
// EPERM) but the file itself is writable, the file is written in place,
// as gedit does: first a backup copy of it goes to the user's data folder
// (${XDG_DATA_HOME:-~/.local/share}/spellfilter/backup/), then the file is
// truncated and rewritten; if that fails the backup's bytes are written
// back, and the message names the backup.
//
// Errors are the system's own words (strerror: "No space left on device",
// "Read-only file system", "Permission denied").
#ifndef SPELLFILTER_APP_EDITOR_SAFE_WRITE_H_
#define SPELLFILTER_APP_EDITOR_SAFE_WRITE_H_

#include <QByteArray>
#include <QString>

namespace spellfilter::editor {

// Writes `bytes` to `path` as above. False with *error on failure; on a
// save in place, true with *note (if given) saying so and naming the
// backup, else *note is emptied.
bool WriteFileSafely(const QString& path, const QByteArray& bytes,
                     QString* error, QString* note = nullptr);

// Where backups of files saved in place go.
[[nodiscard]] QString BackupFolder();

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_SAFE_WRITE_H_
