import { LIBRARIES } from './libraries';
import { MANIFEST_NAMES, namePattern } from './manifestNames';
import { jsonRecord, WORKSPACE_FILES } from './workspaces';
import type { CodeFamily } from './syntax';

/**
 * A project's manifests as the known libraries they name: the fact that lets a file that imports
 * no SDK itself (a helper given the server: `def register(mcp): ...`) be read. Pure: the adapter
 * finds and reads the nearest manifest of each family above a file and hands the text in here.
 */

/** The manifests of each family (`MANIFEST_NAMES`) as tests of a file name. */
export const MANIFESTS: Readonly<Record<CodeFamily, (fileName: string) => boolean>> = Object.fromEntries(
  (Object.entries(MANIFEST_NAMES) as [CodeFamily, readonly string[]][]).map(([family, names]) => {
    const tests = names.map(namePattern);
    return [family, (fileName: string) => tests.some((test) => test(fileName))];
  }),
) as Record<CodeFamily, (fileName: string) => boolean>;

/** Whether a path names a manifest of any family (its last segment). */
export function isManifestPath(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return WORKSPACE_FILES.includes(name) || Object.values(MANIFESTS).some((isManifest) => isManifest(name));
}

/** The ids of the known libraries one manifest names (as a dependency, or as the package itself). Never throws. */
export function librariesInManifest(fileName: string, text: string): string[] {
  const out: string[] = [];
  // A build.gradle.kts is a Java and a Kotlin manifest alike: each family reads it.
  for (const family of (Object.keys(MANIFESTS) as CodeFamily[]).filter((f) => MANIFESTS[f](fileName))) {
    const key = family === 'python' ? normalise : family === 'csharp' ? lower : (name: string) => name;
    const names = (family === 'csharp' ? nugetNames(fileName, text) : packageNames(family, text)).map(key);
    for (const l of LIBRARIES)
      if (
        l.family === family &&
        (l.packages ?? []).some((p) => names.some((n) => n === key(p) || (family === 'go' && n.startsWith(`${p}/`))))
      )
        out.push(l.id);
  }
  return out;
}

/** NuGet compares package ids case-insensitively. */
function lower(name: string): string {
  return name.toLowerCase();
}

/**
 * The NuGet packages a project names: `<PackageReference Include="x">` (a project file),
 * `<PackageVersion Include="x">` (Directory.Packages.props), `<package id="x">` (packages.config),
 * the projects it references by path (`..\ModelContextProtocol.Core.csproj`: a project built
 * beside the SDK's source), and the project itself by its file name.
 */
function nugetNames(fileName: string, text: string): string[] {
  const out: string[] = [];
  const own = /^(.+)\.csproj$/i.exec(fileName);
  if (own) out.push(own[1]!);
  for (const match of text.matchAll(
    /<Package(?:Reference|Version)\b[^>]*?\b(?:Include|Update)\s*=\s*["']([^"']+)["']/gi,
  ))
    out.push(match[1]!.trim());
  for (const match of text.matchAll(/<package\b[^>]*?\bid\s*=\s*["']([^"']+)["']/gi)) out.push(match[1]!.trim());
  for (const match of text.matchAll(
    /<ProjectReference\b[^>]*?\bInclude\s*=\s*["'](?:[^"']*[\\/])?([^"'\\/]+)\.csproj["']/gi,
  ))
    out.push(match[1]!);
  return out;
}

/** PyPI compares names case-insensitively with `-`, `_` and `.` alike (npm and Go names compare as written). */
function normalise(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

function packageNames(family: CodeFamily, text: string): string[] {
  if (family === 'java' || family === 'kotlin') return mavenGroups(text);
  if (family === 'swift') return swiftPackages(text);
  if (family === 'rust') return cargoNames(text);
  if (family === 'ruby') return gemNames(text);
  if (family === 'php') return composerNames(text);
  return family === 'js' ? npmNames(text) : family === 'go' ? goModules(text) : pythonNames(text);
}

/**
 * The Maven group ids a pom.xml or a Gradle build names: `<groupId>g</groupId>` and the group of
 * each `'g:artifact[:version]'` coordinate. A Java library is known by its group (the MCP SDK's
 * artifacts are `mcp`, `mcp-core`, `mcp-spring-webflux`, … all in `io.modelcontextprotocol.sdk`).
 */
function mavenGroups(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/<groupId>\s*([\w.-]+)\s*<\/groupId>/g)) out.push(match[1]!);
  for (const match of text.matchAll(/["']([\w.-]+):[\w.-]+(?::[^"'\s]*)?["']/g)) out.push(match[1]!);
  // `group = "g"` / `group: 'g'` (Gradle's map notation).
  for (const match of text.matchAll(/\bgroup\s*[:=]\s*["']([\w.-]+)["']/g)) out.push(match[1]!);
  return out;
}

/**
 * The crates a Cargo.toml names: the keys of its dependency tables (`rmcp = "0.8"`,
 * `rmcp = { workspace = true }`), `[dependencies.rmcp]` tables, and the package's own name.
 */
function cargoNames(text: string): string[] {
  const out: string[] = [];
  let table = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    const header = /^\[+\s*([^\]]+?)\s*\]+$/.exec(line);
    if (header) {
      table = header[1]!;
      const dotted = /(?:^|\.)(?:dev-|build-)?dependencies\.([A-Za-z0-9_-]+)$/.exec(table);
      if (dotted) out.push(dotted[1]!);
      continue;
    }
    const key = /^([A-Za-z0-9_-]+)\s*=/.exec(line);
    if (!key) continue;
    if (/(?:^|\.)(?:dev-|build-)?dependencies$/.test(table)) out.push(key[1]!);
    else if (table === 'package' && key[1] === 'name') {
      const name = /=\s*["']([^"']+)["']/.exec(line);
      if (name) out.push(name[1]!);
    }
  }
  return out;
}

/**
 * The packages a Package.swift depends on, by their repository without scheme or `.git`
 * (`.package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", from: "0.10.0")` →
 * `github.com/modelcontextprotocol/swift-sdk`), and the package's own name.
 */
function swiftPackages(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/\.package\s*\(\s*(?:name\s*:\s*"[^"]*"\s*,\s*)?url\s*:\s*"([^"]+)"/g))
    out.push(
      match[1]!
        .replace(/^[a-z+]+:\/\//i, '')
        .replace(/^git@([^:]+):/, '$1/')
        .replace(/\.git$/, '')
        .replace(/\/$/, ''),
    );
  const own = /Package\s*\(\s*name\s*:\s*"([^"]+)"/.exec(text);
  if (own) out.push(own[1]!);
  return out;
}

/**
 * The gems a Gemfile or a gemspec names: `gem "mcp"`, `spec.add_dependency "mcp"` (and its
 * runtime and development forms), and the gemspec's own `spec.name = "mcp"`.
 */
function gemNames(text: string): string[] {
  const out: string[] = [];
  const patterns = [
    /^\s*gem\s*\(?\s*["']([A-Za-z0-9_.-]+)["']/gm,
    /\.add_(?:runtime_|development_)?dependency\s*\(?\s*["']([A-Za-z0-9_.-]+)["']/g,
    /\.name\s*=\s*["']([A-Za-z0-9_.-]+)["']/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) out.push(match[1]!);
  return out;
}

/** A composer.json's `name` and the keys of its `require` and `require-dev` (`"mcp/sdk": "^0.2"`). */
function composerNames(text: string): string[] {
  const record = jsonRecord(text);
  if (!record) return [];
  const out = typeof record.name === 'string' ? [record.name] : [];
  for (const table of ['require', 'require-dev']) {
    const deps = record[table];
    if (typeof deps === 'object' && deps !== null) out.push(...Object.keys(deps));
  }
  return out;
}

/** `name` and the keys of every dependency table: a manifest that does not parse names nothing. */
function npmNames(text: string): string[] {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof manifest !== 'object' || manifest === null) return [];
  const record = manifest as Record<string, unknown>;
  const out = typeof record.name === 'string' ? [record.name] : [];
  for (const table of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
    const deps = record[table];
    if (typeof deps === 'object' && deps !== null) out.push(...Object.keys(deps));
  }
  return out;
}

/** `module x` and every required module path (`require x v1`, or the lines of a `require (...)` block). */
function goModules(text: string): string[] {
  const out: string[] = [];
  let inBlock = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (inBlock) {
      if (line === ')') inBlock = false;
      else if (line) out.push(line.split(/\s+/)[0]!);
      continue;
    }
    const match = /^(module|require)\s+(\S+)/.exec(line);
    if (match?.[2] === '(') inBlock = match[1] === 'require';
    else if (match) out.push(match[2]!);
  }
  return out;
}

/**
 * Requirement names in pyproject.toml, setup.cfg or a requirements file: a line or a quoted string
 * that starts with a name followed by a version, extras, a marker or its end (`"mcp[cli]>=1.2"`,
 * `fastmcp==2.3`), and Poetry's `name = "^1"` keys. Prose (`"an mcp server"`) names nothing.
 */
function pythonNames(text: string): string[] {
  const out: string[] = [];
  const requirement = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:$|[[<>=!~;@(,])/;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    // A requirements line; `key = value` is TOML or INI, whose requirements are quoted or keys.
    const bare = requirement.exec(line);
    if (bare && (!line.includes('=') || /^[A-Za-z0-9._-]+\s*(==|>=|<=|~=|!=)/.test(line))) out.push(bare[1]!);
    const key = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*=\s*["'{]/.exec(line);
    if (key) out.push(key[1]!);
    for (const quoted of line.matchAll(/["']([^"']*)["']/g)) {
      const inner = requirement.exec(quoted[1]!.trim());
      if (inner) out.push(inner[1]!);
    }
  }
  return out;
}
