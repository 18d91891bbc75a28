import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Language, RestServer, RestUser, sanitizeValue, validateValue } from '../../platform/rest';
import type { Ability, AbilityCategory, InternalRequest } from './ability';
import { AbilitiesErrors } from './abilities.errors';
import { ABILITY_CATEGORIES, SITE_ABILITIES } from './site-abilities';

export interface RunAbility {
  name: string;
  method: 'GET' | 'POST';
  input: unknown;
  language: Language;
}

/** The site's abilities: listed, described, and run through the same REST routes and services as clients use. */
@Injectable()
export class AbilitiesService {
  constructor(private readonly server: RestServer) {}

  list(category?: string): Ability[] {
    return SITE_ABILITIES.filter((ability) => !category || ability.category === category);
  }

  get(name: string): Ability {
    const ability = SITE_ABILITIES.find((candidate) => candidate.name === name);
    if (!ability) throw AbilitiesErrors.notFound();
    return ability;
  }

  categories(): readonly AbilityCategory[] {
    return ABILITY_CATEGORIES;
  }

  category(slug: string): AbilityCategory {
    const category = ABILITY_CATEGORIES.find((candidate) => candidate.slug === slug);
    if (!category) throw AbilitiesErrors.categoryNotFound();
    return category;
  }

  /** WordPress's run controller: the method must fit the ability, then permission, then the input schema. */
  async run(user: RestUser | null, command: RunAbility): Promise<unknown> {
    const ability = this.get(command.name);
    if (ability.annotations.readonly && command.method !== 'GET') throw AbilitiesErrors.readOnlyNeedsGet();
    if (!ability.annotations.readonly && command.method !== 'POST') throw AbilitiesErrors.updateNeedsPost();
    if (!ability.canRun(user)) throw AbilitiesErrors.cannotExecute(user !== null);
    let input: Record<string, unknown> = {};
    if (ability.inputSchema) {
      const given = command.input ?? {};
      const problem = validateValue(given, ability.inputSchema, 'input');
      if (problem) throw AbilitiesErrors.invalidInput(ability.name, problem.message);
      input = sanitizeValue(given, ability.inputSchema) as Record<string, unknown>;
    }
    const request: InternalRequest = async (method, path, params) => {
      const response = await this.server.dispatch({
        method,
        path,
        query: method === 'GET' ? params : {},
        jsonBody: method === 'GET' ? undefined : params,
        headers: {},
        user,
        prefixLanguage: command.language,
        requestId: randomUUID(),
        internal: true,
      });
      return { status: response.status, data: response.data };
    };
    return ability.run(input, { request, apiRoot: this.server.urls(command.language).root() });
  }
}
