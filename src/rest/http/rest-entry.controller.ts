import { All, Controller, Next, Req, Res } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { REST_ENTRY_ROUTE, RestHttpAdapter } from './rest-http.adapter';

/**
 * The REST API's entry in Nest's request pipeline: every REST request is routed here (by the adapter's
 * entry router), after the request context and the `ml_language` interceptor, and answered by the dispatcher.
 */
@Controller()
export class RestEntryController {
  constructor(private readonly adapter: RestHttpAdapter) {}

  @All(REST_ENTRY_ROUTE)
  async serve(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): Promise<void> {
    // a client asking for the internal path itself is not a REST request
    if (!this.adapter.entryOf(req)) return next();
    await this.adapter.serve(req, res);
  }
}
