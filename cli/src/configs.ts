import { sep } from 'node:path';

/** One config problem as the CLI prints it (1-based line and column). */
export interface ConfigProblemReport {
  readonly path: string;
  readonly line: number;
  readonly column: number;
  readonly severity: 'error' | 'warning';
  readonly message: string;
}

export function toSlashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
