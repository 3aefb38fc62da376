// An ADS manifest that trips the derived-name checks: one capability whose derived name is over 64 characters, two that
// derive the same name. Diagnostics, hover, inlay hints and the "Add invocationName" fix, each
// through the public API VS Code's own UI uses.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeOf, describeDiagnostics, openEditor, positionOf, revertAndClose, toolwireProblems } from '../documents.js';
import { expectProblems } from '../expect.js';
import type { Case } from '../runner.js';
import { EXTENSION_ID } from './installed.js';
import { poll } from '../waits.js';

const ADS = '.well-known/agent-discovery.json';
const GET_DOT = '"com.example.orders.get"';
const GET_DASH = '"com.example.orders-get"';
const LONG = '"com.example.fulfilment.warehouse-operations.reserve-inventory-for-order"';
// One problem, one diagnostic: com.example.orders.get comes first and keeps the derived name, so
// only com.example.orders-get has a wire-collision.
const EXPECTED = [`error wire-collision ${GET_DASH}`, `error not-invocable ${LONG}`];
const DOCS = 'https://github.com/toolwire/toolwire/blob/main/docs/diagnostics.md';

export const adsCases: readonly Case[] = [
  {
    name: 'ADS manifest: not-invocable and wire-collision on the name tokens (none on the capability that keeps the name)',
    timeoutMs: 40_000,
    run: async () => {
      const { document } = await openEditor(ADS);
      assert.equal(document.languageId, 'json');
      const diagnostics = await expectProblems(document, EXPECTED, 'the ADS findings');
      // From another extension host (tests/webWorker.test.ts) a diagnostic arrives through VS
      // Code's marker mirror, which keeps a code's value and drops its target: links are checked
      // where toolwire runs in this host.
      const sameHost = vscode.extensions.getExtension(EXTENSION_ID) !== undefined;
      for (const d of sameHost ? toolwireProblems(diagnostics) : []) {
        const code = d.code;
        assert.ok(
          typeof code === 'object' && code.target.toString() === `${DOCS}#${codeOf(d)}`,
          `${codeOf(d)} links to its docs: ${JSON.stringify(code)}`,
        );
      }
      const collision = toolwireProblems(diagnostics).find((d) => document.getText(d.range) === GET_DASH);
      // Related information points only at other places: the capability that keeps the name (the
      // why and the fix are in the hover). VS Code's marker mirror to the web worker host was seen
      // to carry only the first row: the exact list is checked in this host only.
      const related = collision?.relatedInformation?.map((r) => document.getText(r.location.range));
      assert.deepEqual(related?.[0], GET_DOT, 'the collision points at the capability that keeps the name');
      if (sameHost) assert.deepEqual(related, [GET_DOT], 'and at no other place, its own range included');
    },
  },
  {
    name: 'hover on a capability name shows its wire name',
    timeoutMs: 30_000,
    run: async () => {
      const { document } = await openEditor(ADS);
      const text = await toolwireHover(document, positionOf(document, GET_DOT, 0, 5));
      assert.match(text, /\*\*`com\.example\.orders\.get`\*\* · ADS manifest · derivation `ads`/);
      assert.match(text, /Wire name: `com-example-orders-get` \(ADS-2: every `\.` becomes `-`, never truncated\)/);
      assert.match(text, /Collides with `com\.example\.orders-get` on `com-example-orders-get`/);
    },
  },
  {
    name: 'inlay hints show the wire form after the names',
    timeoutMs: 30_000,
    run: async () => {
      const { document } = await openEditor(ADS);
      const whole = new vscode.Range(new vscode.Position(0, 0), document.lineAt(document.lineCount - 1).range.end);
      const hints = await poll(
        'toolwire inlay hints',
        async () => {
          const all = await toolwireHints(document.uri, whole);
          return all.length === 3 ? all : undefined;
        },
        {
          timeoutMs: 20_000,
          intervalMs: 200,
          seen: async () => JSON.stringify(await toolwireHints(document.uri, whole)),
        },
      );
      const end = (token: string) => positionOf(document, token, 0, token.length);
      assert.deepEqual(
        hints.map((h) => [h.label, h.position.line, h.position.character]),
        [
          ['→ com-example-orders-get', end(GET_DOT).line, end(GET_DOT).character],
          ['→ com-example-orders-get', end(GET_DASH).line, end(GET_DASH).character],
          ['→ not invocable', end(LONG).line, end(LONG).character],
        ],
      );
    },
  },
  {
    name: 'Add invocationName through the code-action API clears the diagnostic; the JSON stays valid',
    timeoutMs: 60_000,
    run: async () => {
      const { document } = await openEditor(ADS);
      try {
        const before = await expectProblems(document, EXPECTED, 'the ADS findings before the fix');
        const notInvocable = toolwireProblems(before).find((d) => codeOf(d) === 'not-invocable');
        assert.ok(notInvocable, 'a not-invocable diagnostic');
        await applyQuickFix(
          document,
          notInvocable,
          /^Add invocationName "fulfilment-warehouse-operations-reserve-inventory-for-order"$/,
        );
        // Asked at once, before any diagnostics come back: the hover must describe the new text.
        const hover = await toolwireHover(document, positionOf(document, LONG, 0, 5));
        assert.match(
          hover,
          /Wire name: `fulfilment-warehouse-operations-reserve-inventory-for-order` \(ADS-2: its `invocationName`\)/,
        );
        await expectProblems(document, EXPECTED.slice(0, 1), 'not-invocable to clear after the fix');
        const fixed = JSON.parse(document.getText()) as {
          capabilities: Array<{ name: string; invocationName?: string }>;
        };
        assert.equal(
          fixed.capabilities[2]?.invocationName,
          'fulfilment-warehouse-operations-reserve-inventory-for-order',
        );

        // The collision's fix goes on the capability that is not kept, and clears its finding.
        const collision = toolwireProblems(vscode.languages.getDiagnostics(document.uri)).find(
          (d) => document.getText(d.range) === GET_DASH,
        );
        assert.ok(collision, 'a wire-collision on com.example.orders-get');
        await applyQuickFix(document, collision, /^Add invocationName "orders-get"$/);
        await expectProblems(document, [], 'the wire-collision to clear');
        JSON.parse(document.getText());
      } finally {
        await revertAndClose();
      }
    },
  },
];

/**
 * toolwire's hover at `position`. Other providers (the JSON schema's descriptions) may answer too,
 * and the first request after activation can come back empty, so poll until toolwire's is there.
 */
export async function toolwireHover(document: vscode.TextDocument, position: vscode.Position): Promise<string> {
  return poll(
    `a toolwire hover at ${position.line + 1}:${position.character + 1}`,
    async () => (await hoverTexts(document.uri, position)).find((t) => t.includes('Wire name:')),
    {
      timeoutMs: 20_000,
      intervalMs: 200,
      seen: async () => JSON.stringify(await hoverTexts(document.uri, position), null, 1),
    },
  );
}

async function hoverTexts(uri: vscode.Uri, position: vscode.Position): Promise<string[]> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position);
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)));
}

interface Hint {
  readonly label: string;
  readonly position: vscode.Position;
}

/** toolwire's hints (their labels start with an arrow); other extensions may add their own. */
async function toolwireHints(uri: vscode.Uri, range: vscode.Range): Promise<Hint[]> {
  const hints = await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', uri, range);
  return hints
    .map((h) => ({
      label: typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''),
      position: h.position,
    }))
    .filter((h) => h.label.startsWith('→'))
    .sort((a, b) => a.position.compareTo(b.position));
}

/**
 * Asks for the quick fixes at the diagnostic as the lightbulb does, picks the one whose title
 * matches, and applies its edit through workspace.applyEdit.
 */
export async function applyQuickFix(
  document: vscode.TextDocument,
  diagnostic: vscode.Diagnostic,
  title: RegExp,
): Promise<void> {
  const actions = async (): Promise<vscode.CodeAction[]> => {
    const found = await vscode.commands.executeCommand<Array<vscode.CodeAction | vscode.Command>>(
      'vscode.executeCodeActionProvider',
      document.uri,
      diagnostic.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    // A bare Command has a string `command`; a CodeAction's `command` is optional and an object.
    return found.filter((a): a is vscode.CodeAction => typeof a.command !== 'string');
  };
  const action = await poll(
    `a quick fix matching ${title} for ${codeOf(diagnostic)}`,
    async () => (await actions()).find((a) => title.test(a.title)),
    {
      timeoutMs: 15_000,
      intervalMs: 200,
      seen: async () =>
        `actions: ${JSON.stringify((await actions()).map((a) => a.title))}\ndiagnostics:\n${describeDiagnostics(document, vscode.languages.getDiagnostics(document.uri))}`,
    },
  );
  assert.ok(action.edit, `"${action.title}" carries an edit`);
  // A fix that changes what callers send (a rename) is never preferred; one that keeps it is.
  const unsafe = /callers must/.test(action.title);
  assert.equal(action.isPreferred === true, !unsafe, `"${action.title}" is ${unsafe ? 'not ' : ''}the preferred fix`);
  const applied = await vscode.workspace.applyEdit(action.edit);
  assert.equal(applied, true, `workspace.applyEdit accepted "${action.title}"`);
}
