/** A handler result with a status and headers other than 200 + JSON. */
export class RestResponse {
  constructor(
    public data: unknown,
    public status = 200,
    public headers: Record<string, string> = {},
  ) {}

  /** A body sent as is (not JSON-encoded), e.g. oEmbed's XML. */
  static raw(body: string, contentType: string, status = 200): RestResponse {
    const response = new RestResponse(body, status, { 'Content-Type': contentType });
    response.rawBody = true;
    return response;
  }

  /** When true, `data` is a string written verbatim with its own Content-Type. */
  rawBody = false;

  /** False for an answer that must be built for every request (e.g. one with a fresh random secret). */
  cacheable = true;

  /**
   * The last_changed groups whose stamps this answer depends on, when narrower than the whole site (the
   * response cache then keeps it across writes to other tables; none: only a deploy changes it); undefined:
   * any write.
   */
  cacheGroups?: readonly string[];

  /** Keeps this answer out of the anonymous response cache. */
  uncached(): this {
    this.cacheable = false;
    return this;
  }

  static created(data: unknown, location: string): RestResponse {
    return new RestResponse(data, 201, { Location: location });
  }

  setHeader(name: string, value: string): this {
    this.headers[name] = value;
    return this;
  }
}
