#include "core/dictionary/compound_parts_list.h"

#include <string>

namespace spellfilter {

CompoundSettings CompoundPartsListSettings() {
  CompoundSettings s;
  s.min_part = 1;
  s.max_parts = kCompoundListMaxParts;
  return s;
}

Status AddCompoundPartsLine(std::string_view line, std::string_view where,
                            DictionaryBuilder* builder) {
  if (line.ends_with('\r')) line.remove_suffix(1);
  if (line.empty() || line.front() == '#') return Status::Ok();
  const size_t tab = line.find('\t');
  const auto bad = [&](const char* what) {
    return Status::InvalidArgument(std::string(where) + ": " + what);
  };
  if (tab == std::string_view::npos) return bad("expected part<TAB>roles");
  const std::string_view part = line.substr(0, tab);
  const std::string_view roles = line.substr(tab + 1);
  if (part.empty()) return bad("empty compound part");
  if (roles.empty() || roles.find_first_not_of("bme") != std::string_view::npos) {
    return bad("roles must be letters of b, m, e");
  }
  for (char r : roles) {
    const CompoundRole role = r == 'b'   ? CompoundRole::kBegin
                              : r == 'm' ? CompoundRole::kMiddle
                                         : CompoundRole::kEnd;
    if (Status s = builder->AddCompoundPart(role, part, where); !s.ok()) return s;
  }
  return Status::Ok();
}

}  // namespace spellfilter
