export { ObjectTypesModule } from './object-types.module';
export { ObjectTypesService } from './object-types.service';
export { POST_TYPE_DEFINITIONS, SEARCHABLE_SUBTYPES, findPostType } from './definitions/post-types';
export type { PostTypeDefinition, SearchablePostSubtype } from './definitions/post-types';
export { TAXONOMY_DEFINITIONS, findTaxonomy } from './definitions/taxonomies';
export type { TaxonomyDefinition } from './definitions/taxonomies';
