import { FRIEND_REQUEST_STATUS, friendsEndpoints, type SearchResult } from '@honne/contracts/friends';
import { Avatar, CheckIcon, EmptyState, Header, usePopup } from '@honne/ui';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { strings } from '../../strings.ts';
import { ensureChatStyles } from '../../styles.ts';
import { client, useFail } from '../shared/api.ts';
import { AddPersonIcon, SearchIcon } from '../shared/icons.tsx';
import { SkeletonRows } from '../shared/SkeletonRows.tsx';

ensureChatStyles();

/** /addfriend: search by name (Enter or the search icon), add, or see that you are friends already. */
export default function AddFriend() {
  const [, navigate] = useLocation();
  const popup = usePopup();
  const fail = useFail();
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<SearchResult[] | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async (e?: FormEvent) => {
    e?.preventDefault();
    const k = keyword.trim();
    if (!k) return void popup.alert(strings.searchRequired);
    setBusy(true);
    setResults(null);
    try {
      const r = await client().call(friendsEndpoints.search, { body: { keyword: k, per_page: 30 } });
      setResults(r.data);
    } catch (error) {
      setResults([]);
      void fail(error);
    } finally {
      setBusy(false);
    }
  };

  // Walk #21: adding asks the other person, who accepts on their friend list; asking someone who
  // already asked me is a yes, and then the spec's 'added' message shows.
  const add = async (u: SearchResult) => {
    if (u.is_friend) return void popup.alert(strings.alreadyFriends);
    const name = u.user_name ?? strings.noName;
    if (u.is_requested) return void popup.alert(strings.friendRequestedNamed(name));
    try {
      const { data } = await client().call(friendsEndpoints.requestFriend, { body: { user_id: u.id } });
      const friends = data.status === FRIEND_REQUEST_STATUS.friends;
      setResults((list) =>
        list ? list.map((x) => (x.id === u.id ? { ...x, is_friend: friends, is_requested: !friends } : x)) : list,
      );
      await popup.alert(friends ? strings.friendAddedNamed(name) : strings.friendRequestedNamed(name));
    } catch (error) {
      void fail(error);
    }
  };

  return (
    <>
      <Header title={strings.addFriendTitle} onBack={() => navigate('/friendlist')} />
      <form className="ch-search" role="search" onSubmit={(e) => void search(e)}>
        <input
          type="search"
          enterKeyHint="search"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder={strings.searchPlaceholder}
          aria-label={strings.searchPlaceholder}
          maxLength={100}
        />
        <button type="submit" className="hn-icon-button" aria-label={strings.search} disabled={busy}>
          <SearchIcon />
        </button>
      </form>
      <main className="hn-page" style={{ padding: 0 }} aria-busy={busy}>
        {busy ? (
          <SkeletonRows />
        ) : results && results.length === 0 ? (
          <EmptyState icon={<SearchIcon size={48} />} title={strings.noResults} />
        ) : results ? (
          <ul className="ch-list">
            {results.map((u) => {
              const name = u.user_name ?? strings.noName;
              return (
                <li key={u.id} className="ch-friend" data-testid="search-row">
                  <Avatar src={u.profile_image} alt="" size={48} />
                  <div className="ch-friend__name">{name}</div>
                  {u.is_requested && !u.is_friend ? (
                    <span className="ch-requested" aria-label={`${name}（${strings.requested}）`}>
                      {strings.requested}
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="hn-icon-button"
                      aria-label={u.is_friend ? `${name}（${strings.alreadyFriend}）` : `${name}を${strings.add}`}
                      onClick={() => void add(u)}
                      style={u.is_friend ? { color: 'var(--hn-color-success)' } : undefined}
                    >
                      {u.is_friend ? <CheckIcon /> : <AddPersonIcon />}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        ) : null}
      </main>
    </>
  );
}
