#include "core/filter/scalable_filter.h"

#include <algorithm>
#include <cmath>

#include "core/filter/false_positive_math.h"
#include "core/util/hash.h"

namespace spellfilter {

ScalableFilter::ScalableFilter(const ScalableGeometry& geometry)
    : geometry_(geometry) {
  geometry_.first_capacity = std::clamp(geometry_.first_capacity,
                                        kMinFirstCapacity, kMaxFirstCapacity);
}

uint64_t ScalableFilter::LayerCapacity(int i) const {
  uint64_t c = geometry_.first_capacity;
  for (int j = 0; j < i; ++j) c *= kGrowthFactor;
  return c;
}

double ScalableFilter::LayerTarget(int i) const {
  return geometry_.budget * (1 - kTighteningRatio) *
         std::pow(kTighteningRatio, i);
}

BloomParams ScalableFilter::LayerParams(int i) {
  while (static_cast<int>(sized_.size()) <= i) {
    const int j = static_cast<int>(sized_.size());
    const fpmath::Sizing s =
        fpmath::SizeBlocked(LayerCapacity(j), LayerTarget(j), kBlockBits);
    BloomParams p;
    p.layout = Layout::kBlocked;
    p.bits = s.bits;
    p.probes = static_cast<uint32_t>(s.k);
    p.seed = geometry_.seed;
    sized_.push_back(p);
  }
  return sized_[i];
}

Status ScalableFilter::Add(std::string_view normalized_word) {
  if (layers_.empty() || layers_.back().words >= layers_.back().capacity) {
    const int i = static_cast<int>(layers_.size());
    if (i >= kMaxLayers || LayerTarget(i) < fpmath::kMinTargetRate) {
      return Status::InvalidArgument("the user word filter is full (" +
                                     std::to_string(words_) + " words in " +
                                     std::to_string(i) + " layers)");
    }
    FilterLayer layer;
    layer.params = LayerParams(i);
    layer.capacity = LayerCapacity(i);
    layer.target = LayerTarget(i);
    layer.bits.assign(layer.params.bits / 64, 0);
    layers_.push_back(std::move(layer));
  }
  FilterLayer& last = layers_.back();
  BloomFilter::Add(last.params, last.bits,
                   HashWord(normalized_word, geometry_.seed));
  ++last.words;
  ++words_;
  return Status::Ok();
}

void ScalableFilter::Clear() {
  layers_.clear();
  words_ = 0;
}

ScalableFilter ScalableFilter::EmptyCopy() const {
  ScalableFilter f(geometry_);
  f.sized_ = sized_;
  return f;
}

bool ScalableFilter::MayContain(std::string_view normalized_word) const {
  if (layers_.empty()) return false;
  const WordHash h = HashWord(normalized_word, geometry_.seed);
  for (const FilterLayer& layer : layers_) {
    if (layer.view().MayContain(h)) return true;
  }
  return false;
}

double ScalableFilter::PredictedRate() const {
  double miss = 1;
  for (const FilterLayer& layer : layers_) {
    miss *= 1 - spellfilter::PredictedRate(layer.params, layer.words);
  }
  return 1 - miss;
}

double ScalableFilter::RateBound() const {
  double sum = 0;
  for (const FilterLayer& layer : layers_) sum += layer.target;
  return sum;
}

StatusOr<ScalableFilter> ScalableFilter::FromLayers(
    const ScalableGeometry& geometry, std::vector<FilterLayer> layers) {
  ScalableFilter f(geometry);
  if (f.geometry_ != geometry) {
    return Status::Corruption("first layer capacity out of range");
  }
  if (layers.size() > static_cast<size_t>(kMaxLayers)) {
    return Status::Corruption("too many layers");
  }
  for (size_t i = 0; i < layers.size(); ++i) {
    const FilterLayer& l = layers[i];
    const std::string which = "layer " + std::to_string(i) + ": ";
    const int ii = static_cast<int>(i);
    if (l.capacity != f.LayerCapacity(ii) || l.target != f.LayerTarget(ii)) {
      return Status::Corruption(which + "capacity or target off the geometry");
    }
    if (l.params.layout != Layout::kBlocked || l.params.seed != geometry.seed) {
      return Status::Corruption(which + "unexpected layout or seed");
    }
    if (const char* problem = BloomFilter::Validate(l.params, l.bits.size())) {
      return Status::Corruption(which + problem);
    }
    // Every layer but the last is full; the last holds at least one word.
    const bool last = i + 1 == layers.size();
    if (last ? (l.words == 0 || l.words > l.capacity) : l.words != l.capacity) {
      return Status::Corruption(which + "word count off the fill order");
    }
    f.words_ += l.words;
    f.sized_.push_back(l.params);
  }
  f.layers_ = std::move(layers);
  return f;
}

}  // namespace spellfilter
