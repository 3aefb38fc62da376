/**
 * What a project's wrapper is, as data (`WrapperDefinition`), and how a Go parameter's field path
 * (`tool.Tool.Name` of an `api.ServerTool`) resolves through the project's struct types to the
 * struct literal whose field names a tool.
 */

import type { SyntaxNode, WrapperName } from './syntax';

/**
 * One wrapper a project defines. `call`: a function whose call names the tool at `nameAt` (and
 * whose `serverArg` is the server); `keyed`: a function returning a keyed tool helper's call;
 * `struct`: a type whose `field` names the tool; `path`: a Go parameter's field path
 * (`tool.Tool.Name` of an `api.ServerTool`), a `struct` once the project's types resolve it;
 * `field`: the key by which the project's own code registers its tool objects
 * (`server.tool(tool.method, ...)` over a list of `{ method, name, inputSchema }`).
 */
export interface WrapperDefinition {
  readonly library: string;
  readonly kind: 'call' | 'keyed' | 'struct' | 'path' | 'field';
  /** The function or type, unqualified. */
  readonly name: string;
  /** The file that defines it: in Go its folder is its package, whose callers write the bare name. */
  readonly path: string;
  /** Go: the package name that callers in other packages qualify it with. */
  readonly qualifier?: string;
  readonly nameAt?: readonly WrapperName[];
  readonly serverArg?: number;
  readonly field?: string;
  /** `path`: the parameter's written type and the fields after it. */
  readonly fields?: readonly string[];
  /** `field`: the other keys the registering function reads of each object (`description`, `inputSchema`). */
  readonly reads?: readonly string[];
}

/** The package a Go file declares (`package mcpgrafana`), read from its text. */
export function goPackageOf(text: string): string | undefined {
  return /^\s*package\s+([A-Za-z_]\w*)/m.exec(text)?.[1];
}

/** A Go source file as the type resolution reads it. */
export interface GoTypeSource {
  readonly path: string;
  readonly text: string;
  readonly root: SyntaxNode | undefined;
}

/**
 * `path` definitions resolved through the project's struct types to the struct literal that
 * writes the name: `tool.Tool.Name` of an `api.ServerTool`, whose `Tool` field is an `api.Tool`,
 * is the `Name` of an `api.Tool{...}`. `sources`: the Go files that may declare the types.
 * A type not found, or a field of no struct type, leaves nothing (the name stays computed at the call).
 */
export function resolvePaths(
  definitions: readonly WrapperDefinition[],
  sources: readonly GoTypeSource[],
): WrapperDefinition[] {
  const resolved: WrapperDefinition[] = [];
  for (const d of definitions) {
    if (d.kind !== 'path') {
      resolved.push(d);
      continue;
    }
    const fields = d.fields ?? [];
    let type = qualified(fields[0] ?? '', d.qualifier);
    for (let i = 1; type && i < fields.length - 1; i++) type = fieldType(type, fields[i]!, sources);
    const at = type ? typeDeclaration(type.name, type.pkg, sources) : undefined;
    const field = fields[fields.length - 1];
    if (!type || !at || field === undefined || fields.length < 2) continue;
    resolved.push({ library: d.library, kind: 'struct', name: type.name, qualifier: type.pkg, path: at.path, field });
  }
  return resolved;
}

type GoType = { readonly pkg: string | undefined; readonly name: string };

function qualified(written: string, own: string | undefined): GoType | undefined {
  const match = /^(?:([A-Za-z_]\w*)\.)?([A-Za-z_]\w*)$/.exec(written.replace(/^\*/, ''));
  return match ? { pkg: match[1] ?? own, name: match[2]! } : undefined;
}

/** The struct type declaration of `name` in package `pkg`, among the sources. */
function typeDeclaration(
  name: string,
  pkg: string | undefined,
  sources: readonly GoTypeSource[],
): { readonly path: string; readonly struct: SyntaxNode } | undefined {
  for (const source of sources) {
    if (!source.root || !source.text.includes(`type ${name} struct`) || goPackageOf(source.text) !== pkg) continue;
    for (const spec of source.root.descendantsOfType('type_spec')) {
      if (spec?.childForFieldName('name')?.text !== name) continue;
      const struct = spec.childForFieldName('type');
      if (struct?.type === 'struct_type') return { path: source.path, struct };
    }
  }
  return undefined;
}

/** The type of a struct's field, qualified as the declaring package sees it. */
function fieldType(type: GoType, field: string, sources: readonly GoTypeSource[]): GoType | undefined {
  const declaration = typeDeclaration(type.name, type.pkg, sources);
  if (!declaration) return undefined;
  for (const member of declaration.struct.descendantsOfType('field_declaration')) {
    if (!member) continue;
    const names = member.namedChildren.filter((n) => n?.type === 'field_identifier').map((n) => n!.text);
    const written = member.childForFieldName('type')?.text.replace(/\s+/g, '');
    // An embedded field (`Tool`, `*api.Tool`) is named by its type.
    const embedded = names.length === 0 && written ? (qualified(written, type.pkg)?.name ?? '') : '';
    if ((names.includes(field) || embedded === field) && written) return qualified(written, type.pkg);
  }
  return undefined;
}
