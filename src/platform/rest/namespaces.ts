/**
 * Every REST namespace of the site, one constant each, and the order the site index lists them in (the
 * spec's list, as WordPress lists them in registration order). A controller may only serve a namespace named
 * here; the route registry orders the route table by this list, whatever order the modules boot in.
 */
export const NS = {
  oembed: 'oembed/1.0',
  ml: 'ml/v1',
  spamfilter: 'spamfilter/v1',
  redirection: 'redirection/v1',
  security: 'security/v1',
  mlTm: 'ml/tm/v1',
  mlAte: 'ml/ate/v1',
  mlSt: 'ml/st/v1',
  eventAggregator: 'cal/event-aggregator/v1',
  calendar: 'cal/events/v1',
  calendarViews: 'cal/views/v2',
  bldSocial: 'bld/social',
  bld: 'bld',
  installer: 'installer/v1',
  core: 'core/v2',
  siteHealth: 'core-site-health/v1',
  blockEditor: 'core-block-editor/v1',
  abilities: 'core-abilities/v1',
  // The service's own namespaces, listed after the spec's.
  hooks: 'hooks/v1',
} as const;

export type RestNamespace = (typeof NS)[keyof typeof NS];

/** The site index's namespace order (`GET /` → `namespaces`, and the order of `routes`). */
export const NAMESPACE_ORDER: readonly RestNamespace[] = [
  NS.oembed,
  NS.ml,
  NS.spamfilter,
  NS.redirection,
  NS.security,
  NS.mlTm,
  NS.mlAte,
  NS.mlSt,
  NS.eventAggregator,
  NS.calendar,
  NS.calendarViews,
  NS.bldSocial,
  NS.bld,
  NS.installer,
  NS.core,
  NS.siteHealth,
  NS.blockEditor,
  NS.abilities,
  NS.hooks,
];
