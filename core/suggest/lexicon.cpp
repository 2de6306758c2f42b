#include "core/suggest/lexicon.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "core/filter/prefix_graph.h"
#include "core/suggest/edit_weights.h"
#include "core/suggest/keyboards.h"
#include "core/text/letter_case.h"

namespace spellfilter {
namespace {

// Rarity in nats is divided by this to be added to edit weights.
inline constexpr float kNatsPerEdit = EditWeights::kNatsPerUnit;

bool HasSharpS(const std::vector<char32_t>& alphabet) {
  return std::binary_search(alphabet.begin(), alphabet.end(), U'\u00DF');
}

// Mean of ln r over the ranks r in (lo, hi]: the rarity, in nats, of a word
// of a class that holds the words ranked lo+1..hi by frequency, if
// frequencies follow Zipf's law (f ~ 1/r).
double MeanLogRank(double lo, double hi) {
  auto f = [](double x) { return x > 0 ? x * std::log(x) - x : 0.0; };
  return hi > lo ? (f(hi) - f(lo)) / (hi - lo) : std::log(std::max(hi, 1.0));
}

}  // namespace

Lexicon::Lexicon(const Dictionary& d, const SuggestOptions& o)
    : dict(d),
      options(o),
      forms(d.language(), HasSharpS(d.contents().alphabet)),
      turkic(IsTurkic(d.language())) {
  options.max_edits = std::clamp(options.max_edits, 0, kMaxEdits);
  // Checked by DecodeDictionary already; a failure leaves the view empty.
  if (!d.contents().prefixes.empty()) {
    (void)PrefixFilter::Parse(d.contents().prefixes, &prefixes);
  } else if (const auto graph_section = d.contents().prefix_graph;
             graph_section.size() > kPrefixHeaderBytes) {
    // The same section as the builder would have written (checked by
    // DecodeDictionary; a failure leaves the view empty).
    PrefixGraph graph;
    auto words = std::make_shared<std::vector<uint64_t>>();
    if (PrefixGraph::Parse(graph_section.subspan(kPrefixHeaderBytes), &graph) ==
            nullptr &&
        graph.RebuildFilter(graph_section.first(kPrefixHeaderBytes),
                            words.get()) == nullptr &&
        PrefixFilter::Parse(std::as_bytes(std::span<const uint64_t>(*words)),
                            &prefixes) == nullptr) {
      rebuilt_prefixes = std::move(words);
    } else {
      prefixes = PrefixFilter();
    }
  }
  if (!d.contents().word_classes.empty()) {
    (void)WordClasses::Parse(d.contents().word_classes, &classes);
  }
  if (!d.contents().mixed_case.empty()) {
    (void)MixedCaseTable::Parse(d.contents().mixed_case, &mixed_case);
  }
  std::set<char32_t> lower;
  for (char32_t c : d.contents().alphabet) lower.insert(LowerLetter(c, turkic));
  for (char32_t c : lower) {
    if (letters.size() == kMaxLetters) break;
    letters.push_back(c);
  }
  ascii_letter.fill(-1);
  static_assert(kMaxLetters <= PrefixFilter::kMaxKeys);
  for (size_t j = 0; j < letters.size(); ++j) {
    letter_keys.Set(j, letters[j]);
    if (letters[j] < 128) ascii_letter[letters[j]] = static_cast<int>(j);
  }
  end_key = {PrefixFilter::LetterKey(
                 PrefixFilter::EndMarker(PrefixFilter::Written::kLower)),
             PrefixFilter::LetterKey(
                 PrefixFilter::EndMarker(PrefixFilter::Written::kCapitalised)),
             PrefixFilter::LetterKey(
                 PrefixFilter::EndMarker(PrefixFilter::Written::kAllUpper)),
             PrefixFilter::LetterKey(
                 PrefixFilter::EndMarker(PrefixFilter::Written::kOther))};

  // Rarity of each class code: classes ordered by value (smaller = more
  // common) hold consecutive frequency ranks.
  second_word = static_cast<float>(
      MeanLogRank(0, static_cast<double>(d.contents().words_at_build)) /
      kNatsPerEdit);
  if (!classes.empty()) {
    uint64_t total = 0;
    for (uint32_t code = 0; code < kClassCodes; ++code) {
      total += classes.ClassWords(code);
    }
    double lo = 0;
    double base = -1;
    for (uint32_t code = 1; code <= classes.class_count(); ++code) {
      const double hi = lo + static_cast<double>(classes.ClassWords(code));
      const double nats = MeanLogRank(lo, hi);
      if (base < 0) base = nats;
      prior[code] = static_cast<float>((nats - base) / kNatsPerEdit);
      lo = hi;
    }
    // A section without classes (a converted Hunspell dictionary keeps
    // one for its fingerprints) ranks nothing: the second word stays a
    // word of unknown rank in the whole list, as without the section (0
    // made every split cost only the space, above any one-word edit).
    if (base >= 0) second_word = static_cast<float>(base / kNatsPerEdit);
    // Words without a class: as a word of unknown rank in the whole list.
    prior[0] =
        base < 0
            ? 0.0f
            : static_cast<float>(std::max(0.0, MeanLogRank(0, total) - base) /
                                 kNatsPerEdit);
  }
  min_prior = *std::min_element(prior.begin(), prior.end());
  ranked = !classes.empty() && classes.class_count() >= 2;

  if (!d.contents().suggest_rules.empty()) {
    SuggestRules rules;
    if (SuggestRules::Parse(d.contents().suggest_rules, &rules) == nullptr) {
      ReadSuggestRules(rules);
    }
  }
  // Without a KEY line, the language's own keyboard where QWERTY lacks its
  // letters (keyboards.h).
  if (keyboard.empty()) keyboard = std::string(StandardKeyboard(d.language()));

  // One probe per cased letter and case, once per Suggester.
  size_t cased = 0;
  std::array<size_t, 2> listed{};
  for (const char32_t c : letters) {
    const char32_t upper = UpperLetter(c, turkic);
    if (upper == c) continue;
    ++cased;
    std::string lower_text;
    std::string upper_text;
    AppendUtf8(c, &lower_text);
    AppendUtf8(upper, &upper_text);
    listed[0] += d.Contains(lower_text);
    listed[1] += d.Contains(upper_text);
  }
  for (int f = 0; f < 2; ++f) {
    letter_names[f] = cased > 0 && listed[f] * 3 >= cased;
  }
}

void Lexicon::ReadSuggestRules(const SuggestRules& rules) {
  keyboard = rules.key;
  auto lower = [&](const std::string& text, std::u32string* out) {
    if (!DecodeUtf8(text, out) || out->empty()) return false;
    for (char32_t& c : *out) c = LowerLetter(c, turkic);
    return true;
  };
  // Each rule's index in `replacements`, by its text.
  std::map<std::pair<std::u32string, std::u32string>, size_t> seen;
  auto add = [&](Replacement r) {
    // "_" is a space in REP: two words, which the splits search covers.
    if (r.from.empty() || r.from == r.to ||
        r.to.find(U'_') != std::u32string::npos ||
        r.from.find(U'_') != std::u32string::npos) {
      return;
    }
    const auto [it, created] = seen.try_emplace(
        {r.from + (r.at_start ? U"^" : U"") + (r.at_end ? U"$" : U""), r.to},
        replacements.size());
    if (!created) {
      // A pair both REP and MAP give (fr_FR's "e" "ê") is a MAP pair: REP
      // comes first, and MAP's accent weight must not be lost by it.
      if (r.map) replacements[it->second].map = true;
      return;
    }
    replacements.push_back(std::move(r));
  };
  for (const auto& [from, to] : rules.rep) {
    Replacement r;
    if (!lower(from, &r.from)) continue;
    if (!to.empty() && !lower(to, &r.to)) continue;
    if (r.from.front() == U'^') {
      r.at_start = true;
      r.from.erase(0, 1);
    }
    if (!r.from.empty() && r.from.back() == U'$') {
      r.at_end = true;
      r.from.pop_back();
    }
    add(std::move(r));
  }
  for (const std::string& group : rules.map) {
    std::vector<std::u32string> members;
    for (const std::string& m : SuggestRules::MapMembers(group)) {
      std::u32string u;
      if (lower(m, &u)) members.push_back(std::move(u));
    }
    for (const std::u32string& a : members) {
      for (const std::u32string& b : members) {
        if (a != b) add(Replacement{a, b, false, false, true});
      }
    }
  }
}

int Lexicon::LetterIndex(char32_t c) const {
  if (c < 128) return ascii_letter[c];
  auto it = std::lower_bound(letters.begin(), letters.end(), c);
  return (it != letters.end() && *it == c)
             ? static_cast<int>(it - letters.begin())
             : -1;
}

}  // namespace spellfilter
