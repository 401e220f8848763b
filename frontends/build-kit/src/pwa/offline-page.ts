export interface OfflinePageStrings {
  title: string;
  body: string;
  retry: string;
}

/**
 * `/offline.html`: what the service worker shows for a page load that has neither the network nor
 * a cached shell. Self-contained (no script or style file to fetch), in the app's colours
 * (packages/ui tokens), with a real button that tries again.
 */
export function offlinePage(strings: OfflinePageStrings): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#FBF7F4">
<title>${strings.title} - 本音</title>
<style>
  html, body { margin: 0; min-height: 100%; background: #FBF7F4; color: #2B2523;
    font-family: "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", "Yu Gothic", YuGothic, Meiryo, sans-serif;
    font-size: 15px; line-height: 1.7; }
  main { box-sizing: border-box; max-width: 480px; min-height: 100vh; margin: 0 auto; padding: 24px;
    display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 16px; text-align: center; }
  h1 { margin: 0; font-size: 19px; }
  p { margin: 0; color: #6B5F5A; }
  button { min-height: 48px; min-width: 200px; padding: 0 24px; border: 0; border-radius: 999px;
    background: #B4503C; color: #fff; font: inherit; font-weight: 700; cursor: pointer; }
  button:hover { background: #9C4332; }
  button:focus-visible { outline: 3px solid #2F5FD0; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <svg width="72" height="72" viewBox="0 0 100 100" aria-hidden="true">
    <ellipse cx="50" cy="44" rx="44" ry="36" fill="#C85F49"/>
    <path d="M22 62 L42 74 L20 90 Z" fill="#C85F49"/>
    <path d="M50 62 C30 48 34 30 44 32 C48 33 50 37 50 39 C50 37 52 33 56 32 C66 30 70 48 50 62 Z" fill="#fff"/>
  </svg>
  <h1>${strings.title}</h1>
  <p>${strings.body}</p>
  <button type="button" onclick="location.reload()">${strings.retry}</button>
</main>
</body>
</html>
`;
}
