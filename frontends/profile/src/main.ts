// A remote's own entry is only the async boundary; the shell loads the exposed screens through
// /remotes/profile/mf-manifest.json.
void import('./bootstrap');
