/* global importScripts */
/* The shell's service worker. The PWA's caching and offline page live in their own file on another
 * branch (issue 14); here it only brings in web push, which that worker imports the same way. */
importScripts('/sw-push.js');
