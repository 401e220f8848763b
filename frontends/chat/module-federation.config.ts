/** The chat remote: friends, chat room, gifts, sound effects, call screens. */
export const mfConfig = {
  name: 'chat',
  kind: 'remote',
  exposes: {
    './Friends': './src/features/friends/Friends.tsx',
    './FriendsCall': './src/features/friends/FriendsCall.tsx',
    './AddFriend': './src/features/friends/AddFriend.tsx',
    './BlockList': './src/features/blocks/BlockList.tsx',
    './ChatRoom': './src/features/room/ChatRoom.tsx',
    './Trumpet': './src/features/trumpet/Trumpet.tsx',
    './Present': './src/features/gift/Present.tsx',
    './CallOverlay': './src/features/call/CallOverlay.tsx',
  },
} as const;
