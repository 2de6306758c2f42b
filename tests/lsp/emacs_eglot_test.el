;;; emacs_eglot_test.el --- driven by emacs_eglot_test.sh -*- lexical-binding: t -*-
;; Emacs's eglot (Debian's elpa-eglot) with the configuration that
;; docs/code_checking.md shows, the command made absolute: opens a text
;; file, waits for the diagnostics, checks them (flymake). Exits 0 on
;; success; on failure prints why and exits 1.
(let* ((args command-line-args-left)
       (exe (nth 0 args)) (en-us (nth 1 args)) (programming (nth 2 args))
       (file (nth 3 args)))
  (setq command-line-args-left nil)
  (defun spellfilter-fail (msg)
    (message "emacs_eglot_test: %s" msg)
    (kill-emacs 1))
  ;; The documented configuration, with the build tree's files.
  (with-eval-after-load 'eglot
    (add-to-list 'eglot-server-programs
                 `((text-mode markdown-mode)
                   . (,exe "lsp" "-d" ,en-us "--code-dict" ,programming
                           "--no-user"))))
  (require 'eglot)
  (find-file file)
  (unless (derived-mode-p 'text-mode) (spellfilter-fail "not text-mode"))
  (call-interactively #'eglot)
  (let ((tries 0))
    (while (and (< tries 200)
                (< (length (flymake-diagnostics)) 2))
      (accept-process-output nil 0.05)
      (setq tries (1+ tries))))
  (let* ((diags (sort (flymake-diagnostics)
                      (lambda (a b) (< (flymake-diagnostic-beg a)
                                       (flymake-diagnostic-beg b)))))
         (words (mapcar (lambda (d)
                          (buffer-substring-no-properties
                           (flymake-diagnostic-beg d)
                           (flymake-diagnostic-end d)))
                        diags)))
    (message "emacs_eglot_test: flagged %S" words)
    ;; "😀 recieve" checks the UTF-16 columns: the emoji is 2 code units.
    (unless (equal words '("recieve" "wrold"))
      (spellfilter-fail (format "expected (\"recieve\" \"wrold\"), got %S" words))))
  (kill-emacs 0))
