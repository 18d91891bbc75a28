import { DateTime } from 'luxon';
import type { Language } from '../../../platform/rest';
import { markup, raw, SafeHtml, safeUrl, scriptJson, stripTags } from './html';
import type { ViewLabels } from './labels';
import { VIEWS_SCRIPT, VIEWS_STYLESHEET } from './view-assets';
import type { ViewEvent, ViewOrganizer, ViewVenue } from './view-event';
import {
  formatDay,
  formatLongDay,
  formatMonth,
  formatTime,
  googleCalendarLink,
  htmlToText,
  mapLink,
  scheduleParts,
  venueAddress,
} from './view-format';
import type { ViewSlug } from './view-request';
import type { ViewLocation, ViewUrls } from './view-urls';

/** What every template gets: language, labels, links, "now" in the site zone. */
export interface ViewEnv {
  language: Language;
  labels: ViewLabels;
  urls: ViewUrls;
  now: DateTime;
  siteName: string;
  siteZone: string;
}

export interface MonthDay {
  date: string;
  day: number;
  inMonth: boolean;
  isToday: boolean;
  isPast: boolean;
  events: ViewEvent[];
}

export type ViewBody =
  | { view: 'list'; events: ViewEvent[]; past: boolean }
  | { view: 'month'; month: DateTime; weeks: MonthDay[][] }
  | { view: 'day'; day: DateTime; events: ViewEvent[] };

/** A calendar view (list, month, day), on its own page or re-rendered by the views route. */
export interface CalendarView {
  slug: ViewSlug;
  /** Page title and `<h1>` (e.g. "Events in Workshops"). */
  title: string;
  location: ViewLocation;
  url: string;
  prevUrl: string | null;
  nextUrl: string | null;
  todayUrl: string;
  icalUrl: string;
  /** Leading markup: the venue/organizer block of their pages. */
  intro: SafeHtml | null;
  body: ViewBody;
}

export interface Nonces {
  primary: string;
  secondary: string;
}

const NONCE_KEYS = { primary: '_cal_view_rest_nonce_primary', secondary: '_cal_view_rest_nonce_secondary' };

/** The nonce script appended to every view (`Rest_Endpoint::get_rest_nonce_markup`). */
export function nonceScript(nonces: Nonces): SafeHtml {
  return markup`<script data-js="tribe-events-view-nonce-data" type="application/json">${scriptJson({
    [NONCE_KEYS.primary]: nonces.primary,
    [NONCE_KEYS.secondary]: nonces.secondary,
  })}</script>`;
}

/** An escaped rendered title: tags dropped, the entities the renderer produced kept. */
function titleHtml(title: string): SafeHtml {
  return markup`${stripTags(title)}`;
}

function viewLink(href: string | null, label: string, className: string, rel?: string): SafeHtml {
  if (!href) {
    return markup`<span class="${className} tribe-common-c-btn-icon--disabled" aria-disabled="true">${label}</span>`;
  }
  return markup`<a href="${href}" class="${className}" data-js="tribe-events-view-link"${rel ? raw(` rel="${rel}"`) : ''}>${label}</a>`;
}

function searchBar(env: ViewEnv, view: CalendarView): SafeHtml {
  const { labels } = env;
  const action = env.urls.view({ view: view.slug, term: view.location.term });
  const dateValue =
    view.slug === 'month'
      ? (view.location.date ?? '').slice(0, 7)
      : view.location.date && view.location.date !== 'today'
        ? view.location.date
        : '';
  const selector = (['list', 'month', 'day'] as const).map(
    (slug) =>
      markup`<li class="tribe-events-c-view-selector__list-item tribe-events-c-view-selector__list-item--${slug}${slug === view.slug ? raw(' tribe-events-c-view-selector__list-item--active') : ''}"><a href="${env.urls.view({ view: slug, term: view.location.term, search: view.location.search })}" class="tribe-events-c-view-selector__list-item-link" data-js="tribe-events-view-link"${slug === view.slug ? raw(' aria-current="page"') : ''}>${labels[slug]}</a></li>`,
  );
  return markup`<div class="tribe-events-header__events-bar tribe-events-c-events-bar" data-js="tribe-events-events-bar">
<form class="tribe-events-c-events-bar__search-form" method="get" action="${action}" role="search" data-js="tribe-events-view-form">
<div class="tribe-events-c-search__input-control">
<label class="tribe-common-a11y-visual-hide" for="tribe-events-events-bar-keyword">${labels.searchPlaceholder}</label>
<input class="tribe-common-form-control-text__input tribe-events-c-search__input" type="search" id="tribe-events-events-bar-keyword" name="tribe-bar-search" value="${view.location.search ?? ''}" placeholder="${labels.searchPlaceholder}" />
</div>
<div class="tribe-events-c-search__input-control">
<label class="tribe-common-a11y-visual-hide" for="tribe-events-events-bar-date">${labels.date}</label>
<input class="tribe-common-form-control-text__input" type="${view.slug === 'month' ? 'month' : 'date'}" id="tribe-events-events-bar-date" name="tribe-bar-date" value="${dateValue}" />
</div>
<button class="tribe-common-c-btn tribe-events-c-search__button" type="submit">${labels.findEvents}</button>
</form>
<nav class="tribe-events-c-view-selector" aria-label="${labels.viewsNavigation}">
<ul class="tribe-events-c-view-selector__list">
${selector}
</ul>
</nav>
</div>`;
}

function topBar(env: ViewEnv, view: CalendarView): SafeHtml {
  const { labels } = env;
  const [prevLabel, nextLabel] =
    view.slug === 'month'
      ? [labels.previousMonth, labels.nextMonth]
      : view.slug === 'day'
        ? [labels.previousDay, labels.nextDay]
        : [labels.previousEvents, labels.nextEvents];
  const heading =
    view.body.view === 'month'
      ? formatMonth(view.body.month, env.language)
      : view.body.view === 'day'
        ? formatLongDay(view.body.day, env.language)
        : view.body.past
          ? labels.pastEvents
          : labels.upcomingEvents;
  const navClass =
    'tribe-common-c-btn-icon tribe-events-c-top-bar__nav-link tribe-events-c-top-bar__nav-link';
  return markup`<div class="tribe-events-c-top-bar tribe-events-header__top-bar">
<nav class="tribe-events-c-top-bar__nav" aria-label="${labels.viewsNavigation}">
<ul class="tribe-events-c-top-bar__nav-list">
<li class="tribe-events-c-top-bar__nav-list-item">${viewLink(view.prevUrl, prevLabel, `${navClass}--prev`, 'prev')}</li>
<li class="tribe-events-c-top-bar__nav-list-item">${viewLink(view.nextUrl, nextLabel, `${navClass}--next`, 'next')}</li>
</ul>
</nav>
${viewLink(view.todayUrl, labels.today, 'tribe-common-c-btn-border-small tribe-events-c-top-bar__today-button')}
<h2 class="tribe-events-c-top-bar__datepicker-title">${heading}</h2>
</div>`;
}

function venueLine(venue: ViewVenue | null, className: string): SafeHtml | null {
  if (!venue) return null;
  const address = venueAddress(venue);
  return markup`<address class="${className}"><span class="${className}-title tribe-common-b2--bold">${titleHtml(venue.name)}</span>${address ? markup` <span class="${className}-address">${address}</span>` : ''}</address>`;
}

function eventTime(event: ViewEvent, env: ViewEnv, className: string): SafeHtml {
  const parts = scheduleParts(event, env.language, env.now);
  const datetime = event.allDay ? event.start.toISODate() : event.start.toISO({ suppressMilliseconds: true });
  return markup`<time class="${className}" datetime="${datetime}"><span class="tribe-event-date-start">${parts.start}</span>${parts.end ? markup` - <span class="tribe-event-time">${parts.end}</span>` : ''}${event.allDay ? markup` <span class="tribe-events-c-small-cta__all-day">${env.labels.allDay}</span>` : ''}</time>`;
}

function costLine(event: ViewEvent): SafeHtml | null {
  return event.cost
    ? markup`<div class="tribe-events-c-small-cta"><span class="tribe-events-c-small-cta__price">${event.cost}</span></div>`
    : null;
}

function notice(text: string): SafeHtml {
  return markup`<div class="tribe-events-c-messages"><p class="tribe-events-c-messages__message tribe-events-c-messages__message--notice" role="status">${text}</p></div>`;
}

function listEvent(event: ViewEvent, env: ViewEnv): SafeHtml {
  const image = event.image
    ? markup`<div class="tribe-events-calendar-list__event-featured-image-wrapper"><a href="${safeUrl(event.url)}" tabindex="-1"><img src="${safeUrl(event.image.url)}" alt="${event.image.alt}" class="tribe-events-calendar-list__event-featured-image" loading="lazy" /></a></div>`
    : null;
  return markup`<div class="tribe-common-g-row tribe-events-calendar-list__event-row${event.featured ? raw(' tribe-events-calendar-list__event-row--featured') : ''}" data-event-id="${event.id}">
<div class="tribe-events-calendar-list__event-date-tag"><time class="tribe-events-calendar-list__event-date-tag-datetime" datetime="${event.start.toISODate()}"><span class="tribe-events-calendar-list__event-date-tag-weekday">${env.labels.weekdaysShort[event.start.weekday - 1]}</span> <span class="tribe-events-calendar-list__event-date-tag-daynum">${event.start.day}</span></time></div>
<div class="tribe-events-calendar-list__event-wrapper">
<article class="tribe-events-calendar-list__event">
${image}
<div class="tribe-events-calendar-list__event-details">
<header class="tribe-events-calendar-list__event-header">
<div class="tribe-events-calendar-list__event-datetime-wrapper">${eventTime(event, env, 'tribe-events-calendar-list__event-datetime')}</div>
<h3 class="tribe-events-calendar-list__event-title"><a href="${safeUrl(event.url)}" class="tribe-events-calendar-list__event-title-link">${titleHtml(event.title)}</a></h3>
${venueLine(event.venue, 'tribe-events-calendar-list__event-venue')}
</header>
${event.excerpt ? markup`<div class="tribe-events-calendar-list__event-description">${raw(event.excerpt)}</div>` : ''}
${costLine(event)}
</div>
</article>
</div>
</div>`;
}

function listBody(events: ViewEvent[], env: ViewEnv, past: boolean, empty: string): SafeHtml {
  if (events.length === 0) return notice(empty);
  const parts: SafeHtml[] = [];
  let month = '';
  for (const event of events) {
    const key = event.start.toFormat('yyyy-MM');
    if (key !== month) {
      month = key;
      parts.push(
        markup`<h3 class="tribe-events-calendar-list__month-separator"><time class="tribe-events-calendar-list__month-separator-text" datetime="${key}">${formatMonth(event.start, env.language)}</time></h3>`,
      );
    }
    parts.push(listEvent(event, env));
  }
  return markup`<div class="tribe-events-calendar-list${past ? raw(' tribe-events-calendar-list--past') : ''}">
${parts}
</div>`;
}

function monthEvent(event: ViewEvent, date: string, env: ViewEnv): SafeHtml {
  const multiday = !event.start.hasSame(event.end, 'day');
  const startsHere = event.start.toISODate() === date;
  const classes = multiday
    ? `tribe-events-calendar-month__multiday-event${startsHere ? '' : ' tribe-events-calendar-month__multiday-event--continued'}`
    : 'tribe-events-calendar-month__calendar-event';
  const time =
    event.allDay || !startsHere
      ? null
      : markup`<time class="tribe-events-calendar-month__calendar-event-datetime" datetime="${event.start.toISO({ suppressMilliseconds: true })}">${formatTime(event.start, env.language)}</time> `;
  return markup`<article class="${classes}${event.allDay ? ' tribe-events-calendar-month__calendar-event--all-day' : ''}" data-event-id="${event.id}">
${time}<h3 class="tribe-events-calendar-month__calendar-event-title"><a href="${safeUrl(event.url)}" class="tribe-events-calendar-month__calendar-event-title-link">${titleHtml(event.title)}</a></h3>
</article>`;
}

function monthCell(day: MonthDay, env: ViewEnv, term: ViewLocation['term']): SafeHtml {
  const classes = ['tribe-events-calendar-month__day'];
  if (day.isToday) classes.push('tribe-events-calendar-month__day--current');
  if (day.isPast) classes.push('tribe-events-calendar-month__day--past');
  if (!day.inMonth) classes.push('tribe-events-calendar-month__day--other-month');
  if (day.events.length === 0) classes.push('tribe-events-calendar-month__day--empty');
  const dayLabel = formatLongDay(DateTime.fromISO(day.date), env.language);
  const number = day.events.length
    ? markup`<a href="${env.urls.view({ view: 'day', date: day.date, term })}" class="tribe-events-calendar-month__day-date-link" data-js="tribe-events-view-link" aria-hidden="true" tabindex="-1">${day.day}</a>`
    : markup`<span class="tribe-events-calendar-month__day-date-daynum" aria-hidden="true">${day.day}</span>`;
  const events = day.events.length
    ? markup`<div class="tribe-events-calendar-month__events">${day.events.map((event) => monthEvent(event, day.date, env))}</div>`
    : null;
  return markup`<div class="${classes.join(' ')}" role="gridcell" data-date="${day.date}" aria-labelledby="tribe-events-calendar-day-${day.date}">
<div class="tribe-events-calendar-month__day-date tribe-common-h6"><span class="tribe-common-a11y-visual-hide" id="tribe-events-calendar-day-${day.date}">${dayLabel}</span>${number}</div>
${events}
</div>`;
}

function monthBody(
  body: Extract<ViewBody, { view: 'month' }>,
  env: ViewEnv,
  term: ViewLocation['term'],
): SafeHtml {
  const { labels } = env;
  const headers = labels.weekdaysShort.map(
    (short, index) =>
      markup`<div class="tribe-events-calendar-month__header-column" role="columnheader" aria-label="${labels.weekdays[index]}"><span class="tribe-events-calendar-month__header-column-title">${short}</span></div>`,
  );
  const weeks = body.weeks.map(
    (week) =>
      markup`<div class="tribe-events-calendar-month__week" role="row">${week.map((day) => monthCell(day, env, term))}</div>`,
  );
  return markup`<div class="tribe-events-calendar-month" role="grid" aria-readonly="true" aria-label="${formatMonth(body.month, env.language)}">
<div class="tribe-events-calendar-month__header" role="rowgroup"><div class="tribe-events-calendar-month__header-row" role="row">${headers}</div></div>
<div class="tribe-events-calendar-month__body" role="rowgroup">
${weeks}
</div>
</div>`;
}

function dayBody(body: Extract<ViewBody, { view: 'day' }>, env: ViewEnv): SafeHtml {
  if (body.events.length === 0) return notice(env.labels.noEventsOnDay);
  const parts: SafeHtml[] = [];
  let separator = '';
  for (const event of body.events) {
    const startsToday = event.start.toISODate() === body.day.toISODate();
    const key =
      event.allDay || !startsToday
        ? env.labels.allDay
        : formatTime(event.start.startOf('hour'), env.language);
    if (key !== separator) {
      separator = key;
      parts.push(
        markup`<div class="tribe-events-calendar-day__time-separator"><span class="tribe-events-calendar-day__time-separator-text">${key}</span></div>`,
      );
    }
    parts.push(markup`<article class="tribe-common-g-row tribe-events-calendar-day__event" data-event-id="${event.id}">
<div class="tribe-events-calendar-day__event-details">
<header class="tribe-events-calendar-day__event-header">
<div class="tribe-events-calendar-day__event-datetime-wrapper">${eventTime(event, env, 'tribe-events-calendar-day__event-datetime')}</div>
<h3 class="tribe-events-calendar-day__event-title"><a href="${safeUrl(event.url)}" class="tribe-events-calendar-day__event-title-link">${titleHtml(event.title)}</a></h3>
${venueLine(event.venue, 'tribe-events-calendar-day__event-venue')}
</header>
${event.excerpt ? markup`<div class="tribe-events-calendar-day__event-description">${raw(event.excerpt)}</div>` : ''}
${costLine(event)}
</div>
</article>`);
  }
  return markup`<div class="tribe-events-calendar-day">${parts}</div>`;
}

/** The data TEC's view manager reads from `tribe-events-view-data`. */
function viewData(view: CalendarView, env: ViewEnv): Record<string, unknown> {
  return {
    slug: view.slug,
    title: view.title,
    url: view.url,
    prev_url: view.prevUrl ?? '',
    next_url: view.nextUrl ?? '',
    today_url: view.todayUrl,
    rest_url: env.urls.viewsRest(),
    rest_method: 'GET',
    should_manage_url: true,
    public_views: Object.fromEntries(
      (['list', 'month', 'day'] as const).map((slug) => [
        slug,
        { view_class: slug, view_url: env.urls.view({ view: slug }), view_label: env.labels[slug] },
      ]),
    ),
  };
}

/**
 * The view container (`tribe-events-view`) with its data script, header, body, navigation, iCal link, JSON-LD
 * and the nonce script: the markup the views route returns and the page embeds.
 */
export function renderView(view: CalendarView, env: ViewEnv, nonces: Nonces, jsonLd: unknown[]): SafeHtml {
  const { labels } = env;
  const term = view.location.term;
  let body: SafeHtml;
  if (view.body.view === 'list') {
    body = listBody(
      view.body.events,
      env,
      view.body.past,
      view.location.search ? labels.noResults : labels.noUpcoming,
    );
  } else if (view.body.view === 'month') {
    const empty = view.body.weeks.every((week) => week.every((day) => day.events.length === 0));
    body = markup`${empty ? notice(labels.noEventsInMonth) : ''}${monthBody(view.body, env, term)}`;
  } else {
    body = dayBody(view.body, env);
  }
  const ld = jsonLd.length ? markup`<script type="application/ld+json">${scriptJson(jsonLd)}</script>` : null;
  return markup`<div class="tribe-common tribe-events tribe-events-view tribe-events-view--${view.slug}" data-js="tribe-events-view" data-view-rest-url="${env.urls.viewsRest()}" data-view-rest-method="GET" data-view-manage-url="1" lang="${env.language === 'no' ? 'nb' : 'en'}">
<div class="tribe-common-l-container tribe-events-l-container">
<div class="tribe-events-view-loader tribe-common-a11y-hidden" role="alert" aria-live="polite" data-js="tribe-events-view-loader"><span class="tribe-events-view-loader__text">…</span></div>
<script data-js="tribe-events-view-data" type="application/json">${scriptJson(viewData(view, env))}</script>
${ld}
<header class="tribe-events-header">
<h1 class="tribe-events-header__title-text">${view.title}</h1>
${searchBar(env, view)}
${topBar(env, view)}
</header>
${view.intro}
${body}
<nav class="tribe-events-c-nav tribe-events-calendar-${view.slug}-nav" aria-label="${labels.viewsNavigation}">
<ul class="tribe-events-c-nav__list">
<li class="tribe-events-c-nav__list-item tribe-events-c-nav__list-item--prev">${viewLink(view.prevUrl, labels.previous, 'tribe-events-c-nav__prev tribe-common-b2', 'prev')}</li>
<li class="tribe-events-c-nav__list-item tribe-events-c-nav__list-item--today">${viewLink(view.todayUrl, labels.today, 'tribe-events-c-nav__today tribe-common-b2')}</li>
<li class="tribe-events-c-nav__list-item tribe-events-c-nav__list-item--next">${viewLink(view.nextUrl, labels.next, 'tribe-events-c-nav__next tribe-common-b2', 'next')}</li>
</ul>
</nav>
<div class="tribe-events-c-subscribe-dropdown__container"><a class="tribe-events-c-ical__link" href="${view.icalUrl}">${labels.icalExport} (${labels.exportIcal})</a></div>
</div>
</div>
${nonceScript(nonces)}`;
}

function organizerBlock(organizers: ViewOrganizer[], labels: ViewLabels): SafeHtml | null {
  if (organizers.length === 0) return null;
  const entries = organizers.map(
    (
      o,
    ) => markup`<dt class="tribe-common-a11y-visual-hide">${labels.organizer}</dt><dd class="tribe-organizer">${o.url ? markup`<a href="${safeUrl(o.url)}">${titleHtml(o.name)}</a>` : titleHtml(o.name)}</dd>
${o.phone ? markup`<dt class="tribe-organizer-tel-label">${labels.phone}</dt><dd class="tribe-organizer-tel">${o.phone}</dd>` : ''}
${o.email ? markup`<dt class="tribe-organizer-email-label">${labels.email}</dt><dd class="tribe-organizer-email"><a href="mailto:${o.email}">${o.email}</a></dd>` : ''}
${o.website ? markup`<dt class="tribe-organizer-url-label">${labels.website}</dt><dd class="tribe-organizer-url"><a href="${safeUrl(o.website)}" rel="external">${o.website}</a></dd>` : ''}`,
  );
  return markup`<div class="tribe-events-meta-group tribe-events-meta-group-organizer">
<h2 class="tribe-events-single-section-title">${organizers.length > 1 ? labels.organizers : labels.organizer}</h2>
<dl>${entries}</dl>
</div>`;
}

export function venueBlock(venue: ViewVenue, labels: ViewLabels, linkName = true): SafeHtml {
  const map = venue.showMapLink ? mapLink(venue) : null;
  const address = venueAddress(venue);
  const name =
    linkName && venue.url
      ? markup`<a href="${safeUrl(venue.url)}">${titleHtml(venue.name)}</a>`
      : titleHtml(venue.name);
  const mapAnchor = map
    ? markup` <a class="tribe-events-gmap" href="${map}" title="${labels.showMap}" target="_blank" rel="noopener">+ ${labels.showMap}</a>`
    : null;
  return markup`<div class="tribe-events-meta-group tribe-events-meta-group-venue">
<h2 class="tribe-events-single-section-title">${labels.venue}</h2>
<dl>
<dt class="tribe-common-a11y-visual-hide">${labels.venue}</dt><dd class="tribe-venue">${name}</dd>
${address ? markup`<dt class="tribe-common-a11y-visual-hide">${labels.address}</dt><dd class="tribe-venue-location"><address class="tribe-events-address"><span class="tribe-address">${address}</span>${mapAnchor}</address></dd>` : ''}
${venue.phone ? markup`<dt class="tribe-venue-tel-label">${labels.phone}</dt><dd class="tribe-venue-tel">${venue.phone}</dd>` : ''}
${venue.website ? markup`<dt class="tribe-venue-url-label">${labels.website}</dt><dd class="tribe-venue-url"><a href="${safeUrl(venue.website)}" rel="external">${venue.website}</a></dd>` : ''}
</dl>
</div>`;
}

export function organizerIntro(organizer: ViewOrganizer, labels: ViewLabels): SafeHtml {
  return markup`<div class="tribe-events-pro-organizer__meta">${organizerBlock([{ ...organizer, url: '' }], labels)}</div>`;
}

/** The single-event page body (TEC's `single-event.php` markup). */
export function renderSingleEvent(event: ViewEvent, env: ViewEnv): SafeHtml {
  const { labels, language } = env;
  const parts = scheduleParts(event, language, env.now);
  const gcal = googleCalendarLink(event, env.siteZone, htmlToText(event.description));
  const terms = (links: ViewEvent['categories'], className: string, label: string) =>
    links.length
      ? markup`<dt class="${className}-label">${label}:</dt><dd class="${className}">${links.map(
          (link, index) => markup`${index ? ', ' : ''}<a href="${link.url}" rel="tag">${link.name}</a>`,
        )}</dd>`
      : '';
  const when = (moment: DateTime) =>
    `${formatDay(moment, language, env.now)}${event.allDay ? '' : ` @ ${formatTime(moment, language)}`}`;
  const zone =
    event.timezoneAbbr && !event.allDay
      ? markup` <span class="tribe-events-schedule__timezone timezone">${event.timezoneAbbr}</span>`
      : null;
  return markup`<div id="tribe-events-content" class="tribe-events-single">
<p class="tribe-events-back"><a href="${env.urls.eventsHome()}">&laquo; ${labels.allEvents}</a></p>
<article id="post-${event.id}" class="tribe_events type-tribe_events">
<h1 class="tribe-events-single-event-title">${titleHtml(event.title)}</h1>
<div class="tribe-events-schedule tribe-clearfix">
<h2 class="tribe-events-schedule__datetime"><span class="tribe-event-date-start">${parts.start}</span>${parts.end ? markup` - <span class="tribe-event-time">${parts.end}</span>` : ''}${zone}</h2>
${event.cost ? markup`<span class="tribe-events-cost">${event.cost}</span>` : ''}
</div>
${event.image ? markup`<div class="tribe-events-event-image"><img src="${safeUrl(event.image.url)}" alt="${event.image.alt}" /></div>` : ''}
<div class="tribe-events-single-event-description tribe-events-content">${raw(event.description)}</div>
<div class="tribe-events-cal-links">
<a class="tribe-events-gcal tribe-events-button" href="${gcal}" target="_blank" rel="noopener noreferrer nofollow">+ ${labels.googleCalendar}</a>
<a class="tribe-events-ical tribe-events-button" href="${env.urls.eventIcal(event.slug)}" rel="noopener noreferrer nofollow">+ ${labels.exportIcal}</a>
</div>
<div class="tribe-events-single-section tribe-events-event-meta primary tribe-clearfix">
<div class="tribe-events-meta-group tribe-events-meta-group-details">
<h2 class="tribe-events-single-section-title">${labels.details}</h2>
<dl>
<dt class="tribe-events-start-date-label">${labels.start}:</dt>
<dd><abbr class="tribe-events-abbr tribe-events-start-date published dtstart" title="${event.start.toISODate()}">${when(event.start)}</abbr></dd>
<dt class="tribe-events-end-date-label">${labels.end}:</dt>
<dd><abbr class="tribe-events-abbr tribe-events-end-date dtend" title="${event.end.toISODate()}">${when(event.end)}</abbr></dd>
${event.allDay ? markup`<dd class="tribe-events-all-day">${labels.allDay}</dd>` : ''}
${event.timezone ? markup`<dt class="tribe-events-timezone-label">${labels.timezone}:</dt><dd class="tribe-events-timezone">${event.timezone}</dd>` : ''}
${event.cost ? markup`<dt class="tribe-events-event-cost-label">${labels.cost}:</dt><dd class="tribe-events-event-cost">${event.cost}</dd>` : ''}
${terms(event.categories, 'tribe-events-event-categories', labels.categories)}
${terms(event.tags, 'tribe-event-tags', labels.tags)}
${event.website && event.website !== event.url ? markup`<dt class="tribe-events-event-url-label">${labels.website}:</dt><dd class="tribe-events-event-url"><a href="${safeUrl(event.website)}" rel="external">${event.website}</a></dd>` : ''}
</dl>
</div>
${event.venue ? venueBlock(event.venue, labels) : ''}
${organizerBlock(event.organizers, labels)}
</div>
</article>
</div>`;
}

/** A whole HTML document around `main`. */
export function renderDocument(
  env: ViewEnv,
  page: { title: string; canonical: string; main: SafeHtml; head?: SafeHtml; bodyClass: string },
): string {
  const { labels } = env;
  const other = env.language === 'no' ? { lang: 'en', label: 'English' } : { lang: 'nb', label: 'Norsk' };
  const otherUrl = env.urls.otherLanguage(page.canonical);
  return markup`<!DOCTYPE html>
<html lang="${env.language === 'no' ? 'nb' : 'en'}">
<head>
<meta charset="UTF-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${stripTags(page.title)} &#8211; ${env.siteName}</title>
<link rel="canonical" href="${page.canonical}" />
<link rel="alternate" type="text/calendar" title="${env.siteName} &raquo; iCal Feed" href="${env.urls.view({ view: 'list', ical: true })}" />
<style>${raw(VIEWS_STYLESHEET)}</style>
${page.head ?? ''}
</head>
<body class="${page.bodyClass}">
<a class="tribe-common-a11y-visual-hide skip-link" href="#main">${labels.calendarOfEvents}</a>
<header class="site-header"><a class="site-title" href="${env.urls.home()}">${env.siteName}</a>
<nav class="site-nav" aria-label="${labels.events}"><a href="${env.urls.eventsHome()}">${labels.events}</a>
<a href="${otherUrl}" hreflang="${other.lang}" lang="${other.lang}">${other.label}</a></nav>
</header>
<main id="main" class="tribe-events-pg-template">
${page.main}
</main>
<script>${raw(VIEWS_SCRIPT)}</script>
</body>
</html>
`.value;
}
