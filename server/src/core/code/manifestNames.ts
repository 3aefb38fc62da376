import type { CodeFamily } from './syntax';

/**
 * The manifests of each family by file name (`*`: any run of characters), nearest first wins: a
 * folder with one of them is a package. One table for the reader (`MANIFESTS`) and the file
 * watchers (`WATCHED_FILES`): editing a manifest must reach the files its package reads.
 */
export const MANIFEST_NAMES: Readonly<Record<CodeFamily, readonly string[]>> = {
  js: ['package.json'],
  python: ['pyproject.toml', 'requirements*.txt', 'setup.cfg'],
  go: ['go.mod'],
  java: ['pom.xml', 'build.gradle', 'build.gradle.kts'],
  rust: ['Cargo.toml'],
  // A project file (any name), central package versions, and the older packages.config.
  csharp: ['*.csproj', 'Directory.Packages.props', 'packages.config'],
  // Gradle and Maven build Kotlin as they build Java: one build file may name libraries of both.
  kotlin: ['build.gradle.kts', 'build.gradle', 'pom.xml'],
  swift: ['Package.swift'],
  ruby: ['Gemfile', '*.gemspec'],
  php: ['composer.json'],
};

/** Every manifest name pattern, once. */
export const ALL_MANIFEST_NAMES: readonly string[] = [...new Set(Object.values(MANIFEST_NAMES).flat())];

/** A name pattern as a test of a file name (its last path segment). */
export function namePattern(pattern: string): (fileName: string) => boolean {
  if (!pattern.includes('*')) return (name) => name === pattern;
  const regex = new RegExp(`^${pattern.split('*').map(escapeRegExp).join('[^/]*')}$`);
  return (name) => regex.test(name);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
