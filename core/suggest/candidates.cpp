#include "core/suggest/candidates.h"

#include <algorithm>
#include <span>
#include <unordered_set>

#include "core/suggest/banded_edit_distance.h"
#include "core/suggest/elision.h"
#include "core/text/letter_case.h"

namespace spellfilter {

void Candidates::Clear() {
  leaves_.Clear();
  leaf_info_.clear();
  bounded_at_ = 0;
  entries_.clear();
  pending_.clear();
  splits_.clear();
  compounds_.clear();
  other_forms_.clear();
}

Candidates::Candidates(const Lexicon& lex, SearchContext& ctx)
    : lex_(lex), ctx_(ctx), elides_(ElidesBeforeVowels(lex.dict.language())) {}

void Candidates::AddForm(std::string form, float cost, int edits) {
  if (IsPiece(form)) return;
  other_forms_.push_back(Form{std::move(form), cost, edits});
}

void Candidates::AddCompound(std::string form, float cost, int edits) {
  std::string text = PresentAs(form, ctx_.typed_case, lex_.turkic);
  if (ctx_.typed_case == WordCase::kLower && text != ctx_.normalized) {
    std::u32string t;
    if (DecodeUtf8(text, &t) && CaseOf(t) != WordCase::kLower) {
      cost += kCaseCost;
    }
  }
  if (IsPiece(text)) return;
  compounds_.push_back(Compound{std::move(text), cost, edits});
}

void Candidates::Queue(uint32_t leaf, PrefixFilter::State h) {
  forms_.clear();
  FindCaseForms(lex_, leaf_word_, h, &ctx_.stats.work, &forms_);
  for (CaseForm& f : forms_) {
    if (IsPiece(f.text)) continue;
    const WordHash hash = HashWord(f.text, lex_.dict.filter().params().seed);
    lex_.dict.filter().Prefetch(hash);
    const WordClasses::Location where = lex_.classes.Locate(f.text);
    ctx_.stats.work += lex_.classes.empty() ? 1 : 2;
    pending_.push_back(Pending{leaf, f.how, std::move(f.text), hash, where});
  }
}

bool Candidates::IsPiece(const std::string& form) const {
  const std::string& typed = ctx_.normalized;
  return !form.empty() &&
         ((form.front() == '-' && (typed.empty() || typed.front() != '-')) ||
          (form.back() == '-' && (typed.empty() || typed.back() != '-')));
}

void Candidates::Resolve() {
  SuggestStats& stats = ctx_.stats;
  for (Pending& p : pending_) {
    ++stats.word_probes;
    if (!lex_.dict.filter().MayContain(p.hash)) continue;
    ++stats.filter_hits;
    uint32_t code = 0;
    if (!lex_.classes.empty()) {
      const std::optional<uint32_t> found = lex_.classes.Find(p.where);
      if (found) {
        code = *found;
      } else if (lex_.options.check_fingerprints) {
        ++stats.fingerprint_rejects;
        continue;
      }
    }
    LeafInfo& l = leaf_info_[p.leaf];
    // A leaf's forms are queued together, so its entries stay contiguous.
    if (l.entry_count == 0)
      l.first_entry = static_cast<uint32_t>(entries_.size());
    ++l.entry_count;
    entries_.push_back(Entry{std::move(p.form), code, p.how});
  }
  pending_.clear();
}

bool Candidates::Confirm(const std::string& form, uint32_t* code) {
  SuggestStats& stats = ctx_.stats;
  ++stats.word_probes;
  ++stats.work;
  if (!lex_.dict.Contains(form)) return false;
  ++stats.filter_hits;
  *code = 0;
  if (!lex_.classes.empty()) {
    ++stats.work;
    const std::optional<uint32_t> found = lex_.classes.Find(form);
    if (found) {
      *code = *found;
    } else if (lex_.options.check_fingerprints) {
      ++stats.fingerprint_rejects;
      return false;
    }
  }
  return true;
}

float Candidates::BestCost() const {
  float best = kUnreached;
  for (const LeafInfo& l : leaf_info_) {
    for (uint32_t e = l.first_entry; e < l.first_entry + l.entry_count; ++e) {
      best = std::min(best, l.cost + lex_.prior[entries_[e].code]);
    }
  }
  for (const Form& f : other_forms_) best = std::min(best, f.cost);
  return best;
}

void Candidates::Bound() {
  if (!ctx_.bounded_search || lex_.options.max_suggestions == 0) return;
  kth_costs_.clear();
  for (const LeafInfo& l : leaf_info_) {
    float best = kUnreached;
    for (uint32_t e = l.first_entry; e < l.first_entry + l.entry_count; ++e) {
      best = std::min(best, EntryCost(l, entries_[e]));
    }
    if (best < kUnreached) kth_costs_.push_back(best);
  }
  // Distinct leaves are distinct words, so distinct suggestions.
  const size_t k = lex_.options.max_suggestions;
  if (kth_costs_.size() < k) return;
  std::nth_element(kth_costs_.begin(), kth_costs_.begin() + (k - 1),
                   kth_costs_.end());
  ctx_.bound = std::min(ctx_.bound, kth_costs_[k - 1]);
  // (A margin for the sums' rounding.)
  ctx_.max_cost = std::min(ctx_.max_cost, ctx_.bound - lex_.min_prior + 1e-4f);
}

float Candidates::EntryCost(const LeafInfo& l, const Entry& e) const {
  float cost = l.cost + lex_.prior[e.code];
  if (ctx_.typed_case == WordCase::kLower && e.form != kLowerForm) {
    cost += kCaseCost;
  } else if (ctx_.typed_case == WordCase::kCapitalised &&
             (e.form == kUpperForm || e.form == kMixedForm)) {
    // A capital past the first letter the typed word did not have
    // ("Fai" -> "FAI", "L'itértion" -> "L'Itération").
    cost += kCaseCost;
  }
  return cost;
}

std::string Candidates::CaseKey(const std::string& text) const {
  // Only a capital at the start of a word that is otherwise lower case
  // ("Bright", "Fehler r"'s "Fehler") is folded: an ALL UPPER or mixed-case
  // spelling is a word of its own ("US" and "us", "JavaScript"). After an
  // elision, each side of the apostrophe is such a word: French lists
  // titles "L'Opérande" and "l'Opérande" beside "l'opérande", one word in
  // three case forms (before: 118 of 1,000 French lists had two).
  std::u32string t;
  if (!DecodeUtf8(text, &t)) return text;
  bool folded = false;
  size_t start = 0;
  const auto fold = [&](size_t from, size_t to) {
    const std::u32string_view w(t.data() + from, to - from);
    if (!w.empty() && CaseOf(w) == WordCase::kCapitalised) {
      t[from] = LowerLetter(t[from], lex_.turkic);
      folded = true;
    }
  };
  while (start < t.size()) {
    size_t end = t.find(U' ', start);
    if (end == std::u32string::npos) end = t.size();
    if (elides_) {
      size_t from = start;
      for (size_t i = start; i < end; ++i) {
        if (t[i] == U'\'' || t[i] == U'\u2019') {
          fold(from, i);
          from = i + 1;
        }
      }
      fold(from, end);
    } else {
      fold(start, end);
    }
    start = end + 1;
  }
  return folded ? EncodeUtf8(t) : text;
}

bool Candidates::Accepted(const std::string& presented) {
  size_t start = 0;
  // Each word of a split separately, as the checker would see them.
  while (start <= presented.size()) {
    size_t end = presented.find(' ', start);
    if (end == std::string::npos) end = presented.size();
    bool ok = false;
    const std::span<const std::string> keys = lex_.forms.LookupForms(
        std::string_view(presented).substr(start, end - start));
    for (size_t i = 0; i < keys.size(); ++i) {
      ++ctx_.stats.work;
      if (lex_.dict.Contains(keys[i]) &&
          !lex_.dict.keep_case().Refuses(lex_.forms, keys, i)) {
        ok = true;
        break;
      }
    }
    if (!ok) return false;
    start = end + 1;
  }
  return true;
}

std::vector<Suggestion> Candidates::Rank(
    const std::vector<std::pair<std::string, std::u32string>>& user_words) {
  // Sorted by small keys; the texts stay in place.
  struct Scored {
    float cost;
    int edits;
    uint32_t code;
    uint32_t text;   // index into texts
    uint8_t source;  // kFromFilter, kFromUser, or kChecked (below)
    bool split;      // two words: after one word of the same cost
  };
  // kChecked: the dictionary's filter and fingerprints accepted exactly this
  // (ASCII, one-word) text, the first form Accepted would look up.
  enum : uint8_t { kFromFilter, kFromUser, kChecked };
  const std::string& normalized = ctx_.normalized;
  std::vector<std::string> texts;
  std::vector<Scored> scored;
  for (const LeafInfo& l : leaf_info_) {
    for (uint32_t e = l.first_entry; e < l.first_entry + l.entry_count; ++e) {
      const Entry& entry = entries_[e];
      float cost = EntryCost(l, entry);
      std::string text = PresentAs(entry.word, ctx_.typed_case, lex_.turkic);
      // An elision before a consonant: no slip explains it (elision.h).
      if (elides_ && l.edits > 0 &&
          (text.find('\'') != std::string::npos ||
           text.find("\u2019") != std::string::npos)) {
        std::u32string t;
        if (DecodeUtf8(text, &t) && HasImpossibleElision(t, ctx_.q)) {
          cost += kImpossibleElision;
        }
      }
      // The typed word itself, if correct, comes first whatever its class.
      if (l.edits == 0 && text == normalized) cost = -1.0f;
      const bool checked =
          text == entry.word &&
          std::all_of(text.begin(), text.end(), [](char c) {
            return static_cast<unsigned char>(c) < 0x80 && c != ' ';
          });
      scored.push_back(Scored{cost, l.edits, entry.code,
                              static_cast<uint32_t>(texts.size()),
                              checked ? kChecked : kFromFilter, false});
      texts.push_back(std::move(text));
    }
  }
  for (Split& s : splits_) {
    scored.push_back(Scored{s.cost, 1, s.code,
                            static_cast<uint32_t>(texts.size()), kFromFilter,
                            true});
    texts.push_back(std::move(s.text));
  }
  // Other one-word forms (affixed.h): checked by Accepted like a leaf's.
  for (Form& f : other_forms_) {
    std::string text = PresentAs(f.word, ctx_.typed_case, lex_.turkic);
    scored.push_back(Scored{f.cost, f.edits, 0,
                            static_cast<uint32_t>(texts.size()), kFromFilter,
                            false});
    texts.push_back(std::move(text));
  }
  // Compounds: checked by the compound rules when found (the filter does
  // not list them, so Accepted would refuse them).
  for (Compound& c : compounds_) {
    scored.push_back(Scored{c.cost, c.edits, 0,
                            static_cast<uint32_t>(texts.size()), kChecked,
                            true});
    texts.push_back(std::move(c.text));
  }
  // User words: near the typed word by edit distance; they pass as accepted
  // (they are the user's, not the filter's).
  std::unordered_set<std::string> user_texts;
  for (const auto& [listed, lower] : user_words) {
    const int d = BandedEditDistance(ctx_.q, lower, kMaxUserEdits);
    if (d > kMaxUserEdits) continue;
    std::string text = PresentAs(listed, ctx_.typed_case, lex_.turkic);
    const float cost = d == 0 ? (text == normalized ? -1.0f : kCaseCost)
                              : static_cast<float>(d);
    user_texts.insert(text);
    scored.push_back(Scored{cost, d, 0, static_cast<uint32_t>(texts.size()),
                            kFromUser, false});
    texts.push_back(std::move(text));
  }
  std::sort(scored.begin(), scored.end(),
            [&texts](const Scored& a, const Scored& b) {
              if (a.cost != b.cost) return a.cost < b.cost;
              if (a.split != b.split) return b.split;
              if (a.edits != b.edits) return a.edits < b.edits;
              if (a.code != b.code) return a.code < b.code;
              return texts[a.text] < texts[b.text];
            });
  std::vector<Suggestion> out;
  // The listed suggestions' CaseKeys: one case form per word.
  std::vector<std::string> listed_keys;
  for (const Scored& s : scored) {
    if (out.size() >= lex_.options.max_suggestions) break;
    std::string& text = texts[s.text];
    std::string key = CaseKey(text);
    if (std::find(listed_keys.begin(), listed_keys.end(), key) !=
        listed_keys.end()) {
      continue;
    }
    // A user word's text counts as theirs even if the filter found it too.
    if (s.source != kChecked && !user_texts.count(text) && !Accepted(text)) {
      continue;
    }
    out.push_back(Suggestion{std::move(text), s.cost, s.edits});
    listed_keys.push_back(std::move(key));
  }
  return out;
}

}  // namespace spellfilter
