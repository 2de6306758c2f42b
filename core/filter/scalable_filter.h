// A Bloom filter that grows: a scalable Bloom filter (Almeida, Baquero,
// Preguiça & Hutchison 2007, "Scalable Bloom Filters"). Words go into the
// newest layer until it holds its capacity; then a new layer is opened with
// s = kGrowthFactor times the capacity and r = kTighteningRatio times the
// target rate of the one before:
//
//   layer i:  capacity c_i = c_0 * s^i,   target p_i = P (1 - r) r^i,
//
// so that however many layers there are, the rate of the union stays below
// P, the budget:
//
//   1 - prod_i (1 - f_i)  <=  sum_i f_i  <=  sum_i p_i  <  P (1 - r) / (1 - r)
//                                                      =  P,
//
// where f_i <= p_i is layer i's rate with at most c_i words in it. Each
// layer is a blocked filter (bloom_filter.h) sized by
// fpmath::SizeBlocked(c_i, p_i), so f_i is the layout's own rate, not the
// classic formula's.
//
// Why s = 2, r = 1/2: Almeida et al. find r in 0.8..0.9 best for filters
// that grow through many layers; a user word list grows through few (the
// first layer holds the base dictionary's headroom, >= 10,000 words; four
// layers hold 15 times that). Over three layers r = 1/2 costs fewer bits
// (the first layer, which is always there, gets P/2 rather than P/5), and
// the tightening costs 1.44 bits per word per further layer. s = 2 keeps
// the last layer at most about half empty.
//
// The layers are a pure function of (geometry, words in insertion order):
// adding words one by one gives bit for bit the filter that Rebuild gives
// for the same list, which the durability tests rely on.
//
// All layers use one hash seed, so a lookup hashes the word once. The
// layers' false positives are then correlated (the same in-block probe
// offsets); the union bound above does not need independence.
#ifndef SPELLFILTER_CORE_FILTER_SCALABLE_FILTER_H_
#define SPELLFILTER_CORE_FILTER_SCALABLE_FILTER_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/filter/bloom_filter.h"
#include "core/util/status.h"

namespace spellfilter {

inline constexpr uint64_t kGrowthFactor = 2;     // s
inline constexpr double kTighteningRatio = 0.5;  // r
// No layer is sized below this many words (a base without headroom), nor
// the first above kMaxFirstCapacity.
inline constexpr uint64_t kMinFirstCapacity = 1024;
inline constexpr uint64_t kMaxFirstCapacity = uint64_t{1} << 30;
// Add refuses a word that would need layer kMaxLayers, or a layer whose
// target is below fpmath::kMinTargetRate (where sizing clamps the target, so
// p_i would stop tightening). Neither happens below billions of words.
inline constexpr int kMaxLayers = 32;

struct ScalableGeometry {
  double budget = 0;            // P: bound on the union's rate
  uint64_t first_capacity = 0;  // c_0
  uint64_t seed = 0;            // hash seed of every layer

  friend bool operator==(const ScalableGeometry&,
                         const ScalableGeometry&) = default;
};

struct FilterLayer {
  BloomParams params;
  uint64_t capacity = 0;  // c_i
  double target = 0;      // p_i
  uint64_t words = 0;     // words added to this layer
  std::vector<uint64_t> bits;

  BloomFilter view() const { return BloomFilter(params, bits); }
};

class ScalableFilter {
 public:
  ScalableFilter() = default;
  explicit ScalableFilter(const ScalableGeometry& geometry);

  // Capacity and target of layer i (cheap), and its sizing (~10 ms the
  // first time for each i, then cached).
  uint64_t LayerCapacity(int i) const;
  double LayerTarget(int i) const;
  BloomParams LayerParams(int i);

  // Adds a normalised word (word_forms.h); does not check for duplicates
  // (the caller keeps the exact list). InvalidArgument past kMaxLayers.
  Status Add(std::string_view normalized_word);
  // Empties the filter, keeping the geometry (and the layers' sizing).
  void Clear();
  // An empty filter of the same geometry and sizing, without copying bits.
  ScalableFilter EmptyCopy() const;

  // Whether any layer may contain the word: false positives at the rate
  // PredictedRate(), never a false negative.
  bool MayContain(std::string_view normalized_word) const;

  // 1 - prod_i (1 - f_i(words_i)): the union's predicted rate now.
  double PredictedRate() const;
  // sum_i p_i over the layers that exist: what the rate can reach before
  // the next layer opens; always < budget.
  double RateBound() const;

  uint64_t size() const { return words_; }
  const ScalableGeometry& geometry() const { return geometry_; }
  const std::vector<FilterLayer>& layers() const { return layers_; }

  // Adopts decoded layers after checking that they follow the geometry
  // (capacities, targets, fill order, array sizes); Corruption otherwise.
  static StatusOr<ScalableFilter> FromLayers(const ScalableGeometry& geometry,
                                             std::vector<FilterLayer> layers);

 private:
  ScalableGeometry geometry_;
  std::vector<FilterLayer> layers_;
  std::vector<BloomParams> sized_;  // LayerParams cache
  uint64_t words_ = 0;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_FILTER_SCALABLE_FILTER_H_
