#!/usr/bin/env bash
# GNU Emacs in batch mode, with ispell-program-name set to spellfilter:
# flyspell must flag exactly the misspellings, and flyspell-auto-correct-word
# must replace them with our first suggestion. Then a LaTeX buffer checked
# as a large region (flyspell-large-region: Emacs runs `spellfilter -l` on
# the text, then asks the pipe, in TeX mode, about each listed word): the
# words flagged are those Emacs flags with Hunspell (checked by hand with
# ispell-program-name "hunspell": math and comments are flyspell's own
# business there). Skips (77) without emacs.
set -euo pipefail
exe="$1"
command -v emacs >/dev/null || { echo "emacs not installed"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/t.el" <<'ELISP'
(require 'ispell)
(require 'flyspell)
(setq ispell-program-name (getenv "SPELLFILTER"))
(setq ispell-dictionary nil)
(setq ispell-personal-dictionary (expand-file-name "personal.words" (getenv "TESTDIR")))
(with-temp-buffer
  (insert "This is a tset of teh spell checker, don't worry about O'Neill.")
  (text-mode)
  (flyspell-mode 1)
  (flyspell-buffer)
  (let (flagged)
    (dolist (o (overlays-in (point-min) (point-max)))
      (when (overlay-get o 'flyspell-overlay)
        (push (buffer-substring-no-properties (overlay-start o) (overlay-end o)) flagged)))
    (princ (format "FLAGGED: %S\n" (sort flagged #'string<))))
  (dolist (w '("teh" "tset"))
    (goto-char (point-min))
    (search-forward w)
    (flyspell-auto-correct-word))
  (princ (format "TEXT: %s\n" (buffer-string))))
(setq flyspell-large-region 1)
(with-temp-buffer
  (insert "\\documentclass{article}\n\\begin{document}\n"
          "A tset of \\textbf{teh} checker, see \\cite{wrngref} and "
          "$x = \\alpha + bta$.\n% a commnt here\n\\end{document}\n")
  (latex-mode)
  (flyspell-mode 1)
  (flyspell-buffer)
  (let (flagged)
    (dolist (o (overlays-in (point-min) (point-max)))
      (when (overlay-get o 'flyspell-overlay)
        (push (buffer-substring-no-properties (overlay-start o) (overlay-end o)) flagged)))
    (princ (format "LATEX: %S\n" (sort flagged #'string<)))))
ELISP
out=$(cd "$dir" && SPELLFILTER="$exe" TESTDIR="$dir" HOME="$dir" XDG_CONFIG_HOME="$dir" \
      timeout 120 emacs --batch -Q -l t.el 2>&1) || true  # judged below
echo "$out" | grep -E "^(FLAGGED|TEXT|LATEX):"
echo "$out" | grep -qx 'FLAGGED: ("teh" "tset")' || { echo "wrong words flagged"; exit 1; }
echo "$out" | grep -qx "TEXT: This is a test of the spell checker, don't worry about O'Neill." ||
  { echo "wrong corrections"; exit 1; }
echo "$out" | grep -qx 'LATEX: ("bta" "commnt" "teh" "tset")' ||
  { echo "wrong words flagged in the LaTeX buffer"; exit 1; }
echo "emacs flyspell: ok"
