// Async boundary: shared singletons (React, the UI kit, the API client) are negotiated with the
// remotes before any of them is evaluated.
void import('./bootstrap');
