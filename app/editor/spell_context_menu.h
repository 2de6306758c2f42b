// The spelling part of the editor's context menu, put above Qt's standard
// Undo/Cut/Copy/Paste items. On a misspelled word: up to
// kMaxMenuSuggestions suggestions (choosing one replaces the word as one
// undo step), Add to Dictionary, Ignore All. On a word of the user
// dictionary: Remove from Dictionary. The actions carry object names
// ("suggestion", "noSuggestions", "addToDictionary", "ignoreAll",
// "removeFromDictionary") so tests and scripts can find them.
#ifndef SPELLFILTER_APP_EDITOR_SPELL_CONTEXT_MENU_H_
#define SPELLFILTER_APP_EDITOR_SPELL_CONTEXT_MENU_H_

class QMenu;

namespace spellfilter::editor {

class SpellTextEdit;

inline constexpr int kMaxMenuSuggestions = 8;

// Adds the actions for document position `position` of `edit` to the top
// of `menu`; they act on `edit` and its SpellService.
void AddSpellingActions(SpellTextEdit* edit, QMenu* menu, int position);

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_SPELL_CONTEXT_MENU_H_
