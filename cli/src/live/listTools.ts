import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { LiveResult, LiveTarget } from './types';

const STDERR_TAIL = 2000;

/**
 * A minimal stand-in for the live engineer's fuller module (same API): initialize, list every page
 * of tools/list through the SDK's client, close. Never throws: a failure is a result.
 */
export async function listServerTools(target: LiveTarget, options: { timeoutMs: number }): Promise<LiveResult> {
  let stderr = '';
  const transport =
    target.kind === 'stdio'
      ? new StdioClientTransport({ command: target.command, args: target.args, env: { ...getDefaultEnvironment(), ...target.env }, ...(target.cwd !== undefined ? { cwd: target.cwd } : {}), stderr: 'pipe' })
      : new StreamableHTTPClientTransport(new URL(target.url), { requestInit: { headers: target.headers ?? {} } });
  if (transport instanceof StdioClientTransport) transport.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL)));
  const client = new Client({ name: 'toolwire', version: '0' });
  try {
    await client.connect(transport, { timeout: options.timeoutMs });
    const tools: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: options.timeoutMs });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    const info = client.getServerVersion();
    return { ok: true, serverInfo: { name: info?.name ?? '', ...(info?.title !== undefined ? { title: info.title } : {}), ...(info?.version !== undefined ? { version: info.version } : {}) }, tools };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error), stderrTail: stderr.trim() };
  } finally {
    await client.close().catch(() => undefined);
  }
}
