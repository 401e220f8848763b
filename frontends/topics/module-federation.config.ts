/** The topics remote: post list, latest posts, theme search, filter, history, replies. */
export const mfConfig = {
  name: 'topics',
  kind: 'remote',
  exposes: {
    './LatestPosts': './src/features/latest/LatestPosts.tsx',
    './History': './src/features/history/History.tsx',
  },
} as const;
