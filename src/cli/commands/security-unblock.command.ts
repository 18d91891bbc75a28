import { Command, Option } from 'nest-commander';
import { FirewallService } from '../../modules/security';
import { CliCommand } from '../cli-command';

@Command({ name: 'security:unblock', description: "lift the firewall's automatic blocks of an address" })
export class SecurityUnblockCommand extends CliCommand {
  async run(_args: string[], options: { ip: string }): Promise<void> {
    const removed = await (await this.app.get(FirewallService)).unblock(options.ip);
    this.out.line(`Lifted ${removed} automatic block(s) of ${options.ip}`);
  }

  @Option({ flags: '--ip <address>', description: 'IPv4 or IPv6 address', required: true })
  parseIp(value: string): string {
    return value;
  }
}
