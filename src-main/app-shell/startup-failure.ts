// What the person sees when the app cannot start: the reason in a sentence and where the log
// is, instead of a process that stays invisible (and blocks every later launch through the
// single-instance lock).

export interface StartupFailure {
  title: string;
  body: string;
}

export function startupFailure(err: unknown, logPath: string): StartupFailure {
  const reason = err instanceof Error && err.message ? err.message : String(err || 'unknown error');
  return {
    title: 'CRM Console could not start',
    body: `${reason}\n\nDetails were written to the log: ${logPath}\nFix the problem above and start the app again.`,
  };
}
