// The lint step that keeps the code free of import circles: it finds a circle of two, of three and
// a file importing itself, counts type-only and dynamic imports, passes a tree without one, and
// the project itself has none.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circlesOf, importsOf, projectGraph } from '../../../scripts/import-cycles.mjs';
import { tempDir } from '../helpers/temp-dir';

describe('import circles', () => {
  it('finds circles of two and three files and a file importing itself, and none in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
      ['f', ['f']],
      ['g', ['h']],
      ['h', []],
    ]);
    expect(circlesOf(graph)).toEqual(expect.arrayContaining([['a', 'b'], ['c', 'd', 'e'], ['f']]));
    expect(circlesOf(graph)).toHaveLength(3);
    expect(
      circlesOf(
        new Map([
          ['x', ['y']],
          ['y', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads static, type-only, re-exported and dynamic imports of project files, not packages', async () => {
    const dir = await tempDir('crm-cycles-');
    mkdirSync(join(dir, 'sub'));
    for (const name of ['a.ts', 'b.ts', 'c.tsx', 'sub/index.ts', 'd.ts']) writeFileSync(join(dir, name), '');
    const text = [
      "import type { T } from './b';",
      "export { x } from './c';",
      "const later = () => import('./sub');",
      "import { z } from 'zod';",
      "import './d.js';",
    ].join('\n');
    expect(importsOf(join(dir, 'a.ts'), text).sort()).toEqual(
      [join(dir, 'b.ts'), join(dir, 'c.tsx'), join(dir, 'd.ts'), join(dir, 'sub/index.ts')].sort(),
    );
  });

  it('the project has none', () => {
    expect(circlesOf(projectGraph())).toEqual([]);
  });
});
