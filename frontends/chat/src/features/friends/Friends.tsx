import { FriendList } from './FriendList.tsx';

/** /friendlist */
export default function Friends() {
  return <FriendList variant="chat" />;
}
