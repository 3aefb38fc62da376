// Emacs (Debian's 28.2 with elpa-eglot 1.9) as a third LSP client, configured with the snippet
// docs/editors.md gives (read from the doc, the server's path filled in): eglot-ensure starts
// `node dist/server.js --stdio` on a YAML tool file, the diagnostics reach flymake, the snippet's
// settings and a later change of them reach the server, and the server's log is in eglot's
// events buffer. e2e/emacs/check-eglot.el drives it and writes a JSON report.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { runEmacs } from '../harness/emacs.js';
import { E2E_DIR, REPO_ROOT, SERVER_BUNDLE } from '../harness/paths.js';
import { describeRun } from '../harness/process.js';
import { requirePrerequisites, skipUnlessAvailable, type Need } from '../harness/prerequisites.js';
import { copyFixture, withScratch } from '../harness/scratch.js';

const NEEDS: readonly Need[] = ['emacs', 'server-bundle'];
const PLACEHOLDER = '/path/to/toolwire/dist/server.js';

interface Report {
  emacs: string;
  steps: string[];
  error?: string;
  mode?: string;
  before?: string[];
  after?: string[];
  log?: string[];
}

/** The doc's Emacs Lisp snippet, as a user would paste it, pointed at the server bundle. */
async function docSnippet(): Promise<string> {
  const doc = await readFile(path.join(REPO_ROOT, 'docs', 'editors.md'), 'utf8');
  const start = doc.indexOf('```elisp\n');
  assert.ok(start >= 0, 'docs/editors.md has an Emacs Lisp snippet');
  const body = doc.slice(start + '```elisp\n'.length, doc.indexOf('```', start + 3));
  assert.ok(body.includes(PLACEHOLDER), `the snippet names ${PLACEHOLDER}`);
  return body.split(PLACEHOLDER).join(SERVER_BUNDLE);
}

test('Emacs (eglot) with the configuration of docs/editors.md', {
  ...skipUnlessAvailable(NEEDS),
  timeout: 90_000,
}, async (t) => {
  requirePrerequisites(NEEDS);
  await withScratch('emacs', async (scratch) => {
    const workspace = await copyFixture('other-editors', scratch);
    // eglot's project is project.el's: the version-control root. The copy lies inside toolwire's
    // own checkout, so it is made a repository of its own, as a user's project would be.
    const init = spawnSync('git', ['init', '-q', workspace], { encoding: 'utf8' });
    assert.equal(init.status, 0, `git init: ${init.stderr}`);
    const config = path.join(scratch, 'toolwire-eglot.el');
    await writeFile(config, await docSnippet());
    const reportPath = path.join(scratch, 'report.json');
    const run = await runEmacs({
      script: path.join(E2E_DIR, 'emacs', 'check-eglot.el'),
      scratchDir: scratch,
      cwd: workspace,
      timeoutMs: 75_000,
      env: {
        TOOLWIRE_E2E_CONFIG: config,
        TOOLWIRE_E2E_FILE: path.join(workspace, 'tools.yaml'),
        TOOLWIRE_E2E_REPORT: reportPath,
        // The snippet runs `node`: the one running this test.
        PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
      },
    });
    const reportText = await readFile(reportPath, 'utf8').catch(() => undefined);
    const context = `${describeRun(run)}\n--- report ---\n${reportText ?? '(none written)'}`;
    assert.ok(reportText, `Emacs wrote no report\n${context}`);
    const report = JSON.parse(reportText) as Report;
    t.diagnostic(`Emacs ${report.emacs}, ${run.durationMs} ms, steps: ${report.steps.join(' → ')}`);
    assert.equal(report.error, undefined, `the Emacs session failed\n${context}`);
    assert.equal(run.exitCode, 0, context);
    assert.equal(report.mode, 'yaml-mode');
    const collision =
      /^eglot-(error|warning) toolwire \[wire-collision\]: Left out of the request: sent as "refunds_create"/;
    assert.equal(report.before?.length, 1, context);
    assert.match(report.before![0]!, collision);
    assert.ok(report.before![0]!.startsWith('eglot-error'), 'an error by default');
    assert.equal(report.after?.length, 1, context);
    assert.ok(report.after![0]!.startsWith('eglot-warning'), 'a warning once the severity setting says so');
    const log = report.log ?? [];
    const folder = `folder ${workspace}: config ${workspace}/.toolwire.json (targets openai); MCP client configurations: none`;
    assert.ok(
      log.some((l) => /^toolwire \d+\.\d+\.\d+ language server on Node v/.test(l)),
      log.join('\n'),
    );
    // The snippet's languages setting, then the changed one, each told for the folder.
    assert.ok(
      log.includes(
        `${folder}; checks json, jsonc, yaml (toolwire.languages), providers not set (toolwire.providers), clients not set (toolwire.clients)`,
      ),
      log.join('\n'),
    );
    assert.ok(
      log.includes(
        `${folder}; checks yaml (toolwire.languages), providers not set (toolwire.providers), clients not set (toolwire.clients)`,
      ),
      log.join('\n'),
    );
    assert.ok(
      log.some((l) =>
        l.startsWith(
          `${workspace}/tools.yaml: MCP tool list; providers openai (targets in ${workspace}/.toolwire.json)`,
        ),
      ),
      log.join('\n'),
    );
  });
});
