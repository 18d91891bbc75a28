import { SingleBar } from 'cli-progress';

interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

const NO_PROGRESS: Progress = { update: () => undefined, stop: () => undefined };

/** Where commands write: results on stdout, errors and progress on stderr (tests pass their own streams). */
export class CliOutput {
  constructor(
    private readonly stdout: Stream = process.stdout,
    private readonly stderr: Stream = process.stderr,
  ) {}

  line(text: string): void {
    this.stdout.write(`${text}\n`);
  }

  /** Raw text for commander's own help and error messages. */
  write(text: string): void {
    this.stdout.write(text);
  }

  error(text: string): void {
    this.stderr.write(text);
  }

  /** A progress bar on stderr, only when stderr is a terminal (pipes and logs get the final line only). */
  progress(label: string): Progress {
    if (!this.stderr.isTTY) return NO_PROGRESS;
    const bar = new SingleBar({
      format: `${label} [{bar}] {value}/{total} {percentage}% {duration_formatted}`,
      stream: this.stderr as NodeJS.WriteStream,
      hideCursor: true,
      clearOnComplete: false,
    });
    let started = false;
    return {
      update: (done, total) => {
        if (!started) {
          bar.start(total, done);
          started = true;
        } else {
          bar.setTotal(total);
          bar.update(done);
        }
      },
      stop: () => {
        if (started) bar.stop();
      },
    };
  }
}
