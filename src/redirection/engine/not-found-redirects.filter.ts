import { ArgumentsHost, Catch, Injectable, NotFoundException } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { Request, Response } from 'express';
import { chooseTarget } from './compiled-redirect';
import { enginePassOf, RedirectEngine } from './redirect-engine';

/**
 * The site's "not found" (Nest's handler for unknown paths, and pages that do not exist): the request's
 * `page` redirects (match type "URL and WordPress page type", 404 only) fire here, as the plugin runs them on
 * WordPress's 404 at template_redirect. Without one the site's HTML 404 page goes out (logged by the engine).
 */
@Catch(NotFoundException)
@Injectable()
export class NotFoundRedirects extends BaseExceptionFilter {
  constructor(private readonly engine: RedirectEngine) {
    super();
  }

  override catch(exception: NotFoundException, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const pass = req && typeof req === 'object' ? enginePassOf(req) : undefined;
    if (!pass || res.headersSent) return super.catch(exception, host);
    void this.firePage(pass, req, res).then((fired) => {
      if (!fired) this.engine.sendNotFound(res);
    });
  }

  private async firePage(pass: NonNullable<ReturnType<typeof enginePassOf>>, req: Request, res: Response) {
    if (pass.pageCandidates.length === 0) return false;
    try {
      for (const redirect of pass.pageCandidates) {
        const target = chooseTarget(redirect, true);
        if (target === null) continue;
        const userOf = () => Promise.resolve(null);
        const done = await this.engine.fire(
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
        if (done) return true;
        return false;
      }
    } catch {
      return false;
    }
    return false;
  }
}
