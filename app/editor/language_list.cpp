#include "app/editor/language_list.h"

namespace spellfilter::editor {

LanguageList ParseLanguageList(const QStringList& list) {
  LanguageList parsed;
  for (qsizetype i = 0; i < list.size(); ++i) {
    const QString& item = list[i];
    if (i == 0 && item == kAutoLanguage) {
      parsed.automatic = true;
    } else if (item.startsWith(kLanguagePrefix)) {
      parsed.languages.append(item.mid(kLanguagePrefix.size()));
    } else if (parsed.languages.isEmpty()) {
      parsed.languages.append(item);  // the first language
    } else {
      parsed.additions.append(item);
    }
  }
  return parsed;
}

QStringList ToStringList(const LanguageList& list) {
  QStringList out;
  if (list.automatic) out.append(kAutoLanguage);
  for (qsizetype i = 0; i < list.languages.size(); ++i) {
    out.append(i == 0 ? list.languages[i]
                      : kLanguagePrefix + list.languages[i]);
  }
  out.append(list.additions);
  return out;
}

QStringList DictionaryFilesOf(const QStringList& list) {
  const LanguageList parsed = ParseLanguageList(list);
  return parsed.languages + parsed.additions;
}

}  // namespace spellfilter::editor
