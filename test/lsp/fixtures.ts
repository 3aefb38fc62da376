import { adsManifest, mcpList, openaiChat, pretty } from '../core/helpers';

export { adsManifest, mcpList, openaiChat, pretty };

/** An OpenAI request whose two tools collide on the wire: a.b and a_b, with tool_choice naming a.b. */
export const OPENAI_A_B = openaiChat(['a.b', 'a_b'], { tool_choice: { type: 'function', function: { name: 'a.b' } } });

/** An ADS manifest with a capability whose derived name is over 64, and two that derive one name. */
export const ADS_PROBLEMS = adsManifest([
  { name: 'com.example.orders.get' },
  { name: 'com.example.orders-get' },
  { name: `com.example.fulfilment.warehouse-operations.reserve-inventory-for-order` },
]);

/**
 * Whether a diagnostic offers a fix: one carried whole in `Diagnostic.data` (a parameter rename),
 * or a name fix the code action builds from the current analysis (`data.nameFix`).
 */
export function carriesFix(diagnostic: { readonly data?: unknown }): boolean {
  const data = diagnostic.data as { fix?: unknown; nameFix?: unknown } | undefined;
  return data?.fix !== undefined || data?.nameFix !== undefined;
}
