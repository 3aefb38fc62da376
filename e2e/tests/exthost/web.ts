// Entry point of the web worker suite (tests/webWorker.test.ts): the same API-level cases as the
// Node host's suite (index.ts), with toolwire moved into the browser's web worker extension host.
import { adsCases } from './cases/ads.js';
import { configCases } from './cases/config.js';
import { renameCases } from './cases/rename.js';
import { typingCases } from './cases/typing.js';
import { browserFeatureCases, mcpCases, webHostCases } from './cases/web.js';
import { runCases } from './runner.js';

export function run(): Promise<void> {
  // The MCP quick-fix case comes after every other case on mcp/tools.json: its applied edit was
  // seen saved to disk (revertAndClose then reverts to the fixed text).
  return runCases([
    ...webHostCases,
    ...adsCases,
    ...browserFeatureCases,
    ...mcpCases,
    ...renameCases,
    ...typingCases,
    ...configCases,
  ]);
}
