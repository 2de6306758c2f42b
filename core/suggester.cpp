#include "core/suggester.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <set>
#include <unordered_set>

#include "core/edit_weights.h"
#include "core/letter_case.h"
#include "core/prefix_filter.h"
#include "core/scratch_map.h"
#include "core/word_classes.h"
#include "core/word_forms.h"

namespace spellfilter {
namespace {

// Letters over which substitutions and insertions are generated; a larger
// alphabet (not a language with edit-based spelling) uses its first 128.
inline constexpr int kMaxLetters = 128;
// Rarity in nats is divided by this to be added to edit weights.
inline constexpr float kNatsPerEdit = EditWeights::kNatsPerUnit;
// Two words typed together: the space left out, taken as 5 % of slips
// (-ln 0.05 / 7.6).
inline constexpr float kSplitCost = 0.4f;
// A lower-case word whose suggestion has a capital ("paris" -> "Paris").
inline constexpr float kCaseCost = 0.15f;
inline constexpr float kUnreached = 1e30f;
// Light edits (see Suggester::Impl::Limit): substitutions up to a vowel for
// a vowel, omissions up to a vowel's.
inline constexpr float kLightSub = EditWeights::kSubVowel;
inline constexpr float kLightOmission = EditWeights::kOmitVowel;

struct Mask {
  uint64_t w[2] = {0, 0};
  bool Test(int j) const { return (w[j >> 6] >> (j & 63)) & 1; }
  void Set(int j) { w[j >> 6] |= uint64_t{1} << (j & 63); }
  Mask operator&(const Mask& o) const {
    return Mask{{w[0] & o.w[0], w[1] & o.w[1]}};
  }
  Mask operator|(const Mask& o) const {
    return Mask{{w[0] | o.w[0], w[1] | o.w[1]}};
  }
};

// Optimal string alignment distance (adjacent transpositions count one)
// between a and b, computed in a band of width 2*limit+1; any value above
// `limit` is returned as limit + 1.
int BandedEditDistance(std::u32string_view a, std::u32string_view b,
                       int limit) {
  const int n = static_cast<int>(a.size());
  const int m = static_cast<int>(b.size());
  if (std::abs(n - m) > limit) return limit + 1;
  const int inf = limit + 1;
  std::vector<int> prev2(m + 1, inf), prev(m + 1, inf), cur(m + 1, inf);
  for (int j = 0; j <= std::min(m, limit); ++j) prev[j] = j;
  for (int i = 1; i <= n; ++i) {
    std::fill(cur.begin(), cur.end(), inf);
    if (i <= limit) cur[0] = i;
    int row_min = cur[0];
    for (int j = std::max(1, i - limit); j <= std::min(m, i + limit); ++j) {
      const int sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      int v = std::min({sub, prev[j] + 1, cur[j - 1] + 1});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        v = std::min(v, prev2[j - 2] + 1);
      }
      cur[j] = std::min(v, inf);
      row_min = std::min(row_min, cur[j]);
    }
    if (row_min > limit) return inf;
    prev2.swap(prev);
    prev.swap(cur);
  }
  return std::min(prev[m], inf);
}

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

struct Suggester::Impl {
  // How a dictionary entry differs from the lower-case candidate.
  enum Form : uint8_t { kLowerForm, kTitleForm, kUpperForm };

  Impl(const Dictionary& d, const SuggestOptions& o);

  std::vector<Suggestion> Run(std::string_view word);
  // Explores the candidates that extend `path` (state h) from typed
  // position i, `edits` edits and `cost` spent so far, with an edit left;
  // `heavy`: one of them was not light (see Limit).
  void Walk(PrefixFilter::State h, int i, int edits, bool heavy, float cost);
  // The same with no edit left: follows the typed letters to the end.
  void Tail(PrefixFilter::State h, int i, int edits, float cost);
  // The edits a candidate may have: max_edits_now if all are light
  // (phonetic slips: a vowel for a vowel, a sound-alike or accented letter,
  // a vowel or one of a double letter left out, a vowel or a doubled letter
  // too many, a transposition), else at most two.
  int Limit(bool heavy) const {
    return heavy ? std::min(max_edits_now, 2) : max_edits_now;
  }
  // Whether nothing can follow an edit of this cost.
  bool Tight(float cost) const {
    return options.max_cost - cost < 2 * EditWeights::kLightest;
  }
  void Step(PrefixFilter::State h, int i, int edits, bool heavy, float cost) {
    if (edits >= Limit(heavy) || cost >= options.max_cost) {
      Tail(h, i, edits, cost);
      return;
    }
    // Whether any edit from here is the last one.
    const bool heavy_last = edits + 1 >= Limit(true);
    const bool light_last = edits + 1 >= Limit(heavy);
    if (Tight(cost) || (heavy_last && light_last)) {
      LastWalk(h, i, edits, cost);
    } else {
      Walk(h, i, edits, heavy, cost);
    }
  }
  // Walk for a state whose next edit can only be the last: follows the typed
  // letters and tries, at each place from first_last_edit on (before it,
  // what follows a last edit would end no word), the last edits whose
  // letters fit the rest of the typed word.
  void LastWalk(PrefixFilter::State h, int i, int edits, float cost);
  // Which of the letters in `wanted` can follow the prefix with state h.
  Mask Children(PrefixFilter::State h, const Mask& wanted);
  // Which letters can precede the typed suffix q[j..n) in some word.
  const Mask& Before(int j);
  // Whether the prefix with state `parent` continues with letters[letter].
  bool Continues(PrefixFilter::State parent, int letter);
  // Starts loading the block of a prefix that will probably be tested.
  void Prefetch(PrefixFilter::State s) const {
    if (!prefixes.empty()) __builtin_prefetch(prefixes.Block(s));
  }
  float OmissionWeight(int j, int before, int after) const {
    if (apostrophe[j]) return EditWeights::kOmitApostrophe;
    if ((before >= 0 && base_id[before] == base_id[j]) ||
        (after >= 0 && base_id[after] == base_id[j])) {
      return EditWeights::kOmitDoubled;
    }
    return omission_weight[j];
  }
  void Leaf(PrefixFilter::State h, int edits, float cost);
  // Appends to entries_ the dictionary words spelled `lower` in some case.
  // `h` is the prefix filter's state of `lower` (any value without one).
  void LookUp(std::u32string_view lower, PrefixFilter::State h);
  void TryForm(const std::string& form, Form how);
  void Splits();
  std::string Present(const std::string& entry) const;
  // The user's words: as listed, and lower-cased code points.
  std::vector<std::pair<std::string, std::u32string>> user_words;
  bool Accepted(const std::string& presented);
  bool OutOfBudget() {
    if (stats.work <= work_limit) return false;
    stats.budget_exhausted = true;
    return true;
  }
  int LetterIndex(char32_t c) const;

  const Dictionary& dict;
  SuggestOptions options;
  EditWeights weights;
  PrefixFilter prefixes;
  WordClasses classes;
  WordForms forms;
  bool turkic;
  std::array<float, kClassCodes> prior{};
  // A split's second word: the rarity of even the commonest words, which a
  // one-word candidate does not pay (two words are rarer than one).
  float second_word = 0;
  SuggestStats stats;

  // The generation alphabet and its weights, by letter index.
  std::vector<char32_t> letters;
  std::vector<uint64_t> letter_key;  // PrefixFilter::LetterKey
  std::array<uint64_t, 3> end_key;   // lower, Capitalised, ALL UPPER
  std::array<int, 128> ascii_letter;
  std::vector<int> base_id;  // letters that differ only by accents
  std::vector<uint8_t> apostrophe;
  std::vector<float> omission_weight;  // without the doubling rule
  std::vector<float> sub_weight;       // [typed * letters + intended]
  std::vector<float> generic_row;      // typed letter outside the alphabet
  Mask all_letters;
  // The distinct weights of substitutions and omissions, ascending; level l
  // means "weighs at most levels[l - 1]" (level 0: nothing).
  std::vector<float> levels;
  int LevelOf(float room) const {
    return static_cast<int>(
        std::upper_bound(levels.begin(), levels.end(), room) - levels.begin());
  }
  // Letters whose substitution for typed letter a (row `letters` = a typed
  // letter outside the alphabet), or whose omission without the doubling
  // rule, is at level <= l: [a * (levels + 1) + l], [l].
  std::vector<Mask> sub_within;
  std::vector<Mask> omission_within;
  std::vector<Mask> same_base;  // letters equal to j but for accents

  // Per call.
  std::u32string typed;
  WordCase typed_case = WordCase::kLower;
  std::u32string q;          // typed, lower case
  std::vector<int> qi;       // letter index of q[i], -1 if not in the alphabet
  std::vector<float> extra;  // weight of deleting q[i]
  std::vector<uint8_t> extra_light;
  // suffix_ok[j]: q[j..n) ends some word (its reversal is a prefix in the
  // reversed trie); rev_state[j] its state. The last edit of a candidate
  // must leave such a suffix after it.
  std::vector<uint8_t> suffix_ok;
  std::vector<PrefixFilter::State> rev_state;
  std::vector<Mask> before_mask;
  std::vector<uint8_t> before_done;
  int n = 0;
  // Smallest position at which a last edit can be made: a transposition
  // there leaves q[first_last_edit + 2..n), the first suffix that ends a
  // word.
  int first_last_edit = 0;
  int max_edits_now = 0;
  uint64_t work_limit = 0;
  std::vector<uint8_t> path;  // letter indices of the candidate being built
  struct Tested {
    Mask tested;
    Mask present;
  };
  ScratchMap<Tested> children;
  // Cheapest cost seen per (edits, heavy) at a (prefix, position).
  ScratchMap<std::array<float, 2 * (kMaxEdits + 1)>> visited;
  ScratchMap<uint32_t> leaves;  // state -> index into leaf_info
  struct LeafInfo {
    float cost;
    int edits;
    uint32_t first_entry;
    uint32_t entry_count;
  };
  std::vector<LeafInfo> leaf_info;
  struct Entry {
    std::string word;  // as in the dictionary
    uint32_t code;
    Form form;  // how it differs from the lower-case candidate
  };
  std::vector<Entry> entries;
  struct Split {
    std::string text;  // presented
    float cost;
    uint32_t code;  // the rarer half's
  };
  std::vector<Split> splits;
  std::string normalized;  // the typed word, NFC
  std::u32string leaf_word;
};

Suggester::Impl::Impl(const Dictionary& d, const SuggestOptions& o)
    : dict(d),
      options(o),
      forms(d.language(), HasSharpS(d.contents().alphabet)),
      turkic(IsTurkic(d.language())) {
  options.max_edits = std::clamp(options.max_edits, 0, kMaxEdits);
  // Checked by DecodeDictionary already; a failure leaves the view empty.
  if (!d.contents().prefixes.empty()) {
    (void)PrefixFilter::Parse(d.contents().prefixes, &prefixes);
  }
  if (!d.contents().word_classes.empty()) {
    (void)WordClasses::Parse(d.contents().word_classes, &classes);
  }
  std::set<char32_t> lower;
  for (char32_t c : d.contents().alphabet) lower.insert(LowerLetter(c, turkic));
  for (char32_t c : lower) {
    if (letters.size() == kMaxLetters) break;
    letters.push_back(c);
  }
  ascii_letter.fill(-1);
  const int count = static_cast<int>(letters.size());
  for (char32_t c : letters) letter_key.push_back(PrefixFilter::LetterKey(c));
  end_key = {PrefixFilter::LetterKey(
                 PrefixFilter::EndMarker(PrefixFilter::Written::kLower)),
             PrefixFilter::LetterKey(
                 PrefixFilter::EndMarker(PrefixFilter::Written::kCapitalised)),
             PrefixFilter::LetterKey(
                 PrefixFilter::EndMarker(PrefixFilter::Written::kAllUpper))};
  for (int j = 0; j < count; ++j) {
    if (letters[j] < 128) ascii_letter[letters[j]] = j;
    all_letters.Set(j);
  }

  base_id.resize(count);
  apostrophe.resize(count);
  omission_weight.resize(count);
  for (int j = 0; j < count; ++j) {
    const char32_t base = weights.Base(letters[j]);
    base_id[j] = j;
    for (int k = 0; k < j; ++k) {
      if (weights.Base(letters[k]) == base) {
        base_id[j] = base_id[k];
        break;
      }
    }
    apostrophe[j] = letters[j] == U'\'';
    // Neither neighbour can be a doubling here (0 = word edge).
    omission_weight[j] = weights.Omission(letters[j], 0, 0);
  }
  sub_weight.resize(static_cast<size_t>(count) * count);
  for (int a = 0; a < count; ++a) {
    for (int b = 0; b < count; ++b) {
      sub_weight[a * count + b] = weights.Substitution(letters[a], letters[b]);
    }
  }
  generic_row.assign(count, EditWeights::kSubGeneric);
  levels = sub_weight;
  levels.insert(levels.end(), omission_weight.begin(), omission_weight.end());
  levels.push_back(EditWeights::kSubGeneric);
  std::sort(levels.begin(), levels.end());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  const int level_count = static_cast<int>(levels.size());
  sub_within.resize(static_cast<size_t>(count + 1) * (level_count + 1));
  omission_within.resize(level_count + 1);
  same_base.resize(count);
  for (int l = 0; l <= level_count; ++l) {
    const float limit = l == 0 ? -1.0f : levels[l - 1];
    for (int a = 0; a <= count; ++a) {
      const float* row =
          a < count ? &sub_weight[a * count] : generic_row.data();
      Mask& m = sub_within[a * (level_count + 1) + l];
      for (int b = 0; b < count; ++b) {
        if (b != a && row[b] <= limit) m.Set(b);
      }
    }
    for (int j = 0; j < count; ++j) {
      if (omission_weight[j] <= limit) omission_within[l].Set(j);
    }
  }
  for (int a = 0; a < count; ++a) {
    for (int b = 0; b < count; ++b) {
      if (base_id[a] == base_id[b]) same_base[a].Set(b);
    }
  }

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
    second_word = static_cast<float>(std::max(base, 0.0) / kNatsPerEdit);
    // Words without a class: as a word of unknown rank in the whole list.
    prior[0] =
        base < 0
            ? 0.0f
            : static_cast<float>(std::max(0.0, MeanLogRank(0, total) - base) /
                                 kNatsPerEdit);
  }
}

int Suggester::Impl::LetterIndex(char32_t c) const {
  if (c < 128) return ascii_letter[c];
  auto it = std::lower_bound(letters.begin(), letters.end(), c);
  return (it != letters.end() && *it == c)
             ? static_cast<int>(it - letters.begin())
             : -1;
}

Mask Suggester::Impl::Children(PrefixFilter::State h, const Mask& wanted) {
  auto [t, created] = children.Get(h);
  if (prefixes.empty()) {
    t->present = all_letters;
    return wanted;
  }
  const uint64_t* block = nullptr;
  for (int w = 0; w < 2; ++w) {
    uint64_t todo = wanted.w[w] & ~t->tested.w[w];
    if (todo == 0) continue;
    if (block == nullptr) {
      block = prefixes.Block(h);
      ++stats.expansions;
    }
    t->tested.w[w] |= todo;
    for (; todo != 0; todo &= todo - 1) {
      const int j = w * 64 + std::countr_zero(todo);
      ++stats.work;
      if (prefixes.Has(block, h, letter_key[j])) {
        t->present.Set(j);
      }
    }
  }
  Mask out;
  out.w[0] = t->present.w[0] & wanted.w[0];
  out.w[1] = t->present.w[1] & wanted.w[1];
  return out;
}

const Mask& Suggester::Impl::Before(int j) {
  if (!before_done[j]) {
    before_done[j] = 1;
    Mask& m = before_mask[j];
    m = Mask();
    if (prefixes.empty()) {
      m = all_letters;
    } else if (suffix_ok[j]) {
      const PrefixFilter::State r = rev_state[j];
      const uint64_t* block = prefixes.Block(r);
      const int count = static_cast<int>(letters.size());
      for (int k = 0; k < count; ++k) {
        if (prefixes.Has(block, r, letter_key[k])) m.Set(k);
      }
      stats.work += count;
      ++stats.expansions;
    }
  }
  return before_mask[j];
}

bool Suggester::Impl::Continues(PrefixFilter::State parent, int letter) {
  return prefixes.empty() ||
         prefixes.Has(prefixes.Block(parent), parent, letter_key[letter]);
}

void Suggester::Impl::Tail(PrefixFilter::State h, int i, int edits,
                           float cost) {
  const size_t depth = path.size();
  for (; i < n; ++i) {
    if (qi[i] < 0) break;
    ++stats.work;
    // The next block is known before this test: fetch it meanwhile.
    const PrefixFilter::State next = PrefixFilter::Next(h, q[i]);
    Prefetch(next);
    if (!Continues(h, qi[i])) break;
    path.push_back(static_cast<uint8_t>(qi[i]));
    h = next;
  }
  if (i == n) Leaf(h, edits, cost);
  path.resize(depth);
}

void Suggester::Impl::LastWalk(PrefixFilter::State h, int i, int edits,
                               float cost) {
  const size_t depth = path.size();
  for (; i < first_last_edit; ++i) {
    ++stats.work;
    if (qi[i] < 0 || !Continues(h, qi[i])) {
      path.resize(depth);
      return;
    }
    path.push_back(static_cast<uint8_t>(qi[i]));
    h = PrefixFilter::Next(h, q[i]);
  }
  const bool can_heavy = edits < Limit(true);
  const int count = static_cast<int>(letters.size());
  const size_t stride = levels.size() + 1;
  for (;; ++i) {
    if (OutOfBudget()) break;
    if (i == n) Leaf(h, edits, cost);
    if (i < n && qi[i] >= 0) Prefetch(PrefixFilter::Next(h, q[i]));
    const float first = path.empty() ? EditWeights::kFirstLetter : 0.0f;
    const float room = options.max_cost - cost - first;
    if (room < EditWeights::kLightest) {
      Tail(h, i, edits, cost);
      break;
    }
    const int before = path.empty() ? -1 : path.back();
    const int after = i < n ? qi[i] : -1;
    const float* row =
        i < n && after >= 0 ? &sub_weight[after * count] : generic_row.data();
    const float sub_room = can_heavy ? room : std::min(room, kLightSub);
    const float omit_room = can_heavy ? room : std::min(room, kLightOmission);
    Mask doubling;
    if (before >= 0) doubling = doubling | same_base[before];
    if (after >= 0) doubling = doubling | same_base[after];
    Mask subs;
    if (i < n) {
      subs = sub_within[(after >= 0 ? after : count) * stride +
                        LevelOf(sub_room)] &
             Before(i + 1);
    }
    const Mask ins =
        (omission_within[LevelOf(omit_room)] | doubling) & Before(i);
    const Mask wanted = subs | ins;
    if (wanted.w[0] | wanted.w[1]) {
      // The letters that continue the prefix, first, with their blocks
      // fetched all at once; then their tails.
      const uint64_t* block = prefixes.empty() ? nullptr : prefixes.Block(h);
      int found[kMaxLetters];
      PrefixFilter::State found_state[kMaxLetters];
      int found_count = 0;
      for (int w = 0; w < 2; ++w) {
        for (uint64_t bits = wanted.w[w]; bits != 0; bits &= bits - 1) {
          const int j = w * 64 + std::countr_zero(bits);
          ++stats.work;
          if (block != nullptr && !prefixes.Has(block, h, letter_key[j])) {
            continue;
          }
          found_state[found_count] = PrefixFilter::Next(h, letters[j]);
          Prefetch(found_state[found_count]);
          found[found_count++] = j;
        }
      }
      for (int f = 0; f < found_count; ++f) {
        const int j = found[f];
        const PrefixFilter::State child = found_state[f];
        path.push_back(static_cast<uint8_t>(j));
        if (subs.Test(j) && row[j] <= sub_room) {
          Tail(child, i + 1, edits + 1, cost + first + row[j]);
        }
        const float omit = OmissionWeight(j, before, after);
        if (ins.Test(j) && omit <= omit_room) {
          Tail(child, i, edits + 1, cost + first + omit);
        }
        path.pop_back();
      }
    }
    if (i == n) break;
    // The typed letter is one too many.
    if (suffix_ok[i + 1] && extra[i] <= room && (extra_light[i] || can_heavy)) {
      Tail(h, i + 1, edits + 1, cost + first + extra[i]);
    }
    // Two typed letters are swapped.
    if (i + 1 < n && q[i] != q[i + 1] && after >= 0 && qi[i + 1] >= 0 &&
        EditWeights::kTransposition <= room && suffix_ok[i + 2] &&
        Before(i + 2).Test(after)) {
      const PrefixFilter::State r1 = PrefixFilter::Next(rev_state[i + 2], q[i]);
      stats.work += 3;
      if (Continues(r1, qi[i + 1]) && Continues(h, qi[i + 1])) {
        const PrefixFilter::State c1 = PrefixFilter::Next(h, q[i + 1]);
        if (Continues(c1, after)) {
          path.push_back(static_cast<uint8_t>(qi[i + 1]));
          path.push_back(static_cast<uint8_t>(after));
          Tail(PrefixFilter::Next(c1, q[i]), i + 2, edits + 1,
               cost + first + EditWeights::kTransposition);
          path.resize(path.size() - 2);
        }
      }
    }
    // The typed letter, unchanged.
    ++stats.work;
    if (after < 0 || !Continues(h, after)) break;
    path.push_back(static_cast<uint8_t>(after));
    h = PrefixFilter::Next(h, q[i]);
  }
  path.resize(depth);
}

void Suggester::Impl::Walk(PrefixFilter::State h, int i, int edits, bool heavy,
                           float cost) {
  if (OutOfBudget()) return;
  {
    auto [best, created] =
        visited.Get(h + static_cast<uint64_t>(i + 1) * 0x9E3779B97F4A7C15ull);
    if (created) best->fill(kUnreached);
    for (int e = 0; e <= edits; ++e) {
      for (int hv = 0; hv <= static_cast<int>(heavy); ++hv) {
        if ((*best)[2 * e + hv] <= cost) return;  // reached as cheaply
      }
    }
    (*best)[2 * edits + heavy] = cost;
  }
  if (i == n) Leaf(h, edits, cost);

  const float first = path.empty() ? EditWeights::kFirstLetter : 0.0f;
  // What an edit here may weigh.
  const float room = options.max_cost - cost - first;
  const int before = path.empty() ? -1 : path.back();
  const int after = i < n ? qi[i] : -1;
  const int count = static_cast<int>(letters.size());
  const float* row =
      i < n && qi[i] >= 0 ? &sub_weight[qi[i] * count] : generic_row.data();
  const bool can_heavy = edits < Limit(true);

  // If an edit here is the last one, what follows it is typed text, so it
  // must end some word: a substitution or insertion must put a letter that
  // can precede q[i+1..n) or q[i..n), a deletion leave q[i+1..n).
  const bool tight = Tight(cost);
  const bool heavy_last = tight || edits + 1 >= Limit(true);
  const bool light_last = tight || edits + 1 >= Limit(heavy);
  Mask sub_end;
  Mask ins_end;
  if (heavy_last || light_last) {
    if (i < n) sub_end = Before(i + 1);
    ins_end = Before(i);
  }
  const Mask sub_fit_heavy = heavy_last ? sub_end : all_letters;
  const Mask sub_fit_light = light_last ? sub_end : all_letters;
  const Mask ins_fit_heavy = heavy_last ? ins_end : all_letters;
  const Mask ins_fit_light = light_last ? ins_end : all_letters;

  // The letters worth testing: the typed one, and those an affordable
  // substitution or insertion would put here.
  Mask wanted;
  if (room >= EditWeights::kLightest) {
    const size_t stride = levels.size() + 1;
    const int a = after >= 0 ? after : count;
    const int level = LevelOf(room);
    Mask doubling;
    if (before >= 0) doubling = doubling | same_base[before];
    if (after >= 0) doubling = doubling | same_base[after];
    Mask sub_light;
    Mask sub_any;
    if (i < n) {
      sub_light = sub_within[a * stride + LevelOf(std::min(room, kLightSub))];
      sub_any = can_heavy ? sub_within[a * stride + level] : sub_light;
    }
    const Mask ins_light =
        omission_within[LevelOf(std::min(room, kLightOmission))] | doubling;
    const Mask ins_any =
        can_heavy ? omission_within[level] | doubling : ins_light;
    wanted = (sub_light & sub_fit_light) | (sub_any & sub_fit_heavy) |
             (ins_light & ins_fit_light) | (ins_any & ins_fit_heavy);
  }
  if (after >= 0) wanted.Set(after);
  const bool swap = i + 1 < n && q[i] != q[i + 1] && after >= 0 &&
                    qi[i + 1] >= 0 && EditWeights::kTransposition <= room;
  if (swap) wanted.Set(qi[i + 1]);
  const Mask mask = Children(h, wanted);

  // The typed letter, unchanged.
  if (after >= 0 && mask.Test(after)) {
    path.push_back(static_cast<uint8_t>(after));
    Step(PrefixFilter::Next(h, q[i]), i + 1, edits, heavy, cost);
    path.pop_back();
  }

  // The typed letter is one too many.
  if (i < n && extra[i] <= room) {
    const bool light = extra_light[i];
    if ((light || can_heavy) &&
        (!(light ? light_last : heavy_last) || suffix_ok[i + 1])) {
      Step(h, i + 1, edits + 1, heavy || !light, cost + first + extra[i]);
    }
  }
  // Two typed letters are swapped (a light edit).
  if (swap) {
    bool fits = true;
    if (light_last) {  // q[i+1] q[i] q[i+2..n) must end a word
      fits = suffix_ok[i + 2] && Before(i + 2).Test(after);
      if (fits && !prefixes.empty()) {
        const PrefixFilter::State r1 =
            PrefixFilter::Next(rev_state[i + 2], q[i]);
        ++stats.work;
        fits = Continues(r1, qi[i + 1]);
      }
    }
    const PrefixFilter::State c1 = PrefixFilter::Next(h, q[i + 1]);
    stats.work += 2;
    if (fits && mask.Test(qi[i + 1]) && Continues(c1, after)) {
      const PrefixFilter::State c2 = PrefixFilter::Next(c1, q[i]);
      path.push_back(static_cast<uint8_t>(qi[i + 1]));
      path.push_back(static_cast<uint8_t>(after));
      Step(c2, i + 2, edits + 1, heavy,
           cost + first + EditWeights::kTransposition);
      path.resize(path.size() - 2);
    }
  }
  // A letter typed wrongly, or left out. The children's blocks are fetched
  // first, all at once: their lookups are the walk's cache misses.
  struct Edit {
    PrefixFilter::State child;
    float sub;
    float omit;
    int letter;
  };
  Edit todo[kMaxLetters];
  int todo_count = 0;
  for (int w = 0; w < 2; ++w) {
    for (uint64_t bits = mask.w[w]; bits != 0; bits &= bits - 1) {
      const int j = w * 64 + std::countr_zero(bits);
      float sub = i < n && j != after ? row[j] : kUnreached;
      if (sub > room ||
          !(sub <= kLightSub ? sub_fit_light.Test(j)
                             : can_heavy && sub_fit_heavy.Test(j))) {
        sub = kUnreached;
      }
      float omit = OmissionWeight(j, before, after);
      if (omit > room ||
          !(omit <= kLightOmission ? ins_fit_light.Test(j)
                                   : can_heavy && ins_fit_heavy.Test(j))) {
        omit = kUnreached;
      }
      if (sub == kUnreached && omit == kUnreached) continue;
      const PrefixFilter::State child = PrefixFilter::Next(h, letters[j]);
      ++stats.work;
      if (!prefixes.empty()) __builtin_prefetch(prefixes.Block(child));
      todo[todo_count++] = Edit{child, sub, omit, j};
    }
  }
  for (int k = 0; k < todo_count; ++k) {
    const Edit& e = todo[k];
    path.push_back(static_cast<uint8_t>(e.letter));
    if (e.sub != kUnreached) {
      Step(e.child, i + 1, edits + 1, heavy || e.sub > kLightSub,
           cost + first + e.sub);
    }
    if (e.omit != kUnreached) {
      Step(e.child, i, edits + 1, heavy || e.omit > kLightOmission,
           cost + first + e.omit);
    }
    path.pop_back();
  }
}

void Suggester::Impl::Leaf(PrefixFilter::State h, int edits, float cost) {
  if (path.empty()) return;
  auto [index, created] = leaves.Get(h);
  if (!created) {
    LeafInfo& l = leaf_info[*index];
    if (cost < l.cost) {
      l.cost = cost;
      l.edits = edits;
    }
    return;
  }
  *index = static_cast<uint32_t>(leaf_info.size());
  const uint32_t first = static_cast<uint32_t>(entries.size());
  leaf_word.clear();
  for (uint8_t j : path) leaf_word.push_back(letters[j]);
  LookUp(leaf_word, h);
  leaf_info.push_back(LeafInfo{cost, edits, first,
                               static_cast<uint32_t>(entries.size()) - first});
}

void Suggester::Impl::LookUp(std::u32string_view lower, PrefixFilter::State h) {
  // Which forms the dictionary has, from the end markers: one cache line
  // instead of a filter probe per form.
  bool has[3] = {true, true, true};
  if (!prefixes.empty()) {
    const uint64_t* block = prefixes.Block(h);
    for (int f = 0; f < 3; ++f) has[f] = prefixes.Has(block, h, end_key[f]);
    stats.work += 3;
  }
  if (has[0]) TryForm(EncodeUtf8(lower), kLowerForm);
  const char32_t first_upper = UpperLetter(lower[0], turkic);
  if (first_upper == lower[0] || (!has[1] && !has[2])) return;
  std::string title;
  AppendUtf8(first_upper, &title);
  title += EncodeUtf8(lower.substr(1));
  if (has[1]) TryForm(title, kTitleForm);
  if (!has[2]) return;
  std::string upper;
  bool differs = false;
  for (size_t k = 0; k < lower.size(); ++k) {
    const char32_t u = UpperLetter(lower[k], turkic);
    differs |= k > 0 && u != lower[k];
    AppendUtf8(u, &upper);
  }
  if (differs) TryForm(upper, kUpperForm);
}

void Suggester::Impl::TryForm(const std::string& form, Impl::Form how) {
  ++stats.word_probes;
  ++stats.work;
  if (!dict.Contains(form)) return;
  ++stats.filter_hits;
  uint32_t code = 0;
  if (!classes.empty()) {
    ++stats.work;
    const std::optional<uint32_t> found = classes.Find(form);
    if (found) {
      code = *found;
    } else if (options.check_fingerprints) {
      ++stats.fingerprint_rejects;
      return;
    }
  }
  entries.push_back(Entry{form, code, how});
}

std::string Suggester::Impl::Present(const std::string& entry) const {
  std::u32string e;
  if (!DecodeUtf8(entry, &e) || e.empty()) return entry;
  switch (typed_case) {
    case WordCase::kCapitalised:
      if (CaseOf(e) != WordCase::kLower) return entry;
      e[0] = UpperLetter(e[0], turkic);
      return EncodeUtf8(e);
    case WordCase::kAllUpper:
      for (char32_t& c : e) c = UpperLetter(c, turkic);
      return EncodeUtf8(e);
    case WordCase::kLower:
    case WordCase::kOther:
      break;
  }
  return entry;
}

bool Suggester::Impl::Accepted(const std::string& presented) {
  size_t start = 0;
  // Each word of a split separately, as the checker would see them.
  while (start <= presented.size()) {
    size_t end = presented.find(' ', start);
    if (end == std::string::npos) end = presented.size();
    bool ok = false;
    const std::span<const std::string> keys = forms.LookupForms(
        std::string_view(presented).substr(start, end - start));
    for (size_t i = 0; i < keys.size(); ++i) {
      ++stats.work;
      if (dict.Contains(keys[i]) && !dict.keep_case().Refuses(forms, keys, i)) {
        ok = true;
        break;
      }
    }
    if (!ok) return false;
    start = end + 1;
  }
  return true;
}

// A split must not change case beyond what the checker allows, or it would
// be two corrections: a lower-case word splits into lower-case words; a
// Capitalised one into a lower-case or Capitalised word and a lower-case
// one; an ALL UPPER one into anything.
void Suggester::Impl::Splits() {
  if (n < 2 || typed_case == WordCase::kOther) return;
  for (int i = 0; i < n; ++i) {
    if (qi[i] < 0) return;
  }
  PrefixFilter::State s =
      prefixes.empty() ? PrefixFilter::Root(0) : prefixes.root();
  for (int k = 1; k < n; ++k) {
    if (OutOfBudget()) return;
    ++stats.work;
    if (!Continues(s, qi[k - 1])) return;  // no longer a word's prefix
    s = PrefixFilter::Next(s, q[k - 1]);
    if (!suffix_ok[k]) continue;  // the rest ends no word
    const std::u32string_view qv(q);
    const size_t left_first = entries.size();
    LookUp(qv.substr(0, k), s);
    const size_t right_first = entries.size();
    if (right_first == left_first) continue;
    PrefixFilter::State rest =
        prefixes.empty() ? PrefixFilter::Root(0) : prefixes.root();
    for (int j = k; j < n; ++j) rest = PrefixFilter::Next(rest, q[j]);
    stats.work += n - k;
    LookUp(qv.substr(k), rest);
    const size_t right_end = entries.size();
    if (right_end == right_first) {
      entries.resize(left_first);
      continue;
    }
    // The most common reading of each half that keeps the case.
    const bool upper = typed_case == WordCase::kAllUpper;
    const Form left_limit = upper                                  ? kUpperForm
                            : typed_case == WordCase::kCapitalised ? kTitleForm
                                                                   : kLowerForm;
    const Form right_limit = upper ? kUpperForm : kLowerForm;
    size_t l = right_first;
    for (size_t a = left_first; a < right_first; ++a) {
      if (entries[a].form <= left_limit &&
          (l == right_first ||
           prior[entries[a].code] < prior[entries[l].code])) {
        l = a;
      }
    }
    size_t r = right_end;
    for (size_t a = right_first; a < right_end; ++a) {
      if (entries[a].form <= right_limit &&
          (r == right_end || prior[entries[a].code] < prior[entries[r].code])) {
        r = a;
      }
    }
    // Single letters are listed as letter names, not written as words,
    // except those of the commonest class ("a", "I").
    const auto word_like = [&](size_t e, int letters) {
      return letters > 1 || entries[e].code <= 1;
    };
    if (l != right_first && r != right_end && word_like(l, k) &&
        word_like(r, n - k)) {
      std::string right = entries[r].word;
      if (upper) right = Present(right);
      // P(w1 w2) lies between P(w1) P(w2) (independence; too low for the
      // run-ons people write, which join common words: "a lot", "in fact")
      // and min(P(w1), P(w2)); the rarity used is the mean of the two
      // bounds' (a geometric mean of the probabilities).
      const float a = prior[entries[l].code];
      const float b = prior[entries[r].code];
      const float independent = a + b + second_word;
      const float bound = std::max(a, b);
      splits.push_back(Split{Present(entries[l].word) + " " + right,
                             kSplitCost + 0.5f * (independent + bound),
                             std::max(entries[l].code, entries[r].code)});
    }
    entries.resize(left_first);
  }
}

std::vector<Suggestion> Suggester::Impl::Run(std::string_view word) {
  stats = SuggestStats();
  std::vector<Suggestion> out;
  if (!forms.Normalize(word, &normalized) || !DecodeUtf8(normalized, &typed) ||
      typed.empty() || typed.size() > kMaxSuggestLetters) {
    return out;
  }
  typed_case = CaseOf(typed);
  q.resize(typed.size());
  qi.resize(typed.size());
  for (size_t k = 0; k < typed.size(); ++k) {
    q[k] = LowerLetter(typed[k], turkic);
    qi[k] = LetterIndex(q[k]);
  }
  n = static_cast<int>(q.size());
  // Nothing to correct from in a word of another script ("中国").
  if (std::all_of(qi.begin(), qi.end(), [](int j) { return j < 0; })) {
    return out;
  }
  extra.resize(n);
  extra_light.resize(n);
  for (int k = 0; k < n; ++k) {
    extra[k] =
        weights.Addition(q[k], k > 0 ? q[k - 1] : 0, k + 1 < n ? q[k + 1] : 0);
    extra_light[k] = extra[k] == EditWeights::kExtraDoubled ||
                     extra[k] == EditWeights::kExtraVowel ||
                     extra[k] == EditWeights::kExtraApostrophe;
  }
  suffix_ok.assign(n + 2, 0);
  rev_state.assign(n + 2, 0);
  before_mask.resize(n + 2);
  before_done.assign(n + 2, 0);
  suffix_ok[n] = 1;
  rev_state[n] =
      prefixes.empty() ? PrefixFilter::ReverseRoot(0) : prefixes.reverse_root();
  for (int k = n - 1; k >= 0 && suffix_ok[k + 1] && qi[k] >= 0; --k) {
    rev_state[k] = PrefixFilter::Next(rev_state[k + 1], q[k]);
    ++stats.work;
    suffix_ok[k] = Continues(rev_state[k + 1], qi[k]);
  }
  first_last_edit = n;
  while (first_last_edit > 0 && suffix_ok[first_last_edit - 1])
    --first_last_edit;
  first_last_edit = std::max(first_last_edit - 2, 0);

  children.Clear();
  leaves.Clear();
  leaf_info.clear();
  entries.clear();
  splits.clear();
  path.clear();
  const PrefixFilter::State root =
      prefixes.empty() ? PrefixFilter::Root(0) : prefixes.root();
  // Without the prefix filter every edit is probed: distance 1 only.
  const int max_edits =
      prefixes.empty() ? std::min(options.max_edits, 1) : options.max_edits;
  // Distance by distance, so a budget cut never loses nearer candidates.
  // The whole search within 3/4 of the budget; if it is cut short, the
  // distance-1 search (a small part of it) again with the rest, so a word
  // that exhausts the budget still gets all its distance-1 candidates.
  work_limit =
      max_edits > 1 ? options.work_budget / 4 * 3 : options.work_budget;
  visited.Clear();
  max_edits_now = max_edits;
  Step(root, 0, 0, false, 0.0f);
  if (!stats.budget_exhausted) {
    stats.edits_completed = max_edits;
  } else if (max_edits > 1) {
    stats.budget_exhausted = false;
    work_limit = options.work_budget;
    visited.Clear();
    max_edits_now = 1;
    Step(root, 0, 0, false, 0.0f);
    if (!stats.budget_exhausted) stats.edits_completed = 1;
  }
  if (options.split_words && !stats.budget_exhausted) Splits();

  struct Scored {
    float cost;
    int edits;
    uint32_t code;
    std::string text;
  };
  std::vector<Scored> scored;
  for (const LeafInfo& l : leaf_info) {
    for (uint32_t e = l.first_entry; e < l.first_entry + l.entry_count; ++e) {
      const Entry& entry = entries[e];
      float cost = l.cost + prior[entry.code];
      if (typed_case == WordCase::kLower && entry.form != kLowerForm) {
        cost += kCaseCost;
      }
      std::string text = Present(entry.word);
      // The typed word itself, if correct, comes first whatever its class.
      if (l.edits == 0 && text == normalized) cost = -1.0f;
      scored.push_back(Scored{cost, l.edits, entry.code, std::move(text)});
    }
  }
  for (Split& s : splits) {
    scored.push_back(Scored{s.cost, 1, s.code, std::move(s.text)});
  }
  // User words: near the typed word by edit distance; they pass as accepted
  // (they are the user's, not the filter's).
  std::unordered_set<std::string> user_texts;
  for (const auto& [listed, lower] : user_words) {
    const int d = BandedEditDistance(q, lower, kMaxUserEdits);
    if (d > kMaxUserEdits) continue;
    std::string text = Present(listed);
    const float cost = d == 0 ? (text == normalized ? -1.0f : kCaseCost)
                              : static_cast<float>(d);
    user_texts.insert(text);
    scored.push_back(Scored{cost, d, 0, std::move(text)});
  }
  std::sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) {
    if (a.cost != b.cost) return a.cost < b.cost;
    if (a.edits != b.edits) return a.edits < b.edits;
    if (a.code != b.code) return a.code < b.code;
    return a.text < b.text;
  });
  std::unordered_set<std::string> seen;
  for (Scored& s : scored) {
    if (out.size() >= options.max_suggestions) break;
    if (!seen.insert(s.text).second) continue;
    if (!user_texts.count(s.text) && !Accepted(s.text)) continue;
    out.push_back(Suggestion{std::move(s.text), s.cost, s.edits});
  }
  return out;
}

Suggester::Suggester(const Dictionary& dictionary,
                     const SuggestOptions& options)
    : impl_(std::make_unique<Impl>(dictionary, options)) {}

Suggester::~Suggester() = default;

void Suggester::SetUserWords(const std::vector<std::string>& words) {
  impl_->user_words.clear();
  for (const std::string& w : words) {
    if (impl_->user_words.size() >= kMaxUserWordsScanned) break;
    std::u32string lower;
    if (!DecodeUtf8(w, &lower)) continue;
    for (char32_t& c : lower) c = LowerLetter(c, impl_->turkic);
    impl_->user_words.emplace_back(w, std::move(lower));
  }
}

std::vector<std::string> Suggester::Suggest(std::string_view word) {
  std::vector<std::string> out;
  for (Suggestion& s : impl_->Run(word)) out.push_back(std::move(s.text));
  return out;
}

std::vector<Suggestion> Suggester::SuggestScored(std::string_view word) {
  return impl_->Run(word);
}

const SuggestStats& Suggester::stats() const { return impl_->stats; }

bool Suggester::has_prefix_filter() const { return !impl_->prefixes.empty(); }

bool Suggester::has_word_classes() const { return !impl_->classes.empty(); }

}  // namespace spellfilter
