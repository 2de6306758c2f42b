#include "app/editor/theme.h"

#include <QApplication>
#include <QStyle>
#include <algorithm>
#include <cmath>

namespace spellfilter::editor {
namespace {

// The system's palette, as it was before any theme was applied.
const QPalette& SystemPalette() {
  static const QPalette palette = QApplication::palette();
  return palette;
}

QPalette DarkPalette() {
  const QColor window(0x2B, 0x2B, 0x2B), base(0x1E, 0x1E, 0x1E),
      text(0xE6, 0xE6, 0xE6), disabled(0x80, 0x80, 0x80),
      highlight(0x2F, 0x65, 0xCA);
  QPalette p;
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, window);
  p.setColor(QPalette::ToolTipBase, base);
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::PlaceholderText, disabled);
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, window);
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, Qt::red);
  p.setColor(QPalette::Link, QColor(0x6C, 0xA8, 0xFF));
  p.setColor(QPalette::Highlight, highlight);
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::Light, QColor(0x45, 0x45, 0x45));
  p.setColor(QPalette::Midlight, QColor(0x3A, 0x3A, 0x3A));
  p.setColor(QPalette::Mid, QColor(0x30, 0x30, 0x30));
  p.setColor(QPalette::Dark, QColor(0x15, 0x15, 0x15));
  p.setColor(QPalette::Shadow, Qt::black);
  for (QPalette::ColorRole role :
       {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
    p.setColor(QPalette::Disabled, role, disabled);
  }
  return p;
}

}  // namespace

QString ThemeName(Theme theme) {
  switch (theme) {
    case Theme::kLight:
      return QStringLiteral("light");
    case Theme::kDark:
      return QStringLiteral("dark");
    case Theme::kSystem:
      break;
  }
  return QStringLiteral("system");
}

Theme ThemeFromName(const QString& name) {
  if (name == u"light") return Theme::kLight;
  if (name == u"dark") return Theme::kDark;
  return Theme::kSystem;
}

QPalette ThemePalette(Theme theme) {
  switch (theme) {
    case Theme::kLight:
      return QApplication::style()->standardPalette();
    case Theme::kDark:
      return DarkPalette();
    case Theme::kSystem:
      break;
  }
  return SystemPalette();
}

bool IsDark(const QPalette& palette) {
  return palette.color(QPalette::Window).lightness() < 128;
}

namespace {

double RelativeLuminance(const QColor& c) {
  auto channel = [](double v) {
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) +
         0.0722 * channel(c.blueF());
}

}  // namespace

double ContrastRatio(const QColor& a, const QColor& b) {
  const double la = RelativeLuminance(a);
  const double lb = RelativeLuminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor SubduedTextColor(const QPalette& palette,
                        QPalette::ColorRole background) {
  const QColor text = palette.color(QPalette::Text);
  const QColor back = palette.color(background);
  // From 55% text towards all text, until it reads well enough.
  for (int percent = 55; percent < 100; percent += 5) {
    const double t = percent / 100.0;
    const QColor mixed = QColor::fromRgbF(
        static_cast<float>(text.redF() * t + back.redF() * (1 - t)),
        static_cast<float>(text.greenF() * t + back.greenF() * (1 - t)),
        static_cast<float>(text.blueF() * t + back.blueF() * (1 - t)));
    if (ContrastRatio(mixed, back) >= 4.5) return mixed;
  }
  return text;
}

void ApplyTheme(Theme theme) {
  SystemPalette();  // remembered before the first change
  QApplication::setPalette(ThemePalette(theme));
}

}  // namespace spellfilter::editor
