// Which port the local webhook listener takes: CRM_WEBHOOK_PORT when set (0: any free port;
// "off": no listener), else a fixed default, so the address a person gives their tunnel or the
// service stays the same from one start to the next.
export const DEFAULT_WEBHOOK_PORT = 47474;

/** null: no listener */
export function webhookPortOf(env: Record<string, string | undefined>): number | null {
  const raw = env.CRM_WEBHOOK_PORT?.trim();
  if (raw === undefined || raw === '') return DEFAULT_WEBHOOK_PORT;
  if (/^(off|none|no|false)$/i.test(raw)) return null;
  const port = Number(raw);
  return Number.isInteger(port) && port >= 0 && port <= 65535 ? port : DEFAULT_WEBHOOK_PORT;
}
