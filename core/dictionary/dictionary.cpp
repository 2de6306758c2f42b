#include "core/dictionary/dictionary.h"

#include <atomic>
#include <cstring>

namespace spellfilter {

Dictionary::Dictionary() {
  static std::atomic<uint64_t> next{2};
  serial_ = next.fetch_add(2, std::memory_order_relaxed);
}

StatusOr<std::unique_ptr<Dictionary>> Dictionary::Open(const std::string& path,
                                                       DictionaryUse use) {
  // Verifying the checksums reads every page the use needs: all of them,
  // unless the suggestion sections are skipped, so then only those
  // pages are faulted in, not the whole file.
  // A checker maps only the file's prefix up to its last section (the
  // suggestion sections come after it in the files `build` writes).
  StatusOr<MappedFile> file = MappedFile::OpenPrefix(
      path, use == DictionaryUse::kCheckAndSuggest, kMaxTableEndBytes,
      [use](std::span<const std::byte> head, uint64_t file_size) {
        return BytesToRead(use, head, file_size);
      });
  if (!file.ok()) return file.status();
  std::unique_ptr<Dictionary> d(new Dictionary());
  d->name_ = path;
  d->mapping_ = std::move(file.value());
  const std::span<const std::byte> bytes = d->mapping_.bytes();
  const uint64_t file_bytes = d->mapping_.file_size();
  return Decode(std::move(d), bytes, file_bytes, use);
}

StatusOr<std::unique_ptr<Dictionary>> Dictionary::FromBytes(
    std::string_view bytes, std::string name, DictionaryUse use) {
  std::unique_ptr<Dictionary> d(new Dictionary());
  d->name_ = std::move(name);
  d->owned_.resize((bytes.size() + 7) / 8);
  if (!bytes.empty()) std::memcpy(d->owned_.data(), bytes.data(), bytes.size());
  const std::span<const std::byte> view(
      reinterpret_cast<const std::byte*>(d->owned_.data()), bytes.size());
  return Decode(std::move(d), view, view.size(), use);
}

StatusOr<std::unique_ptr<Dictionary>> Dictionary::Decode(
    std::unique_ptr<Dictionary> d, std::span<const std::byte> bytes,
    uint64_t file_bytes, DictionaryUse use) {
  StatusOr<DictionaryContents> contents =
      DecodeDictionaryPrefix(bytes, file_bytes, d->name_, use);
  if (!contents.ok()) return contents.status();
  d->contents_ = std::move(contents.value());
  d->filter_ = BloomFilter(d->contents_.filter, d->contents_.bits);
  if (!d->contents_.compound_parts.empty()) {
    // Checked by DecodeDictionary already.
    CompoundFilter::Parse(d->contents_.compound_parts, &d->compound_parts_);
  }
  if (!d->contents_.keep_case.empty()) {
    KeepCaseFilter::Parse(d->contents_.keep_case, &d->keep_case_);
  }
  if (d->contents_.has_word_breaks) {
    // Checked by DecodeDictionary already.
    WordBreaks::Parse(d->contents_.word_breaks, &d->word_breaks_);
  }
  if (!d->contents_.word_chars.empty()) {
    // Checked by DecodeDictionary already.
    WordChars::Parse(d->contents_.word_chars, &d->word_chars_);
  }
  if (!d->contents_.affix_rules.empty()) {
    // Checked by DecodeDictionary already.
    StatusOr<AffixTable> table =
        AffixTable::Parse(d->contents_.affix_rules, d->name_);
    if (!table.ok()) return table.status();
    d->affix_table_ = std::make_unique<AffixTable>(std::move(table).value());
    if (!d->contents_.stems.empty()) {
      // Checked by DecodeDictionary already.
      StemFilter::Parse(d->contents_.stems, &d->stems_);
    }
    d->affixes_ = std::make_unique<AffixLookup>(*d->affix_table_, d->filter_,
                                                d->stems_);
  }
  if (!d->contents_.compound_parts.empty()) {
    // CHECKCOMPOUNDREP asks whether a string is a word (Contains); the
    // Dictionary is on the heap, so the pointer stays valid.
    const bool rules = !d->contents_.compound_rules.empty();
    if (rules) {
      // Checked by DecodeDictionary already.
      CompoundRuleSet::Parse(d->contents_.compound_rules, &d->compound_rules_);
    }
    d->compound_parts_.Attach(
        rules ? &d->compound_rules_ : nullptr,
        [](const void* self, std::string_view word) {
          return static_cast<const Dictionary*>(self)->Contains(word);
        },
        d.get());
    // The pre-test holds only the keys' letters, so it cannot speak for
    // parts found through affix rules (compound_edges.h).
    if (!d->contents_.compound_edges.empty() &&
        (d->affix_table_ == nullptr || !d->affix_table_->has_rules())) {
      // Checked by DecodeDictionary already.
      CompoundEdges::Parse(d->contents_.compound_edges, &d->compound_edges_);
      d->compound_parts_.AttachEdges(&d->compound_edges_);
    }
  }
  return d;
}

}  // namespace spellfilter
