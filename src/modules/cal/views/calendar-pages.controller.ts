import { Controller, Get, Next, Req, Res } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { CalendarViewsService } from './calendar-views.service';
import { requestTargetUrl } from '../../../platform/common/http';
import { parseViewRequest } from './view-request';

const PATHS = ['events', 'event', 'venue', 'organizer'].flatMap((root) => [
  root,
  `${root}/*path`,
  `no/${root}`,
  `no/${root}/*path`,
]);

/**
 * The calendar's HTML pages and iCal feeds (`/events/...`, `/event/{slug}/`, `/venue/{slug}/`,
 * `/organizer/{slug}/`, and the same below `/no/`). Paths that are not calendar pages are passed on.
 */
@Controller()
export class CalendarPagesController {
  constructor(private readonly views: CalendarViewsService) {}

  @Get(PATHS)
  async page(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): Promise<void> {
    const url = requestTargetUrl(req.originalUrl);
    const params: Record<string, unknown> = {};
    url.searchParams.forEach((value, key) => (params[key] = value));
    const request = parseViewRequest(url.pathname, params);
    if (!request) return next();
    const result = await this.views.page(request, null);
    res.status(result.status);
    res.setHeader('Content-Type', result.contentType);
    for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
    res.send(result.body);
  }
}
