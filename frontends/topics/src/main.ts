// A remote's own entry is only the async boundary; the shell loads the exposed screens through
// /remotes/topics/mf-manifest.json.
void import('./bootstrap');
