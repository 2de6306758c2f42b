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

// Whether `palette` is a dark one (its window darker than mid-grey).
[[nodiscard]] bool IsDark(const QPalette& palette);
// WCAG 2's contrast ratio of two colours (1 to 21; 4.5 is the floor for
// text).
[[nodiscard]] double ContrastRatio(const QColor& a, const QColor& b);
// Text that is quieter than the text but still readable (at least 4.5:1)
// on `background` of `palette`: line numbers.
[[nodiscard]] QColor SubduedTextColor(const QPalette& palette,
                                      QPalette::ColorRole background);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_THEME_H_
