import type { FixData, OffsetEdit } from '../findings';
import { ownNames } from './namePool';
import type { ProposalContext } from './proposalContext';

/**
 * A rename of one tool to a name the pool hands out: the name token and every reference that
 * dispatches to the tool (tool_choice, allowed names, replayed calls) in the same request.
 */
export function renameFix(context: ProposalContext, local: number, preferred: boolean): FixData | undefined {
  const tool = context.tools[local];
  if (!tool || tool.name === undefined) return undefined;
  let proposed = context.proposals.get(local);
  if (proposed === undefined) {
    const name = tool.name;
    // No valid name found: the tool's own name is recorded, which means "no rename" below.
    proposed =
      context.names.forTool(ownNames(tool), () => context.names.toolName(name, context.constraintsFor(local))) ?? name;
    context.proposals.set(local, proposed);
  }
  return renameTo(context, local, proposed, preferred);
}

function renameTo(context: ProposalContext, local: number, proposed: string, preferred: boolean): FixData | undefined {
  const tool = context.tools[local];
  // A rename to the tool's own name changes nothing, so it is never offered.
  if (!tool || tool.name === undefined || proposed === tool.name) return undefined;
  const global = local + context.firstTool;
  // Through the front-end's edit builder: a source literal keeps its style, a Python function
  // name gets `name=` in its decorator, and a literal no edit can write (an f-string) gets no fix.
  const edits: OffsetEdit[] = [];
  for (const range of [tool.declaration.name.range, ...context.referencesTo(global)]) {
    const edit = context.strings(range, proposed);
    if (!edit) return undefined;
    edits.push(edit);
  }
  // Unsafe: callers outside this file still send the old name.
  return {
    kind: 'rename',
    title: `Rename tool to ${JSON.stringify(proposed)} (callers must use the new name)`,
    proposed,
    edits,
    preferred,
    safety: 'unsafe',
  };
}
