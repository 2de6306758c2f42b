// The View > Theme choice: follow the system's palette, or force a light
// or a dark one (Fusion's colours; the misspelling underline is red on
// both). Applied to the whole application through QApplication::setPalette.
#ifndef SPELLFILTER_APP_EDITOR_THEME_H_
#define SPELLFILTER_APP_EDITOR_THEME_H_

#include <QPalette>
#include <QString>

namespace spellfilter::editor {

enum class Theme { kSystem, kLight, kDark };

// "system", "light", "dark" (the settings' spelling) and back; unknown
// names are kSystem.
QString ThemeName(Theme theme);
Theme ThemeFromName(const QString& name);

// The palette `theme` uses; kSystem is the palette the application had
// before the first ApplyTheme().
QPalette ThemePalette(Theme theme);
void ApplyTheme(Theme theme);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_THEME_H_
