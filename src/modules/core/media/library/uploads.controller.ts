import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MediaStorage, UPLOADS_URL_PATH } from '../files/media-storage';

const NOT_FOUND = 'Not Found';

/**
 * The uploads folder served at `/wp-content/uploads/` (where `source_url` points): files only, no listings or
 * dot-files, never outside the folder; a sandboxing Content-Security-Policy keeps any file from running in the
 * site's origin.
 */
@Controller(UPLOADS_URL_PATH.slice(1))
export class UploadsController {
  constructor(private readonly storage: MediaStorage) {}

  @Get('*path')
  serve(@Req() req: Request, @Res() res: Response): void {
    let relative: string;
    try {
      relative = decodeURIComponent(req.path.slice(UPLOADS_URL_PATH.length + 1));
    } catch {
      res.status(404).type('text/plain').send(NOT_FOUND);
      return;
    }
    if (!this.storage.pathOf(relative) || relative.split('/').some((part) => part.startsWith('.'))) {
      res.status(404).type('text/plain').send(NOT_FOUND);
      return;
    }
    res.sendFile(
      relative,
      {
        root: this.storage.root,
        dotfiles: 'deny',
        maxAge: '30d',
        headers: {
          'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
        },
      },
      (error?: Error) => {
        if (error && !res.headersSent) res.status(404).type('text/plain').send(NOT_FOUND);
      },
    );
  }
}
