export { LinkSet } from './links';
export type { LinkAttributes, LinkObject } from './links';
export { paginated, pageUrls, totalPages } from './pagination';
export type { PageInfo, TotalsHeaderStyle } from './pagination';
export { RestResponse } from './rest-response';
export { filterByContext, filterFields, parseEmbedParam, parseFieldsParam } from './shaping';
export { isShared, serialize, share, SharedDerivations, SharedItems } from './shared-items';
