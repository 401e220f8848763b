// react-router's production build, aliased by index.ts for router-exports.ts only (typed by the frontends' own react-router).
declare module 'honne-react-router-impl';
