/** Element name → attributes allowed on it (besides the global ones). */
export type AllowedElements = ReadonlyMap<string, ReadonlySet<string>>;

function elements(definition: Record<string, string>): AllowedElements {
  return new Map(
    Object.entries(definition).map(([element, attributes]) => [
      element,
      new Set(attributes.split(' ').filter((attribute) => attribute !== '')),
    ]),
  );
}

const TABLE_SECTION = 'align char charoff valign';
const TABLE_CELL =
  'abbr align axis bgcolor char charoff colspan headers height nowrap rowspan scope valign width';
const SECTIONING = 'align';

/**
 * Post content, excerpts and other rich fields for users without `unfiltered_html`
 * (modelled on WordPress's `$allowedposttags`, minus `<object>`).
 */
export const POST_ELEMENTS: AllowedElements = elements({
  a: 'href rel rev name target download referrerpolicy',
  abbr: '',
  acronym: '',
  address: '',
  area: 'alt coords href nohref shape target',
  article: SECTIONING,
  aside: SECTIONING,
  audio: 'autoplay controls loop muted preload src',
  b: '',
  bdo: '',
  big: '',
  blockquote: 'cite',
  br: '',
  button: 'disabled name type value',
  caption: 'align',
  cite: '',
  code: '',
  col: 'align char charoff span valign width',
  colgroup: 'align char charoff span valign width',
  dd: '',
  del: 'datetime',
  details: 'align open',
  dfn: '',
  div: 'align',
  dl: '',
  dt: '',
  em: '',
  fieldset: '',
  figcaption: 'align',
  figure: 'align',
  font: 'color face size',
  footer: SECTIONING,
  h1: 'align',
  h2: 'align',
  h3: 'align',
  h4: 'align',
  h5: 'align',
  h6: 'align',
  header: SECTIONING,
  hgroup: SECTIONING,
  hr: 'align noshade size width',
  i: '',
  img: 'alt align border decoding height hspace loading longdesc sizes src srcset usemap vspace width',
  ins: 'datetime cite',
  kbd: '',
  label: 'for',
  legend: 'align',
  li: 'align value',
  main: SECTIONING,
  map: 'name',
  mark: '',
  menu: 'type',
  nav: SECTIONING,
  ol: 'start type reversed',
  p: 'align',
  pre: 'width',
  q: 'cite',
  rb: '',
  rp: '',
  rt: '',
  rtc: '',
  ruby: '',
  s: '',
  samp: '',
  section: SECTIONING,
  small: '',
  span: 'align',
  strike: '',
  strong: '',
  sub: '',
  summary: 'align',
  sup: '',
  table: 'align bgcolor border cellpadding cellspacing rules summary width',
  tbody: TABLE_SECTION,
  td: TABLE_CELL,
  textarea: 'cols rows disabled name readonly',
  tfoot: TABLE_SECTION,
  th: TABLE_CELL,
  thead: TABLE_SECTION,
  tr: 'align bgcolor char charoff valign',
  track: 'default kind label src srclang',
  tt: '',
  u: '',
  ul: 'type',
  var: '',
  video: 'autoplay controls height loop muted playsinline poster preload src width',
});

/** Attributes allowed on every post element, besides `data-*`. */
export const POST_GLOBAL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'aria-controls',
  'aria-current',
  'aria-describedby',
  'aria-details',
  'aria-expanded',
  'aria-hidden',
  'aria-label',
  'aria-labelledby',
  'aria-live',
  'class',
  'dir',
  'hidden',
  'id',
  'lang',
  'role',
  'style',
  'title',
  'xml:lang',
]);

/** Titles keep only inline formatting (WordPress's `$allowedtags`). */
export const TITLE_ELEMENTS: AllowedElements = elements({
  a: 'href title',
  abbr: 'title',
  acronym: 'title',
  b: '',
  blockquote: 'cite',
  cite: '',
  code: '',
  del: 'datetime',
  em: '',
  i: '',
  q: 'cite',
  s: '',
  strike: '',
  strong: '',
});

/** Attributes whose value is a URL and must use a safe scheme. */
export const URL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'action',
  'background',
  'cite',
  'codebase',
  'data',
  'formaction',
  'href',
  'longdesc',
  'poster',
  'src',
  'usemap',
]);

/** URL schemes allowed in links and media (WordPress's `wp_allowed_protocols`). */
export const ALLOWED_URL_SCHEMES: ReadonlySet<string> = new Set([
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'news',
  'irc',
  'irc6',
  'ircs',
  'gopher',
  'nntp',
  'feed',
  'telnet',
  'mms',
  'rtsp',
  'sms',
  'svn',
  'tel',
  'fax',
  'xmpp',
  'webcal',
  'urn',
]);

/**
 * HTML 4 named character references. Other names are escaped (`&colon;` → `&amp;colon;`) so that
 * no exotic entity can smuggle a character past the URL check.
 */
export const ALLOWED_ENTITY_NAMES: ReadonlySet<string> = new Set(
  (
    'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 ' +
    'acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde ' +
    'Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute ' +
    'Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde ' +
    'auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ' +
    'ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml quot amp lt gt apos OElig ' +
    'oelig Scaron scaron Yuml circ tilde ensp emsp thinsp zwnj zwj lrm rlm ndash mdash lsquo rsquo sbquo ' +
    'ldquo rdquo bdquo dagger Dagger permil lsaquo rsaquo euro fnof Alpha Beta Gamma Delta Epsilon Zeta ' +
    'Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho Sigma Tau Upsilon Phi Chi Psi Omega alpha beta ' +
    'gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigmaf sigma tau upsilon ' +
    'phi chi psi omega thetasym upsih piv bull hellip prime Prime oline frasl weierp image real trade ' +
    'alefsym larr uarr rarr darr harr crarr lArr uArr rArr dArr hArr forall part exist empty nabla isin ' +
    'notin ni prod sum minus lowast radic prop infin ang and or cap cup int there4 sim cong asymp ne equiv ' +
    'le ge sub sup nsub sube supe oplus otimes perp sdot lceil rceil lfloor rfloor lang rang loz spades ' +
    'clubs hearts diams'
  ).split(' '),
);
