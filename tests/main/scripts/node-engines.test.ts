// The Node check `npm start` and `npm test` make before anything else (scripts/node-version.mjs)
// accepts exactly what package.json's engines say.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINES_NODE, enginesProblem } from '../../../scripts/node-version.mjs';
import { REPO_ROOT } from '../packaging/builder-internals';

/** ^20.19.0 || ^22.13.0 || >=24, version by version (the test above keeps the range itself) */
const ACCEPTED: Record<string, boolean> = {
  'v18.20.4': false,
  'v20.0.0': false,
  'v20.18.3': false,
  'v20.19.0': true,
  'v20.20.2': true,
  'v21.7.3': false,
  'v22.0.0': false,
  'v22.12.0': false,
  'v22.13.0': true,
  'v22.20.0': true,
  'v23.11.0': false,
  'v24.0.0': true,
  'v25.2.1': true,
};

describe('the Node check before npm start and npm test', () => {
  it("is package.json's engines, word for word", async () => {
    const pkg = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(ENGINES_NODE).toBe(pkg.engines.node);
  });

  it('accepts exactly the versions the engines range accepts', () => {
    for (const [version, accepted] of Object.entries(ACCEPTED)) expect(enginesProblem(version) === null, version).toBe(accepted);
    expect(enginesProblem(process.version)).toBeNull();
  });

  it('says which Node it found and which it needs', () => {
    expect(enginesProblem('v22.12.0')).toMatch(
      /^this is Node 22\.12\.0; CRM Console needs Node 20\.19 or newer on 20, 22\.13 or newer on 22, or 24 and later/,
    );
  });
});
