/**
 * The calendar pages' stylesheet: TEC's class names, a phone layout first (month days as a list) and the
 * seven-column grid from 768px.
 */
export const VIEWS_STYLESHEET = `
:root{--tec-accent:#334aff;--tec-text:#141827;--tec-muted:#5d5d5d;--tec-border:#d5d5d5;--tec-bg:#fff;--tec-soft:#f7f6f6}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:var(--tec-text);background:var(--tec-bg);line-height:1.5}
a{color:var(--tec-accent)}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--tec-accent);outline-offset:2px}
.tribe-common-a11y-visual-hide{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.tribe-common-a11y-hidden{display:none}
.tribe-events-view--loading .tribe-events-view-loader{display:block;position:fixed;top:.5rem;right:.5rem;background:var(--tec-text);color:#fff;padding:.25rem .75rem;border-radius:4px}
.skip-link:focus{position:static!important;width:auto;height:auto;clip:auto;padding:.5rem}
.site-header{display:flex;flex-wrap:wrap;gap:1rem;justify-content:space-between;align-items:center;padding:1rem 1.25rem;border-bottom:1px solid var(--tec-border)}
.site-title{font-weight:700;font-size:1.2rem;color:var(--tec-text);text-decoration:none}
.site-nav{display:flex;gap:1rem}
main{max-width:1100px;margin:0 auto;padding:1rem 1.25rem 3rem}
.tribe-events-header__title-text{font-size:1.75rem;margin:.5rem 0 1rem}
.tribe-events-c-events-bar{display:flex;flex-direction:column;gap:.75rem;border:1px solid var(--tec-border);border-radius:4px;padding:.75rem;margin-bottom:1rem}
.tribe-events-c-events-bar__search-form{display:flex;flex-wrap:wrap;gap:.5rem}
.tribe-events-c-search__input-control{flex:1 1 12rem}
.tribe-events-c-search__input-control input{width:100%;padding:.55rem .6rem;border:1px solid var(--tec-border);border-radius:4px;font:inherit}
.tribe-common-c-btn{background:var(--tec-accent);color:#fff;border:0;border-radius:4px;padding:.55rem 1.1rem;font:inherit;font-weight:600;cursor:pointer}
.tribe-events-c-view-selector__list{list-style:none;margin:0;padding:0;display:flex;gap:.25rem}
.tribe-events-c-view-selector__list-item-link{display:block;padding:.3rem .75rem;border-radius:4px;text-decoration:none;color:var(--tec-text)}
.tribe-events-c-view-selector__list-item--active .tribe-events-c-view-selector__list-item-link{background:var(--tec-soft);font-weight:700;box-shadow:inset 0 -2px 0 var(--tec-accent)}
.tribe-events-c-top-bar{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem;margin:1rem 0}
.tribe-events-c-top-bar__nav-list{list-style:none;margin:0;padding:0;display:flex;gap:.25rem}
.tribe-events-c-top-bar__nav-link{display:inline-block;padding:.3rem .6rem;border:1px solid var(--tec-border);border-radius:4px;text-decoration:none;font-size:.9rem}
.tribe-events-c-top-bar__today-button{padding:.3rem .75rem;border:1px solid var(--tec-border);border-radius:4px;text-decoration:none;color:var(--tec-text);font-size:.9rem}
.tribe-common-c-btn-icon--disabled{opacity:.45}
.tribe-events-c-top-bar__datepicker-title{font-size:1.25rem;margin:0}
.tribe-events-c-messages__message{background:var(--tec-soft);padding:.9rem 1rem;border-radius:4px}
.tribe-events-calendar-list__month-separator{font-size:.9rem;text-transform:uppercase;letter-spacing:.04em;color:var(--tec-muted);border-bottom:1px solid var(--tec-border);padding-bottom:.35rem;margin:1.75rem 0 1rem}
.tribe-events-calendar-list__event-row{display:flex;gap:1rem;margin-bottom:1.5rem}
.tribe-events-calendar-list__event-date-tag{flex:0 0 3rem;text-align:center}
.tribe-events-calendar-list__event-date-tag-weekday{display:block;font-size:.75rem;text-transform:uppercase;color:var(--tec-muted)}
.tribe-events-calendar-list__event-date-tag-daynum{display:block;font-size:1.5rem;font-weight:700}
.tribe-events-calendar-list__event-wrapper{flex:1;min-width:0}
.tribe-events-calendar-list__event{display:flex;flex-direction:column;gap:.75rem}
.tribe-events-calendar-list__event-featured-image{width:100%;max-height:220px;object-fit:cover;border-radius:4px}
.tribe-events-calendar-list__event-title,.tribe-events-calendar-day__event-title{font-size:1.2rem;margin:.2rem 0}
.tribe-events-calendar-list__event-title-link,.tribe-events-calendar-day__event-title-link{color:var(--tec-text);text-decoration:none}
.tribe-events-calendar-list__event-title-link:hover,.tribe-events-calendar-day__event-title-link:hover{text-decoration:underline}
.tribe-events-calendar-list__event-datetime,.tribe-events-calendar-day__event-datetime{font-size:.9rem;color:var(--tec-muted)}
address{font-style:normal}
.tribe-common-b2--bold{font-weight:600}
.tribe-events-calendar-list__event-venue,.tribe-events-calendar-day__event-venue{font-size:.9rem}
.tribe-events-c-small-cta__price{font-weight:600}
.tribe-events-calendar-list__event-row--featured .tribe-events-calendar-list__event-wrapper{border-left:4px solid var(--tec-accent);padding-left:.75rem}
.tribe-events-calendar-month__header{display:none}
.tribe-events-calendar-month__week{display:block}
.tribe-events-calendar-month__day{border-bottom:1px solid var(--tec-border);padding:.5rem 0}
.tribe-events-calendar-month__day--empty,.tribe-events-calendar-month__day--other-month{display:none}
.tribe-events-calendar-month__day-date{font-weight:700}
.tribe-events-calendar-month__day-date .tribe-common-a11y-visual-hide{position:static!important;width:auto;height:auto;clip:auto}
.tribe-events-calendar-month__day-date-link,.tribe-events-calendar-month__day-date-daynum{display:none}
.tribe-events-calendar-month__day--current .tribe-events-calendar-month__day-date{color:var(--tec-accent)}
.tribe-events-calendar-month__calendar-event,.tribe-events-calendar-month__multiday-event{margin:.25rem 0;font-size:.9rem}
.tribe-events-calendar-month__calendar-event-title{display:inline;font-size:inherit;margin:0;font-weight:600}
.tribe-events-calendar-month__calendar-event-title-link{color:var(--tec-text);text-decoration:none}
.tribe-events-calendar-month__multiday-event{background:#e5e8ff;border-radius:3px;padding:.1rem .35rem}
.tribe-events-calendar-month__calendar-event-datetime{color:var(--tec-muted);font-size:.8rem}
.tribe-events-calendar-day__time-separator{font-size:.85rem;font-weight:700;color:var(--tec-muted);border-bottom:1px solid var(--tec-border);margin:1.25rem 0 .75rem}
.tribe-events-calendar-day__event{margin-bottom:1.25rem}
.tribe-events-c-nav__list{list-style:none;display:flex;justify-content:space-between;padding:1rem 0 0;margin:1.5rem 0 0;border-top:1px solid var(--tec-border)}
.tribe-events-c-subscribe-dropdown__container{margin-top:1rem;font-size:.9rem}
.tribe-events-view--loading{opacity:.5;pointer-events:none}
.tribe-events-single-event-title{font-size:2rem;margin:.5rem 0}
.tribe-events-schedule{display:flex;flex-wrap:wrap;gap:.75rem;align-items:baseline;margin-bottom:1rem}
.tribe-events-schedule h2{font-size:1.1rem;margin:0;font-weight:600}
.tribe-events-cost{font-weight:700}
.tribe-events-event-image img{max-width:100%;height:auto;border-radius:4px}
.tribe-events-cal-links{display:flex;flex-wrap:wrap;gap:.5rem;margin:1.5rem 0}
.tribe-events-button{display:inline-block;border:1px solid var(--tec-accent);border-radius:4px;padding:.4rem .8rem;text-decoration:none;font-size:.9rem}
.tribe-events-event-meta{display:grid;grid-template-columns:1fr;gap:1rem;background:var(--tec-soft);padding:1rem;border-radius:4px}
.tribe-events-single-section-title{font-size:1rem;text-transform:uppercase;letter-spacing:.04em;margin:0 0 .5rem}
.tribe-events-meta-group dl{margin:0}
.tribe-events-meta-group dt{font-weight:700;margin-top:.5rem}
.tribe-events-meta-group dd{margin:0}
@media (min-width:768px){
.tribe-events-c-events-bar{flex-direction:row;align-items:center;justify-content:space-between}
.tribe-events-c-events-bar__search-form{flex:1}
.tribe-events-calendar-list__event{flex-direction:row-reverse;justify-content:space-between;gap:1.5rem}
.tribe-events-calendar-list__event-details{flex:1;min-width:0}
.tribe-events-calendar-list__event-featured-image-wrapper{flex:0 0 33%}
.tribe-events-calendar-month__header{display:block}
.tribe-events-calendar-month__day-date .tribe-common-a11y-visual-hide{position:absolute!important;width:1px;height:1px;clip:rect(0 0 0 0)}
.tribe-events-calendar-month__day-date-link,.tribe-events-calendar-month__day-date-daynum{display:inline}
.tribe-events-calendar-month__header-row,.tribe-events-calendar-month__week{display:grid;grid-template-columns:repeat(7,minmax(0,1fr))}
.tribe-events-calendar-month__header-column{padding:.4rem;font-size:.8rem;text-transform:uppercase;color:var(--tec-muted);text-align:center}
.tribe-events-calendar-month__body{border-top:1px solid var(--tec-border);border-left:1px solid var(--tec-border)}
.tribe-events-calendar-month__day,.tribe-events-calendar-month__day--empty,.tribe-events-calendar-month__day--other-month{display:block;min-height:7.5rem;padding:.4rem;border-right:1px solid var(--tec-border);border-bottom:1px solid var(--tec-border)}
.tribe-events-calendar-month__day--other-month,.tribe-events-calendar-month__day--past{background:var(--tec-soft)}
.tribe-events-calendar-month__day--other-month .tribe-events-calendar-month__day-date{color:var(--tec-muted);font-weight:400}
.tribe-events-event-meta{grid-template-columns:repeat(3,1fr)}
}
`;

/**
 * TEC's view manager in small: links and the search form inside a view re-render it through the views
 * route (with the nonces the view carries) and push the new URL; without JavaScript they are plain links
 * and a GET form. Any failure falls back to loading the page.
 */
export const VIEWS_SCRIPT = `(function(){
'use strict';
if(!window.fetch||!window.history||!window.history.pushState||!window.DOMParser)return;
var NONCES=['_cal_view_rest_nonce_primary','_cal_view_rest_nonce_secondary'];
function container(){return document.querySelector('[data-js="tribe-events-view"]');}
function nonceScript(view){var n=view.nextElementSibling;return n&&n.getAttribute('data-js')==='tribe-events-view-nonce-data'?n:null;}
function readJson(el){try{return JSON.parse(el.textContent||'{}');}catch(e){return{};}}
function load(url,push){
var view=container();if(!view)return void(window.location.href=url);
var rest=view.getAttribute('data-view-rest-url');var script=nonceScript(view);var nonces=script?readJson(script):{};
var params=new URLSearchParams();params.set('url',url);
NONCES.forEach(function(k){if(nonces[k])params.set(k,nonces[k]);});
view.classList.add('tribe-events-view--loading');view.setAttribute('aria-busy','true');
fetch(rest+(rest.indexOf('?')<0?'?':'&')+params.toString(),{credentials:'same-origin',headers:{Accept:'text/html'}})
.then(function(r){if(!r.ok)throw new Error('status '+r.status);return r.text();})
.then(function(markup){
var doc=new DOMParser().parseFromString('<body>'+markup+'</body>','text/html');
var fresh=doc.querySelector('[data-js="tribe-events-view"]');if(!fresh)throw new Error('no view');
var freshNonces=nonceScript(fresh);
view.replaceWith(document.importNode(fresh,true));
var current=container();
if(script&&freshNonces){script.replaceWith(document.importNode(freshNonces,true));}
var data=readJson(current.querySelector('[data-js="tribe-events-view-data"]'));
if(data.title)document.title=data.title+' \\u2013 '+document.title.split(' \\u2013 ').pop();
if(push)window.history.pushState({tecView:true},'',data.url||url);
var heading=current.querySelector('.tribe-events-c-top-bar__datepicker-title');
if(heading){heading.setAttribute('tabindex','-1');heading.focus({preventScroll:true});}
document.dispatchEvent(new CustomEvent('afterAjaxSuccess.tribeEvents',{detail:data}));
})
.catch(function(){window.location.href=url;});
}
document.addEventListener('click',function(e){
var a=e.target&&e.target.closest?e.target.closest('a[data-js="tribe-events-view-link"]'):null;
if(!a||e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
e.preventDefault();load(a.href,true);
});
document.addEventListener('submit',function(e){
var f=e.target;if(!f||f.getAttribute('data-js')!=='tribe-events-view-form')return;
e.preventDefault();
var q=new URLSearchParams();new FormData(f).forEach(function(v,k){if(v!=='')q.set(k,String(v));});
var s=q.toString();load(f.action+(s?(f.action.indexOf('?')<0?'?':'&')+s:''),true);
});
window.addEventListener('popstate',function(){if(container())load(window.location.href,false);});
})();`;
