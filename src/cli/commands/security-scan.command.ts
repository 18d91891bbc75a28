import { Command } from 'nest-commander';
import { ScanService } from '../../modules/security';
import { CliCommand } from '../cli-command';
import { CommandFailed } from '../cli-errors';

const POLL_MS = 500;

@Command({
  name: 'security:scan',
  description: 'run the security scan now and wait for it (as POST /scan; findings in the security console)',
})
export class SecurityScanCommand extends CliCommand {
  async run(): Promise<void> {
    const scan = await this.app.get(ScanService);
    const started = await scan.start();
    if (!started.started) throw new CommandFailed(started.message);
    const progress = this.out.progress('Scanning');
    // the scan stores its progress at each checkpoint; the bar reads it from there, as the console does
    const timer = setInterval(() => {
      scan.progress().then(
        (state) => progress.update(Math.round(state.progress), 100),
        () => undefined,
      );
    }, POLL_MS);
    try {
      await scan.idle();
    } finally {
      clearInterval(timer);
      progress.stop();
    }
    const result = await scan.progress();
    if (result.status !== 'complete') throw new CommandFailed(`Scan ${result.status}: ${result.lastResult}`);
    this.out.line(result.lastResult);
  }
}
