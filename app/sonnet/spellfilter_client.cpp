#include "app/sonnet/spellfilter_client.h"

#include "spellfilter.h"

namespace {

// One spellfilter dictionary, with the user's words, for one language.
class SpellfilterSpeller : public Sonnet::SpellerPlugin {
 public:
  SpellfilterSpeller(const QString& language, spellfilter_dict* dict)
      : Sonnet::SpellerPlugin(language), dict_(dict) {}
  ~SpellfilterSpeller() override { spellfilter_close(dict_); }
  SpellfilterSpeller(const SpellfilterSpeller&) = delete;
  SpellfilterSpeller& operator=(const SpellfilterSpeller&) = delete;

  bool isCorrect(const QString& word) const override {
    const QByteArray w = word.toUtf8();
    // An error (not UTF-8 after all) is not a misspelling to underline.
    return spellfilter_check_word(dict_, w.constData(), w.size()) != 0;
  }

  QStringList suggest(const QString& word) const override {
    const QByteArray w = word.toUtf8();
    char** words = nullptr;
    size_t count = 0;
    QStringList out;
    if (spellfilter_suggest(dict_, w.constData(), w.size(), 10, &words,
                            &count) == SPELLFILTER_OK) {
      for (size_t i = 0; i < count; ++i) out << QString::fromUtf8(words[i]);
      spellfilter_free_words(words, count);
    }
    return out;
  }

  bool storeReplacement(const QString&, const QString&) override {
    return false;  // spellfilter keeps no replacement table
  }

  bool addToPersonal(const QString& word) override {
    const QByteArray w = word.toUtf8();
    return spellfilter_add_word(dict_, w.constData(), w.size()) ==
           SPELLFILTER_OK;
  }

  bool addToSession(const QString& word) override {
    const QByteArray w = word.toUtf8();
    return spellfilter_add_session_word(dict_, w.constData(), w.size()) ==
           SPELLFILTER_OK;
  }

 private:
  spellfilter_dict* const dict_;
};

}  // namespace

SpellfilterClient::SpellfilterClient(QObject* parent)
    : Sonnet::Client(parent) {}

Sonnet::SpellerPlugin* SpellfilterClient::createSpeller(
    const QString& language) {
  spellfilter_dict* dict = nullptr;
  const QByteArray tag = language.toUtf8();
  if (spellfilter_open_language(tag.constData(), SPELLFILTER_USER_DEFAULT,
                                &dict) != SPELLFILTER_OK) {
    return nullptr;
  }
  return new SpellfilterSpeller(language, dict);
}

QStringList SpellfilterClient::languages() const {
  char** tags = nullptr;
  size_t count = 0;
  QStringList out;
  if (spellfilter_list_languages(&tags, &count) == SPELLFILTER_OK) {
    for (size_t i = 0; i < count; ++i) out << QString::fromUtf8(tags[i]);
    spellfilter_free_words(tags, count);
  }
  return out;
}
