// The consonant sounds of an English word, for suggestions spelled "by
// ear": a writer who does not know a word's spelling writes its sounds in
// other letters ("sacrin" for "saccharin", "tork" for "torque", "fysiks"
// for "physics"), several edits away, but usually with the same consonant
// sounds in the same order. Vowel spellings are too unreliable to keep:
// they are left out, as in Lawrence Philips' Metaphone (1990), whose rules
// this follows in a reduced form (no word list or misspelling list went
// into them).
//
// SoundSkeleton maps a lower-case word to one byte per consonant sound,
// a sound spelled twice in a row counted once ("letter" -> "LTR", but
// "tot" -> "TT", "physics" -> "FSKS",
// "nation" -> "NXN", "saccharin" and "sacrin" -> "SKRN"):
//   B  b            F  f, v, ph        G  hard g, initial gh
//   J  j, soft g, dg before e/i/y      K  k, hard c, ck, cch, ch after s, q
//   L M N P R  themselves, and kn gn pn wr at the start, mb at the end
//   S  s, z, soft c, sc before e/i/y, initial x and ps
//   T  t, d, ght   W  w or wh before a vowel   0  th
//   X  sh, ch, tch, and t/s/c before i and a vowel ("nation", "special")
//   x elsewhere is "KS". Vowels, y, h, silent w and gh, the apostrophe and
//   letters outside a-z are left out.
//
// SoundSpellings lists, for the suggester's walk, every way a run of
// letters can spell some units: a superset of what SoundSkeleton reads
// (it ignores the context rules), so a walk that follows these spellings
// over the dictionary's prefixes reaches every word with a given skeleton,
// and checks each word it reaches with SoundSkeleton itself.
#ifndef SPELLFILTER_CORE_TEXT_SOUND_SKELETON_H_
#define SPELLFILTER_CORE_TEXT_SOUND_SKELETON_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace spellfilter {

// Whether skeletons mean anything for a dictionary's language (BCP 47 tag):
// English ("en", "en-US", "en_GB").
bool SoundSkeletonsApply(std::string_view language);

std::string SoundSkeleton(std::u32string_view lower);
// The same, and appends to *gaps the number of letters before each unit
// since the previous one, then after the last: size() + 1 numbers
// ("sacrin" -> "SKRN", 0 1 0 1 0).
std::string SoundSkeleton(std::u32string_view lower, std::vector<int>* gaps);

// Letters that spell no consonant sound of their own (SoundSkeleton leaves
// them out wherever they stand): a e i o u y h, the apostrophe and letters
// beyond a-z ("é").
bool IsSoundFiller(char32_t c);

struct SoundSpelling {
  std::string_view letters;
  std::string_view units;  // "" for a silent spelling ("gh" in "night")
};
std::span<const SoundSpelling> SoundSpellings();

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_SOUND_SKELETON_H_
