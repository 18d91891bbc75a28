/** A handler result with a status and headers other than 200 + JSON. */
export class RestResponse {
  constructor(
    public data: unknown,
    public status = 200,
    public headers: Record<string, string> = {},
  ) {}

  static created(data: unknown, location: string): RestResponse {
    return new RestResponse(data, 201, { Location: location });
  }

  setHeader(name: string, value: string): this {
    this.headers[name] = value;
    return this;
  }
}
