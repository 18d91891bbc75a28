/**
 * An error that becomes WordPress's `{code, message, data: {status, ...}}` body.
 * Thrown anywhere in a request; the REST server renders it. Codes are constants in error-codes.ts.
 */
export class RestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly extraData: Record<string, unknown> = {},
    /** Further errors carried in `additional_errors`, as WP_Error with several codes. */
    readonly additionalErrors: RestError[] = [],
  ) {
    // An expected outcome for the client, never a bug: no stack trace to capture (the Allow header alone makes
    // a refusal per method a request can't use, on every answer).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }

  /**
   * Earlier data a WP_Error was given for its code before the last (WP_Error::add_data keeps them), answered as
   * `additional_data` (e.g. wp_insert_term's `term_exists` carries the existing term's ID twice).
   */
  additionalData: unknown[] = [];

  withAdditionalData(...data: unknown[]): this {
    this.additionalData = data;
    return this;
  }

  /** Body fields as WordPress sends them. */
  toBody(): {
    code: string;
    message: string;
    data: Record<string, unknown> | null;
    additional_data?: unknown[];
    additional_errors?: unknown[];
  } {
    const body: {
      code: string;
      message: string;
      data: Record<string, unknown> | null;
      additional_data?: unknown[];
      additional_errors?: unknown[];
    } = {
      code: this.code,
      message: this.message,
      data: { status: this.status, ...this.extraData },
    };
    if (this.additionalData.length > 0) body.additional_data = this.additionalData;
    if (this.additionalErrors.length > 0)
      body.additional_errors = this.additionalErrors.map((e) => e.toBody());
    return body;
  }
}

/** WordPress's rest_authorization_required_code(): 401 for anonymous callers, 403 for logged-in ones. */
export function authorizationStatus(loggedIn: boolean): number {
  return loggedIn ? 403 : 401;
}

/** A "not allowed" error whose status depends on whether the caller is logged in. */
export function forbidden(code: string, message: string, loggedIn: boolean): RestError {
  return new RestError(code, message, authorizationStatus(loggedIn));
}
