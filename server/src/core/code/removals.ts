import type { NameIn } from './decoratedTools';
import type { Dialect } from './dialects';
import type { ToolRemover } from './libraries';
import { receiverText } from './serverBindings';
import type { SyntaxNode } from './syntax';

/** A call that takes a tool off a server: the tool's name, and where the call starts. */
interface Removal {
  readonly name: string;
  readonly at: number;
}

/**
 * The tools a file takes off its servers by name (`server.removeTool("x")`), by the group key of
 * the server they are taken off (`keyOf`: the key a tool added on that receiver there gets), so a
 * tool of that name added before the call is known not to be listed beside one added after it.
 */
export class Removals {
  private readonly byGroup = new Map<string, Removal[]>();

  constructor(
    calls: ReadonlyArray<{ readonly node: SyntaxNode; readonly callee: SyntaxNode | undefined; readonly text: string }>,
    removers: readonly ToolRemover[],
    dialect: Dialect,
    nameIn: NameIn,
    keyOf: (receiver: string, call: SyntaxNode) => string,
  ) {
    for (const { node: call, callee, text } of calls) {
      if (!callee) continue;
      const remover = removers.find((r) => text.endsWith(`.${r.method}`));
      const member = remover ? dialect.member(callee) : undefined;
      if (!remover || !member || member.name !== remover.method) continue;
      const receiver = receiverText(member.object);
      const name = receiver === undefined ? undefined : nameIn(call, remover.name).name;
      if (receiver === undefined || !name) continue;
      const key = keyOf(receiver, call);
      let list = this.byGroup.get(key);
      if (!list) this.byGroup.set(key, (list = []));
      list.push({ name: name.value, at: call.startIndex });
    }
  }

  /** Whether the tool `name` declared at `at` in group `key` is removed from it later in the file. */
  removedLater(key: string, name: string, at: number): boolean {
    return this.byGroup.get(key)?.some((r) => r.name === name && r.at > at) ?? false;
  }
}
