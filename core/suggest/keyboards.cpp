#include "core/suggest/keyboards.h"

namespace spellfilter {

std::string_view StandardKeyboard(std::string_view language) {
  // The primary subtag: "ru" of "ru_RU" or "ru-RU".
  const std::string_view primary =
      language.substr(0, language.find_first_of("_-"));
  if (primary == "ru") return "йцукенгшщзхъ|фывапролджэ|ячсмитьбю";
  if (primary == "uk") return "йцукенгшщзхї|фівапролджє|ячсмитьбю";
  if (primary == "be") return "йцукенгшўзх|фывапролджэ|ячсмітьбю";
  return "";
}

}  // namespace spellfilter
