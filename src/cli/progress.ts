import { Presets, SingleBar } from 'cli-progress';

/** Bytes as people read them: 512 B, 3.4 kB, 12.0 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

export interface Transfer {
  update(done: number): void;
  finish(note: string): void;
  fail(): void;
}

export interface Step {
  finish(note: string): void;
  fail(): void;
}

/** Progress of a CLI command: a bar for a byte transfer, a line for each step. */
export interface Progress {
  transfer(label: string, total: number): Transfer;
  step(label: string): Step;
}

/**
 * Progress on `stream` (stderr, so that stdout keeps only the result): `cli-progress` bars on a
 * terminal; plain lines otherwise (CI logs, pipes), with the transfer reported at each quarter it
 * passes, 100% included.
 */
export function progressOn(stream: NodeJS.WriteStream): Progress {
  return stream.isTTY ? terminalProgress(stream) : plainProgress(stream);
}

function terminalProgress(stream: NodeJS.WriteStream): Progress {
  return {
    transfer(label, total) {
      const bar = new SingleBar(
        {
          stream,
          format: `${label} [{bar}] {percentage}% | {sent} of {size} | ETA {eta_formatted}`,
          hideCursor: true,
          clearOnComplete: true,
          fps: 10,
        },
        Presets.shades_classic,
      );
      bar.start(Math.max(total, 1), 0, { sent: formatBytes(0), size: formatBytes(total) });
      const end = (line: string) => {
        bar.stop();
        stream.write(line);
      };
      return {
        update: (done) => bar.update(Math.min(done, total), { sent: formatBytes(done) }),
        finish: (note) => end(`✔ ${label}: ${note}\n`),
        fail: () => end(`✘ ${label}\n`),
      };
    },
    step(label) {
      stream.write(`… ${label}`);
      const end = (line: string) => stream.write(`\r\x1b[2K${line}`);
      return {
        finish: (note) => end(`✔ ${label}: ${note}\n`),
        fail: () => end(`✘ ${label}\n`),
      };
    },
  };
}

function plainProgress(stream: NodeJS.WriteStream): Progress {
  return {
    transfer(label, total) {
      stream.write(`${label}: sending ${formatBytes(total)}\n`);
      let reported = 0;
      return {
        update(done) {
          const quarter = total > 0 ? Math.min(4, Math.floor((done / total) * 4)) : 4;
          if (quarter > reported) {
            reported = quarter;
            stream.write(`${label}: ${formatBytes(done)} of ${formatBytes(total)} sent (${quarter * 25}%)\n`);
          }
        },
        finish: (note) => stream.write(`${label}: done, ${note}\n`),
        fail: () => stream.write(`${label}: failed\n`),
      };
    },
    step(label) {
      stream.write(`${label}: running\n`);
      return {
        finish: (note) => stream.write(`${label}: done, ${note}\n`),
        fail: () => stream.write(`${label}: failed\n`),
      };
    },
  };
}
