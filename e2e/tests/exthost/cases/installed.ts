// The extension under test must be the one installed from the .vsix (what users get), not a
// development copy: the harness points extensionDevelopmentPath at a no-code runner extension.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { Case } from '../runner.js';

export const EXTENSION_ID = 'toolwire.toolwire';

export const installedCases: readonly Case[] = [
  {
    name: 'the extension is the one installed from the .vsix, and it activates',
    timeoutMs: 30_000,
    run: async () => {
      const extension = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(
        extension,
        `${EXTENSION_ID} is installed; installed: ${vscode.extensions.all.map((e) => e.id).join(', ')}`,
      );
      const extensionsDir = process.env.TOOLWIRE_E2E_EXTENSIONS_DIR;
      assert.ok(extensionsDir, 'the harness passes TOOLWIRE_E2E_EXTENSIONS_DIR');
      assert.ok(
        extension.extensionPath.startsWith(`${path.resolve(extensionsDir)}${path.sep}`),
        `${extension.extensionPath} lies in the profile's extensions dir ${extensionsDir}`,
      );
      assert.equal(
        extension.extensionKind,
        vscode.ExtensionKind.Workspace,
        'runs in the (Node) workspace extension host',
      );
      await extension.activate();
      assert.equal(extension.isActive, true);
      // What the package ships is what runs: production bundles, no source maps next to them.
      assert.ok(existsSync(path.join(extension.extensionPath, 'dist', 'server.js')));
      assert.ok(
        !existsSync(path.join(extension.extensionPath, 'dist', 'server.js.map')),
        'no source maps in the package',
      );
    },
  },
];
