/**
 * Progress on stderr for large trees, so stdout stays machine-readable. On a terminal one line is
 * rewritten in place (at most every 100 ms); elsewhere (CI logs) a line per tenth of the work.
 */
export class Progress {
  private lastDraw = 0;
  private lastTenth = 0;

  constructor(
    private readonly total: number,
    private readonly stream: NodeJS.WriteStream,
    private readonly threshold = 200,
  ) {}

  tick(done: number): void {
    if (this.total < this.threshold) return;
    if (this.stream.isTTY) {
      const now = Date.now();
      if (now - this.lastDraw < 100 && done < this.total) return;
      this.lastDraw = now;
      this.stream.write(`\rtoolwire: checked ${done}/${this.total} files`);
      if (done === this.total) this.stream.write('\n');
      return;
    }
    const tenth = Math.floor((done * 10) / this.total);
    if (tenth > this.lastTenth) {
      this.lastTenth = tenth;
      this.stream.write(`toolwire: checked ${done}/${this.total} files\n`);
    }
  }
}
