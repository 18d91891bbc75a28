import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { LanguageResolver } from '../context/language-resolver';
import { Language, LANGUAGES, setRequestContext } from '../context/request-context';
import { RestResponse } from '../response/rest-response';
import { RestHttpAdapter } from './rest-http.adapter';

const PAGE_PREFIX = new RegExp(`^/(${LANGUAGES.join('|')})/`);

/**
 * Global interceptor: decides the request's content language (`ml_language` in the body or query, else the
 * `/no/` prefix) with the {@link LanguageResolver} and puts it, with the caller, in the request context that
 * services read (`currentLanguage()`). A value outside the enum is WordPress's 400 `rest_invalid_param`,
 * reported by the dispatcher's validation together with the request's other invalid parameters, as WordPress
 * reports every invalid argument at once.
 */
@Injectable()
export class MlLanguageInterceptor implements NestInterceptor {
  constructor(
    private readonly adapter: RestHttpAdapter,
    private readonly languages: LanguageResolver,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() === 'http') {
      const http = context.switchToHttp();
      await this.enter(http.getRequest<Request>(), http.getResponse<Response>());
    }
    return next.handle();
  }

  private async enter(req: Request, res: Response): Promise<void> {
    if (!this.adapter.entryOf(req)) {
      // an HTML page: the language of its URL (`/no/...`) or of `ml_language` in the query
      const prefix = PAGE_PREFIX.exec(new URL(req.originalUrl, 'http://localhost').pathname)?.[1] as
        Language | undefined;
      setRequestContext({ language: this.languages.resolveLoosely(req.query?.ml_language, prefix) });
      return;
    }
    const request = await this.adapter.prepare(req, res);
    if (request instanceof RestResponse) return;
    const requested = [request.jsonBody, request.formBody, request.query]
      .map((source) => source?.ml_language)
      .find((value) => value !== undefined);
    setRequestContext({
      requestId: request.requestId,
      user: request.user,
      language: this.languages.resolveLoosely(requested, request.prefixLanguage),
    });
  }
}
