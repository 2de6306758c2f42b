#!/usr/bin/env bash
# GNU Emacs in batch mode reads `spellfilter check -f lines` in
# compilation-mode and visits each error: point must land on the misspelled
# word. With compilation-error-screen-columns nil Emacs counts characters
# (--columns chars); the default, display columns, is the same for text
# without tabs or wide characters. Skips (77) without emacs.
set -euo pipefail
exe="$1"
sfd="$2"
command -v emacs >/dev/null || { echo "emacs not installed"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf 'caf\xc3\xa9 na\xc3\xafve teh\nsta\n\tqwzx\n' > "$dir/v.txt"
printf 'caf\xc3\xa9\nna\xc3\xafve\n' > "$dir/v.words"
status=0
SPELLFILTER_OUT=$("$exe" check -d "$sfd" --user "$dir/v.words" -f lines \
  --columns chars "$dir/v.txt") || status=$?
[[ $status -eq 1 ]] || { echo "check exited $status"; exit 1; }
export SPELLFILTER_OUT
cat > "$dir/t.el" <<'ELISP'
(require 'compile)
(setq compilation-error-screen-columns nil)
(let ((buf (get-buffer-create "*spellfilter*")))
  (with-current-buffer buf
    ;; As M-x compile shows it: a header line, then the messages.
    (insert "spellfilter check -f lines --columns chars\n"
            (getenv "SPELLFILTER_OUT") "\n")
    (compilation-mode))
  (setq next-error-last-buffer buf)
  (dotimes (i 3)
    (if (= i 0) (first-error) (next-error))
    ;; next-error shows the file in the selected window, point at the locus.
    (with-current-buffer (window-buffer (selected-window))
      (let ((p (window-point (selected-window))))
        (princ (format "AT: %s\n" (buffer-substring-no-properties
                                    p (min (line-end-position) (+ p 4)))))))))
ELISP
got=$(emacs -Q --batch -l "$dir/t.el" 2>"$dir/err") || {
  echo "$got"; cat "$dir/err"; exit 1; }
expected=$'AT: teh\nAT: sta\nAT: qwzx'
if [[ "$got" != "$expected" ]]; then
  printf 'expected:\n%s\ngot:\n%s\n' "$expected" "$got"
  exit 1
fi
echo ok
