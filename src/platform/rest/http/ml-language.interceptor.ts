import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { LanguageResolver } from '../context/language-resolver';
import { requestTargetUrl } from '../../common/http';
import { Language, LANGUAGES, setRequestContext } from '../context/request-context';

const PAGE_PREFIX = new RegExp(`^/(${LANGUAGES.join('|')})/`);

/**
 * Global interceptor for the site's pages (Nest's routes; the REST adapter decides its requests' language
 * itself): the language of the page's URL (`/no/...`) or of `ml_language` in the query, with the
 * {@link LanguageResolver}, put in the request context that services read (`currentLanguage()`).
 */
@Injectable()
export class MlLanguageInterceptor implements NestInterceptor {
  constructor(private readonly languages: LanguageResolver) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const req = context.switchToHttp().getRequest<Request>();
      const prefix = PAGE_PREFIX.exec(requestTargetUrl(req.originalUrl).pathname)?.[1] as
        Language | undefined;
      setRequestContext({ language: this.languages.resolveLoosely(req.query?.ml_language, prefix) });
    }
    return next.handle();
  }
}
