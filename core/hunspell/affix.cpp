#include "core/hunspell/affix.h"

#include <unicode/utf8.h>

#include <algorithm>
#include <optional>

#include "core/hunspell/encoding.h"

namespace spellfilter {
namespace {

// Hunspell rejects flag numbers from here on (DEFAULTFLAGS).
inline constexpr uint32_t kMaxNumFlag = 65509;

// A table's count line ("MAP 5"): all digits.
bool IsCount(std::string_view field) {
  return !field.empty() && field.find_first_not_of("0123456789") ==
                               std::string_view::npos;
}

struct Line {
  std::string_view text;
  uint32_t number;  // 1-based
};

std::vector<Line> SplitLines(std::string_view bytes) {
  if (bytes.starts_with("\xEF\xBB\xBF")) bytes.remove_prefix(3);
  std::vector<Line> lines;
  uint32_t number = 0;
  while (!bytes.empty()) {
    const size_t nl = bytes.find('\n');
    std::string_view line = bytes.substr(0, nl);
    bytes.remove_prefix(nl == std::string_view::npos ? bytes.size() : nl + 1);
    while (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back({line, ++number});
  }
  return lines;
}

// Fields separated by spaces and tabs (Hunspell's mystrsep).
std::vector<std::string_view> Fields(std::string_view line) {
  std::vector<std::string_view> fields;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) fields.push_back(line.substr(start, i - start));
  }
  return fields;
}

// Leading decimal digits, like atoi; nullopt without any.
std::optional<uint64_t> LeadingNumber(std::string_view s) {
  uint64_t v = 0;
  size_t i = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
    v = v * 10 + static_cast<uint64_t>(s[i] - '0');
    if (v > (uint64_t{1} << 40)) return std::nullopt;
  }
  if (i == 0) return std::nullopt;
  return v;
}

void SortUnique(std::vector<AffixFlag>* flags) {
  std::sort(flags->begin(), flags->end());
  flags->erase(std::unique(flags->begin(), flags->end()), flags->end());
  if (!flags->empty() && flags->front() == 0) flags->erase(flags->begin());
}

// Flags written directly (no aliases), appended to *out.
bool DecodeRawFlags(FlagMode mode, std::string_view field,
                    std::vector<AffixFlag>* out) {
  bool ok = true;
  switch (mode) {
    case FlagMode::kChar:
      for (unsigned char c : field) out->push_back(c);
      break;
    case FlagMode::kLong:
      ok = field.size() % 2 == 0;
      for (size_t i = 0; i + 1 < field.size(); i += 2) {
        out->push_back(static_cast<AffixFlag>(
            static_cast<unsigned char>(field[i]) << 8 |
            static_cast<unsigned char>(field[i + 1])));
      }
      break;
    case FlagMode::kNum: {
      size_t start = 0;
      while (start <= field.size()) {
        size_t comma = field.find(',', start);
        if (comma == std::string_view::npos) comma = field.size();
        const std::optional<uint64_t> n =
            LeadingNumber(field.substr(start, comma - start));
        // Stored plus one: Hunspell warns about flag 0 but uses it, and
        // tr_TR does.
        if (!n || *n > kMaxNumFlag) {
          ok = false;
        } else {
          out->push_back(static_cast<AffixFlag>(*n + 1));
        }
        start = comma + 1;
      }
      break;
    }
    case FlagMode::kUtf8: {
      const auto* p = reinterpret_cast<const uint8_t*>(field.data());
      const int32_t n = static_cast<int32_t>(field.size());
      for (int32_t i = 0; i < n;) {
        UChar32 c;
        U8_NEXT(p, i, n, c);
        if (c < 0) {
          ok = false;
        } else {
          out->push_back(static_cast<AffixFlag>(c));
        }
      }
      break;
    }
  }
  return ok;
}

class AffixParser {
 public:
  AffixParser(std::string_view bytes, std::string_view name)
      : lines_(SplitLines(bytes)), name_(name) {}

  StatusOr<AffixRules> Parse();

 private:
  std::string Where(const Line& line) const {
    return name_ + ":" + std::to_string(line.number);
  }
  Status Error(const Line& line, std::string_view problem) const {
    return Status::InvalidArgument(Where(line) + ": " + std::string(problem));
  }
  Status Decode(const Line& line, std::string_view raw, std::u32string* out);
  Status ParseSettings();
  Status ParseAliases();
  Status ParseRest();
  Status ParseAffixClass(size_t* index, bool prefix);
  void ParseCompoundRule(const Line& line, std::string_view rule);
  Status ParseCompoundPattern(const Line& line,
                              const std::vector<std::string_view>& f);
  Status ParseRep(const Line& line, std::string_view from,
                  std::string_view to);
  Status ParseBreaks(size_t* index);
  void Mirror();

  bool seen_compound_rule_header_ = false;
  bool seen_pattern_header_ = false;

  std::vector<Line> lines_;
  std::string name_;
  AffixRules rules_;
  std::optional<HunspellDecoder> decoder_;
};

Status AffixParser::Decode(const Line& line, std::string_view raw,
                           std::u32string* out) {
  if (!decoder_->Decode(raw, out)) {
    return Error(line, "text not in the encoding " + rules_.encoding);
  }
  return Status::Ok();
}

// SET, FLAG, COMPLEXPREFIXES: needed before anything else is read.
Status AffixParser::ParseSettings() {
  for (const Line& line : lines_) {
    const std::vector<std::string_view> f = Fields(line.text);
    if (f.empty()) continue;
    if (f[0] == "SET" && f.size() >= 2) {
      rules_.encoding = std::string(f[1]);
    } else if (f[0] == "FLAG" && f.size() >= 2) {
      if (f[1] == "long") {
        rules_.flag_mode = FlagMode::kLong;
      } else if (f[1] == "num") {
        rules_.flag_mode = FlagMode::kNum;
      } else if (f[1] == "UTF-8") {
        rules_.flag_mode = FlagMode::kUtf8;
      } else {
        return Error(line, "FLAG must be long, num or UTF-8, not \"" +
                               std::string(f[1]) + "\"");
      }
    } else if (f[0] == "COMPLEXPREFIXES") {
      rules_.complex_prefixes = true;
    }
  }
  StatusOr<HunspellDecoder> decoder = HunspellDecoder::Open(rules_.encoding);
  if (!decoder.ok()) {
    return Status::Unsupported(name_ + ": " + decoder.status().message());
  }
  decoder_.emplace(std::move(decoder).value());
  // IGNORE applies to the affix strings, wherever it stands.
  for (const Line& line : lines_) {
    const std::vector<std::string_view> f = Fields(line.text);
    if (f.size() >= 2 && f[0] == "IGNORE") {
      if (Status s = Decode(line, f[1], &rules_.ignore); !s.ok()) return s;
    }
  }
  return Status::Ok();
}

// AF: a header "AF N", then N lines "AF FLAGS".
Status AffixParser::ParseAliases() {
  for (size_t i = 0; i < lines_.size(); ++i) {
    const std::vector<std::string_view> f = Fields(lines_[i].text);
    if (f.empty() || f[0] != "AF") continue;
    if (!rules_.aliases.empty()) {
      return Error(lines_[i], "a second AF table");
    }
    const std::optional<uint64_t> n =
        f.size() >= 2 ? LeadingNumber(f[1]) : std::nullopt;
    if (!n || *n == 0) return Error(lines_[i], "AF needs a count");
    if (*n > lines_.size() - i - 1) {
      return Error(lines_[i], "AF announces " + std::to_string(*n) +
                                  " lines, the file has fewer");
    }
    for (uint64_t k = 1; k <= *n; ++k) {
      const Line& entry = lines_[i + k];
      const std::vector<std::string_view> e = Fields(entry.text);
      if (e.empty() || e[0] != "AF") {
        return Error(entry, "AF table: expected \"AF FLAGS\" (entry " +
                                std::to_string(k) + " of " +
                                std::to_string(*n) + ")");
      }
      std::vector<AffixFlag> flags;
      if (e.size() >= 2 && !DecodeRawFlags(rules_.flag_mode, e[1], &flags)) {
        rules_.Warn(Where(entry) + ": bad flags in AF entry");
      }
      SortUnique(&flags);
      rules_.aliases.push_back(std::move(flags));
    }
    i += *n;
  }
  return Status::Ok();
}

Status AffixParser::ParseAffixClass(size_t* index, bool prefix) {
  const Line& header = lines_[*index];
  const std::vector<std::string_view> h = Fields(header.text);
  if (h.size() < 4) {
    return Error(header, "affix header needs 4 fields: " + std::string(h[0]) +
                             " FLAG Y|N COUNT");
  }
  const AffixFlag flag = rules_.DecodeFlag(h[1]);
  if (flag == 0) return Error(header, "bad affix flag");
  const bool cross = h[2].starts_with('Y');
  const std::optional<uint64_t> count = LeadingNumber(h[3]);
  if (!count || *count == 0) {
    return Error(header, "bad entry count \"" + std::string(h[3]) + "\"");
  }
  const size_t available = lines_.size() - *index - 1;
  if (*count > available) {
    return Error(header, std::string(h[0]) + " " + std::string(h[1]) +
                             " announces " + std::to_string(*count) +
                             " entries, but the file ends after " +
                             std::to_string(available) +
                             (available == 1 ? " more line" : " more lines"));
  }
  auto& classes = prefix ? rules_.prefixes : rules_.suffixes;
  std::vector<AffixEntry>& entries = classes[flag];
  for (uint64_t k = 1; k <= *count; ++k) {
    const Line& line = lines_[*index + k];
    const std::vector<std::string_view> f = Fields(line.text);
    if (f.size() < 4 || rules_.DecodeFlag(f[1]) != flag) {
      return Error(line, "expected entry " + std::to_string(k) + " of " +
                             std::to_string(*count) + ": \"" +
                             std::string(h[0]) + " " + std::string(h[1]) +
                             " STRIP APPEND [CONDITION]\"");
    }
    if (f[0] != h[0]) {
      // Hunspell reads an entry line's first field without looking at it
      // (mn_MN has "SFT F0 ..." among its SFX F0 lines).
      rules_.Warn(Where(line) + ": entry of " + std::string(h[0]) + " " +
                  std::string(h[1]) + " starts with \"" + std::string(f[0]) +
                  "\"; read as " + std::string(h[0]));
    }
    AffixEntry e;
    e.flag = flag;
    e.cross_product = cross;
    e.line = line.number;
    if (f[2] != "0") {
      if (Status s = Decode(line, f[2], &e.strip); !s.ok()) return s;
    }
    std::string_view append = f[3];
    const size_t slash = append.find('/');
    if (slash != std::string_view::npos) {
      const std::string_view cont = append.substr(slash + 1);
      append = append.substr(0, slash);
      if (!rules_.DecodeFlags(cont, &e.continuation)) {
        rules_.Warn(Where(line) + ": bad continuation flags \"" +
                    std::string(cont) + "\"");
      }
    }
    if (append != "0") {
      if (Status s = Decode(line, append, &e.append); !s.ok()) return s;
      std::erase_if(e.append, [&](char32_t c) {
        return rules_.ignore.find(c) != std::u32string::npos;
      });
    }
    std::u32string cond_text = U".";
    if (f.size() >= 5) {
      if (Status s = Decode(line, f[4], &cond_text); !s.ok()) return s;
    }
    StatusOr<AffixCondition> cond = AffixCondition::Parse(cond_text);
    if (!cond.ok()) return Error(line, cond.status().message());
    e.condition = std::move(cond).value();
    entries.push_back(std::move(e));
  }
  *index += *count;
  return Status::Ok();
}

void AffixParser::ParseCompoundRule(const Line& line, std::string_view rule) {
  // Hunspell's parse_defcpdtable: with '(' the flags are the parenthesised
  // names (long and num flags must be written so), '*' and '?' outside
  // them; otherwise each flag of the field, '*' and '?' among them.
  std::vector<AffixFlag> items;  // flags, with '*' and '?' as themselves
  std::vector<bool> meta;
  if (rule.find('(') != std::string_view::npos) {
    for (size_t i = 0; i < rule.size(); ++i) {
      if (rule[i] == '(') {
        const size_t close = rule.find(')', i);
        if (close == std::string_view::npos) break;
        if (AffixFlag flag = rules_.DecodeFlag(rule.substr(i + 1, close - i - 1));
            flag != 0) {
          items.push_back(flag);
          meta.push_back(false);
        }
        i = close;
      } else if (rule[i] == '*' || rule[i] == '?') {
        items.push_back(static_cast<AffixFlag>(rule[i]));
        meta.push_back(true);
      }
    }
  } else {
    std::vector<AffixFlag> flags;
    if (rules_.flag_mode == FlagMode::kChar) {
      for (char c : rule) flags.push_back(static_cast<unsigned char>(c));
    } else {
      // DecodeRawFlags sorts nothing: the order is the pattern's.
      DecodeRawFlags(rules_.flag_mode, rule, &flags);
    }
    for (AffixFlag flag : flags) {
      items.push_back(flag);
      meta.push_back(flag == '*' || flag == '?');
    }
  }
  std::vector<CompoundRules::RuleAtom> atoms;
  for (size_t i = 0; i < items.size(); ++i) {
    if (meta[i]) {
      if (!atoms.empty() && atoms.back().quantifier == 0) {
        atoms.back().quantifier = static_cast<char>(items[i]);
      }
      continue;
    }
    atoms.push_back({items[i], 0});
    rules_.compound_flags.push_back(items[i]);
  }
  if (atoms.empty()) {
    rules_.Warn(Where(line) + ": COMPOUNDRULE without flags");
    return;
  }
  rules_.compound.rules.push_back(std::move(atoms));
}

Status AffixParser::ParseCompoundPattern(
    const Line& line, const std::vector<std::string_view>& f) {
  CompoundRules::Pattern p;
  auto side = [&](std::string_view field, std::u32string* chars,
                  AffixFlag* flag) -> Status {
    const size_t slash = field.find('/');
    if (slash != std::string_view::npos) {
      *flag = rules_.DecodeFlag(field.substr(slash + 1));
      field = field.substr(0, slash);
    }
    return Decode(line, field, chars);
  };
  if (Status s = side(f[1], &p.end, &p.end_flag); !s.ok()) return s;
  if (Status s = side(f[2], &p.begin, &p.begin_flag); !s.ok()) return s;
  if (p.end == U"0") {
    p.end.clear();
    p.stems_only = true;
  }
  if (f.size() >= 4 && !f[3].starts_with('#')) {
    if (Status s = Decode(line, f[3], &p.replacement); !s.ok()) return s;
    p.has_replacement = true;
  }
  if (p.end_flag != 0) rules_.compound_flags.push_back(p.end_flag);
  if (p.begin_flag != 0) rules_.compound_flags.push_back(p.begin_flag);
  rules_.compound.patterns.push_back(std::move(p));
  return Status::Ok();
}

Status AffixParser::ParseRep(const Line& line, std::string_view from,
                             std::string_view to) {
  // Anchored patterns ("^x", "x$") are the suggester's only.
  if (from.starts_with('^') || from.ends_with('$')) return Status::Ok();
  std::u32string a;
  std::u32string b;
  if (Status s = Decode(line, from, &a); !s.ok()) return s;
  if (Status s = Decode(line, to, &b); !s.ok()) return s;
  for (std::u32string* x : {&a, &b}) std::replace(x->begin(), x->end(), U'_', U' ');
  if (a.empty()) return Status::Ok();
  std::string ua;
  std::string ub;
  AppendUtf8(a, &ua);
  AppendUtf8(b, &ub);
  rules_.compound.rep.emplace_back(std::move(ua), std::move(ub));
  return Status::Ok();
}

// BREAK: a header "BREAK N", then N lines "BREAK PATTERN".
Status AffixParser::ParseBreaks(size_t* index) {
  const Line& header = lines_[*index];
  if (rules_.word_breaks_given) return Error(header, "a second BREAK table");
  const std::vector<std::string_view> h = Fields(header.text);
  const std::optional<uint64_t> count =
      h.size() >= 2 ? LeadingNumber(h[1]) : std::nullopt;
  if (!count) return Error(header, "BREAK needs a count");
  const size_t available = lines_.size() - *index - 1;
  if (*count > available) {
    return Error(header, "BREAK announces " + std::to_string(*count) +
                             " lines, the file has fewer");
  }
  rules_.word_breaks_given = true;
  rules_.word_breaks.clear();
  for (uint64_t k = 1; k <= *count; ++k) {
    const Line& line = lines_[*index + k];
    const std::vector<std::string_view> f = Fields(line.text);
    if (f.size() < 2 || f[0] != "BREAK") {
      return Error(line, "expected entry " + std::to_string(k) + " of " +
                             std::to_string(*count) + ": \"BREAK PATTERN\"");
    }
    std::u32string pattern;
    if (Status s = Decode(line, f[1], &pattern); !s.ok()) return s;
    std::string utf8;
    AppendUtf8(pattern, &utf8);
    rules_.word_breaks.push_back(std::move(utf8));
  }
  *index += *count;
  return Status::Ok();
}

Status AffixParser::ParseRest() {
  for (size_t i = 0; i < lines_.size(); ++i) {
    const Line& line = lines_[i];
    const std::vector<std::string_view> f = Fields(line.text);
    if (f.empty()) continue;
    const std::string_view key = f[0];
    const std::string_view arg = f.size() >= 2 ? f[1] : std::string_view();
    auto flag_setting = [&](AffixFlag* out) -> Status {
      *out = rules_.DecodeFlag(arg);
      if (*out == 0) return Error(line, std::string(key) + " needs a flag");
      return Status::Ok();
    };
    Status s;
    if (key == "PFX" || key == "SFX") {
      s = ParseAffixClass(&i, key == "PFX");
    } else if (key == "BREAK") {
      s = ParseBreaks(&i);
    } else if (key == "NEEDAFFIX" || key == "PSEUDOROOT") {
      s = flag_setting(&rules_.need_affix);
    } else if (key == "ONLYINCOMPOUND") {
      s = flag_setting(&rules_.only_in_compound);
    } else if (key == "FORBIDDENWORD") {
      s = flag_setting(&rules_.forbidden_word);
    } else if (key == "CIRCUMFIX") {
      s = flag_setting(&rules_.circumfix);
    } else if (key == "KEEPCASE") {
      s = flag_setting(&rules_.keep_case);
    } else if (key == "WARN") {
      s = flag_setting(&rules_.warn);
    } else if (key == "FORBIDWARN") {
      rules_.forbid_warn = true;
    } else if (key == "FULLSTRIP") {
      rules_.fullstrip = true;
    } else if (key == "CHECKSHARPS") {
      rules_.check_sharps = true;
    } else if (key == "WORDCHARS" && f.size() >= 2) {
      s = Decode(line, f[1], &rules_.word_chars);
    } else if (key == "LANG") {
      rules_.language = std::string(arg);
    } else if (key == "ICONV" && f.size() >= 3) {
      std::u32string from;
      std::u32string to;
      s = Decode(line, f[1], &from);
      if (s.ok()) s = Decode(line, f[2], &to);
      if (s.ok()) {
        std::string a;
        std::string b;
        AppendUtf8(from, &a);
        AppendUtf8(to, &b);
        rules_.iconv.emplace_back(std::move(a), std::move(b));
      }
    } else if ((key == "TRY" || key == "KEY" || key == "MAP") &&
               f.size() >= 2 &&
               !(key == "MAP" && f.size() == 2 && IsCount(f[1]))) {
      std::u32string text;
      s = Decode(line, f[1], &text);
      if (s.ok()) {
        std::string utf8;
        AppendUtf8(text, &utf8);
        if (key == "MAP") {
          rules_.suggest.map.push_back(std::move(utf8));
        } else {
          (key == "TRY" ? rules_.suggest.try_letters : rules_.suggest.key) =
              std::move(utf8);
        }
      }
    } else if ((key == "REP" || key == "PHONE") && f.size() >= 3) {
      std::u32string from;
      std::u32string to;
      s = Decode(line, f[1], &from);
      if (s.ok()) s = Decode(line, f[2], &to);
      if (s.ok()) {
        std::string a;
        std::string b;
        AppendUtf8(from, &a);
        AppendUtf8(to, &b);
        (key == "REP" ? rules_.suggest.rep : rules_.suggest.phone)
            .emplace_back(std::move(a), std::move(b));
      }
      // REP pairs also serve CHECKCOMPOUNDREP (compound_rules.h).
      if (s.ok() && key == "REP") s = ParseRep(line, f[1], f[2]);
    } else if (key == "COMPOUNDFLAG" || key == "COMPOUNDBEGIN" ||
               key == "COMPOUNDMIDDLE" || key == "COMPOUNDEND" ||
               key == "COMPOUNDLAST") {
      rules_.compounding = true;
      CompoundRules& c = rules_.compound;
      AffixFlag* slot = key == "COMPOUNDFLAG"     ? &c.flag
                        : key == "COMPOUNDBEGIN"  ? &c.begin
                        : key == "COMPOUNDMIDDLE" ? &c.middle
                                                  : &c.end;
      s = flag_setting(slot);
      if (s.ok()) rules_.compound_flags.push_back(*slot);
    } else if (key == "COMPOUNDPERMITFLAG") {
      s = flag_setting(&rules_.compound.permit);
    } else if (key == "COMPOUNDFORBIDFLAG") {
      s = flag_setting(&rules_.compound.forbid);
    } else if (key == "FORCEUCASE") {
      s = flag_setting(&rules_.compound.force_ucase);
    } else if (key == "COMPOUNDMIN") {
      // Hunspell: atoi, at least 1.
      const std::optional<uint64_t> n = LeadingNumber(arg);
      if (!n) return Error(line, "COMPOUNDMIN needs a number");
      rules_.compound.min_part =
          static_cast<uint32_t>(std::clamp<uint64_t>(*n, 1, 255));
    } else if (key == "COMPOUNDWORDMAX") {
      const std::optional<uint64_t> n = LeadingNumber(arg);
      if (!n) return Error(line, "COMPOUNDWORDMAX needs a number");
      rules_.compound.max_parts =
          static_cast<uint32_t>(std::min<uint64_t>(*n, 255));
    } else if (key == "CHECKCOMPOUNDCASE") {
      rules_.compound.check_case = true;
    } else if (key == "CHECKCOMPOUNDDUP") {
      rules_.compound.check_dup = true;
    } else if (key == "CHECKCOMPOUNDTRIPLE") {
      rules_.compound.check_triple = true;
    } else if (key == "CHECKCOMPOUNDREP") {
      rules_.compound.check_rep = true;
    } else if (key == "SIMPLIFIEDTRIPLE") {
      rules_.compound.simplified_triple = true;
    } else if (key == "COMPOUNDROOT") {
      s = flag_setting(&rules_.compound.root);
    } else if (key == "COMPOUNDSYLLABLE") {
      // COMPOUNDSYLLABLE max [vowels] (Hunspell: atoi, then the vowels
      // as written, "AEIOUaeiou" when absent).
      const std::optional<uint64_t> n = LeadingNumber(arg);
      if (!n) return Error(line, "COMPOUNDSYLLABLE needs a number");
      rules_.compound.max_syllables =
          static_cast<uint32_t>(std::min<uint64_t>(*n, 255));
      const std::string_view vowels =
          f.size() >= 3 ? f[2] : std::string_view("AEIOUaeiou");
      s = Decode(line, vowels, &rules_.compound.vowels);
    } else if (key == "SYLLABLENUM" || key == "COMPOUNDMORESUFFIXES" ||
               key == "ONLYMAXDIFF" || key == "COMPOUNDMAXDIFF") {
      std::vector<std::string>& u = rules_.compound.unsupported;
      if (std::find(u.begin(), u.end(), key) == u.end()) u.emplace_back(key);
    } else if (key == "COMPOUNDRULE") {
      // The first line gives the count; each later one is a pattern
      // (Hunspell reads the count's lines; a stray line is a pattern too).
      rules_.compounding = true;
      if (!seen_compound_rule_header_) {
        seen_compound_rule_header_ = true;
      } else if (!arg.empty()) {
        ParseCompoundRule(line, arg);
      }
    } else if (key == "CHECKCOMPOUNDPATTERN") {
      if (!seen_pattern_header_) {
        seen_pattern_header_ = true;
      } else if (f.size() >= 3) {
        s = ParseCompoundPattern(line, f);
      }
    }
    if (!s.ok()) return s;
  }
  SortUnique(&rules_.compound_flags);
  return Status::Ok();
}

std::u32string Reversed(std::u32string s) {
  std::reverse(s.begin(), s.end());
  return s;
}

void AffixParser::Mirror() {
  for (auto* classes : {&rules_.prefixes, &rules_.suffixes}) {
    for (auto& [flag, entries] : *classes) {
      for (AffixEntry& e : entries) {
        e.strip = Reversed(std::move(e.strip));
        e.append = Reversed(std::move(e.append));
        e.condition.Reverse();
      }
    }
  }
  std::swap(rules_.prefixes, rules_.suffixes);
}

StatusOr<AffixRules> AffixParser::Parse() {
  if (Status s = ParseSettings(); !s.ok()) return s;
  if (Status s = ParseAliases(); !s.ok()) return s;
  if (Status s = ParseRest(); !s.ok()) return s;
  if (rules_.complex_prefixes) Mirror();
  return std::move(rules_);
}

}  // namespace

bool AffixEntry::Continues(AffixFlag f) const {
  return std::binary_search(continuation.begin(), continuation.end(), f);
}

void AffixRules::Warn(std::string message) {
  ++warning_count;
  if (warnings.size() < kMaxWarnings) warnings.push_back(std::move(message));
}

bool AffixRules::DecodeFlags(std::string_view field,
                             std::vector<AffixFlag>* out) const {
  out->clear();
  bool ok = true;
  if (!aliases.empty()) {
    const std::optional<uint64_t> index = LeadingNumber(field);
    if (!index || *index == 0 || *index > aliases.size()) return false;
    *out = aliases[*index - 1];
    return true;
  }
  ok = DecodeRawFlags(flag_mode, field, out);
  SortUnique(out);
  return ok;
}

AffixFlag AffixRules::DecodeFlag(std::string_view field) const {
  if (field.empty()) return 0;
  std::vector<AffixFlag> flags;
  switch (flag_mode) {
    case FlagMode::kChar:
      return static_cast<unsigned char>(field[0]);
    case FlagMode::kLong:
      if (field.size() < 2) return 0;
      DecodeRawFlags(flag_mode, field.substr(0, 2), &flags);
      break;
    case FlagMode::kNum:
      DecodeRawFlags(flag_mode, field.substr(0, field.find(',')), &flags);
      break;
    case FlagMode::kUtf8:
      DecodeRawFlags(flag_mode, field, &flags);
      break;
  }
  return flags.empty() ? 0 : flags.front();
}

StatusOr<AffixRules> ParseAffixFile(std::string_view bytes,
                                    std::string_view name) {
  return AffixParser(bytes, name).Parse();
}

}  // namespace spellfilter
