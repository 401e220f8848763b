import { EmptyState, FriendsIcon, Header } from '@honne/ui';

import { strings } from '../../strings.ts';

/** /friendlist: friends and chats (issue to come); an honest placeholder until then. */
export default function Friends() {
  return (
    <>
      <Header title={strings.friendsTitle} />
      <main className="hn-page">
        <EmptyState icon={<FriendsIcon size={48} />} title={strings.comingSoon} description={strings.friendsPending} />
      </main>
    </>
  );
}
