import { Injectable } from '@nestjs/common';
import type { RestUser } from '../../../platform/rest';
import { POST_STATUS_DEFINITIONS, PostStatusDefinition, findPostStatus } from './definitions/post-statuses';
import { POST_TYPE_DEFINITIONS, PostTypeDefinition, findPostType } from './definitions/post-types';
import {
  TAXONOMY_DEFINITIONS,
  TaxonomyDefinition,
  findTaxonomy,
  primitiveTermCapability,
} from './definitions/taxonomies';
import { ObjectTypesErrors } from './object-types.errors';

type User = RestUser | null;

/** Which post types, taxonomies and statuses a user may see, as WordPress's three controllers decide. */
@Injectable()
export class ObjectTypesService {
  canEditType(user: User, type: PostTypeDefinition): boolean {
    return user?.can(type.caps.edit) ?? false;
  }

  canEditAnyType(user: User): boolean {
    return POST_TYPE_DEFINITIONS.some((type) => this.canEditType(user, type));
  }

  /** Every type, or in the edit context only those the user can edit. */
  listPostTypes(user: User, editContext: boolean): PostTypeDefinition[] {
    if (editContext && !this.canEditAnyType(user)) throw ObjectTypesErrors.cannotViewTypes(user !== null);
    return POST_TYPE_DEFINITIONS.filter((type) => !editContext || this.canEditType(user, type));
  }

  getPostType(user: User, slug: string, editContext: boolean): PostTypeDefinition {
    const type = findPostType(slug);
    if (!type) throw ObjectTypesErrors.typeInvalid();
    if (editContext && !this.canEditType(user, type))
      throw ObjectTypesErrors.typeForbiddenContext(user !== null);
    return type;
  }

  can(user: User, taxonomyCapability: string): boolean {
    return user?.can(primitiveTermCapability(taxonomyCapability)) ?? false;
  }

  /** Taxonomies of `postType` (all when unset); in the edit context those whose terms the user may assign. */
  listTaxonomies(user: User, editContext: boolean, postType?: string): TaxonomyDefinition[] {
    const ofType = TAXONOMY_DEFINITIONS.filter((taxonomy) => !postType || taxonomy.types.includes(postType));
    if (!editContext) return ofType;
    const assignable = ofType.filter((taxonomy) => this.can(user, taxonomy.capabilities.assign_terms));
    if (assignable.length === 0) throw ObjectTypesErrors.cannotViewTaxonomies(user !== null);
    return assignable;
  }

  getTaxonomy(user: User, slug: string, editContext: boolean): TaxonomyDefinition {
    const taxonomy = findTaxonomy(slug);
    if (!taxonomy) throw ObjectTypesErrors.taxonomyInvalid();
    if (editContext && !this.can(user, taxonomy.capabilities.manage_terms)) {
      throw ObjectTypesErrors.taxonomyForbiddenContext(user !== null);
    }
    return taxonomy;
  }

  /** Public statuses for everyone; the others for users who can edit some post type (trash included). */
  canReadStatus(user: User, status: PostStatusDefinition): boolean {
    return status.public || this.canEditAnyType(user);
  }

  listStatuses(user: User, editContext: boolean): PostStatusDefinition[] {
    if (editContext && !this.canEditAnyType(user)) throw ObjectTypesErrors.cannotViewStatuses(user !== null);
    return POST_STATUS_DEFINITIONS.filter((status) => this.canReadStatus(user, status));
  }

  getStatus(user: User, slug: string): PostStatusDefinition {
    const status = findPostStatus(slug);
    if (!status) throw ObjectTypesErrors.statusInvalid();
    if (!this.canReadStatus(user, status)) throw ObjectTypesErrors.cannotReadStatus(user !== null);
    return status;
  }
}
