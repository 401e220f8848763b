import { parse } from 'regexparam';

import { PUBLIC_PATHS } from '../features/guard/guard.ts';
import { BARE_ROUTES, MAIN_ROUTES } from '../routes.ts';

import { FIRST_ROUTE_GLOBAL } from './global.ts';

/**
 * A route's path as the source of the regular expression wouter matches it with (case-insensitive):
 * the boot script runs before wouter is loaded, so it is handed wouter's own parser's output.
 */
export function pathPattern(path: string): string {
  return parse(path).pattern.source;
}

/**
 * The script index.html runs before anything else (no module loader yet, plain ES2017). It finds
 * the screen the guard will show for this URL, fetches that remote's mf-manifest.json and preloads
 * its remoteEntry.js and the screen's own chunks, all while main.js and the shell's chunks are still
 * on the wire: without it each Module Federation hop (shell → manifest → remoteEntry → screen)
 * waits for the one before. The manifest stays the source of truth, so a remote deployed alone is
 * picked up as before; the response is handed to the runtime (remotes.ts), so it is fetched once.
 * A wrong guess costs a preload, never a wrong screen.
 */
export function firstRouteScript(): string {
  const routes = [...BARE_ROUTES, ...MAIN_ROUTES].map(([path, id]) => [pathPattern(path), id]);
  return `(function () {
  try {
    var routes = ${JSON.stringify(routes)};
    var publicPaths = ${JSON.stringify(PUBLIC_PATHS)};
    var path = location.pathname;
    var session = null;
    try { session = JSON.parse(localStorage.getItem('user_info') || 'null'); } catch (e) {}
    var isPublic = publicPaths.indexOf(path) >= 0;
    if (!session) { if (!isPublic) path = '/splash'; }
    else if (session.is_infomation === 0) { if (path.indexOf('/registration-information') !== 0 && path !== '/setting-information') path = '/registration-information'; }
    else if (isPublic && path !== '/agree' && path !== '/term_of_use') path = '/';
    var id = null;
    for (var i = 0; i < routes.length && !id; i++) if (new RegExp(routes[i][0], 'i').test(path)) id = routes[i][1];
    if (!id) return;
    var remote = id.split('/')[0];
    var base = '/remotes/' + remote + '/';
    var manifestUrl = location.origin + base + 'mf-manifest.json';
    var response = fetch(manifestUrl);
    window.${FIRST_ROUTE_GLOBAL} = { manifestUrl: manifestUrl, response: response };
    var preload = function (file) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = base + file;
      document.head.appendChild(link);
    };
    response.then(function (r) { return r.clone().json(); }).then(function (m) {
      var entry = m.metaData.remoteEntry;
      preload((entry.path ? entry.path + '/' : '') + entry.name);
      var expose = './' + id.slice(remote.length + 1);
      for (var j = 0; j < m.exposes.length; j++)
        if (m.exposes[j].path === expose) m.exposes[j].assets.js.sync.forEach(preload);
    }).catch(function () {});
  } catch (e) {}
})();`;
}
