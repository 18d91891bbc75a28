import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import PinoPretty from 'pino-pretty';

export const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'];
/** JSON log lines are written in chunks of this many bytes at least... */
const LOG_WRITE_BYTES = 4096;
/** ...or after this many milliseconds, whichever comes first. */
const LOG_FLUSH_MS = 100;

/** The root logger, and what stops its flush timer when the application closes. */
export interface RootLogger {
  logger: Logger;
  /** Writes what is buffered and stops the flush timer (the logger keeps working, flushed at exit). */
  close(): void;
  /** Writes what is buffered now, so that text printed next comes after it. */
  flush(): void;
}

export type LogFormat = 'auto' | 'json' | 'pretty';

/** LOG_FORMAT: readable lines on a terminal (`auto`) or when asked for, JSON lines otherwise. */
export function isPrettyFormat(format: LogFormat, isTTY: boolean = process.stdout.isTTY === true): boolean {
  return format === 'auto' ? isTTY : format === 'pretty';
}

interface PrettyRecord {
  msg?: unknown;
  context?: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** A request as one readable line, `GET /wp-json/ 200 3 ms`; other records as `[Context] message`. */
export function prettyMessage(log: PrettyRecord): string {
  if (log.req && log.res) {
    const outcome = log.msg === 'request completed' ? '' : ` (${String(log.msg)})`;
    return `${log.req.method} ${log.req.url} ${log.res.statusCode} ${log.responseTime} ms${outcome}`;
  }
  return `${log.context ? `[${String(log.context)}] ` : ''}${String(log.msg ?? '')}`;
}

/**
 * The root logger: JSON lines (for log collectors), or the same records printed readably (pino-pretty,
 * synchronously: nothing is lost when the process exits), one line each. `output` replaces stdout (tests).
 */
export function createRootLogger(
  level: string,
  format: LogFormat = 'auto',
  output?: NodeJS.WritableStream,
): RootLogger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (output) {
    const stream = isPrettyFormat(format, false) ? prettyStream(output) : output;
    return { logger: pino(options, stream), close: () => undefined, flush: () => undefined };
  }
  // JSON written asynchronously, in writes of at least 4 KB (about 20 request lines) or every LOG_FLUSH_MS when
  // fewer lines come: under load one write carries many lines instead of one each (pino flushes at exit). The
  // timer is ours, not the destination's `periodicFlush`, which only a destroyed stream clears: one left running
  // per closed application kept each one's whole module graph alive (the e2e suites ran out of heap).
  if (!isPrettyFormat(format)) {
    const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_WRITE_BYTES });
    const timer = setInterval(() => destination.flush(), LOG_FLUSH_MS).unref();
    const flush = () => {
      try {
        destination.flushSync();
      } catch {
        destination.flush(); // not open yet, or a write under way: written as soon as it can be
      }
    };
    return {
      logger: pino(options, destination),
      close: () => {
        clearInterval(timer);
        destination.flush();
      },
      flush,
    };
  }
  return { logger: pino(options, prettyStream(1)), close: () => undefined, flush: () => undefined };
}

function prettyStream(destination: number | NodeJS.WritableStream) {
  return PinoPretty({
    destination,
    colorize: destination === 1 && process.stdout.isTTY === true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context,req,res,responseTime',
    singleLine: true,
    messageFormat: (log) => prettyMessage(log as PrettyRecord),
  });
}

type LoggedRequest = IncomingMessage & { id?: unknown; originalUrl?: string };
type LoggedResponse = ServerResponse & { err?: unknown };
type Level = 'debug' | 'info' | 'warn' | 'error';

/** Health probes (load balancers, Docker) every few seconds: logged at debug while they succeed. */
const isHealthProbe = (req: LoggedRequest): boolean =>
  /^\/health(\?|$)/.test(req.originalUrl ?? req.url ?? '');

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

/** The request id: a well-formed X-Request-Id from the client, else a new UUID; answered in X-Request-Id. */
function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.-]{1,128}$/.test(incoming) ? incoming : randomUUID();
}

/**
 * One line per request when its answer is finished (or the connection closed first): `req` (id, method, URL,
 * client address), `res` (status), `responseTime` in ms, and `request completed`, `request aborted` or, with an
 * error or a 5xx, `err` and `request errored`; info (debug for a healthy `/health` probe), warn for 4xx, error
 * for 5xx. The request id comes from X-Request-Id or is generated, and is set on `req.id` and answered in
 * X-Request-Id. The same line pino-http wrote, without its per-request child loggers and listeners: nothing else
 * is done per request.
 */
export function createHttpLogger(
  logger: Logger,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req: LoggedRequest, res: LoggedResponse, next) => {
    const id = requestIdOf(req);
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const startedAt = Date.now();
    let logged = false;
    const complete = (error?: unknown): void => {
      if (logged) return;
      logged = true;
      res.off('finish', complete);
      res.off('close', complete);
      res.off('error', complete);
      const status = res.statusCode;
      const level: Level =
        error || status >= 500 ? 'error' : status >= 400 ? 'warn' : isHealthProbe(req) ? 'debug' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const fields: Record<string, unknown> = {
        req: requestFields(req),
        res: { statusCode: status },
        responseTime: Date.now() - startedAt,
      };
      const failure =
        error || res.err || (status >= 500 ? new Error(`failed with status code ${status}`) : null);
      if (failure) {
        fields.err = failure;
        logger[level](fields, 'request errored');
        return;
      }
      logger[level](
        fields,
        !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted',
      );
    };
    res.on('finish', complete);
    res.on('close', complete);
    res.on('error', complete);
    next();
  };
}

/** Nest's start-up detail, a line per module, controller and route (~150): debug, not info. */
const NEST_START_UP_DETAIL = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

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
    const context = params[params.length - 1];
    this.write(
      typeof context === 'string' && NEST_START_UP_DETAIL.has(context) ? 'debug' : 'info',
      message,
      params,
    );
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
