;;; check-eglot.el --- Emacs (eglot) as an LSP client of toolwire, in batch mode  -*- lexical-binding: t; -*-
;;
;; Loads the configuration docs/editors.md gives (TOOLWIRE_E2E_CONFIG: its Emacs Lisp snippet with
;; the server's path filled in), opens a YAML tool file, and lets eglot-ensure start the server as
;; the command loop would. Then: the diagnostics flymake shows; a settings change
;; (eglot-workspace-configuration, signalled with didChangeConfiguration) that the server honours
;; (wire-collision as a warning); and the server's log in eglot's events buffer. Everything seen
;; goes into a JSON report (TOOLWIRE_E2E_REPORT) that e2e/tests/emacs.test.ts checks.

(require 'json)
(require 'subr-x)

(defvar toolwire-report nil "What was seen, as an alist.")
(defvar toolwire-steps nil "The steps reached, newest first.")
(defconst toolwire-step-seconds (string-to-number (or (getenv "TOOLWIRE_E2E_STEP_S") "15")))

(defun toolwire-note (key value) (push (cons key value) toolwire-report))
(defun toolwire-step (name) (push name toolwire-steps))

(defun toolwire-wait (what condition)
  "Processes output until CONDITION returns non-nil; signals WHAT on timeout."
  (let ((deadline (+ (float-time) toolwire-step-seconds)) value)
    (while (and (not (setq value (funcall condition))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (or value (error "Timed out after %ss waiting for %s" toolwire-step-seconds what))))

(defun toolwire-diagnostics ()
  "The buffer's flymake diagnostics as \"TYPE TEXT\" strings (flymake runs on a timer: start it)."
  (flymake-start)
  (mapcar (lambda (d) (format "%s %s" (flymake-diagnostic-type d) (flymake-diagnostic-text d)))
          (flymake-diagnostics)))

(defun toolwire-with-code (code)
  (seq-filter (lambda (line) (string-match-p (regexp-quote (format "[%s]" code)) line)) (toolwire-diagnostics)))

(defun toolwire-run ()
  ;; An interactive Emacs activates the installed packages (their autoloads: yaml-mode for .yaml,
  ;; eglot-ensure) before the init file; --batch does not.
  (package-activate-all)
  (toolwire-step "load configuration")
  (load (getenv "TOOLWIRE_E2E_CONFIG") nil t)
  (toolwire-step "open")
  (find-file (getenv "TOOLWIRE_E2E_FILE"))
  (toolwire-note 'mode (symbol-name major-mode))
  ;; eglot-ensure connects from post-command-hook, after the command that visited the file.
  (run-hooks 'post-command-hook)
  (toolwire-wait "eglot to connect" (lambda () (eglot-current-server)))
  (toolwire-step "diagnostics")
  (toolwire-note 'before (toolwire-wait "a wire-collision diagnostic"
                                        (lambda () (toolwire-with-code "wire-collision"))))
  (toolwire-step "settings")
  (setq-default eglot-workspace-configuration
                '(:toolwire (:languages ["yaml"] :severity (:wire-collision "warning"))))
  (eglot-signal-didChangeConfiguration (eglot-current-server))
  (toolwire-note 'after (toolwire-wait "the wire-collision to become a warning"
                                       (lambda ()
                                         (let ((now (toolwire-with-code "wire-collision")))
                                           (and now (string-prefix-p "eglot-warning" (car now)) now)))))
  (toolwire-step "log")
  ;; jsonrpc's events buffer holds every message, as plists: the server's log lines are the
  ;; window/logMessage notifications' `:message'.
  (toolwire-note 'log (with-current-buffer (jsonrpc-events-buffer (eglot-current-server))
                        (let (lines)
                          (goto-char (point-min))
                          (while (re-search-forward ":message \"\\([^\"]*\\)\"" nil t)
                            (push (match-string 1) lines))
                          (vconcat (nreverse lines)))))
  (toolwire-step "shutdown")
  (eglot-shutdown (eglot-current-server))
  (toolwire-step "done"))

(let ((ok (condition-case err (progn (toolwire-run) t)
            (error (toolwire-note 'error (error-message-string err)) nil))))
  (toolwire-note 'steps (vconcat (reverse toolwire-steps)))
  (toolwire-note 'emacs emacs-version)
  (with-temp-file (getenv "TOOLWIRE_E2E_REPORT")
    (insert (json-encode toolwire-report)))
  (kill-emacs (if ok 0 1)))
