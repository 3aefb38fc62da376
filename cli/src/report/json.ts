import type { FileReport } from '../model';

/** `{"version":1,"files":[...]}`: the stable machine-readable shape. */
export function formatJson(reports: readonly FileReport[]): string {
  return `${JSON.stringify({ version: 1, files: reports })}\n`;
}
