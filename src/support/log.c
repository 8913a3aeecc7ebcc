/* SDY_LOG lines: severity letter, month and day, local time, epoch seconds
 * and microseconds, process id, source position, message. */
#define _POSIX_C_SOURCE 200809L /* localtime_r, getpid, clock_gettime */

#include "support/log.h"

#include "sharc/support.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#define SHARC_PID() ((long)getpid())
#else
#define SHARC_PID() 0L
#endif

/* On for the drop-in tools, as Shardy's are; `sharc` and embedders turn it off
 * (their stdout is a report, a JSON document or nothing). */
static bool log_enabled = true;

void sharc_set_log_enabled(bool enabled) { log_enabled = enabled; }

static _Thread_local void (*before_line)(void *arg);
static _Thread_local void *before_line_arg;

void sharc_log_before_next_line(void (*hook)(void *arg), void *arg) {
  before_line = hook;
  before_line_arg = arg;
}

void sharc_log_forget_hook(void *arg) {
  if (before_line_arg == arg)
    sharc_log_before_next_line(NULL, NULL);
}

void sharc_log(sharc_log_severity severity, const char *file, int line, const char *fmt, ...) {
  static const char letters[] = {'I', 'W', 'E'};
  if (!log_enabled)
    return;
  if (before_line) {
    void (*hook)(void *) = before_line;
    void *arg = before_line_arg;
    sharc_log_before_next_line(NULL, NULL);
    hook(arg);
  }
  FILE *out = severity == SHARC_LOG_INFO ? stdout : stderr;
  struct timespec now = {0, 0};
  clock_gettime(CLOCK_REALTIME, &now);
  struct tm local = {0};
  time_t secs = now.tv_sec;
  localtime_r(&secs, &local);
  /* Shardy prints the epoch seconds where the seconds of the minute would go */
  fprintf(out, "%c%02d%02d %02d:%02d:%lld.%06ld %ld %s:%d] ", letters[severity], local.tm_mon + 1,
          local.tm_mday, local.tm_hour, local.tm_min, (long long)now.tv_sec, now.tv_nsec / 1000,
          SHARC_PID(), file, line);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(out, fmt, ap);
  va_end(ap);
  fputc('\n', out);
  fflush(out);
}
