// A project file's words and flag words (app/project/project_config.h)
// applied to what the Checker found in a chunk: the project's words are
// dropped, its flag words added wherever the tokenizer finds them (even
// when the dictionary has them), in order of offset. One per thread.
#ifndef SPELLFILTER_APP_PROJECT_PROJECT_WORDS_H_
#define SPELLFILTER_APP_PROJECT_PROJECT_WORDS_H_

#include <algorithm>
#include <string_view>
#include <vector>

#include "app/project/project_config.h"
#include "core/check/checker.h"
#include "core/text/tokenizer.h"

namespace spellfilter {

class ProjectWords {
 public:
  void Apply(const ProjectConfig& project, std::string_view chunk,
             std::vector<Misspelling>* misspelled) {
    std::erase_if(*misspelled, [&](const Misspelling& m) {
      return project.Accepts(chunk.substr(m.offset, m.length));
    });
    if (project.flag_words.empty()) return;
    tokenizer_.Tokenize(chunk, &tokens_);
    const size_t before = misspelled->size();
    for (const Token& t : tokens_) {
      if (project.flag_words.count(chunk.substr(t.offset, t.length)) > 0) {
        misspelled->push_back(Misspelling{t.offset, t.length});
      }
    }
    if (misspelled->size() == before) return;
    const auto by_offset = [](const Misspelling& a, const Misspelling& b) {
      return a.offset < b.offset;
    };
    const auto same = [](const Misspelling& a, const Misspelling& b) {
      return a.offset == b.offset;
    };
    std::sort(misspelled->begin(), misspelled->end(), by_offset);
    misspelled->erase(std::unique(misspelled->begin(), misspelled->end(), same),
                      misspelled->end());
  }

 private:
  Tokenizer tokenizer_;
  std::vector<Token> tokens_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_APP_PROJECT_PROJECT_WORDS_H_
