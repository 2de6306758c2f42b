#include "app/editor/spell_context_menu.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenu>
#include <QTextBlock>

#include "app/editor/spell_service.h"
#include "app/editor/spell_text_edit.h"

namespace spellfilter::editor {
namespace {

// Menu texts treat '&' as a mnemonic marker.
QString MenuText(QString text) {
  return text.replace(u'&', QStringLiteral("&&"));
}

QAction* NewAction(QMenu* menu, const QString& text, const char* name) {
  auto* action = new QAction(text, menu);
  action->setObjectName(QString::fromLatin1(name));
  return action;
}

void AddMisspellingActions(SpellTextEdit* edit, QMenu* menu, QAction* before,
                           const QTextCursor& word) {
  // Each insertion goes before the first standard action, so the spelling
  // actions end up in the order they are inserted.
  SpellService* service = edit->service();
  const QString text = word.selectedText();
  // Several languages: the sentence's language suggests, and takes the
  // word when it is added.
  const QTextBlock block = word.block();
  const int language = service->languageAt(
      block.text(), word.selectionStart() - block.position());
  const QStringList suggestions =
      service->canSuggest()
          ? service->suggestions(text, kMaxMenuSuggestions, language)
          : QStringList();
  for (const QString& suggestion : suggestions) {
    QAction* a = NewAction(menu, MenuText(suggestion), "suggestion");
    QFont bold = a->font();
    bold.setBold(true);
    a->setFont(bold);
    QObject::connect(a, &QAction::triggered, edit, [edit, word, suggestion] {
      edit->replace(word, suggestion);
    });
    menu->insertAction(before, a);
  }
  if (suggestions.isEmpty()) {
    QAction* none =
        NewAction(menu,
                  service->canSuggest()
                      ? QCoreApplication::translate("SpellContextMenu",
                                                    "(no suggestions)")
                      : QCoreApplication::translate(
                            "SpellContextMenu", "(suggestions not available)"),
                  "noSuggestions");
    none->setEnabled(false);
    menu->insertAction(before, none);
  }
  menu->insertSeparator(before);

  QString add_text =
      QCoreApplication::translate("SpellContextMenu",
                                  "&Add \u201C%1\u201D to Dictionary")
          .arg(MenuText(text));
  if (service->languageCount() > 1) {
    add_text += QStringLiteral(" (%1)").arg(service->languageTag(language));
  }
  QAction* add = NewAction(menu, add_text, "addToDictionary");
  add->setEnabled(service->hasUserDictionary(language));
  QObject::connect(add, &QAction::triggered, edit, [edit, text, language] {
    QString error;
    if (!edit->service()->addWord(text, &error, language)) {
      emit edit->spellingActionFailed(error);
    }
  });
  menu->insertAction(before, add);

  QAction* ignore = NewAction(
      menu, QCoreApplication::translate("SpellContextMenu", "&Ignore All"),
      "ignoreAll");
  QObject::connect(ignore, &QAction::triggered, edit,
                   [edit, text] { edit->service()->ignoreAll(text); });
  menu->insertAction(before, ignore);
}

void AddUserWordActions(SpellTextEdit* edit, QMenu* menu, QAction* before,
                        int position) {
  SpellService* service = edit->service();
  if (!service->hasUserDictionary()) return;
  const QTextBlock block = edit->document()->findBlock(position);
  const QString line = block.text();
  const std::optional<TextSpan> span =
      service->wordAt(line, position - block.position());
  if (!span) return;
  const QString word = line.mid(span->start, span->length);
  const QString entry = service->userEntryFor(word);
  if (entry.isEmpty()) return;
  QAction* remove = NewAction(
      menu,
      QCoreApplication::translate("SpellContextMenu",
                                  "&Remove \u201C%1\u201D from Dictionary")
          .arg(MenuText(entry)),
      "removeFromDictionary");
  QObject::connect(remove, &QAction::triggered, edit, [edit, word] {
    QString error;
    if (!edit->service()->removeWord(word, &error)) {
      emit edit->spellingActionFailed(error);
    }
  });
  menu->insertAction(before, remove);
}

}  // namespace

void AddSpellingActions(SpellTextEdit* edit, QMenu* menu, int position) {
  if (!edit->service()->hasDictionary()) return;
  QAction* first = menu->actions().value(0);
  const int before = menu->actions().size();
  if (const std::optional<QTextCursor> word = edit->misspellingAt(position)) {
    AddMisspellingActions(edit, menu, first, *word);
  } else {
    AddUserWordActions(edit, menu, first, position);
  }
  if (first != nullptr && menu->actions().size() > before) {
    menu->insertSeparator(first);
  }
}

}  // namespace spellfilter::editor
