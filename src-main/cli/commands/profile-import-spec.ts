// crm profiles import-spec: teach a profile several operations at once from the service's
// OpenAPI 3 document or Postman collection (a file or an http(s) URL). --list shows what the
// document offers; each --use OP=ID proposes one operation from one of them, printed as
// import-curl prints it, and saves them all (or, when one cannot be used, none).
import type { SpecProposal } from '../../core/api/spec/spec-import';
import { missingRoles } from '../../core/api/roles';
import { rolesOf } from '../../core/api/template';
import type { DescribedOperation, RoleFixes } from '../../core/api/types';
import { ENDPOINTS } from '../../core/endpoints';
import { CrmError } from '../../core/errors';
import type { Profile } from '../../core/model';
import { UsageError } from '../args';
import { mappingTable, operationLines } from '../api-text';
import { defineCommand } from '../command';
import { clean, table } from '../format';
import { pasteWord } from '../paste-word';
import { OPERATION_NAMES, parseFixes } from './operation-names';
import { dryRunOption, namedProfile, profileOption } from './shared';
import { flagOption, listOption, valueOption } from '../option-kinds';

// The operations a document is most often read for, named in usage errors and --use's help.
const NAMES = 'contacts, text, media, audio, messages';

/** `NAME=VALUE` pairs of a list option, the name checked by `accept`. */
function pairs(values: string[] | undefined, option: string, example: string): [string, string][] {
  return (values ?? []).map((entry) => {
    const eq = entry.indexOf('=');
    if (eq <= 0 || eq === entry.length - 1) throw new UsageError(`${option} takes ${example}`);
    return [entry.slice(0, eq).trim(), entry.slice(eq + 1).trim()];
  });
}

function operationNamed(name: string, option: string): DescribedOperation {
  const operation = OPERATION_NAMES[name];
  if (operation === undefined) throw new UsageError(`${option}: "${name.slice(0, 40)}" is not an operation (${NAMES})`);
  return operation;
}

/** --map ROLE=FIELD applies to every --use; `text:ROLE=FIELD` to one of them. */
function fixesFor(values: string[] | undefined, name: string): RoleFixes {
  const mine = (values ?? []).flatMap((entry) => {
    const scoped = /^([a-z]+):(.*)$/.exec(entry);
    if (scoped === null || OPERATION_NAMES[scoped[1]!] === undefined) return [entry];
    return scoped[1] === name ? [scoped[2]!] : [];
  });
  return parseFixes(mine);
}

/** --example NAME applies to every --use; `media:NAME` to one of them (the last given wins). */
function exampleFor(values: string[] | undefined, name: string): string | undefined {
  let chosen: string | undefined;
  for (const entry of values ?? []) {
    const scoped = /^([a-z]+):(.+)$/.exec(entry);
    if (scoped !== null && OPERATION_NAMES[scoped[1]!] !== undefined) {
      if (scoped[1] === name) chosen = scoped[2]!;
    } else chosen = entry;
  }
  return chosen;
}

interface Planned {
  name: string;
  operation: DescribedOperation;
  result: SpecProposal;
}

export const importSpec = defineCommand({
  name: 'profiles import-spec',
  summary: "learn several operations at once from the service's OpenAPI 3 document or Postman collection",
  usage: [
    'profiles import-spec FILE|URL --list [--json]',
    'profiles import-spec FILE|URL [--profile NAME] --use OP=ID... [--absent OP]... [--var NAME=VALUE]... [--user ACCOUNT] ' +
      '[--map [OP:]ROLE=FIELD]... [--example [OP:]NAME]... [--dry-run] [--json]',
  ],
  options: {
    list: flagOption('print the operations the document offers (their IDs for --use) and stop'),
    use: listOption('OP=ID', `teach OP (${NAMES}) from the document's operation ID, e.g. text="POST /{id}/messages"`),
    absent: listOption('OP', 'record that the service does not offer OP (contacts or messages)'),
    var: listOption('NAME=VALUE', 'a value the document leaves open: a path parameter, a server or collection variable'),
    user: valueOption('ACCOUNT', 'the HTTP Basic user name (an account id) when the service uses Basic auth'),
    map: listOption('[OP:]ROLE=FIELD', 'fix a guess, for every --use or for one (text:number=to)'),
    example: listOption(
      '[OP:]NAME',
      "read the document's example NAME (for every --use, or for one: media:image-by-url) instead of the one that fits",
    ),
    'dry-run': dryRunOption,
    profile: profileOption,
  },
  positionals: { min: 1, max: 1 },
  notes: [
    'Reads OpenAPI 3.0 and 3.1 (JSON or YAML) and Postman collections v2.1, from a file or a URL (https, or plain http only from ' +
      'this computer), up to 8 MiB. References inside the document ($ref) are followed; other files are not read.',
    "Each chosen operation's example request is built as the service's playground would show it (the document's example, or one " +
      'made from its schema) and read like a pasted cURL: see crm profiles import-curl. Where the key goes comes from the ' +
      "security scheme (bearer, basic, apiKey in a header or the query) or the collection's auth; no key value in the document " +
      'is ever stored.',
    "A document's example values are samples: optional fields it fills in are left out and named (keep one with --map constant=FIELD, " +
      'give your own with --var FIELD=VALUE, e.g. --var From=whatsapp:+14155238886); ' +
      'a path parameter naming the account is never the recipient.',
    'When one operation serves several (a POST /messages for text and files), each --use picks the example or oneOf branch that ' +
      'fits it. Bodies sent as multipart/form-data are not supported yet: nothing is saved and the command says which. Show the ' +
      'result with `crm profiles show NAME`.',
  ],
  async run(ctx, { values, positionals }) {
    const source = positionals[0]!;
    const uses = pairs(values.use, '--use', 'OP=ID, e.g. --use text="POST /{id}/messages"').map(([name, id]) => ({
      name,
      operation: operationNamed(name, '--use'),
      id,
    }));
    const absent = (values.absent ?? []).map((name) => {
      if (name !== 'contacts' && name !== 'messages')
        throw new UsageError(`--absent takes contacts or messages (a service always sends), not "${name.slice(0, 40)}"`);
      return { name, operation: operationNamed(name, '--absent') };
    });
    if (!values.list && uses.length === 0 && absent.length === 0)
      throw new UsageError('give --list, or at least one --use OP=ID or --absent OP');
    for (const a of absent)
      if (uses.some((u) => u.operation === a.operation)) throw new UsageError(`${a.name} is given to both --use and --absent`);
    const seen = new Set<string>();
    for (const u of uses) {
      if (seen.has(u.name)) throw new UsageError(`--use ${u.name} is given more than once`);
      seen.add(u.name);
    }
    const vars = Object.fromEntries(pairs(values.var, '--var', 'NAME=VALUE, e.g. --var instance=my-instance'));
    const { core } = await ctx.session();
    const loaded = await core.api.loadSpec(source);
    if (values.list) {
      const { kind, title, candidates } = loaded.spec;
      const head =
        `${kind === 'openapi' ? 'OpenAPI' : 'Postman collection'}${title === '' ? '' : `: ${clean(title)}`} ` +
        `(${candidates.length} operation${candidates.length === 1 ? '' : 's'})`;
      const rows = candidates.map((c) => [clean(c.id), clean(c.summary), clean(c.servers[0] ?? '')]);
      return {
        data: { kind, title, candidates },
        text: [head, '', rows.length === 0 ? '(none)' : table(['ID', 'SUMMARY', 'SERVER'], rows)].join('\n'),
      };
    }

    const { profile } = await namedProfile(ctx, values.profile);
    const options = { vars, ...(values.user === undefined ? {} : { user: values.user }) };
    const planned: Planned[] = [];
    for (const use of uses) {
      try {
        const example = exampleFor(values.example, use.name);
        const chosen = { ...options, fixes: fixesFor(values.map, use.name), ...(example === undefined ? {} : { example }) };
        planned.push({ ...use, result: await core.api.proposeFromSpec(profile.id, use.operation, loaded, use.id, chosen) });
      } catch (err) {
        if (err instanceof CrmError) throw new CrmError(err.code, `${use.name} (${use.id.slice(0, 80)}): ${err.message}`);
        throw err;
      }
    }
    const lines = planned.flatMap((p) => describe(p, profile));
    const blocked = planned.filter(
      (p) => p.result.proposal === null || missingRoles(p.operation, rolesOf(p.result.proposal.spec)).length > 0,
    );
    const data = (saved: boolean) => ({
      profile: profile.id,
      source,
      saved,
      operations: planned.map((p) => ({
        operation: p.operation,
        candidate: p.result.candidate.id,
        proposal: p.result.proposal,
        unsupported: p.result.unsupported,
      })),
      absent: absent.map((a) => a.operation),
    });
    if (blocked.length > 0) {
      lines.push('', `Nothing was saved: ${blocked.map((p) => p.name).join(', ')} cannot be used as proposed (see the notes above).`);
      return {
        data: data(false),
        text: lines.join('\n'),
        exitCode: 1,
        reason: `${blocked.map((p) => p.name).join(', ')} could not be learned from the document`,
      };
    }
    for (const a of absent) lines.push('', `${ENDPOINTS[a.operation].label}: the service does not offer it; it is never asked for.`);
    if (values['dry-run']) {
      lines.push('', 'Dry run: nothing was saved.');
      return { data: data(false), text: lines.join('\n') };
    }
    for (const p of planned) await core.api.save(profile.id, p.operation, p.result.proposal!.spec);
    for (const a of absent) await core.api.markAbsent(profile.id, a.operation, true);
    const saved = [
      ...planned.map((p) => ENDPOINTS[p.operation].label),
      ...absent.map((a) => `${ENDPOINTS[a.operation].label} (not offered)`),
    ];
    lines.push('', `Saved ${saved.join(', ')} for profile "${clean(profile.name)}".`);
    return { data: data(true), text: lines.join('\n') };
  },
});

/** One operation's block: where it came from, the mapping table, the description, the notes. */
function describe(p: Planned, profile: Profile): string[] {
  const label = ENDPOINTS[p.operation].label;
  const lines = ['', `${label} from ${clean(p.result.candidate.id)}`];
  const proposal = p.result.proposal;
  if (proposal === null) return [...lines, `note: ${clean(p.result.unsupported!)}`];
  lines.push(mappingTable(proposal.rows), '', ...operationLines(label, proposal.spec, true));
  const notes = [...proposal.warnings];
  if (new URL(proposal.baseUrl).origin !== new URL(profile.baseUrl).origin) {
    notes.push(
      `The document's server is ${proposal.baseUrl}; the profile "${profile.name}" points at ${profile.baseUrl}. To use the ` +
        `document's: crm profiles edit ${pasteWord(profile.name)} --url ${pasteWord(proposal.baseUrl)}`,
    );
  }
  for (const note of notes) lines.push(`note: ${clean(note)}`);
  return lines;
}
