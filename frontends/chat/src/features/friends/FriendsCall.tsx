import { FriendList } from './FriendList.tsx';

/** /friendlistcall: the same list with the last message time and the filter bar. */
export default function FriendsCall() {
  return <FriendList variant="call" />;
}
