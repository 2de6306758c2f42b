#include "core/dictionary/affix_lookup.h"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <algorithm>

#include "core/text/letter_case.h"

namespace spellfilter {

// The probes of one call: the stem being probed, encoded once, and, when
// counting (CountProbes), the number of accepting probes instead of
// answers. Kept per thread, so calls allocate nothing once warm.
struct AffixLookup::Probe {
  const BloomFilter* filter = nullptr;
  const StemFilter* stem_filter = nullptr;
  bool stem_present = true;  // the STEMS section may hold the stem
  bool mirrored = false;  // COMPLEXPREFIXES: stems are reversed
  bool counting = false;
  // AcceptsUpperStem: each stem is probed in upper case.
  bool upper_stems = false;
  size_t count = 0;
  std::string stem8;
  std::string key;
  std::u32string stems[3];  // scratch for nested strips
  std::u32string word;
  // When has_word8: `word` in UTF-8 (as the caller gave it), and the byte
  // offset of each of its characters (offsets[word.size()] is the end),
  // so that a stem made of the word's head or tail and a strip string is
  // copied from bytes instead of encoded character by character.
  bool has_word8 = false;
  std::string_view word8;
  std::vector<uint32_t> offsets;

  // The stems of this call made of the word's bytes, by a key naming
  // how (Key below), most recent last (a ring): several rules often yield
  // the same stem (the same append and strip strings, other flags), which
  // then costs no second STEMS probe nor homonym probe, and a stem the
  // STEMS section turned away is not even built again.
  struct Seen {
    uint64_t key = 0;
    bool present = false;
    int8_t second = -1;  // homonym 1 exists: -1 not asked yet, 0, 1
  };
  static constexpr size_t kSeen = 8;
  Seen seen[kSeen];
  size_t seen_count = 0, seen_next = 0;
  Seen* current = nullptr;  // stem8's entry; null when not remembered

  // The key of a stem made of the word's first (kind 0) or last (kind 1)
  // `chars` characters and the strip string `strip_id`; never 0.
  static uint64_t Key(uint64_t kind, size_t chars, uint32_t strip_id) {
    return (kind + 1) << 62 | uint64_t{static_cast<uint32_t>(chars)} << 30 |
           (strip_id & 0x3FFFFFFFu);
  }

  void Start(const BloomFilter* f, const StemFilter* s, bool mirror,
             bool count_probes) {
    filter = f;
    stem_filter = s;
    mirrored = mirror;
    counting = count_probes;
    upper_stems = false;
    count = 0;
    has_word8 = false;
    seen_count = 0;
    seen_next = 0;
    current = nullptr;
  }
  // word = `utf8` decoded (false for invalid UTF-8), with its offsets. The
  // stems remembered are forgotten: they were made of another word.
  bool SetWord(std::string_view utf8) {
    word.clear();
    offsets.clear();
    has_word8 = false;
    seen_count = 0;
    seen_next = 0;
    current = nullptr;
    const auto* p = reinterpret_cast<const uint8_t*>(utf8.data());
    const int32_t n = static_cast<int32_t>(utf8.size());
    for (int32_t i = 0; i < n;) {
      offsets.push_back(static_cast<uint32_t>(i));
      UChar32 c;
      U8_NEXT(p, i, n, c);
      if (c < 0) return false;
      word.push_back(static_cast<char32_t>(c));
    }
    offsets.push_back(static_cast<uint32_t>(utf8.size()));
    word8 = utf8;
    has_word8 = true;
    return true;
  }
  // Whether `w` is the word whose bytes are known (not a nested stem).
  bool IsWord(std::u32string_view w) const {
    return has_word8 && !mirrored && w.data() == word.data() &&
           w.size() == word.size();
  }
  // The bytes of word[from, to).
  std::string_view Bytes(size_t from, size_t to) const {
    return word8.substr(offsets[from], offsets[to] - offsets[from]);
  }

  // The stem head + tail (a word's rest and an affix's strip string),
  // encoded once for the probes that follow.
  void SetStem(std::u32string_view head, std::u32string_view tail = {}) {
    stem8.clear();
    if (mirrored) {
      Append(tail, true);
      Append(head, true);
    } else {
      Append(head, false);
      Append(tail, false);
    }
    const bool hidden = !upper_stems || Upper();
    current = nullptr;
    stem_present = counting || (hidden && stem_filter->MayContain(stem8));
  }
  // The stem a + b + c (UTF-8 pieces); `key` (Key) names it among the
  // stems of this word, 0 when it is not to be remembered.
  void SetStem8(uint64_t key, std::string_view a, std::string_view b,
                std::string_view c = {}) {
    current = nullptr;
    if (counting) {
      stem_present = true;
    } else if (key != 0) {
      for (size_t i = 1; i <= seen_count; ++i) {
        Seen& s = seen[(seen_next + kSeen - i) % kSeen];
        if (s.key == key) {
          current = &s;
          stem_present = s.present;
          break;
        }
      }
      if (current != nullptr && !stem_present) return;  // nothing to probe
    }
    stem8.assign(a);
    stem8.append(b);
    stem8.append(c);
    const bool hidden = !upper_stems || Upper();
    if (counting || current != nullptr) return;
    stem_present = hidden && stem_filter->MayContain(stem8);
    if (key == 0) return;
    Seen& s = seen[seen_next];
    seen_next = (seen_next + 1) % kSeen;
    if (seen_count < kSeen) ++seen_count;
    s.key = key;
    s.present = stem_present;
    s.second = -1;
    current = &s;
  }
  // stem8 in upper case, letter by letter (UTF-8 in, UTF-8 out). Returns
  // whether the stem as it was (Capitalised) may be a hidden homonym:
  // Hunspell adds none when an entry is spelt so (hashmgr.cxx, add_word:
  // "remove hidden onlyupcase homonym"; PM/S beside Pm: PMS is wrong),
  // so not when it is a word of the dictionary.
  bool Upper() {
    const bool hidden = !filter->MayContain(stem8);
    upper.clear();
    const auto* p = reinterpret_cast<const uint8_t*>(stem8.data());
    const int32_t n = static_cast<int32_t>(stem8.size());
    for (int32_t i = 0; i < n;) {
      UChar32 c;
      U8_NEXT(p, i, n, c);
      if (c < 0) return false;  // not reached: stems are valid UTF-8
      AppendUtf8(UpperLetter(static_cast<char32_t>(c), false), &upper);
    }
    stem8.swap(upper);
    return hidden;
  }
  std::string upper;  // Upper's scratch
  void Append(std::u32string_view s, bool reversed) {
    for (size_t i = 0; i < s.size(); ++i) {
      const char32_t c = s[reversed ? s.size() - 1 - i : i];
      if (c < 0x80) {
        stem8.push_back(static_cast<char>(c));
      } else {
        AppendUtf8(c, &stem8);
      }
    }
  }
  // Whether homonym h of the stem carries `flag`; an accepting probe.
  bool Has(size_t h, uint32_t flag) {
    if (counting) {
      ++count;
      return false;
    }
    if (!stem_present) return false;
    key.clear();
    AppendFlagKey(stem8, static_cast<uint8_t>(h), flag, &key);
    return filter->MayContain(key);
  }
  // Whether the stem has homonym h >= 1 (its homonym key).
  bool HasHomonym(size_t h) {
    if (h == 1 && current != nullptr && current->second >= 0) {
      return current->second != 0;
    }
    key.clear();
    AppendFlagKey(stem8, static_cast<uint8_t>(h), kHomonymKeyFlag, &key);
    const bool has = filter->MayContain(key);
    if (h == 1 && current != nullptr) current->second = has ? 1 : 0;
    return has;
  }
  // Whether pred(h) holds for a homonym h of the stem. Homonym h >= 1 is
  // tried only when its homonym key says it exists.
  template <typename Pred>
  bool AnyHomonym(Pred pred) {
    if (!stem_present) return false;
    for (size_t h = 0; h < kMaxHomonyms; ++h) {
      if (h > 0) {
        if (counting) return false;
        if (!HasHomonym(h)) return false;
      }
      if (pred(h)) return true;
    }
    return false;
  }
};

namespace {

std::vector<std::u32string_view> Appends(const std::vector<AffixRule>& rules) {
  std::vector<std::u32string_view> appends;
  appends.reserve(rules.size());
  for (const AffixRule& r : rules) appends.push_back(r.append);
  return appends;
}

void AddLength(std::vector<size_t>* lengths, size_t n) {
  if (std::find(lengths->begin(), lengths->end(), n) == lengths->end()) {
    lengths->push_back(n);
    std::sort(lengths->begin(), lengths->end());
  }
}

}  // namespace

AffixLookup::AffixLookup(const AffixTable& table, const BloomFilter& filter,
                         const StemFilter& stems)
    : table_(table),
      filter_(filter),
      stems_(stems),
      suffixes_(Appends(table.suffixes), AffixIndex::From::kEnd),
      prefixes_(Appends(table.prefixes), AffixIndex::From::kStart) {
  // Suffix flag -> the suffixes that continue with it, in index order.
  std::unordered_map<uint32_t, std::vector<uint32_t>> inner;
  for (uint32_t i = 0; i < table.suffixes.size(); ++i) {
    for (uint32_t c : table.suffixes[i].continuation) {
      if (c == 0) continue;  // no class (Continues(0) is false)
      std::vector<uint32_t>& v = inner[c];
      if (v.empty() || v.back() != i) v.push_back(i);
    }
  }
  // Only flags that are suffix classes make twofold suffixes.
  std::erase_if(inner, [&](const auto& kv) {
    return std::none_of(table.suffixes.begin(), table.suffixes.end(),
                        [&](const AffixRule& s) { return s.flag == kv.first; });
  });
  for (const auto& [flag, rules] : inner) {
    // Each inner index names its entries by their place in the table, as
    // suffixes_ does: the appends of the others are left empty and out.
    std::vector<bool> in(table.suffixes.size());
    for (uint32_t i : rules) in[i] = true;
    inner_.emplace(flag, AffixIndex(Appends(table.suffixes), in,
                                    AffixIndex::From::kEnd));
  }
  // Strip strings are numbered by content, prefixes' and suffixes' alike.
  std::unordered_map<std::u32string, uint32_t> strip_ids;
  const auto facts = [&](const std::vector<AffixRule>& rules, bool suffix) {
    std::vector<RuleFacts> out(rules.size());
    for (size_t i = 0; i < rules.size(); ++i) {
      const AffixRule& r = rules[i];
      RuleFacts& f = out[i];
      // Not used when mirrored (COMPLEXPREFIXES stems are encoded from
      // their characters, reversed).
      for (char32_t c : r.strip) AppendUtf8(c, &f.strip8);
      f.strip_id = strip_ids.try_emplace(r.strip, strip_ids.size()).first->second;
      if (suffix) {
        // Condition of L patterns on a stem ending with the S characters
        // of the strip string: the last min(L, S) patterns fall on it.
        const size_t l = r.condition.size(), on_strip = std::min(l, r.strip.size());
        f.strip_fits = r.condition.MatchesEndPart(r.strip, l - on_strip, on_strip);
        f.rest_patterns = static_cast<uint32_t>(l - on_strip);
      }
      f.bits = (r.Continues(table.need_affix) ? kNeed : 0) |
               (r.Continues(table.circumfix) ? kCirc : 0) |
               (r.Continues(table.only_in_compound) ? kOic : 0) |
               (suffix && inner_.contains(r.flag) ? kOuter : 0);
    }
    return out;
  };
  suffix_facts_ = facts(table.suffixes, true);
  prefix_facts_ = facts(table.prefixes, false);
  for (uint32_t i = 0; i < table.iconv.size(); ++i) {
    iconv_.try_emplace(table.iconv[i].first, i);  // the first pair wins
    AddLength(&iconv_lengths_, table.iconv[i].first.size());
    if (table.iconv[i].first.empty()) {
      iconv_first_.fill(true);  // not written by the import; stay exact
    } else {
      iconv_first_[static_cast<uint8_t>(table.iconv[i].first[0])] = true;
    }
  }
  std::reverse(iconv_lengths_.begin(), iconv_lengths_.end());  // longest first
}

template <typename Visit>
bool AffixLookup::ForSuffixes(const AffixIndex& index, std::u32string_view word,
                              Visit visit) const {
  size_t tried = 0;
  bool found = false;
  index.ForEach(word, [&](uint32_t i) {
    if (++tried > kMaxAffixCandidates) return true;  // capped: stop
    found = visit(table_.suffixes[i], suffix_facts_[i]);
    return found;
  });
  return found;
}

template <typename Visit>
bool AffixLookup::ForPrefixes(std::u32string_view word, Visit visit) const {
  size_t tried = 0;
  bool found = false;
  prefixes_.ForEach(word, [&](uint32_t i) {
    if (++tried > kMaxAffixCandidates) return true;  // capped: stop
    found = visit(table_.prefixes[i], prefix_facts_[i]);
    return found;
  });
  return found;
}

bool AffixLookup::FitsSuffix(const AffixRule& s, const RuleFacts& f,
                             std::u32string_view word) const {
  const size_t rest = word.size() - s.append.size();
  if (rest == 0 && !table_.fullstrip) return false;
  // The condition on rest + strip (MatchesEnd), with the patterns on the
  // strip string tested when the rules were loaded.
  if (rest + s.strip.size() == 0 || !f.strip_fits) return false;
  return f.rest_patterns == 0 ||
         s.condition.MatchesEndPart(word.substr(0, rest), 0, f.rest_patterns);
}

bool AffixLookup::StripSuffix(const AffixRule& s, const RuleFacts& f,
                              std::u32string_view word,
                              std::u32string* stem) const {
  if (!FitsSuffix(s, f, word)) return false;
  const size_t rest = word.size() - s.append.size();
  stem->assign(word.substr(0, rest));
  stem->append(s.strip);
  return true;
}

bool AffixLookup::StripPrefix(const AffixRule& p, std::u32string_view word,
                              std::u32string* stem) const {
  const size_t rest = word.size() - p.append.size();
  if (rest == 0 && !table_.fullstrip) return false;
  if (rest + p.strip.size() == 0 ||
      !p.condition.MatchesStart(p.strip, word.substr(p.append.size()))) {
    return false;
  }
  stem->assign(p.strip);
  stem->append(word.substr(p.append.size()));
  return true;
}

// Hunspell's suffix_check without a prefix: the suffix must not need
// another affix, be a circumfix half or be only for compounds.
bool AffixLookup::SuffixOnly(std::u32string_view word, Probe& probe) const {
  const bool bytes = probe.IsWord(word);
  return ForSuffixes(suffixes_, word, [&](const AffixRule& s,
                                          const RuleFacts& f) {
    if ((f.bits & (kNeed | kCirc | kOic)) || !FitsSuffix(s, f, word)) {
      return false;
    }
    const size_t rest = word.size() - s.append.size();
    if (bytes) {
      probe.SetStem8(Probe::Key(0, rest, f.strip_id), probe.Bytes(0, rest),
                     f.strip8);
    } else {
      probe.SetStem(word.substr(0, rest), s.strip);
    }
    return probe.AnyHomonym([&](size_t h) { return probe.Has(h, s.flag); });
  });
}

// suffix_check_twosfx: the outer suffix s2 is stripped first; the inner
// one must continue with s2's class (walked in s2's inner index), and
// its NEEDAFFIX is met by s2. visit(s1) with the probe on s1's stem.
template <typename Visit>
bool AffixLookup::ForTwofoldSuffixes(std::u32string_view word, Probe& probe,
                                     Visit visit) const {
  std::u32string& stem1 = probe.stems[1];
  return ForSuffixes(suffixes_, word, [&](const AffixRule& s2,
                                          const RuleFacts& f2) {
    if (!(f2.bits & kOuter) || !StripSuffix(s2, f2, word, &stem1)) return false;
    const AffixIndex& inner = inner_.find(s2.flag)->second;
    return ForSuffixes(inner, stem1, [&](const AffixRule& s1,
                                         const RuleFacts& f1) {
      if ((f1.bits & (kCirc | kOic)) || !FitsSuffix(s1, f1, stem1)) return false;
      probe.SetStem(
          std::u32string_view(stem1).substr(0, stem1.size() - s1.append.size()),
          s1.strip);
      return visit(s1);
    });
  });
}

bool AffixLookup::TwofoldSuffix(std::u32string_view word, Probe& probe) const {
  return ForTwofoldSuffixes(word, probe, [&](const AffixRule& s1) {
    return probe.AnyHomonym([&](size_t h) { return probe.Has(h, s1.flag); });
  });
}

// prefix_check, and the cross products PfxEntry::checkword tries when the
// prefix alone finds no stem. The prefix's condition is tested on the
// word without the prefix, before the suffix is stripped, as Hunspell does.
bool AffixLookup::PrefixAndCross(std::u32string_view word,
                                 Probe& probe) const {
  std::u32string& rest = probe.stems[2];
  const bool bytes = probe.IsWord(word);
  return ForPrefixes(word, [&](const AffixRule& p, const RuleFacts& pf) {
    if (Oic(pf) || !StripPrefix(p, word, &rest)) return false;
    if (!Need(pf)) {
      if (bytes) {
        probe.SetStem8(
            Probe::Key(1, word.size() - p.append.size(), pf.strip_id),
            pf.strip8, probe.Bytes(p.append.size(), word.size()));
      } else {
        probe.SetStem(rest);
      }
      if (probe.AnyHomonym([&](size_t h) { return probe.Has(h, p.flag); })) {
        return true;
      }
    }
    if (!p.cross_product) return false;
    return ForSuffixes(suffixes_, rest, [&](const AffixRule& s,
                                            const RuleFacts& sf) {
      if (!s.cross_product || Circ(sf) != Circ(pf) || Oic(sf) ||
          (Need(sf) && Need(pf)) || !FitsSuffix(s, sf, rest)) {
        return false;
      }
      const bool s_by_p = p.Continues(s.flag);
      const bool p_by_s = s.Continues(p.flag);
      if (s_by_p && p_by_s) return false;  // no flag of the stem to test
      const size_t keep = rest.size() - s.append.size();
      if (bytes && keep >= p.strip.size()) {
        // p's strip string, the word's middle, s's strip string.
        probe.SetStem8(0, pf.strip8,
                       probe.Bytes(p.append.size(),
                                   p.append.size() + keep - p.strip.size()),
                       sf.strip8);
      } else {
        probe.SetStem(std::u32string_view(rest).substr(0, keep), s.strip);
      }
      return probe.AnyHomonym([&](size_t h) {
        return (s_by_p || probe.Has(h, s.flag)) &&
               (p_by_s || probe.Has(h, p.flag));
      });
    });
  });
}

// prefix_check_twosfx: a prefix (cross product) with a twofold suffix.
// An outer suffix that continues with the prefix's class enables it, and
// the inner suffix is then checked as without a prefix; otherwise the
// inner suffix and the prefix form a cross product.
template <typename Visit>
bool AffixLookup::ForPrefixTwofolds(std::u32string_view word, Probe& probe,
                                    bool only_in_compound_prefixes,
                                    Visit visit) const {
  std::u32string& rest = probe.stems[2];
  std::u32string& stem1 = probe.stems[1];
  std::u32string& stem = probe.stems[0];
  return ForPrefixes(word, [&](const AffixRule& p, const RuleFacts& pf) {
    if ((Oic(pf) && !only_in_compound_prefixes) || !p.cross_product ||
        !StripPrefix(p, word, &rest)) {
      return false;
    }
    return ForSuffixes(suffixes_, rest, [&](const AffixRule& s2,
                                            const RuleFacts& f2) {
      if (!s2.cross_product || !(f2.bits & kOuter) ||
          !StripSuffix(s2, f2, rest, &stem1)) {
        return false;
      }
      const bool enabled = s2.Continues(p.flag);
      const AffixIndex& inner = inner_.find(s2.flag)->second;
      return ForSuffixes(inner, stem1, [&](const AffixRule& s1,
                                           const RuleFacts& f1) {
        if (Oic(f1) || !StripSuffix(s1, f1, stem1, &stem)) return false;
        if (enabled) {
          if (Circ(f1)) return false;
          probe.SetStem(stem);
          return visit(p, s2, s1, PrefixTwofoldNeeds{true, false});
        }
        if (!s1.cross_product || Circ(f1) != Circ(pf)) return false;
        const bool s_by_p = p.Continues(s1.flag);
        const bool p_by_s = s1.Continues(p.flag);
        if (s_by_p && p_by_s) return false;
        probe.SetStem(stem);
        return visit(p, s2, s1, PrefixTwofoldNeeds{!s_by_p, !p_by_s});
      });
    });
  });
}

bool AffixLookup::PrefixTwofold(std::u32string_view word, Probe& probe) const {
  return ForPrefixTwofolds(
      word, probe, false,
      [&](const AffixRule& p, const AffixRule&, const AffixRule& s1,
          PrefixTwofoldNeeds n) {
        return probe.AnyHomonym([&](size_t h) {
          return (!n.inner || probe.Has(h, s1.flag)) &&
                 (!n.prefix || probe.Has(h, p.flag));
        });
      });
}

bool AffixLookup::Analyze(std::u32string_view word, Probe& probe) const {
  if (SuffixOnly(word, probe) || PrefixAndCross(word, probe)) return true;
  return !inner_.empty() &&
         (TwofoldSuffix(word, probe) || PrefixTwofold(word, probe));
}

bool AffixLookup::Convert(std::string_view word, std::string* out) const {
  if (table_.iconv.empty() && table_.ignore.empty()) return false;
  if (table_.ignore.empty() &&
      std::none_of(word.begin(), word.end(), [this](char c) {
        return iconv_first_[static_cast<uint8_t>(c)];
      })) {
    return false;  // no pattern starts anywhere: nothing to convert
  }
  out->clear();
  bool changed = false;
  for (size_t i = 0; i < word.size();) {
    if (!iconv_first_[static_cast<uint8_t>(word[i])]) {
      out->push_back(word[i]);
      ++i;
      continue;
    }
    // The longest pattern that starts here, as Hunspell's RepList::conv
    // (patterns indexed by their bytes, tried longest first: ko has 11,173).
    const std::string* to = nullptr;
    size_t matched = 0;
    for (size_t n : iconv_lengths_) {
      if (n > word.size() - i) continue;
      const auto it = iconv_.find(word.substr(i, n));
      if (it != iconv_.end()) {
        to = &table_.iconv[it->second].second;
        matched = n;
        break;
      }
    }
    if (to != nullptr) {
      out->append(*to);
      i += matched;
      changed = true;
    } else {
      out->push_back(word[i]);
      ++i;
    }
  }
  if (!table_.ignore.empty()) {
    std::u32string decoded;
    if (DecodeUtf8(*out, &decoded)) {
      const size_t before = decoded.size();
      std::erase_if(decoded, [&](char32_t c) {
        return table_.ignore.find(c) != std::u32string::npos;
      });
      if (decoded.size() != before) {
        *out = EncodeUtf8(decoded);
        changed = true;
      }
    }
  }
  return changed && *out != word;
}

namespace {

// NFC of `in` into *out; false when it is NFC already (or on an error).
bool Nfc(std::string_view in, std::string* out) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status)) return false;
  const icu::UnicodeString s = icu::UnicodeString::fromUTF8(
      icu::StringPiece(in.data(), static_cast<int32_t>(in.size())));
  if (nfc->isNormalized(s, status) || U_FAILURE(status)) return false;
  const icu::UnicodeString n = nfc->normalize(s, status);
  if (U_FAILURE(status)) return false;
  out->clear();
  n.toUTF8String(*out);
  return true;
}

}  // namespace

bool AffixLookup::AnalyzeForm(std::string_view word, Probe& probe) const {
  if (!probe.SetWord(word)) return false;
  if (table_.complex_prefixes) {
    std::reverse(probe.word.begin(), probe.word.end());
  }
  // Analyze changes only the probe's stems, not its word.
  if (!Analyze(probe.word, probe)) return false;
  // A forbidden word is no word, whatever the analysis found: asked only
  // of the words the analysis accepts (the same answer, a probe fewer for
  // the rest).
  if (table_.forbidden != 0) {
    probe.key.clear();
    AppendForbiddenKey(word, &probe.key);
    if (filter_.MayContain(probe.key)) return false;
  }
  return true;
}

bool AffixLookup::Accepts(std::string_view word) const {
  thread_local Probe probe;
  thread_local std::string converted;
  thread_local std::string normalized;
  probe.Start(&filter_, &stems_, table_.complex_prefixes, false);
  if (!Convert(word, &converted)) {
    return table_.has_rules() && AnalyzeForm(word, probe);
  }
  // The converted word as ICONV wrote it (Korean's Jamo, as its .dic has
  // them: the stems' keys are kept in that form too) and in NFC.
  const bool composed = Nfc(converted, &normalized);
  if (filter_.MayContain(converted) ||
      (composed && filter_.MayContain(normalized))) {
    return true;
  }
  if (!table_.has_rules()) return false;
  return AnalyzeForm(converted, probe) ||
         (composed && AnalyzeForm(normalized, probe));
}

bool AffixLookup::AcceptsUpperStem(std::string_view word) const {
  if (!table_.has_rules() || table_.complex_prefixes) return false;
  thread_local Probe probe;
  probe.Start(&filter_, &stems_, false, false);
  probe.upper_stems = true;
  return AnalyzeForm(word, probe);
}

bool AffixLookup::AcceptsPart(std::string_view part, uint32_t role) const {
  const AffixTable& t = table_;
  const uint32_t role_flag = role == 0   ? t.compound_begin
                             : role == 1 ? t.compound_middle
                                         : t.compound_end;
  if (!t.has_rules() || t.complex_prefixes ||
      (t.compound_flag == 0 && role_flag == 0)) {
    return false;
  }
  thread_local Probe probe;
  probe.Start(&filter_, &stems_, false, false);
  if (!probe.SetWord(part)) return false;
  const bool last = role == 2;
  auto continues = [&](const AffixRule& r) {
    return r.Continues(t.compound_flag) || r.Continues(role_flag);
  };
  // Homonym h carries flag f; `bit` selects an ONLYINCOMPOUND entry's keys.
  auto stem_has_role = [&](size_t h, uint32_t bit) {
    return (t.compound_flag != 0 && probe.Has(h, t.compound_flag | bit)) ||
           (role_flag != 0 && probe.Has(h, role_flag | bit));
  };
  auto entry_fits = [&](size_t h, uint32_t flag, bool by_affix) {
    for (uint32_t bit : {0u, kOnlyInCompoundKeyBit}) {
      if (probe.Has(h, flag | bit) && (by_affix || stem_has_role(h, bit))) {
        return true;
      }
    }
    return false;
  };
  const std::u32string& word = probe.word;
  if (ForSuffixes(suffixes_, word, [&](const AffixRule& s,
                                       const RuleFacts& f) {
        if (Need(f) || Circ(f)) return false;
        if (!last && (!s.Continues(t.compound_permit) ||
                      s.Continues(t.compound_forbid))) {
          return false;
        }
        if (!FitsSuffix(s, f, word)) return false;
        const size_t rest = word.size() - s.append.size();
        probe.SetStem8(Probe::Key(0, rest, f.strip_id), probe.Bytes(0, rest),
                       f.strip8);
        const bool by_affix = continues(s);
        return probe.AnyHomonym(
            [&](size_t h) { return entry_fits(h, s.flag, by_affix); });
      })) {
    return true;
  }
  // Twofold suffixes on the last part (Hunspell's affix_check there tries
  // suffix_check_twosfx): the inner suffix as outside compounds (not
  // ONLYINCOMPOUND, nor on such a stem), the role's flag on the stem or
  // the inner suffix.
  if (last && !inner_.empty() &&
      ForTwofoldSuffixes(word, probe, [&](const AffixRule& s1) {
        const bool by_affix = continues(s1);
        return probe.AnyHomonym([&](size_t h) {
          return probe.Has(h, s1.flag) && (by_affix || stem_has_role(h, 0));
        });
      })) {
    return true;
  }
  // A prefix with a twofold suffix on the last part (Hungarian
  // napfelbontással = nap + fel + bont + ás + sal): Hunspell's affix_check
  // there ends with prefix_check_twosfx, called as outside compounds, so
  // the prefix needs no COMPOUNDPERMITFLAG and the stem no ONLYINCOMPOUND;
  // the role's flag on the stem or the inner suffix (SfxEntry::checkword's
  // needflag), no COMPOUNDFORBIDFLAG on the prefix or the inner suffix
  // (compound_check tests pfx and sfx, the outer suffix not).
  if (last && !inner_.empty() &&
      ForPrefixTwofolds(
          word, probe, true,
          [&](const AffixRule& p, const AffixRule&, const AffixRule& s1,
          PrefixTwofoldNeeds n) {
            if (p.Continues(t.compound_forbid) ||
                s1.Continues(t.compound_forbid)) {
              return false;
            }
            const bool by_affix = continues(s1);
            return probe.AnyHomonym([&](size_t h) {
              return (!n.inner || probe.Has(h, s1.flag)) &&
                     (!n.prefix || probe.Has(h, p.flag)) &&
                     (by_affix || stem_has_role(h, 0));
            });
          })) {
    return true;
  }
  std::u32string& stem = probe.stems[0];
  return ForPrefixes(word, [&](const AffixRule& p, const RuleFacts& f) {
    if (p.Continues(t.compound_forbid)) return false;
    if (last && !p.Continues(t.compound_permit)) return false;
    if (!StripPrefix(p, word, &stem)) return false;
    if (!Need(f)) {
      probe.SetStem8(Probe::Key(1, word.size() - p.append.size(), f.strip_id),
                     f.strip8, probe.Bytes(p.append.size(), word.size()));
      const bool by_affix = continues(p);
      if (probe.AnyHomonym(
              [&](size_t h) { return entry_fits(h, p.flag, by_affix); })) {
        return true;
      }
    }
    // The prefix's cross products, as Hunspell's prefix_check on a part
    // tries them (PfxEntry::checkword, then suffix_check with the prefix):
    // the suffix as on a part of this role (COMPOUNDPERMITFLAG before the
    // last part), the needed flag on the stem or the suffix (Hungarian
    // alá + húz + ás, the first part of aláhúzásjel).
    if (!p.cross_product) return false;
    return ForSuffixes(suffixes_, stem, [&](const AffixRule& s,
                                            const RuleFacts& sf) {
      if (!s.cross_product || Circ(sf) != Circ(f) || (Need(sf) && Need(f)) ||
          !FitsSuffix(s, sf, stem)) {
        return false;
      }
      if (!last && (!s.Continues(t.compound_permit) ||
                    s.Continues(t.compound_forbid))) {
        return false;
      }
      const bool s_by_p = p.Continues(s.flag);
      const bool p_by_s = s.Continues(p.flag);
      if (s_by_p && p_by_s) return false;  // no flag of the stem to test
      probe.SetStem(
          std::u32string_view(stem).substr(0, stem.size() - s.append.size()),
          s.strip);
      const bool by_affix = continues(s);
      return probe.AnyHomonym([&](size_t h) {
        for (uint32_t bit : {0u, kOnlyInCompoundKeyBit}) {
          if ((s_by_p || probe.Has(h, s.flag | bit)) &&
              (p_by_s || probe.Has(h, p.flag | bit)) &&
              (by_affix || stem_has_role(h, bit))) {
            return true;
          }
        }
        return false;
      });
    });
  });
}

void AffixLookup::InHunspellOrder(const AffixIndex& index,
                                  const std::vector<AffixRule>& rules,
                                  std::u32string_view word,
                                  std::vector<uint32_t>* out) {
  out->clear();
  index.ForEach(word, [&](uint32_t i) {
    out->push_back(i);
    return out->size() >= kMaxAffixCandidates;
  });
  // One node of the index per append string, visited shortest first: a
  // run of equal lengths is one append string, which Hunspell's lists
  // (affixmgr.cxx, build_sfxtree / process_sfx_in_order, and the same
  // for prefixes) hold in reverse file order.
  for (size_t b = 0; b < out->size();) {
    size_t e = b + 1;
    const size_t length = rules[(*out)[b]].append.size();
    while (e < out->size() && rules[(*out)[e]].append.size() == length) ++e;
    std::reverse(out->begin() + static_cast<std::ptrdiff_t>(b),
                 out->begin() + static_cast<std::ptrdiff_t>(e));
    b = e;
  }
}

bool AffixLookup::CompoundEndStem(std::u32string_view word, Probe& probe,
                                  std::string* stem) const {
  const AffixTable& t = table_;
  // The stem as the compound parts' keys have it (NFC).
  auto found = [&]() {
    if (!Nfc(probe.stem8, stem)) stem->assign(probe.stem8);
    return true;
  };
  // Homonym h carries the affix's flag, ONLYINCOMPOUND or not.
  auto has = [&](size_t h, uint32_t flag) {
    return probe.Has(h, flag) || probe.Has(h, flag | kOnlyInCompoundKeyBit);
  };
  thread_local std::vector<uint32_t> order;
  thread_local std::vector<uint32_t> inner_order;
  // prefix_check: on the last part only prefixes with COMPOUNDPERMITFLAG.
  if (t.compound_permit != 0) {
    std::u32string& s = probe.stems[0];
    InHunspellOrder(prefixes_, t.prefixes, word, &order);
    for (uint32_t i : order) {
      const AffixRule& p = t.prefixes[i];
      if (Need(prefix_facts_[i]) || !p.Continues(t.compound_permit) ||
          !StripPrefix(p, word, &s)) {
        continue;
      }
      probe.SetStem(s);
      if (probe.AnyHomonym([&](size_t h) { return has(h, p.flag); })) {
        return found();
      }
    }
  }
  // suffix_check: Hunspell refuses an ONLYINCOMPOUND suffix on the last
  // part, except in its list of empty suffixes, which it checks apart.
  InHunspellOrder(suffixes_, t.suffixes, word, &order);
  for (uint32_t i : order) {
    const AffixRule& s = t.suffixes[i];
    const RuleFacts& f = suffix_facts_[i];
    if (Need(f) || Circ(f) || (Oic(f) && !s.append.empty()) ||
        !FitsSuffix(s, f, word)) {
      continue;
    }
    probe.SetStem(word.substr(0, word.size() - s.append.size()), s.strip);
    if (probe.AnyHomonym([&](size_t h) { return has(h, s.flag); })) {
      return found();
    }
  }
  // suffix_check_twosfx: the inner suffix as outside compounds.
  if (inner_.empty()) return false;
  std::u32string& stem1 = probe.stems[1];
  for (uint32_t i2 : order) {  // suffix_check's order again
    const AffixRule& s2 = t.suffixes[i2];
    const RuleFacts& f2 = suffix_facts_[i2];
    if (!(f2.bits & kOuter) || !StripSuffix(s2, f2, word, &stem1)) continue;
    InHunspellOrder(inner_.find(s2.flag)->second, t.suffixes, stem1,
                    &inner_order);
    for (uint32_t i1 : inner_order) {
      const AffixRule& s1 = t.suffixes[i1];
      const RuleFacts& f1 = suffix_facts_[i1];
      if ((f1.bits & (kCirc | kOic)) || !FitsSuffix(s1, f1, stem1)) continue;
      probe.SetStem(
          std::u32string_view(stem1).substr(0, stem1.size() - s1.append.size()),
          s1.strip);
      if (probe.AnyHomonym([&](size_t h) { return probe.Has(h, s1.flag); })) {
        return found();
      }
    }
  }
  return false;
}

bool AffixLookup::FirstCompoundEndStem(std::string_view part,
                                       std::string* stem) const {
  if (!table_.has_rules() || table_.complex_prefixes) return false;
  // Kept per thread as Accepts'.
  thread_local Probe probe;
  thread_local std::string converted;
  thread_local std::string normalized;
  probe.Start(&filter_, &stems_, false, false);
  // As Accepts: the converted word as ICONV wrote it and in NFC.
  const bool conv = Convert(part, &converted);
  const bool composed = conv && Nfc(converted, &normalized);
  for (const std::string_view form :
       {conv ? std::string_view(converted) : part,
        composed ? std::string_view(normalized) : std::string_view()}) {
    if (form.empty() || !probe.SetWord(form)) continue;
    if (CompoundEndStem(probe.word, probe, stem)) return true;
  }
  return false;
}

bool AffixLookup::CompoundEndSuffix(std::string_view part,
                                    CompoundEndAffixes* found) const {
  *found = CompoundEndAffixes();
  const AffixTable& t = table_;
  if (!t.has_rules() || t.complex_prefixes) return false;
  thread_local Probe probe;
  thread_local std::vector<uint32_t> order;
  thread_local std::vector<uint32_t> inner_order;
  probe.Start(&filter_, &stems_, false, false);
  if (!probe.SetWord(part)) return false;
  const std::u32string& word = probe.word;
  // Homonym h carries `flag`, ONLYINCOMPOUND or not.
  auto has = [&](size_t h, uint32_t flag) {
    return probe.Has(h, flag) || probe.Has(h, flag | kOnlyInCompoundKeyBit);
  };
  for (const uint32_t need : {t.compound_flag, t.compound_end}) {
    if (need == 0) continue;
    // prefix_check: only prefixes with COMPOUNDPERMITFLAG.
    if (t.compound_permit != 0) {
      std::u32string& stem = probe.stems[0];
      InHunspellOrder(prefixes_, t.prefixes, word, &order);
      for (uint32_t i : order) {
        const AffixRule& p = t.prefixes[i];
        if (Need(prefix_facts_[i]) || !p.Continues(t.compound_permit) ||
            !StripPrefix(p, word, &stem)) {
          continue;
        }
        probe.SetStem(stem);
        const bool by_affix = p.Continues(need);
        if (probe.AnyHomonym([&](size_t h) {
              return has(h, p.flag) && (by_affix || has(h, need));
            })) {
          found->prefix = &p;
          return true;  // no suffix: nothing to count
        }
      }
    }
    InHunspellOrder(suffixes_, t.suffixes, word, &order);
    for (uint32_t i : order) {
      const AffixRule& s = t.suffixes[i];
      const RuleFacts& f = suffix_facts_[i];
      if (Need(f) || Circ(f) || (Oic(f) && !s.append.empty()) ||
          !FitsSuffix(s, f, word)) {
        continue;
      }
      probe.SetStem(word.substr(0, word.size() - s.append.size()), s.strip);
      const bool by_affix = s.Continues(need);
      if (probe.AnyHomonym([&](size_t h) {
            return has(h, s.flag) && (by_affix || has(h, need));
          })) {
        found->suffix = &s;
        return true;
      }
    }
    if (inner_.empty()) continue;
    std::u32string& stem1 = probe.stems[1];
    for (uint32_t i2 : order) {
      const AffixRule& s2 = t.suffixes[i2];
      const RuleFacts& f2 = suffix_facts_[i2];
      if (!(f2.bits & kOuter) || !StripSuffix(s2, f2, word, &stem1)) continue;
      InHunspellOrder(inner_.find(s2.flag)->second, t.suffixes, stem1,
                      &inner_order);
      for (uint32_t i1 : inner_order) {
        const AffixRule& s1 = t.suffixes[i1];
        const RuleFacts& f1 = suffix_facts_[i1];
        if ((f1.bits & (kCirc | kOic)) || !FitsSuffix(s1, f1, stem1)) continue;
        probe.SetStem(std::u32string_view(stem1).substr(
                          0, stem1.size() - s1.append.size()),
                      s1.strip);
        // The needed flag on the stem or the inner suffix only
        // (SfxEntry::checkword of the inner one), not on an ONLYINCOMPOUND
        // stem (suffix_check's badflag outside compounds).
        const bool by_affix = s1.Continues(need);
        if (probe.AnyHomonym([&](size_t h) {
              return probe.Has(h, s1.flag) &&
                     (by_affix || probe.Has(h, need));
            })) {
          found->suffix = &s1;
          found->outer = &s2;
          return true;
        }
      }
    }
    // prefix_check_twosfx, as AcceptsPart takes it.
    const AffixRule* outer = nullptr;
    if (ForPrefixTwofolds(
            word, probe, true,
            [&](const AffixRule& p, const AffixRule& s2, const AffixRule& s1,
                PrefixTwofoldNeeds n) {
              if (p.Continues(t.compound_forbid) ||
                  s1.Continues(t.compound_forbid)) {
                return false;
              }
              const bool by_affix = s1.Continues(need);
              if (!probe.AnyHomonym([&](size_t h) {
                    return (!n.inner || probe.Has(h, s1.flag)) &&
                           (!n.prefix || probe.Has(h, p.flag)) &&
                           (by_affix || probe.Has(h, need));
                  })) {
                return false;
              }
              found->prefix = &p;
              found->suffix = &s1;
              outer = &s2;
              return true;
            })) {
      found->outer = outer;
      return true;
    }
  }
  return false;
}

size_t AffixLookup::CountProbes(std::string_view word) const {
  Probe probe;
  probe.Start(&filter_, &stems_, table_.complex_prefixes, true);
  std::u32string w;
  if (!DecodeUtf8(word, &w)) return 1;
  if (table_.complex_prefixes) std::reverse(w.begin(), w.end());
  Analyze(w, probe);
  return 1 + probe.count;
}

}  // namespace spellfilter
