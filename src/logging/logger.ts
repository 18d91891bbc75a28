import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import pinoHttp, { HttpLogger } from 'pino-http';
import PinoPretty from 'pino-pretty';

export const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'];

/**
 * The root logger: JSON lines (for log collectors) unless stdout is a terminal, where the same records are
 * printed readably (pino-pretty, synchronously: nothing is lost when the process exits).
 */
export function createRootLogger(level: string, pretty: boolean = process.stdout.isTTY === true): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  // JSON written asynchronously: under load many lines go out in one write (pino flushes at exit).
  if (!pretty) return pino(options, pino.destination({ dest: 1, sync: false }));
  return pino(
    options,
    PinoPretty({
      colorize: true,
      sync: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,context',
      messageFormat: '{if context}[{context}] {end}{msg}',
    }),
  );
}

type LoggedRequest = IncomingMessage & { id?: unknown; originalUrl?: string };

/**
 * The request as one log line shows it: id, method, URL and client address (headers are left out, so no
 * credential or cookie is ever written).
 */
function requestFields(req: LoggedRequest): Record<string, unknown> {
  return {
    id: req.id,
    method: req.method,
    url: req.originalUrl ?? req.url,
    remoteAddress: req.socket?.remoteAddress,
  };
}

/**
 * One line per request (method, URL, status, time, request id taken from X-Request-Id or generated), with lean
 * serializers: the hot path does not copy every header into every line.
 */
export function createHttpLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    wrapSerializers: false,
    serializers: {
      req: requestFields,
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && /^[\w.-]{1,128}$/.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
  });
}

/** Nest's logger interface on top of pino, so framework and application logs are one structured stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    params: unknown[],
  ): void {
    const context = typeof params[params.length - 1] === 'string' ? (params.pop() as string) : undefined;
    if (typeof message === 'object' && message !== null && !(message instanceof Error)) {
      const [text] = params;
      this.logger[level]({ context, ...(message as object) }, typeof text === 'string' ? text : undefined);
      return;
    }
    if (message instanceof Error) {
      this.logger[level]({ context, err: message }, message.message);
      return;
    }
    this.logger[level](
      { context, ...(params.length && level === 'error' ? { stack: params[0] } : {}) },
      String(message),
    );
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }
}
