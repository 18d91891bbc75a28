import { join } from 'node:path';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig } from '../../config';
import { RouteRegistry } from '../routing/route-registry';
import { buildSiteOpenApiDocument, SiteOpenApiDocument } from './site-document';

// swagger-ui-dist's own entry point reads a file at import time; its folder is all we need.
const SWAGGER_UI = join(require.resolve('swagger-ui-dist/package.json'), '..');
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png']);

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>REST API</title>
  <link rel="stylesheet" href="swagger-ui.css">
  <link rel="icon" type="image/png" href="favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="swagger-ui-bundle.js"></script>
  <script src="swagger-initializer.js"></script>
</body>
</html>
`;
const INITIALIZER = `window.ui = SwaggerUIBundle({
  url: '../openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'none',
  presets: [SwaggerUIBundle.presets.apis],
});
`;

/**
 * `GET /openapi.json`: the OpenAPI 3.1 document of every namespace, built from the route table; `GET /docs/`:
 * Swagger UI reading it, served from the swagger-ui-dist package (no CDN). Both outside the REST prefix.
 */
@Controller()
export class OpenApiController {
  private document?: SiteOpenApiDocument;

  constructor(
    private readonly registry: RouteRegistry,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @Get('openapi.json')
  openApi(): SiteOpenApiDocument {
    this.document ??= buildSiteOpenApiDocument(this.registry.routes(), this.config.restPrefix, {
      title: 'Site REST API',
      version: '1.0.0',
      description:
        'Every namespace of the REST API (WordPress core, The Events Calendar and plugin wire formats), ' +
        'generated from the route table.',
    });
    return this.document;
  }

  @Get('docs')
  docs(@Req() req: Request, @Res() res: Response): void {
    if (!req.path.endsWith('/')) {
      res.redirect(301, '/docs/');
      return;
    }
    res.type('html').send(DOCS_PAGE);
  }

  @Get('docs/:file')
  asset(@Param('file') file: string, @Res() res: Response): void {
    if (file === 'swagger-initializer.js') {
      res.type('js').send(INITIALIZER);
      return;
    }
    if (!ASSETS.has(file)) {
      res.status(404).type('text').send('Not found');
      return;
    }
    res.sendFile(join(SWAGGER_UI, file), { maxAge: '1d' });
  }
}
