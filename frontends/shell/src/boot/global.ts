/** Where index.html's boot script leaves the first screen's manifest request (boot/first-route.ts). */
export const FIRST_ROUTE_GLOBAL = '__honneFirstRoute';
