/** The topics remote: post list, latest posts, theme search, filter, history, replies. */
export const mfConfig = {
  name: 'topics',
  kind: 'remote',
  exposes: {
    './PostList': './src/features/post-list/PostList.tsx',
    './LatestPosts': './src/features/latest/LatestPosts.tsx',
    './SearchList': './src/features/search/SearchList.tsx',
    './FilterTopic': './src/features/filter/FilterTopic.tsx',
    './History': './src/features/history/History.tsx',
  },
} as const;
