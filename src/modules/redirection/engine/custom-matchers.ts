import { Injectable } from '@nestjs/common';
import type { RequestFacts } from './request-facts';

/** A named condition for `custom` match redirects (the plugin's WordPress filter of that name). */
export type CustomMatcher = (request: RequestFacts) => boolean | Promise<boolean>;

/**
 * Code-registered conditions for the `custom` match type: a redirect with `action_data.filter = "name"`
 * asks the matcher registered under that name; an unknown name is false (as an unhooked WordPress filter).
 */
@Injectable()
export class CustomMatchers {
  private readonly matchers = new Map<string, CustomMatcher>();

  register(name: string, matcher: CustomMatcher): void {
    this.matchers.set(name, matcher);
  }

  async evaluate(name: string, request: RequestFacts): Promise<boolean> {
    const matcher = this.matchers.get(name);
    return matcher ? Boolean(await matcher(request)) : false;
  }
}
