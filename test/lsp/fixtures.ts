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
