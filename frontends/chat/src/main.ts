// A remote's own entry is only the async boundary; the shell loads the exposed screens through
// /remotes/chat/mf-manifest.json.
void import('./bootstrap');
