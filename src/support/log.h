/* Shardy's SDY_LOG: a glog-style line ("I0822 14:03:17.123456 4242
 * file.cc:120] message"), INFO to stdout and WARNING/ERROR to stderr, each
 * flushed as it is written. Shardy's passes log to the console besides the
 * diagnostics they emit; the drop-in tools do the same. */
#ifndef SHARC_SUPPORT_LOG_H
#define SHARC_SUPPORT_LOG_H

typedef enum sharc_log_severity {
  SHARC_LOG_INFO,
  SHARC_LOG_WARNING,
  SHARC_LOG_ERROR,
} sharc_log_severity;

/* `file` and `line` name the Shardy source the message comes from. */
void sharc_log(sharc_log_severity severity, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Called once before the next log line is written (then forgotten): the
 * diagnostics layer delivers a diagnostic still waiting for notes, as
 * MLIR would have reported it when its InFlightDiagnostic ended, before a
 * log line written after it. Per thread; NULL: none. */
void sharc_log_before_next_line(void (*hook)(void *arg), void *arg);
/* Forgets the hook if it was set with `arg` (its owner goes away). */
void sharc_log_forget_hook(void *arg);

#endif
