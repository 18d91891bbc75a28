import { RestError } from '../platform/rest';

/** Exit codes scripts can rely on (docs/operations.md, "Command line"). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** The command line itself is wrong: a value an option does not accept, a missing choice of options. Exit 2. */
export class UsageError extends Error {}

/** The work could not be done, or was done with failures already reported on stdout. Exit 1. */
export class CommandFailed extends Error {}

/** WordPress's codes for arguments that fail validation: the input given on the command line was wrong. */
const INVALID_INPUT_CODES = new Set(['rest_invalid_param', 'rest_missing_callback_param']);

/** The message lines and exit code of an error thrown by a command. */
export function describeFailure(error: unknown): { text: string; code: number } {
  if (error instanceof UsageError) return { text: `${error.message}\n`, code: EXIT.usage };
  if (error instanceof RestError) {
    const params = (error.extraData as { params?: Record<string, string> }).params ?? {};
    const lines = Object.values(params).map((message) => `  ${message}\n`);
    return {
      text: `${error.message}\n${lines.join('')}`,
      code: INVALID_INPUT_CODES.has(error.code) ? EXIT.usage : EXIT.failed,
    };
  }
  return { text: `${error instanceof Error ? error.message : String(error)}\n`, code: EXIT.failed };
}
