import { Module } from '@nestjs/common';
import { OpenApiController } from './openapi.controller';

/** `/openapi.json` and `/docs/` (the REST platform's routes table is global through RestModule). */
@Module({ controllers: [OpenApiController] })
export class OpenApiModule {}
