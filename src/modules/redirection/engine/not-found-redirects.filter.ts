import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SiteNotFoundHandlers } from '../../../platform/rest';
import { chooseTarget } from './compiled-redirect';
import { enginePassOf, RedirectEngine } from './redirect-engine';

/**
 * The site's "not found" (unknown paths, pages that do not exist): the request's `page` redirects (match type
 * "URL and WordPress page type", 404 only) fire here, as the plugin runs them on WordPress's 404 at
 * template_redirect; then the permalink migration of old permalink structures. Without either the site's HTML
 * 404 page goes out (logged by the engine).
 */
@Injectable()
export class NotFoundRedirects implements OnModuleInit {
  constructor(
    private readonly engine: RedirectEngine,
    private readonly handlers: SiteNotFoundHandlers,
  ) {}

  onModuleInit(): void {
    this.handlers.register((req, res) => this.firePage(req, res));
  }

  private async firePage(req: Request, res: Response): Promise<boolean> {
    const pass = enginePassOf(req);
    if (!pass) return false;
    if (pass.pageCandidates.length === 0) return this.engine.migratePermalink(pass, res);
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
    return this.engine.migratePermalink(pass, res);
  }
}
