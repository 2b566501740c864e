// `crm profiles import-spec` run as a real process on a small document whose references fan out:
// fourteen schemas, each referring to the next eight times, are about 5 KiB on disk and 8^13
// schemas to walk. The walk spends every schema and reference from one budget and stops with a
// sentence, exit 1, instead of running without end. Needs the built crm (out/cli).
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from './cli-harness';
import { spawnedRunner } from './sandbox-folder';
import { openSpecFolder } from './spec-folder';

const LEVELS = 14;
const FAN_OUT = 8;

/** schema S0 has eight properties that are S1, each of S1's eight is S2, ... S13 is a string */
function fanOutDocument(): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < LEVELS; i += 1) {
    const next = { $ref: `#/components/schemas/S${i + 1}` };
    schemas[`S${i}`] =
      i === LEVELS - 1
        ? { type: 'string' }
        : { type: 'object', properties: Object.fromEntries(Array.from({ length: FAN_OUT }, (_, k) => [`p${k}`, next])) };
  }
  return JSON.stringify(
    {
      openapi: '3.0.3',
      info: { title: 'Fan-out', version: '1' },
      servers: [{ url: 'https://api.chat.example' }],
      paths: {
        '/messages': {
          post: { summary: 'Send', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } } },
        },
      },
      components: { schemas },
    },
    null,
    1,
  );
}

describe('import-spec of a document whose $refs fan out', () => {
  let env: Record<string, string>;
  let spec: string;
  beforeAll(async () => {
    const text = fanOutDocument();
    expect(text.length).toBeLessThan(10 * 1024);
    const fan = { name: 'fan', url: 'https://api.chat.example' };
    ({ env, spec } = await openSpecFolder('spec-fanout', fan, { name: 'fan-out.json', text }, spawnedRunner));
  });

  it('stops with a sentence and exit 1, and saves nothing', async () => {
    // killed (code -1) if it were still walking when the test's own time is nearly up
    const run = await spawnCli(['profiles', 'import-spec', spec, '--use', 'text=POST /messages'], { env, timeoutMs: 25_000 });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(
        /text \(POST \/messages\): The document refers to its parts too many times: /.source +
          /reading it means visiting more than 1,000,000 values once its references \(\$ref, YAML aliases\) are followed/.source,
      ),
    );
    const shown = await spawnCli(['profiles', 'show', 'fan'], { env });
    expect(shown.stdout).toMatch(/Send Text \(the default API, docs\/API\.md\)/);
  }, 30_000);

  it('--list still lists the operation (listing walks no schema)', async () => {
    const run = await spawnCli(['profiles', 'import-spec', spec, '--list'], { env, timeoutMs: 25_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('POST /messages');
  });
});
