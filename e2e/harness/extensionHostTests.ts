// Runs a test module inside code-server's real Node extension host, with the real `vscode` API,
// through the same mechanism VS Code's own browser integration tests use: the workbench URL's
// `payload` parameter carries `extensionDevelopmentPath` and `extensionTestsPath`, and the
// workbench reports the result through `window.codeAutomationExit(code, logs)`.
//
// How code-server 4.100.3 (VS Code 1.100.3) loads the test module, read from
// lib/vscode/out/vs/workbench/api/node/extensionHostProcess.js (`$extensionTestsExecute`):
//   - It refuses to run unless BOTH extensionDevelopmentPath and extensionTestsPath are set.
//   - It waits until the eager (`*` / workspaceContains / startup) extensions have activated.
//   - The module is loaded with require() (CommonJS), or with import() when the path ends in
//     .mjs or lies inside a `"type": "module"` extension. It must export `run`, either
//     `run(): Promise<void>` (resolved = exit 0, rejected = exit 1, the rejection's stack is
//     logged) or the old `run(testsRoot, callback(error, failures))` form. TypeScript must be
//     compiled/bundled to JS first (the extension host does not load .ts); `require('vscode')`
//     works from any file, including one outside every extension folder.
//   - console.* in the extension host is forwarded to the workbench's log service, which in test
//     mode also calls `window.codeAutomationLog(level, message)`: that is how test output arrives.
//
// Testing the *installed* .vsix: the extension host also loads every extension of the profile's
// extensions dir next to the development one (nothing like --disable-extensions is implied), and a
// development extension only replaces an installed one with the same id. So
// extensionDevelopmentPath points at a tiny generated "test runner" extension with no code, and
// the extension under test is the one installed from the .vsix with installExtension(), running
// in ExtensionMode.Production exactly as users get it. Tests can check
// `vscode.extensions.getExtension(id).extensionPath` to prove it came from the extensions dir.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { collectPageLogs, launchChromium } from './browser.js';
import type { CodeServer } from './codeServer.js';
import { tail, withDeadline } from './deadline.js';

export interface ExtensionHostTestOptions {
  server: CodeServer;
  /** Absolute path of a CommonJS .js (or .mjs) module exporting `run()`. */
  testsPath: string;
  /** Absolute folder to open as the workspace. */
  folder: string;
  /** Where the browser profile and the generated runner extension go. */
  scratchDir: string;
  /** Defaults to a generated no-code runner extension (see the comment at the top). */
  developmentPath?: string;
  /** Deadline from opening the workbench to codeAutomationExit (the browser launch has its own). */
  timeoutMs?: number;
  /** Called with each test log line as it arrives (e.g. to stream to the CI log). */
  onLog?: (line: string) => void;
}

export interface ExtensionHostTestResult {
  /** 0 when `run()` resolved, 1 when it rejected or the runner could not be loaded. */
  exitCode: number;
  /** Extension-host output (console.* of the tests) and workbench log lines, in order. */
  logs: string[];
  /** The browser console and page errors, for diagnosing workbench-side failures. */
  pageLogs: string[];
  /** The workbench's log files handed over by codeAutomationExit (exthost, renderer, …). */
  vscodeLogs: Array<{ relativePath: string; contents: string }>;
  durationMs: number;
}

/** Writes the no-code extension used as extensionDevelopmentPath and returns its folder. */
export async function writeTestRunnerExtension(dir: string): Promise<string> {
  const folder = path.resolve(dir);
  await mkdir(folder, { recursive: true });
  const manifest = {
    name: 'e2e-test-runner',
    displayName: 'e2e test runner (harness)',
    publisher: 'toolwire-e2e',
    version: '0.0.0',
    private: true,
    engines: { vscode: '^1.90.0' },
    // Without code an extension is "declarative" and the web workbench would place it in the
    // browser's worker extension host; keep it on the server next to the tests.
    extensionKind: ['workspace'],
  };
  await writeFile(path.join(folder, 'package.json'), JSON.stringify(manifest, null, 2));
  return folder;
}

export async function runExtensionHostTests(options: ExtensionHostTestOptions): Promise<ExtensionHostTestResult> {
  const { server } = options;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const start = Date.now();
  const developmentPath =
    options.developmentPath ?? (await writeTestRunnerExtension(path.join(options.scratchDir, 'test-runner-extension')));
  const logs: string[] = [];
  const log = (line: string): void => {
    logs.push(line);
    options.onLog?.(line);
  };

  const context = await launchChromium(options.scratchDir);
  try {
    const page = await context.newPage();
    const pageLogs = collectPageLogs(page);
    let resolveExit: (outcome: { code: number; vscodeLogs: ExtensionHostTestResult['vscodeLogs'] }) => void = () => {};
    const exit = new Promise<{ code: number; vscodeLogs: ExtensionHostTestResult['vscodeLogs'] }>((resolve) => {
      resolveExit = resolve;
    });
    // Must be exposed before navigation: the workbench looks them up on `window` when needed.
    await page.exposeFunction('codeAutomationLog', (level: unknown, message: unknown) => {
      const elapsed = ((Date.now() - start) / 1000).toFixed(1).padStart(5);
      log(`${elapsed}s [${String(level)}] ${formatLogMessage(message)}`);
    });
    await page.exposeFunction('codeAutomationExit', (code: unknown, files: unknown) => {
      resolveExit({ code: typeof code === 'number' ? code : 1, vscodeLogs: parseLogFiles(files) });
    });
    const payload: Array<readonly [string, string]> = [
      ['extensionDevelopmentPath', server.remoteUri(developmentPath)],
      ['extensionTestsPath', server.remoteUri(options.testsPath)],
    ];
    const url = server.workbenchUrl({ folder: options.folder, payload });
    // One deadline over loading the workbench and running the tests; playwright's own navigation
    // timeout is off so that the failure message below (with the logs) is the one reported.
    const navigateAndRun = async (): Promise<Awaited<typeof exit>> => {
      await page.goto(url, { timeout: 0 });
      return exit;
    };
    const { code, vscodeLogs } = await withDeadline(
      `extension host tests ${options.testsPath} to call codeAutomationExit`,
      navigateAndRun(),
      timeoutMs,
      () =>
        [
          `url: ${url}`,
          `--- test/extension host log ---\n${tail(logs.join('\n'))}`,
          `--- browser console ---\n${tail(pageLogs().join('\n'), 40)}`,
          `--- code-server output ---\n${server.output(40)}`,
        ].join('\n'),
    );
    return { exitCode: code, logs, pageLogs: pageLogs(), vscodeLogs, durationMs: Date.now() - start };
  } finally {
    await context.close();
  }
}

function parseLogFiles(files: unknown): ExtensionHostTestResult['vscodeLogs'] {
  if (!Array.isArray(files)) return [];
  const result: ExtensionHostTestResult['vscodeLogs'] = [];
  for (const file of files as unknown[]) {
    if (typeof file !== 'object' || file === null) continue;
    const { relativePath, contents } = file as { relativePath?: unknown; contents?: unknown };
    if (typeof relativePath === 'string' && typeof contents === 'string') result.push({ relativePath, contents });
  }
  return result;
}

/**
 * Extension-host console calls arrive as their argument list (an array, or its JSON text); print
 * them the way console.log would (`a 1`) so test output reads naturally.
 */
function formatLogMessage(message: unknown): string {
  let parts: unknown = message;
  if (typeof message === 'string') {
    try {
      parts = JSON.parse(message);
    } catch {
      return message; // a plain message
    }
  }
  if (!Array.isArray(parts)) return typeof message === 'string' ? message : JSON.stringify(message);
  return (parts as unknown[]).map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' ');
}
