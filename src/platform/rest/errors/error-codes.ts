import { RestError } from './rest-error';

/** Errors of the REST machinery itself, with WordPress's codes and messages. */
export const RestErrors = {
  noRoute: () =>
    new RestError('rest_no_route', 'No route was found matching the URL and request method.', 404),
  missingParams: (names: string[]) =>
    new RestError('rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, 400, {
      params: names,
    }),
  invalidParams: (params: Record<string, string>, details: Record<string, unknown>) =>
    new RestError('rest_invalid_param', `Invalid parameter(s): ${Object.keys(params).join(', ')}`, 400, {
      params,
      details: Object.keys(details).length > 0 ? details : [],
    }),
  /** `json_error_code` is PHP's json_last_error(): 4 syntax error, 1 nesting deeper than 512. */
  invalidJson: (message: string, code = 4) =>
    new RestError('rest_invalid_json', 'Invalid JSON body passed.', 400, {
      json_error_code: code,
      json_error_message: message,
    }),
  forbidden: (loggedIn: boolean) =>
    new RestError('rest_forbidden', 'Sorry, you are not allowed to do that.', loggedIn ? 403 : 401),
  forbiddenContext: (message: string, loggedIn: boolean) =>
    new RestError('rest_forbidden_context', message, loggedIn ? 403 : 401),
  internal: (correlationId: string) =>
    new RestError('internal_server_error', 'There has been a critical error on this website.', 500, {
      error_id: correlationId,
    }),
  payloadTooLarge: () => new RestError('rest_request_too_large', 'The request body is too large.', 413),
  bodyTimeout: () => new RestError('rest_request_timeout', 'The request body did not arrive in time.', 408),
  tooManyRequests: (retryAfterSeconds: number) =>
    new RestError('too_many_requests', 'Too many failed login attempts. Please try again later.', 429, {
      retry_after: retryAfterSeconds,
    }),
  databaseUnavailable: () =>
    new RestError('db_unavailable', 'Error establishing a database connection.', 503),
  invalidPath: () =>
    new RestError('rest_path_invalid_type', 'The REST route parameter must be a string.', 400),
};
