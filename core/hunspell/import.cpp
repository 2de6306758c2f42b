#include "core/hunspell/import.h"

#include <cctype>

#include "core/util/file_io.h"
#include "core/hunspell/encoding.h"

namespace spellfilter {
namespace {

bool AllAlpha(std::string_view s) {
  for (char c : s) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return false;
  }
  return true;
}

bool AllDigits(std::string_view s) {
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

std::string BaseName(std::string_view path) {
  const size_t slash = path.rfind('/');
  if (slash != std::string_view::npos) path.remove_prefix(slash + 1);
  if (path.ends_with(".dic")) path.remove_suffix(4);
  return std::string(path);
}

StatusOr<MappedFile> ReadBounded(const std::string& path, uint64_t limit) {
  StatusOr<MappedFile> file = MappedFile::Open(path);
  if (!file.ok()) return file.status();
  if (file->bytes().size() > limit) {
    return Status::InvalidArgument(path + ": larger than " +
                                   std::to_string(limit >> 20) +
                                   " MiB; not a Hunspell file?");
  }
  return file;
}

std::string_view View(const MappedFile& f) {
  return {reinterpret_cast<const char*>(f.bytes().data()), f.bytes().size()};
}

}  // namespace

std::string HunspellAffPath(std::string_view dic_path) {
  std::string aff(dic_path);
  if (aff.ends_with(".dic")) aff.resize(aff.size() - 4);
  return aff + ".aff";
}

std::string HunspellLanguageTag(std::string_view dic_path) {
  const std::string base = BaseName(dic_path);
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= base.size()) {
    size_t end = base.find_first_of("_-", start);
    if (end == std::string::npos) end = base.size();
    parts.push_back(base.substr(start, end - start));
    start = end + 1;
  }
  std::string tag;
  size_t i = 0;
  const std::string& lang = parts[0];
  if (lang.size() < 2 || lang.size() > 3 || !AllAlpha(lang)) {
    return "";
  }
  for (char c : lang) tag.push_back(static_cast<char>(std::tolower(c)));
  ++i;
  if (i < parts.size() && parts[i].size() == 4 && AllAlpha(parts[i])) {
    tag += '-';
    tag.push_back(static_cast<char>(std::toupper(parts[i][0])));
    for (size_t k = 1; k < 4; ++k) {
      tag.push_back(static_cast<char>(std::tolower(parts[i][k])));
    }
    ++i;
  }
  if (i < parts.size() &&
      ((parts[i].size() == 2 && AllAlpha(parts[i])) ||
       (parts[i].size() == 3 && AllDigits(parts[i])))) {
    tag += '-';
    for (char c : parts[i]) tag.push_back(static_cast<char>(std::toupper(c)));
  }
  return tag;
}

HunspellImport::HunspellImport(std::string dic_path, std::string aff_path,
                               AffixRules rules, ExpandLimits limits)
    : dic_path_(std::move(dic_path)),
      aff_path_(std::move(aff_path)),
      rules_(std::move(rules)),
      limits_(limits) {}

StatusOr<HunspellImport> HunspellImport::Open(const std::string& dic_path,
                                              ExpandLimits limits) {
  std::string aff_path = HunspellAffPath(dic_path);
  StatusOr<MappedFile> aff = ReadBounded(aff_path, kMaxAffBytes);
  if (!aff.ok()) return aff.status();
  StatusOr<AffixRules> rules = ParseAffixFile(View(*aff), aff_path);
  if (!rules.ok()) return rules.status();
  return HunspellImport(dic_path, std::move(aff_path),
                        std::move(rules).value(), limits);
}

std::string HunspellImport::language() const {
  std::string tag = HunspellLanguageTag(dic_path_);
  if (tag.empty() && !rules_.language.empty()) {
    tag = HunspellLanguageTag(rules_.language);
  }
  return tag.empty() ? "und" : tag;
}

Status HunspellImport::AddTo(DictionaryBuilder* builder,
                             std::string_view language,
                             HunspellImportSummary* summary) const {
  HunspellImportSummary local;
  HunspellImportSummary& s = summary != nullptr ? *summary : local;
  s.aff_warnings = rules_.warnings;
  s.aff_warning_count = rules_.warning_count;
  StatusOr<MappedFile> dic = ReadBounded(dic_path_, kMaxDicBytes);
  if (!dic.ok()) return dic.status();
  HunspellExpander expander(rules_, language, limits_);
  // The expander adds the ALL UPPER forms by Hunspell's rules.
  builder->TakeUpperFormsAsAdded();
  auto sink = [&](std::string_view form, std::string_view where) {
    Status added = form.front() == '#'
                       ? Status::InvalidArgument(std::string(where) +
                                                 ": a word starting with '#'")
                       : builder->AddLine(form, where);
    if (!added.ok()) {
      ++s.skipped_forms;
      if (s.skipped_examples.size() < 5) {
        s.skipped_examples.push_back(added.message() + " (\"" +
                                     std::string(form) + "\")");
      }
    }
  };
  // Scratch for the compound part sink, which Expand calls after this
  // block: it must outlive the block.
  std::string utf8;
  // COMPOUNDWORDMAX 1 allows no compound at all.
  if (compounds_ && rules_.compound.any() &&
      rules_.compound.max_parts != 1) {
    const CompoundRules& r = rules_.compound;
    CompoundSettings settings;
    settings.min_part = r.min_part;
    settings.max_parts = r.max_parts;
    settings.check_case = r.check_case;
    settings.check_dup = r.check_dup;
    settings.check_triple = r.check_triple;
    builder->EnableCompounds(settings);
    expander.SetCompoundPartSink(
        [&](CompoundRole role, std::u32string_view part) {
          utf8.clear();
          AppendUtf8(part, &utf8);
          if (utf8.size() > kMaxWordBytes) return;  // no token is that long
          if (!builder->AddCompoundPart(role, utf8, dic_path_).ok()) {
            ++s.skipped_forms;
          }
        });
  }
  if (rules_.keep_case != 0) {
    builder->EnableKeepCase(rules_.check_sharps ? kKeepCaseSharpSCapitalised
                                               : 0);
    expander.SetKeepCaseSink([&](std::string_view form) {
      if (form.size() > kMaxWordBytes) return;  // no token is that long
      if (!builder->AddKeepCase(form, dic_path_).ok()) ++s.skipped_forms;
    });
  }
  return expander.Expand(View(*dic), dic_path_, sink, &s.expand);
}

}  // namespace spellfilter
