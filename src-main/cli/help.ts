// Help texts, rendered from the command definitions.
import type { OptionSpecs } from './args';
import { COMMON_OPTIONS } from './args';
import type { CommandDef, CommandEntry, CommandGroup } from './command';
import { isGroup } from './command';

function optionLines(options: OptionSpecs): string[] {
  const all: OptionSpecs = { ...options, ...COMMON_OPTIONS };
  const rows = Object.entries(all).map(([name, spec]) => {
    const value = spec.type !== 'boolean' ? ` ${spec.valueName ?? 'VALUE'}${spec.type === 'list' ? ' (repeatable)' : ''}` : '';
    const flag = `${spec.short ? `-${spec.short}, ` : '    '}--${name}${value}`;
    return [flag, spec.help] as const;
  });
  const width = Math.max(...rows.map(([flag]) => flag.length));
  return rows.map(([flag, help]) => `  ${flag.padEnd(width)}  ${help}`);
}

export function commandHelp(def: CommandDef): string {
  const lines = [`crm ${def.name}: ${def.summary}`, '', 'Usage:'];
  for (const usage of def.usage) lines.push(`  crm ${usage}`);
  if (!def.passThrough) {
    lines.push('', 'Options:', ...optionLines(def.options));
  }
  for (const note of def.notes ?? []) lines.push('', note);
  return `${lines.join('\n')}\n`;
}

export function groupHelp(group: CommandGroup): string {
  const width = Math.max(...group.commands.map((c) => c.name.length));
  const lines = [`crm ${group.name}: ${group.summary}`, '', 'Commands:'];
  for (const command of group.commands) lines.push(`  crm ${command.name.padEnd(width)}  ${command.summary}`);
  lines.push('', `Run \`crm ${group.name} COMMAND --help\` for a command's options.`);
  return `${lines.join('\n')}\n`;
}

export function mainHelp(entries: CommandEntry[]): string {
  const rows: [string, string][] = [];
  for (const entry of entries) {
    if (isGroup(entry)) for (const command of entry.commands) rows.push([command.name, command.summary]);
    else rows.push([entry.name, entry.summary]);
  }
  const width = Math.max(...rows.map(([name]) => name.length));
  return `${[
    'crm: the CRM developer console from a terminal (contacts, sending, keys, profiles, outbox).',
    '',
    'Usage: crm COMMAND [options]        crm COMMAND --help for its options',
    '',
    'Commands:',
    ...rows.map(([name, summary]) => `  ${name.padEnd(width)}  ${summary}`),
    '',
    'Key and server:',
    '  The active profile (crm profiles use) gives the base URL, and its active key is read from',
    '  the OS keychain. --profile NAME picks another profile for one command.',
    "  CRM_API_KEY (and CRM_BASE_URL, else the profile's URL) instead use that key for this",
    '  process only: it is held in memory and never written to disk or to the keychain. It applies',
    '  to contacts, send and keys test (without KEY); keys, profiles, outbox and sync always work',
    "  on the saved profiles. Precedence: CRM_BASE_URL beats the profile's base URL, but the",
    '  profile (--profile NAME, else the active one) still gives the paths and API description',
    '  (crm profiles import-curl) of every request.',
    '',
    'Output:',
    '  Results go to stdout. On failure one line "crm: <reason>" goes to stderr.',
    '  --json prints exactly one JSON document on stdout, also on failure:',
    '  {"error":{"code":"...","message":"...","status":401}} (code "usage" for a bad command line),',
    '  and the one-line reason still goes to stderr. `crm sync` and `crm keys test` print their',
    '  usual document and exit 1 when the work is incomplete (see their --help).',
    '',
    'Exit status:',
    '  0  success',
    '  1  the operation failed (network, HTTP error, keychain, invalid input, answered "no")',
    '  2  the command line is wrong (unknown command or option, missing or conflicting options,',
    '     a confirmation needed while stdin is not a terminal and --yes not given)',
    '',
    'Environment:',
    '  CRM_DATA_DIR          data directory shared with the desktop app (profiles, key metadata,',
    '                        outbox); default: ~/.config/crm-console (Linux),',
    '                        ~/Library/Application Support/crm-console (macOS), %APPDATA%\\crm-console (Windows)',
    '  CRM_API_KEY           use this key instead of the keychain (for scripts and CI)',
    "  CRM_BASE_URL          with CRM_API_KEY: the API base URL (the profile's API description still applies)",
    '  CRM_ALLOW_INSECURE_HTTP=1  with CRM_BASE_URL: allow plain http:// to a host other than this computer',
    '  CRM_KEYCHAIN_SERVICE  keychain service name (tests)',
    '  CRM_DEBUG=1           print the stack of an unexpected internal error',
  ].join('\n')}\n`;
}
