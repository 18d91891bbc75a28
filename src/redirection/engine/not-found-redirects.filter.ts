import { ArgumentsHost, Catch, ExceptionFilter, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig } from '../../config';
import { SiteErrorPageFilter } from '../../rest';
import { chooseTarget } from './compiled-redirect';
import { EnginePass, enginePassOf, RedirectEngine } from './redirect-engine';

/**
 * The site's "not found" (Nest's handler for unknown paths, and pages that do not exist): the request's `page`
 * redirects (match type "URL and WordPress page type", 404 only) fire here, as the plugin runs them on
 * WordPress's 404 at template_redirect. Without one the engine's 404 page goes out (logged by the engine);
 * requests the engine did not see get the platform's error page (`SiteErrorPageFilter`). Installed in
 * app.setup.ts after that filter, so Nest asks this one first.
 */
@Catch(NotFoundException)
@Injectable()
export class NotFoundRedirects implements ExceptionFilter {
  private readonly fallback: SiteErrorPageFilter;

  constructor(
    private readonly engine: RedirectEngine,
    @Inject(AppConfig) config: AppConfig,
  ) {
    this.fallback = new SiteErrorPageFilter(config.restPrefix, config.siteName);
  }

  catch(exception: NotFoundException, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const pass = req && typeof req === 'object' ? enginePassOf(req) : undefined;
    if (!pass || res.headersSent) return this.fallback.catch(exception, host);
    void this.firePage(pass, req, res).then((fired) => {
      if (!fired) this.engine.sendNotFound(res, req.method);
    });
  }

  private async firePage(pass: EnginePass, req: Request, res: Response): Promise<boolean> {
    try {
      for (const redirect of pass.pageCandidates) {
        const target = chooseTarget(redirect, true);
        if (target === null) continue;
        const userOf = () => Promise.resolve(null);
        return await this.engine.fire(
          redirect,
          target,
          pass.facts,
          pass.snapshot.settings,
          userOf,
          req,
          res,
          () => undefined,
          pass,
        );
      }
    } catch {
      return false;
    }
    return false;
  }
}
