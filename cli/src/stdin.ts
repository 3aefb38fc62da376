import { decodeText, describeFileError, type FileRead } from '../../server/src/node/files';

const MEGABYTE = 1024 * 1024;

/**
 * What `-` reads: standard input to its end, as a file is read (the same decoding, BOM and
 * UTF-16 detection, and invalid UTF-8 said), and never more than `limit` bytes: past them the
 * read stops and says so, as for a file over --max-file-size.
 * Read as a stream: a synchronous read of a pipe can fail with EAGAIN.
 */
export async function readStdin(stream: NodeJS.ReadableStream, limit: number): Promise<FileRead> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      total += bytes.length;
      // Stop at the bound: an endless input (`yes | toolwire check -`) must not hang the run.
      if (total > limit) break;
      chunks.push(bytes);
    }
  } catch (error) {
    return { kind: 'error', reason: describeFileError(error) };
  }
  // How much more there was is unknown (the read stopped): said as a bound, not a size.
  if (total > limit)
    return {
      kind: 'error',
      reason: `standard input is over the ${Number((limit / MEGABYTE).toPrecision(3))} MB limit; not checked (raise it with --max-file-size MB)`,
    };
  return decodeText(Buffer.concat(chunks));
}
