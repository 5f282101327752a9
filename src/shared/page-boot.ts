/**
 * The few lines every page runs before its body is drawn (docs/architecture.md#prerendered-pages).
 *
 * The public pages (`/`, `/login`, `/signup` and the legal texts) are HTML from the build, drawn
 * before any script; the app's bundle then hydrates them. Two things cannot wait for the bundle:
 *
 * - the colour scheme: a user who chose dark (or whose system is dark, with "auto") must not see a
 *   light page first. Mantine's styles switch on `data-mantine-color-scheme` on `<html>`, which
 *   this sets from the choice the app stores (`runway-color-scheme`, Mantine's
 *   localStorageColorSchemeManager), as Mantine's own ColorSchemeScript would (index.html says
 *   light, for a browser that runs no script);
 * - a signed-in visitor: the prerendered markup is a visitor's (Start For Free, Login, the sign-in
 *   form). The class `runway-signed-in` on `<html>` hides it (`BOOT_STYLE`) until the app draws
 *   the signed-in page in its place, so it is never seen. "Signed in" is the session's rule
 *   (client/data/session/session.ts `readSession`): a token and `isAuthenticated` = "true".
 *
 * And on a prerendered page, once the first frame is drawn, it links the full stylesheet and
 * starts the app's script. The page carries its critical CSS inline; the stylesheet is named by a
 * `<meta name="runway-stylesheet">` in its usual place in the head, and the link goes there, so the
 * cascade is the app's own (Mantine's theme styles, in the body, come after it). It used to wait
 * there as a `media="print"` link: the browser fetched it at once all the same and parsed its
 * 270 kB before the first paint (about 50 ms at 4× throttling; first paint 722 against 656 ms
 * median in eight alternating first visits, Lighthouse's 1,255 against 1,001 ms in nine). A
 * browser without script gets it from a `<noscript>` copy.
 *
 * It starts the app's script only after the first paint. A module script
 * that has arrived by the time the parser is done runs before the browser draws anything: on a
 * slow phone the page stayed blank while about 400 kB of script ran. The build names the entry in
 * a `<meta name="runway-entry">` instead, and this adds the script once the first frame is drawn.
 * It is not preloaded: a preload competes with the page for the network and, compiled on the
 * phone's other core, for the CPU, and Lighthouse counts it into the first paint (1.65 s on its
 * slow 4G with it). A page that is not drawn yet (a background tab) starts when it is shown.
 *
 * The script is inline, so the page's Content-Security-Policy allows it by its hash
 * (`BOOT_SCRIPT_HASH`, computed by the server from this very text); any other inline script stays
 * forbidden. Keep it ES5 and tiny: it runs on every page load, before the first paint.
 */

/** The meta element standing where the page's stylesheet goes; the boot script puts it there after the first paint. */
export const STYLESHEET_META = 'runway-stylesheet';

/** The meta element naming the entry script the boot script starts after the first paint. */
export const ENTRY_META = 'runway-entry';

/** The attribute the build sets on `#root` when it holds prerendered markup. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** The class the boot script sets on `<html>` when someone is signed in. */
export const SIGNED_IN_CLASS = 'runway-signed-in';

/**
 * Where the boot script keeps the browser's install offer (`beforeinstallprompt`) that came before
 * the app's script ran: on a prerendered page the script starts after the first paint, and Chromium
 * may have offered installation by then. The event is offered once per page; the app takes it from
 * here (main.tsx).
 */
export const EARLY_INSTALL_OFFER = '__runwayInstallOffer';

/** Where the app keeps the colour scheme choice ('light', 'dark' or 'auto'). */
export const COLOR_SCHEME_KEY = 'runway-color-scheme';

export const BOOT_SCRIPT =
  '(function(){var w=window,d=document.documentElement,s;try{s=w.localStorage}catch(e){}' +
  `w.addEventListener("beforeinstallprompt",function(e){e.preventDefault();w.${EARLY_INSTALL_OFFER}=e});` +
  `var c=s&&s.getItem("${COLOR_SCHEME_KEY}");` +
  'if(c!=="light"&&c!=="dark")c=window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";' +
  'd.setAttribute("data-mantine-color-scheme",c);' +
  `if(s&&s.getItem("authToken")!==null&&s.getItem("isAuthenticated")==="true")d.classList.add("${SIGNED_IN_CLASS}");` +
  `requestAnimationFrame(function(){setTimeout(function(){var c=document.querySelector('meta[name="${STYLESHEET_META}"]'),m=document.querySelector('meta[name="${ENTRY_META}"]'),l,e;` +
  'if(c){l=document.createElement("link");l.rel="stylesheet";l.crossOrigin="";l.href=c.content;c.parentNode.insertBefore(l,c)}' +
  'if(m){e=document.createElement("script");e.type="module";e.crossOrigin="";e.src=m.content;document.head.appendChild(e)}},0)})})()';

/** Hides a visitor's prerendered page from a signed-in user until the app replaces it. */
export const BOOT_STYLE = `.${SIGNED_IN_CLASS} #root[${PRERENDERED_ATTRIBUTE}]{visibility:hidden}`;
