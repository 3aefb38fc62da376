import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { cycles, importGraph } from './importGraph';

/**
 * The layers of the core, lowest first, as ARCHITECTURE.md lists them. A file may import files of
 * its own layer and of the layers below it, never above; inside a layer the file graph must still
 * be acyclic. An entry is a folder (ending in `/`) or a file of server/src/core; the longest entry
 * that matches a file names its layer, so a folder can lend one file to another layer.
 */
const LAYERS: ReadonlyArray<{ readonly name: string; readonly members: readonly string[] }> = [
  { name: 'primitives', members: ['text/', 'util/'] },
  { name: 'readers', members: ['json/', 'yaml/'] },
  {
    // The ids and shapes every stage speaks; an id type is the key set of its registry.
    name: 'vocabulary',
    members: [
      'profiles/',
      'formats/model.ts',
      'formats/registry.ts',
      'clients/model.ts',
      'code/syntax.ts',
      'code/manifestNames.ts',
      'languages.ts',
    ],
  },
  { name: 'wire rules', members: ['wire/', 'clients/'] },
  { name: 'findings', members: ['findings.ts', 'docs.ts'] },
  { name: 'front-ends', members: ['code/', 'formats/', 'source.ts', 'suppress/directives.ts', 'suppress/syntax.ts'] },
  { name: 'configuration', members: ['config/', 'settings.ts', 'workspace/'] },
  { name: 'model', members: ['model.ts', 'locate.ts', 'fingerprint.ts'] },
  { name: 'census', members: ['census/'] },
  { name: 'checks', members: ['checks/', 'fixes/', 'suppress/'] },
  { name: 'analysis', members: ['analyze.ts', 'incremental/'] },
  {
    name: 'fix proofs',
    members: [
      'fixes/proof.ts',
      'fixes/buildFixes.ts',
      'fixes/fixAll.ts',
      'suppress/commentProof.ts',
      'rename.ts',
      'workspace/toolNames.ts',
    ],
  },
  { name: 'pipeline', members: ['pipeline/'] },
  { name: 'facade', members: ['index.ts'] },
];

const ROOT = join(__dirname, '../..');
const CORE = 'server/src/core/';

function layerOf(file: string): number {
  const inside = file.slice(CORE.length);
  let best = -1;
  let bestLength = -1;
  LAYERS.forEach((layer, index) => {
    for (const member of layer.members) {
      const matches = member.endsWith('/') ? inside.startsWith(member) : inside === member;
      if (matches && member.length > bestLength) {
        best = index;
        bestLength = member.length;
      }
    }
  });
  return best;
}

describe('the import graph (ARCHITECTURE.md, Layers)', () => {
  const graph = importGraph(ROOT, ['server/src', 'cli/src', 'client/src']);

  test('has no cycle, type imports included', () => {
    assert.deepEqual(cycles(graph), []);
  });

  test('every core file belongs to a layer', () => {
    const orphans = graph.files.filter((file) => file.startsWith(CORE) && layerOf(file) < 0);
    assert.deepEqual(orphans, []);
  });

  test('no core import climbs a layer', () => {
    const climbs: string[] = [];
    for (const [file, targets] of graph.edges) {
      if (!file.startsWith(CORE)) continue;
      for (const target of targets) {
        if (!target.startsWith(CORE)) continue;
        const from = layerOf(file);
        const to = layerOf(target);
        if (to > from) climbs.push(`${file} (${LAYERS[from]?.name}) -> ${target} (${LAYERS[to]?.name})`);
      }
    }
    assert.deepEqual(climbs, []);
  });

  test('adapters import the core only through its public index', () => {
    const reaching: string[] = [];
    for (const [file, targets] of graph.edges) {
      if (file.startsWith(CORE)) continue;
      for (const target of targets) {
        if (target.startsWith(CORE) && target !== `${CORE}index.ts`) reaching.push(`${file} -> ${target}`);
      }
    }
    assert.deepEqual(reaching, []);
  });

  test('the index exports only what an adapter imports', () => {
    const named = (file: string, keep: (specifier: string) => boolean): string[] => {
      const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
      const names: string[] = [];
      for (const statement of source.statements) {
        if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
        const specifier = statement.moduleSpecifier;
        if (!specifier || !ts.isStringLiteral(specifier) || !keep(specifier.text)) continue;
        const clause = ts.isImportDeclaration(statement)
          ? statement.importClause?.namedBindings
          : statement.exportClause;
        if (clause && (ts.isNamedImports(clause) || ts.isNamedExports(clause))) {
          for (const element of clause.elements) names.push((element.propertyName ?? element.name).text);
        }
      }
      return names;
    };
    const exported = named(`${CORE}index.ts`, () => true).filter((_, index, all) => index === all.indexOf(all[index]!));
    const imported = new Set<string>();
    for (const [file, targets] of graph.edges) {
      if (file.startsWith(CORE) || !targets.includes(`${CORE}index.ts`)) continue;
      for (const name of named(file, (specifier) => /(^|\/)core(\/index)?$/.test(specifier))) imported.add(name);
    }
    assert.deepEqual(
      exported.filter((name) => !imported.has(name)),
      [],
    );
  });
});
