import { property, stringValue } from '../json/nodes';
import type { RequestBody, ToolDeclaration } from './model';
import { anchorRange, child, declaration, elements, nameSite, type Located } from './sites';

/**
 * Agent Discovery Specification manifest: `capabilities[]` with `name` (a namespacedName) and
 * an optional `invocationName`. The manifest is one census: every capability is offered together.
 */
export function extractAds(manifest: Located, capabilities: Located): RequestBody {
  const declarations: ToolDeclaration[] = [];
  // No MCP client reads an ADS manifest: its capabilities' `inputSchema` keeps no keyword a client
  // would alter (collecting them cost every edit of a 10k-capability manifest four times its time).
  for (const capability of elements({ ...capabilities, forClients: false })) {
    if (capability.node.type !== 'object') continue;
    const base = declaration(capability, capability);
    const hasInvocationName = property(capability.node, 'invocationName') !== undefined;
    const version = stringValue(property(capability.node, 'version'));
    declarations.push({
      ...base,
      ...(hasInvocationName ? { invocationName: nameSite(capability, 'invocationName') } : {}),
      ...(version !== undefined ? { version } : {}),
    });
  }
  return {
    declarations,
    references: [],
    anchorRange: anchorRange(capabilities.node, capabilities.base),
    pointer: manifest.pointer,
  };
}

export function isAdsManifest(root: Located): Located | undefined {
  const capabilities = child(root, 'capabilities');
  return child(root, 'specVersion') && capabilities && capabilities.node.type === 'array' ? capabilities : undefined;
}
