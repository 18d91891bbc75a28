import {
  buildOpenApiDocument,
  NS,
  type OpenApiDocument,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestRoute,
  RouteRegistry,
} from '../../../platform/rest';

const API_INFO = {
  version: '1.0.0',
  title: 'The Events Calendar REST API',
  description:
    'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
};

/** `GET /doc`: the namespace's OpenAPI 3.0 document (TEC `Swagger_Documentation`), generated from the routes. */
@RestController(NS.calendar)
export class CalendarDocController {
  constructor(private readonly registry: RouteRegistry) {}

  @RestRoute('/doc', {
    methods: READABLE,
    permission: Permissions.public,
    summary: 'Returns the documentation of the calendar REST API in OpenAPI 3.0 format.',
  })
  get(call: RestCall<unknown>): OpenApiDocument {
    return buildOpenApiDocument(
      this.registry.routes(),
      NS.calendar,
      `${call.urls.root()}${NS.calendar}/`,
      API_INFO,
    );
  }
}
