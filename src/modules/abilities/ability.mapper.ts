import { LinkSet, RestUrls } from '../../platform/rest';
import type { Ability, AbilityCategory } from './ability';

export function toAbilityResponse(ability: Ability, urls: RestUrls): Record<string, unknown> {
  const self = urls.route(`/core-abilities/v1/abilities/${ability.name}`);
  return {
    name: ability.name,
    label: ability.label,
    description: ability.description,
    category: ability.category,
    input_schema: ability.inputSchema ?? {},
    output_schema: ability.outputSchema,
    meta: { annotations: ability.annotations, show_in_rest: true },
    _links: new LinkSet()
      .add('self', self)
      .add('collection', urls.route('/core-abilities/v1/abilities'))
      .add('https://api.w.org/action-run', `${self}/run`)
      .toJSON(),
  };
}

export function toAbilityCategoryResponse(
  category: AbilityCategory,
  urls: RestUrls,
): Record<string, unknown> {
  return {
    slug: category.slug,
    label: category.label,
    description: category.description,
    _links: new LinkSet()
      .add('self', urls.route(`/core-abilities/v1/categories/${category.slug}`))
      .add('collection', urls.route('/core-abilities/v1/categories'))
      .add(
        'https://api.w.org/abilities',
        urls.route('/core-abilities/v1/abilities', { category: category.slug }),
      )
      .toJSON(),
  };
}
