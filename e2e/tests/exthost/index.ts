// Entry point of the extension-host suite: code-server require()s the bundle of this file and
// calls run(); a rejection is a failed run. The cases run in this order, one at a time, because
// they share one window.
import { adsCases } from './cases/ads.js';
import { commandCases } from './cases/commands.js';
import { configCases } from './cases/config.js';
import { installedCases } from './cases/installed.js';
import { renameCases } from './cases/rename.js';
import { typingCases } from './cases/typing.js';
import { runCases } from './runner.js';

export function run(): Promise<void> {
  return runCases([...installedCases, ...adsCases, ...renameCases, ...typingCases, ...configCases, ...commandCases]);
}
