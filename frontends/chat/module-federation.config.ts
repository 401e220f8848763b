/** The chat remote: friends, chat room, gifts, sound effects, call screens. */
export const mfConfig = {
  name: 'chat',
  kind: 'remote',
  exposes: {
    './Friends': './src/features/friends/Friends.tsx',
  },
} as const;
