import type { RestUrls } from '../../../platform/rest';
import { withFields } from '../../ml';
import type { LinkedPostEntity } from './linked-post.entity';
import type { LinkedPostView, PresentContext } from './linked-posts.service';
import { blankProtected } from './password';

/** A type's wire object (TEC's `get_venue_data` / `get_organizer_data`), before password blanking. */
export type LinkedPostMapper<E extends LinkedPostEntity> = (
  entity: E,
  context: PresentContext,
) => Record<string, unknown>;

/** The wire object of a venue or organizer as the caller sees it (protected fields blanked unless shown). */
export function presentLinkedPost<E extends LinkedPostEntity>(
  view: LinkedPostView<E>,
  toObject: LinkedPostMapper<E>,
  urls: RestUrls,
  single = false,
): Record<string, unknown> {
  const data = withFields(toObject(view.entity, { urls, image: view.image, single }), view.translations);
  return view.showProtected ? data : blankProtected(data);
}
