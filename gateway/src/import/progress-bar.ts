const WIDTH = 30;
/** Redrawn at most this often: a terminal write per page would cost more than the page. */
const REDRAW_MS = 200;

/** A one-line progress bar per table, redrawn in place on a terminal (stderr, so stdout keeps the report). */
export function progressBar(out: NodeJS.WriteStream): (table: string, done: number, total: number) => void {
  let lastDraw = 0;
  let started = Date.now();
  let current = '';
  return (table, done, total) => {
    const now = Date.now();
    if (table !== current) {
      current = table;
      started = now;
    }
    const finished = done >= total;
    if (!finished && now - lastDraw < REDRAW_MS) return;
    lastDraw = now;
    const share = total === 0 ? 1 : done / total;
    const filled = Math.round(share * WIDTH);
    const rate = Math.round(done / Math.max((now - started) / 1000, 0.001));
    const line = `${table.padEnd(12)} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${(share * 100).toFixed(0).padStart(3)}% ${done}/${total} rows, ${rate} rows/s`;
    out.write(out.isTTY ? `\r${line}${finished ? '\n' : ''}` : finished ? `${line}\n` : '');
  };
}
