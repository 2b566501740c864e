// `crm profiles import-spec --example`: a document with several named examples of one send says
// which it used and which there are; --example [OP:]NAME picks one, for every --use or for one;
// a name the document lacks is refused with the names it has, and nothing is saved.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from './cli-harness';
import { openProfileFolder } from './spec-folder';

const SPECS = fileURLToPath(new URL('../../fixtures/specs/', import.meta.url));
const META = join(SPECS, 'meta-cloud-messages.yaml');
const SEND = 'POST /{Version}/{Phone-Number-ID}/messages';

describe('crm profiles import-spec --example', () => {
  let env: Record<string, string>;
  const crm = (argv: string[]) => runInProcess(argv, { env });

  beforeAll(async () => {
    env = await openProfileFolder('cli-spec-example', { name: 'cloud', url: 'https://graph.cloud-messaging.example' });
  });

  it('names the examples there are and the one used', async () => {
    const phone = ['--var', 'Phone-Number-ID=123456789012345'];
    const run = await crm(['profiles', 'import-spec', META, '--use', `media=${SEND}`, ...phone, '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/this used "image-by-url": choose another with --example NAME/);
    expect(run.stdout).toContain('/v23.0/123456789012345/messages');
  });

  it('--example OP:NAME picks the example for that operation only', async () => {
    const uses = ['--use', `text=${SEND}`, '--use', `media=${SEND}`];
    const run = await crm(['profiles', 'import-spec', META, ...uses, '--example', 'text:reply-to-message', '--dry-run', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as { operations: { operation: string; proposal: { spec: { body: Record<string, unknown> } } }[] };
    expect(doc.operations[0]!.proposal.spec.body).toMatchObject({ context: { message_id: { $role: 'quoted_id' } } });
    expect(doc.operations[1]!.proposal.spec.body).not.toHaveProperty('context');
  });

  it('an example the document lacks is refused with the names it has; nothing is saved', async () => {
    const run = await crm(['profiles', 'import-spec', META, '--use', `media=${SEND}`, '--example', 'video-by-url']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/no example "video-by-url"; its examples: "text-message"/);
    expect((await crm(['profiles', 'show', 'cloud'])).stdout).toMatch(/Send Media \(the default API, docs\/API\.md\)/);
  });
});
